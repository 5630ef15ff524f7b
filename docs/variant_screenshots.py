"""Take the variant screenshots in docs/ (the variant is made in a temporary folder):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/variant_screenshots.py

- ``variants-editor.png``: a variant of The Drive on Metz open in the editor, two hexes and a
  unit changed and a scenario added: the overridden hexes tinted on the map, the Variant
  Changes dock listing every override by kind, the order of battle on the changed unit (its
  changed cell tinted, its row flagged ✎);
- ``variants-diff.png``: ``hexwright diff VARIANT --image``, the changed hexes highlighted.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HEXWRIGHT_RECOVERY_DIR", tempfile.mkdtemp(prefix="hexwright-shots-"))


def main() -> None:
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.commands.paint_terrain import PaintTerrain
    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow
    from hexwright.runtime.cli.main import main as cli_main
    from hexwright.runtime.model import Scenario
    from hexwright.runtime.storage import load_module
    from hexwright.runtime.storage.variant_save import new_manifest, save_variant

    app = QApplication.instance() or QApplication([])
    base = load_module(ROOT / "modules" / "drive_on_metz")
    folder = Path(tempfile.mkdtemp(prefix="hexwright-variant-")) / "dom_what_if"
    module = base.module.model_copy(deep=True)
    module.meta.id, module.meta.title = "dom_what_if", "The Drive on Metz: what if"
    save_variant(folder, new_manifest(base.module, "dom_what_if", module.meta.title), base, module)

    doc = MapDocument.open(folder)
    window = EditorWindow(doc)
    window.resize(1600, 1000)
    window.show()
    QTest.qWaitForWindowExposed(window)
    doc.push(PaintTerrain(doc, ["0302", "0404"], "woods"))
    doc.push(PaintTerrain(doc, ["0606"], "rough"))
    oob = window.pieces_docks.widgets["oob"] if window.pieces_docks else None
    piece = doc.module.pieces.pieces["us_5_2"].model_copy(deep=True)
    piece.steps[0].movement = 5
    from hexwright.editor.changes import Kind
    from hexwright.editor.commands.set_entry import SetEntry

    doc.push(SetEntry(doc, Kind.PIECES, "us_5_2", doc.module.pieces.pieces["us_5_2"], piece, "Edit us_5_2"))
    doc.push(SetEntry(doc, Kind.SCENARIOS, "night_crossing", None,
                      Scenario(name="Night crossing", last_turn=2), "Add scenario night_crossing"))
    if oob is not None:  # the order of battle on the changed unit: its movement cell tinted, its row flagged
        index = oob.proxy.index(oob.visible_ids().index("us_5_2"), oob.column_of("step1_movement"))
        oob.view.scrollTo(index)
    window.variant_panel.refresh()
    window.variant_panel.tree.expandAll()
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget

    dock = window.findChild(QDockWidget, "variant_changes")
    dock.raise_()
    window.resizeDocks([dock], [460], Qt.Orientation.Vertical)
    window.resizeDocks([dock], [420], Qt.Orientation.Horizontal)
    for _ in range(5):
        app.processEvents()
        QTest.qWait(60)
    window.canvas.fit_to_window()
    app.processEvents()
    assert sorted(window.canvas.overlay.overridden) == ["0302", "0404", "0606"], window.canvas.overlay.overridden
    assert oob is not None
    window.grab().save(str(ROOT / "docs" / "variants-editor.png"))
    doc.save()
    window.close()
    assert cli_main(["diff", str(folder), "--image", str(ROOT / "docs" / "variants-diff.png"), "--scale", "0.8"]) == 0


if __name__ == "__main__":
    main()
