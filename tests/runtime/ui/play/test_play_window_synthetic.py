"""The play window on a small synthetic module: chits, markers, strict mode, PBEM, autosave on exit."""

from __future__ import annotations

import pytest
from builders import play_module
from play_helpers import drag, drag_piece_to, place_point
from PySide6.QtCore import QPoint, Qt

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game, Location, RollDice
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    win = PlayWindow(Game(play_module(), "basic", 5, engine=ENGINE), autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_to_window()
    return win


def test_draw_a_chit_from_the_cup(window):
    entry = window.draw_chit("cup")
    assert entry.drawn in ("chit-a", "chit-b", "chit-c")
    assert len(window.game.state.cups["cup"]) == 2
    assert any("drew" in t for t in window.log_panel.texts())
    cup = window.scene.board.region_of(Location.box("cup"))
    item = next(i for i in window.scene.region_items if i.region == cup)
    assert item.note == "2 chit(s)"


def test_add_move_and_remove_a_marker(qtbot, window):
    menu = window.context_menu_for(None, Location.hex("0303"))
    add = next(a.menu() for a in menu.actions() if a.text().startswith("Add marker"))
    next(a for a in add.actions() if a.text() == "Control").trigger()
    assert window.game.state.markers["control#1"].at == Location.hex("0303")
    drag(qtbot, window, place_point(window, Location.hex("0303")), place_point(window, Location.hex("0404")))
    assert window.game.state.markers["control#1"].at == Location.hex("0404")
    window.scene.select(("marker", "control#1"))
    window.flip_selected()
    assert window.game.state.markers["control#1"].face == 1
    window.eliminate_selected()
    assert "control#1" not in window.game.state.markers


def test_strict_mode_refuses_to_undo_a_roll(window):
    window.actions_by_name["strict"].setChecked(True)
    window.run(RollDice())
    assert not window.actions_by_name["undo"].isEnabled()
    assert window.undo() is None and len(window.game.actions) == 1


def test_a_refused_drop_changes_nothing_and_says_why(qtbot, window):
    window.goto(0)  # nothing to replay: still live
    window.run(RollDice())
    window.goto(0)  # replaying now
    before = window.game.state
    drag_piece_to(qtbot, window, "red-2", Location.hex("0101"))
    assert window.game.state == before and "continue from here" in window.last_error
    assert window.scene.counter_item("piece", "red-2").placed.at == Location.hex("0605")


def test_pbem_export_and_import_between_two_windows(qtbot, window, tmp_path):
    other = PlayWindow(Game(play_module(), "basic", 5, engine=ENGINE))
    qtbot.addWidget(other)
    drag_piece_to(qtbot, window, "blue-1", Location.hex("0303"))
    window.roll()
    window.files.export_moves(tmp_path / "turn1.hwlog")
    entries = other.files.import_moves(tmp_path / "turn1.hwlog")
    assert [e.text for e in entries] == [e.text for e in window.game.entries]
    assert other.game.state == window.game.state
    window.next_phase()
    window.files.export_moves(tmp_path / "turn1b.hwlog")
    other.files.import_moves(tmp_path / "turn1b.hwlog")
    assert other.game.state == window.game.state


def test_autosave_on_exit(window, tmp_path):
    window.roll()
    window.close()
    assert (tmp_path / "auto.hwsav").read_bytes().startswith(b"{")


def test_drag_to_nowhere_snaps_back(qtbot, window):
    start = window.scene.counter_item("piece", "red-2")
    far = window.view.viewport().rect().bottomRight() - QPoint(3, 3)
    assert window.view.location_at(window.view.mapToScene(far)) is None
    drag(qtbot, window, window.view.mapFromScene(start.pos()), far)
    assert window.game.actions == []
    assert window.scene.counter_item("piece", "red-2").pos() == start.pos()


def test_side_panel_lists_boxes_with_arrival_turns(window):
    panel = window.side_panel
    boxes = next(panel.topLevelItem(i) for i in range(panel.topLevelItemCount()) if panel.topLevelItem(i).text(0) == "Boxes")
    reinf = next(boxes.child(i) for i in range(boxes.childCount()) if boxes.child(i).text(0) == "Blue reinforcements")
    assert reinf.text(1) == "1 piece(s)"
    assert (reinf.child(0).text(0), reinf.child(0).text(1)) == ("BL 3/1 iregt", "arrives turn 2")


def test_drawn_chits_are_shown_and_can_go_back_to_the_cup(qtbot, window):
    chit = window.draw_chit("cup").drawn
    item = window.scene.counter_item("chit", chit)
    assert item is not None and item.placed.region == "chits"
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, Qt.NoModifier,
                     window.view.mapFromScene(item.pos()))
    assert window.scene.selected == ("chit", chit) and window.game.actions[-1].kind == "draw_chit"
    menu = window.context_menu_for(("chit", chit), None)
    next(a for a in menu.actions() if a.text() == "Return to Chit cup").trigger()
    assert window.game.state.drawn == () and len(window.game.state.cups["cup"]) == 3
    assert window.scene.counter_item("chit", chit) is None
