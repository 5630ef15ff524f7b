"""Take the editor screenshots in docs/ (nothing is saved to the module):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/editor_screenshots.py

- ``editor-drive-on-metz.png``: The Drive on Metz open, the whole map fitted (terrain, the
  Moselle, roads), the Problems, Areas and pieces docks;
- ``editor-paste-rotate.png``: a copied stretch of river, road and woods floating under the
  pointer as a paste stamp turned 60°;
- ``editor-boxes-provenance.png``: the Boxes dock with US box A picked (outlined in blue
  beside the map, its entry hexes picked), the turn track and the other boxes drawn around the
  map, and View ▸ Show Reconstructed tinting the reconstructed hexes and dashing the
  reconstructed hexsides. ``editor_screenshots.py boxes`` takes only this one;
- ``editor-1366.png``: Traces of Victory at 1366×768, the Unit dock showing a unit's fields,
  every value of its steps and its counter side by side. ``editor_screenshots.py small``
  takes only this one.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HEXWRIGHT_RECOVERY_DIR", tempfile.mkdtemp(prefix="hexwright-shots-"))


def boxes_and_provenance() -> None:
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    app = QApplication.instance() or QApplication([])
    doc = MapDocument.open(ROOT / "modules" / "drive_on_metz")
    window = EditorWindow(doc)
    window.resize(1600, 1000)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.boxes_dock.raise_()
    window.boxes.pick("box", "us_box_a")
    window.set_tool("BoxTool")
    window.show_reconstructed(True)
    for _ in range(3):
        app.processEvents()
        QTest.qWait(50)
    window.canvas.fit_to_window()
    app.processEvents()
    assert window.canvas.overlay.reconstructed and window.canvas.overlay.boxes
    window.grab().save(str(ROOT / "docs" / "editor-boxes-provenance.png"))
    assert not doc.is_dirty  # looking only: nothing to save
    window.close()


def main() -> None:
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow
    from hexwright.runtime.geometry import Hex

    app = QApplication.instance() or QApplication([])
    doc = MapDocument.open(ROOT / "modules" / "drive_on_metz")
    window = EditorWindow(doc)
    window.resize(1600, 1000)
    window.show()
    QTest.qWaitForWindowExposed(window)
    for _ in range(3):  # let the docks settle, then fit the map into what is left
        app.processEvents()
        QTest.qWait(50)
    window.canvas.fit_to_window()
    app.processEvents()
    window.grab().save(str(ROOT / "docs" / "editor-drive-on-metz.png"))

    # The paste stamp: copy 0604-0806 (rough, woods, the Moselle and the road along it) and
    # float it, turned 60°, over the open ground to the west.
    window.canvas.set_zoom(1.5)
    window.set_tool("RegionSelect")
    doc.set_selection([Hex(c, r) for c in range(5, 8) for r in range(3, 6)])
    window.selection_actions.copy()
    target = Hex(2, 7)
    centre = window.canvas.mapFromScene(QPointF(*doc.names.layout.center(target)))
    window.canvas.centerOn(*doc.names.layout.center(target))
    app.processEvents()
    centre = window.canvas.mapFromScene(QPointF(*doc.names.layout.center(target)))
    viewport = window.canvas.viewport()
    QTest.mouseMove(viewport, centre)
    window.canvas.setFocus()
    QTest.keyClick(window.canvas, Qt.Key_V, Qt.ControlModifier)
    QTest.mouseMove(viewport, centre + QPoint(1, 0))
    QTest.mouseMove(viewport, centre)
    QTest.keyClick(window.canvas, Qt.Key_BracketRight)
    app.processEvents()
    assert window.tools["PasteStamp"].turns == 1 and window.canvas.overlay.stamp_fills
    window.grab().save(str(ROOT / "docs" / "editor-paste-rotate.png"))
    doc.undo_stack.clear()  # nothing to save: the module's files stay as they are
    window.close()


def small_screen() -> None:
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    app = QApplication.instance() or QApplication([])
    window = EditorWindow(MapDocument.open(ROOT / "modules" / "traces_of_victory"))
    window.resize(1366, 768)
    window.show()
    app.processEvents()
    assert window.pieces_docks is not None
    window.pieces_docks.docks["unit"].raise_()
    unit = window.pieces_docks.widgets["unit"]
    unit.set_piece("de_11pz_110")  # type: ignore[attr-defined]
    app.processEvents()
    window.grab().save(str(ROOT / "docs" / "editor-1366.png"))
    window.close()


if __name__ == "__main__":
    if sys.argv[1:] == ["boxes"]:
        boxes_and_provenance()
    elif sys.argv[1:] == ["small"]:
        small_screen()
    else:
        main()
        boxes_and_provenance()
        small_screen()
