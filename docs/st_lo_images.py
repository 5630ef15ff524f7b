"""Make the St-Lô map pictures in docs/ from the map's sources (nothing is saved to the module):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/st_lo_images.py

- ``st-lo-map.png``: the whole map as ``packaging/stlo/build_map.py`` paints it, its fourteen
  levels in their colours, with the legend;
- ``st-lo-map-detail.png``: the Martinville ridge and Hill 192 at play size (hex 40 px), the
  setup hexes of the 29th and 2nd Divisions and the 3rd FJ Division among them;
- ``editor-levels-st-lo.png``: the map in the editor, the level brush raising a ring of the
  Martinville ridge (Shift+click: the whole connected level region), the palette's levels with
  the striped even ones;
- ``st-lo-operations.png`` (``docs/st_lo_images.py operations``, alone): the play window in an
  operation of turn 1: 1/116's HQ activated by its morale roll, a Movement action paid in TAPs,
  the battalion moved from the HQ's hex, the next tactical action to choose in the phase bar;
- ``st-lo-play.png`` (``docs/st_lo_images.py play``, alone): turn 2 with both sides' interdiction
  fired and on the artillery displays, the 29th Division's OP overlay with the OV per hex.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def editor_levels(out: Path) -> None:
    """The editor on the map, a Shift+click with the level brush just made (then undone)."""
    import os

    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    os.environ.setdefault("HEXWRIGHT_RECOVERY_DIR", tempfile.mkdtemp(prefix="hexwright-shots-"))
    app = QApplication.instance() or QApplication([])
    doc = MapDocument.open(out)
    window = EditorWindow(doc)
    window.resize(1600, 1000)
    window.show()
    QTest.qWaitForWindowExposed(window)
    from PySide6.QtWidgets import QDockWidget

    for dock in window.findChildren(QDockWidget):
        if window.dockWidgetArea(dock) == Qt.DockWidgetArea.BottomDockWidgetArea:
            dock.hide()  # the rules and pieces docks: the map is what this picture shows
    window.set_tool("LevelBrush")
    window.settings.update(level_mode="raise", radius=1)
    window.palette_dock.select("level", "9")
    canvas = window.canvas
    canvas.set_zoom(0.55)
    names = doc.names
    x, y = names.layout.center(names.hex_of("4620"))
    canvas.centerOn(QPointF(x, y))
    app.processEvents()
    pos = canvas.mapFromScene(QPointF(x, y))
    QTest.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, pos)
    QTest.mouseMove(canvas.viewport(), pos)
    for _ in range(3):
        app.processEvents()
        QTest.qWait(50)
    window.grab().save(str(ROOT / "docs" / "editor-levels-st-lo.png"))
    doc.undo_stack.undo()
    window.close()


def main() -> None:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from hexwright.runtime.storage import load_module
    from hexwright.runtime.ui.render_image import make_painter_for, render_png

    _app = QApplication.instance() or QApplication([])  # the editor shot needs widgets
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "map"
        subprocess.run([sys.executable, str(ROOT / "packaging" / "stlo" / "build_map.py"), str(out)], check=True)
        module = load_module(out).module
        editor_levels(out)
    render_png(module, ROOT / "docs" / "st-lo-map.png", scale=0.42)
    grid = module.map.grid
    layout, scheme, hexes = grid.layout(), grid.labels.scheme(), grid.hex_grid()
    (ax, ay), (bx, by) = (layout.center(scheme.parse(label, hexes)) for label in ("3808", "6023"))
    rect = QRectF(ax, ay, bx - ax, by - ay)
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    painter.setClipRect(rect)
    make_painter_for(module).paint(painter, rect)
    painter.end()
    image.save(str(ROOT / "docs" / "st-lo-map-detail.png"))


def operations() -> None:
    """The play window mid-operation (the game's own seed 11, the choices a player makes)."""
    from PySide6.QtWidgets import QApplication

    from hexwright.runtime.engine import ENGINE, Choose, EndPhase, Move, Roll, legal_actions, to_act
    from hexwright.runtime.state import Game, Location
    from hexwright.runtime.storage import load_module
    from hexwright.runtime.ui.play.board_layout import location_center
    from hexwright.runtime.ui.play.play_window import PlayWindow

    app = QApplication.instance() or QApplication([])
    loaded = load_module(ROOT / "modules" / "st_lo")
    m = loaded.module
    window = PlayWindow(Game(m, "st_lo", 11, engine=ENGINE), loaded.assets,
                        autosave_path=Path(tempfile.mkdtemp(prefix="hexwright-shots-")) / "auto.hwsav")
    window.resize(1600, 1000)
    window.show()
    game = window.game
    while not (to_act(m, game.state) == "us" and Choose(option="activate", target="us_29_1_116_hq")
               in legal_actions(m, game.state)):
        acts = legal_actions(m, game.state)
        window.run_engine(next((a for a in acts if isinstance(a, Choose) and a.option == "pass"),
                               next((a for a in acts if isinstance(a, (Roll, EndPhase))), acts[0])))
    window.run_engine(Choose(option="activate", target="us_29_1_116_hq"))
    window.run_engine(Roll())
    window.run_engine(Choose(option="movement"))
    to = next(a.to for a in legal_actions(m, game.state) if isinstance(a, Move) and a.unit == "us_29_1_116")
    window.run_engine(Move(unit="us_29_1_116", to=to, mode="movement"))
    window.run_engine(EndPhase())
    x, y = location_center(m, window.scene.board, Location.hex("4908"))
    window.view.set_zoom(1.1)
    window.view.centerOn(x, y)
    for _ in range(5):
        app.processEvents()
    window.grab().save(str(ROOT / "docs" / "st-lo-operations.png"))


def best_place(m, state, op: str) -> str:
    """Where ``op`` may stand now that observes the most German units, at the best OVs."""
    from hexwright.runtime.engine.fire_display import op_places, op_sight

    enemy = {h for u, h in state.occupancy().items() if m.pieces.pieces[u].side != m.pieces.pieces[op].side}

    def score(at: str) -> tuple[int, str]:
        return sum(o.value for o in op_sight(m, state, op, at).seen if o.target in enemy), at

    return max(op_places(m, state, op), key=score)


def play() -> None:
    """``st-lo-play.png``: turn 2 of a game (seed 1), both sides' interdiction fired (16.0) and
    shown on the artillery displays, the 29th Division's OP where it sees most German units,
    every hex it observes tinted with its OV (11.3.7)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QDockWidget

    from hexwright.runtime.engine import ENGINE, Choose, EndPhase, Fire, Roll, legal_actions
    from hexwright.runtime.state import Game, Location
    from hexwright.runtime.storage import load_module
    from hexwright.runtime.ui.play.board_layout import location_center
    from hexwright.runtime.ui.play.play_window import PlayWindow

    app = QApplication.instance() or QApplication([])
    loaded = load_module(ROOT / "modules" / "st_lo")
    m = loaded.module
    window = PlayWindow(Game(m, "st_lo", 1, engine=ENGINE), loaded.assets,
                        autosave_path=Path(tempfile.mkdtemp(prefix="hexwright-shots-")) / "auto.hwsav")
    window.resize(1600, 1000)
    window.show()
    game = window.game
    while not (game.state.turn == 2 and m.meta.sequence[game.state.phase].id == "operations"
               and Roll() in legal_actions(m, game.state)):
        acts = legal_actions(m, game.state)
        fires = [a for a in acts if isinstance(a, Fire)]
        if fires:  # 16.0: each side with all its batteries at maximum
            window.run_engine(max(fires, key=lambda f: (len(f.units), f.intensities)))
            continue
        window.run_engine(next((a for a in acts if isinstance(a, Choose) and a.option == "pass"),
                               next((a for a in acts if isinstance(a, (Roll, EndPhase))), acts[0])))
    op = "us_29_op"
    at = best_place(m, game.state, op)
    window.rules.op_view.choose(op)
    window.rules.op_view.click(at)
    [artillery] = [d for d in window.findChildren(QDockWidget) if d.windowTitle() == "Artillery"]
    artillery.raise_()
    docks = {d.windowTitle(): d for d in window.findChildren(QDockWidget)}
    window.resizeDocks([docks["Overview"], docks["Log"], artillery], [150, 170, 620], Qt.Orientation.Vertical)
    x, y = location_center(m, window.scene.board, Location.hex(at))
    window.view.set_zoom(0.9)
    window.view.centerOn(x, y)
    for _ in range(5):
        app.processEvents()
    window.grab().save(str(ROOT / "docs" / "st-lo-play.png"))


if __name__ == "__main__":
    {"operations": operations, "play": play}.get(sys.argv[1] if sys.argv[1:] else "", main)()
