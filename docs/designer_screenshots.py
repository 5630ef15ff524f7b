"""Take the screenshots of docs/editor.md's "Build a whole game by mouse" (nothing is saved):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/designer_screenshots.py

- ``designer-new-module.png``: File ▸ New Module… with the chit-pull template picked;
- ``designer-rules.png``: the editor at 1600×1000 on that new module, the Rules dock showing
  the sequence of play as an outline, the draw loop picked and its fields beside it;
- ``designer-stacking.png``: the Stacking tab with its tooltip's idea, the limit set to 1;
- ``designer-setup.png``: units set up on the map (a stack of two) with the Setup tool;
- ``designer-play-test.png``: Play (F5): the play window on the module being edited;
- ``play-charts.png``: the play window's Charts window, drawn as the editor draws charts.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HEXWRIGHT_RECOVERY_DIR", tempfile.mkdtemp(prefix="hexwright-shots-"))
DOCS = ROOT / "docs"


def _settle(app, n: int = 20) -> None:
    for _ in range(n):
        app.processEvents()


def main() -> None:
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow
    from hexwright.editor.views.new_module_dialog import NewModuleDialog
    from hexwright.runtime.model import Piece, Placement, StepValues

    app = QApplication.instance() or QApplication([])
    dialog = NewModuleDialog(template="chit-pull")
    dialog.title.setText("Hill Fight")
    dialog.cols.setValue(10)
    dialog.rows.setValue(8)
    dialog.show()
    QTest.qWaitForWindowExposed(dialog)
    _settle(app)
    dialog.grab().save(str(DOCS / "designer-new-module.png"))
    module = dialog.module()
    dialog.close()
    pieces = module.pieces.pieces
    for pid, side, designation, hex_ in (("1-a", "blue", "1/A", "0303"), ("2-a", "blue", "2/A", "0303"),
                                         ("3-a", "blue", "3/A", "0404"), ("1-r", "red", "1/R", "0706"),
                                         ("2-r", "red", "2/R", "0805")):
        pieces[pid] = Piece(side=side, designation=designation, unit_type="infantry", size="III",
                            steps=[StepValues(attack=4, defense=3, movement=4)])
        module.scenarios["first"].setup.append(Placement(piece=pid, hex=hex_))
    from hexwright.runtime.model import HexData

    for label in ("0504", "0505", "0604", "0605", "0506"):
        module.map.hexes[label] = HexData(terrain="woods")
    doc = MapDocument(module)
    window = EditorWindow(doc)
    window.resize(1600, 1000)
    window.show()
    QTest.qWaitForWindowExposed(window)
    _settle(app)
    window.canvas.fit_to_window()
    window.rules_dock.raise_()
    outline = window.rules_panel.outline
    outline.tree.setCurrentItem(outline.tree.topLevelItem(1).child(0))
    window.set_tool("SetupTool")
    _settle(app)
    window.grab().save(str(DOCS / "designer-rules.png"))
    rules = window.rules_panel
    rules.tabs.setCurrentWidget(rules.tab("Stacking"))
    limit = rules.form("Stacking").widgets["limit"]
    limit.setText("1")
    limit.editingFinished.emit()
    _settle(app)
    rules.grab().save(str(DOCS / "designer-stacking.png"))
    window.pieces_docks.docks["oob"].raise_()
    _settle(app)
    window.grab().save(str(DOCS / "designer-setup.png"))
    play = window.designer.play()
    assert play is not None
    play.resize(1400, 900)
    QTest.qWaitForWindowExposed(play)
    play.view.fit_to_window()
    _settle(app)
    play.grab().save(str(DOCS / "designer-play-test.png"))
    charts = play.show_charts()
    charts.show()
    QTest.qWaitForWindowExposed(charts)
    for i in range(charts.tabs.count()):
        if charts.tabs.tabText(i).startswith("Combat"):
            charts.tabs.setCurrentIndex(i)
    _settle(app)
    charts.grab().save(str(DOCS / "play-charts.png"))
    charts.close()
    play.close()
    window.ask_unsaved = lambda: "discard"
    window.close()


if __name__ == "__main__":
    main()
