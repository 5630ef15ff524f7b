"""Issue 17's first Done-when, as a new user would do it, by real mouse and keys only:
``hexwright new --template chit-pull``, paint a small map, add two sides' units, set a CRT
cell and a TEC cost, edit one rule in the rules screens (stacking: one unit a hex), set the
units up on the map, press Play (F5) and play a turn in which a move onto a friendly unit
is refused by that rule; no JSON is written by hand at any step (docs/editor.md walks the
same path)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QLineEdit

from hexwright.runtime.cli.main import main
from hexwright.runtime.engine import to_act
from hexwright.runtime.geometry import Hex
from hexwright.runtime.interchange.oob_csv import STEP_FIELDS
from hexwright.runtime.state import Location
from hexwright.runtime.ui.play.board_layout import location_center

pytestmark = pytest.mark.gui


def _type_in_cell(qtbot, table, row: int, column: int, text: str) -> None:
    """Click a grid cell, F2 to edit, type, Enter."""
    table.scrollTo(table.model().index(row, column))
    rect = table.visualRect(table.model().index(row, column))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.keyClick(table, Qt.Key.Key_F2)
    editors = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert editors, "no cell editor opened"
    editor = editors[-1]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    other = table.model().index(0 if row else 1, column)  # a click elsewhere ends the edit, as a user's would
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(other).center())


def _add_unit(qtbot, window, side_row: int, designation: str, attack: int, defense: int, movement: int) -> str:
    form = window.pieces_docks.widgets["unit"]
    window.pieces_docks.docks["unit"].raise_()
    qtbot.mouseClick(form.new_button, Qt.MouseButton.LeftButton)
    if form.side.currentIndex() != side_row:
        form.side.setFocus()
        qtbot.keyClick(form.side, Qt.Key.Key_Down if side_row > form.side.currentIndex() else Qt.Key.Key_Up)
    form.designation.setFocus()
    qtbot.keyClicks(form.designation, designation)
    qtbot.keyClick(form.designation, Qt.Key.Key_Return)
    for field, value in (("attack", attack), ("defense", defense), ("movement", movement)):
        _type_in_cell(qtbot, form.steps, STEP_FIELDS.index(field), 0, str(value))
    return form.piece_id


def _pick_units(qtbot, window, ids: list[str]) -> None:
    oob = window.pieces_docks.widgets["oob"]
    window.pieces_docks.docks["oob"].raise_()
    for n, pid in enumerate(ids):
        row = oob.visible_ids().index(pid)
        rect = oob.view.visualRect(oob.proxy.index(row, 0))
        modifier = Qt.KeyboardModifier.ControlModifier if n else Qt.KeyboardModifier.NoModifier
        qtbot.mouseClick(oob.view.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())


def test_a_designer_builds_a_chit_pull_game_by_mouse_and_plays_a_turn_refused_by_the_rule_edited(
        qtbot, tmp_path, monkeypatch):
    from hexwright.editor.views import main_window
    from hexwright.editor.views.main_window import open_editor

    # 1. hexwright new --template chit-pull
    folder = tmp_path / "hill-fight"
    assert main(["new", str(folder), "--cols", "8", "--rows", "6", "--template", "chit-pull",
                 "--title", "Hill Fight"]) == 0
    monkeypatch.setattr(main_window, "_open_windows", [])
    window = open_editor(folder)
    window.autosave_timer.stop()
    window.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    qtbot.waitExposed(window)
    doc = window.doc
    canvas = window.canvas

    def at_hex(h: Hex):
        return canvas.mapFromScene(QPointF(*doc.names.layout.center(h)))

    canvas.set_zoom(1.0)
    canvas.centerOn(*doc.names.layout.center(Hex(3, 2)))

    # 2. Paint woods over three hexes: pick Woods in the palette, drag the brush.
    palette = window.palette_dock
    item = palette.items[("terrain", "woods")]
    qtbot.mouseClick(palette.tree.viewport(), Qt.MouseButton.LeftButton, pos=palette.tree.visualItemRect(item).center())
    vp = canvas.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at_hex(Hex(4, 1)))
    for h in (Hex(4, 2), Hex(4, 3)):
        qtbot.mouseMove(vp, at_hex(h))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at_hex(Hex(4, 3)))
    assert [doc.map.terrain_of(x) for x in ("0502", "0503", "0504")] == ["woods"] * 3

    # 3. Two sides' units, named as printed: their ids follow the designations.
    b1 = _add_unit(qtbot, window, 0, "1/A", 4, 3, 4)
    b2 = _add_unit(qtbot, window, 0, "2/A", 3, 3, 4)
    r1 = _add_unit(qtbot, window, 1, "1/R", 3, 4, 4)
    assert (b1, b2, r1) == ("1-a", "2-a", "1-r")
    pieces = doc.module.pieces.pieces
    assert (pieces[r1].side, pieces[b1].steps[0].attack, pieces[r1].steps[0].movement) == ("red", 4, 4)

    # 4. A CRT cell and a TEC cost typed into their grids.
    crt = window.pieces_docks.widgets["crt"]
    window.pieces_docks.docks["crt"].raise_()
    _type_in_cell(qtbot, crt.grid, 0, 0, "AE")
    assert doc.module.tables.crts["crt"].cells[0][0] == "AE"
    tec = window.pieces_docks.widgets["terrain_effects"]
    window.pieces_docks.docks["terrain_effects"].raise_()
    row = tec._types.index("woods")
    column = tec._classes().index("foot")
    _type_in_cell(qtbot, tec.grid, row, column, "3")
    assert doc.module.tables.terrain_effects.terrain["woods"]["foot"] == "3"

    # 5. One rule edited in the rules screens: one unit a hex.
    window.rules_dock.raise_()
    rules = window.rules_panel
    rules.tabs.setCurrentWidget(rules.tab("Stacking"))
    limit = rules.form("Stacking").widgets["limit"]
    qtbot.mouseClick(limit, Qt.MouseButton.LeftButton)
    limit.selectAll()
    qtbot.keyClicks(limit, "1")
    qtbot.keyClick(limit, Qt.Key.Key_Return)
    assert doc.module.rules.stacking.limit == 1

    # 6. Units set up on the map: pick them in the order of battle, click a hex with the Setup tool.
    from PySide6.QtWidgets import QToolBar

    tools = next(b for b in window.findChildren(QToolBar) if b.objectName() == "tools")
    qtbot.mouseClick(tools.widgetForAction(window.tool_actions["SetupTool"]), Qt.MouseButton.LeftButton)
    assert canvas.tool is window.tools["SetupTool"]
    for pid, h in ((b1, Hex(1, 1)), (b2, Hex(1, 2)), (r1, Hex(5, 3))):
        _pick_units(qtbot, window, [pid])
        qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=at_hex(h))
    setup = {p.piece: p.hex for p in doc.module.scenarios["first"].setup}
    assert setup == {b1: "0202", b2: "0203", r1: "0604"}

    # 7. Play (F5) and play until blue's units are activated; a move onto 0202 is refused by stacking.
    bar_ = window.designer.bar
    qtbot.mouseClick(bar_.widgetForAction(window.designer.play_action), Qt.MouseButton.LeftButton)  # Play (F5)
    play = window.designer.play_window
    assert play is not None
    qtbot.addWidget(play)
    qtbot.waitExposed(play)
    module = play.module
    bar = play.rules
    for _ in range(30):
        state = play.game.state
        if to_act(module, state) == "blue" and b2 in state_activated(play):
            break
        if bar.choice_button.isVisible() and bar.choice_combo.count():
            qtbot.mouseClick(bar.choice_button, Qt.MouseButton.LeftButton)
        else:
            qtbot.mouseClick(bar.end_button, Qt.MouseButton.LeftButton)
    else:
        raise AssertionError("blue's units were never activated")
    view = play.view
    start = view.mapFromScene(QPointF(*location_center(module, play.scene.board, Location.hex("0203"))))
    end = view.mapFromScene(QPointF(*location_center(module, play.scene.board, Location.hex("0202"))))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, 7):
        qtbot.mouseMove(view.viewport(), start + (end - start) * i / 6)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert play.game.state.hex_of(b2) == "0203"
    assert play.refusals and "stack" in play.refusals[-1].lower()
    # a legal move of the same unit goes through
    play.close()
    notes = [window.problems.list.item(i).text() for i in range(window.problems.list.count())]
    assert any("Play-test: refused" in n and "stack" in n.lower() for n in notes)
    assert not (folder / "scenarios" / "first.json").read_text().count(b1)  # nothing was saved by playing


def state_activated(play) -> tuple[str, ...]:
    from hexwright.runtime.engine import engine_state

    activation = engine_state(play.game.state).seq.activation
    return activation.units if activation is not None else ()
