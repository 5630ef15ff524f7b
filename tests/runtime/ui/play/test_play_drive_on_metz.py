"""The play window on The Drive on Metz, driven with the mouse and keyboard (issue 5's Done-when)."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_helpers import click, drag_piece_to, place_point
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox, QPushButton, QToolBar

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game, Location, save_bytes
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui

MODULE = Path(__file__).resolve().parents[4] / "modules" / "drive_on_metz"


@pytest.fixture(scope="module")
def loaded():
    return load_module(MODULE)


@pytest.fixture
def window(qtbot, loaded, tmp_path):
    win = PlayWindow(Game(loaded.module, "campaign", 1944, engine=ENGINE), loaded.assets, autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(1300, 900)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_to_window()
    win.rules.set_enabled(False)  # manual play, VASSAL-like (issue 5); the rules in play: test_play_rules.py
    return win


def key(qtbot, window, key, modifier=Qt.ControlModifier):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    window.view.setFocus()
    qtbot.keyClick(window.view, key, modifier)


def play_opening(qtbot, window):
    """Drag a unit from its box to 0407, flip it, roll a die — with the mouse and keys."""
    drag_piece_to(qtbot, window, "us_5_10", Location.hex("0407"))
    assert window.game.state.pieces["us_5_10"].at == Location.hex("0407")
    click(qtbot, window, place_point(window, Location.hex("0407")))
    assert window.selected_piece() == "us_5_10"
    key(qtbot, window, Qt.Key_F)
    assert window.game.state.pieces["us_5_10"].step == 1
    key(qtbot, window, Qt.Key_R)
    assert window.game.entries[-1].kind == "roll"


def test_drag_flip_roll_undo_redo_save_and_reload(qtbot, window, loaded, tmp_path):
    start = window.game.state
    play_opening(qtbot, window)
    assert [e.kind for e in window.game.entries] == ["move", "flip", "roll"]
    assert window.log_panel.texts()[1] == "1. US 10/5 iregt US box B → 0407"
    for _ in range(3):
        key(qtbot, window, Qt.Key_Z)
    assert window.game.state == start and window.game.actions == []
    assert window.scene.counter_item("piece", "us_5_10").placed.at == Location.box("us_box_b")
    key(qtbot, window, Qt.Key_Y)
    assert window.game.state.pieces["us_5_10"].at == Location.hex("0407")
    assert window.scene.counter_item("piece", "us_5_10").placed.at == Location.hex("0407")

    path = tmp_path / "game.hwsav"
    window.files.save_to(path)
    again = PlayWindow(Game(loaded.module, "campaign", 1, engine=ENGINE), loaded.assets)
    qtbot.addWidget(again)
    result = again.files.open_save(path)
    assert result.warnings == [] and again.files.load_warnings == []
    assert again.game.state == window.game.state
    assert again.log_panel.texts() == window.log_panel.texts()
    assert again.game.redo_stack == [] and save_bytes(again.game) == path.read_bytes()


def test_replay_back_to_the_start_and_forward_to_the_end(qtbot, window):
    play_opening(qtbot, window)
    live = window.game.state
    buttons = window.log_panel.buttons
    qtbot.mouseClick(buttons["first"], Qt.LeftButton)
    assert window.game.position == 0 and window.game.replaying
    assert window.scene.state == window.game.state_at(0)
    assert window.scene.counter_item("piece", "us_5_10").placed.at == Location.box("us_box_b")
    assert "REPLAY 0/3" in window.turn_label.text()
    for expected in (1, 2, 3):
        qtbot.mouseClick(buttons["next"], Qt.LeftButton)
        assert window.game.position == expected
    assert not window.game.replaying and window.scene.state == live
    qtbot.mouseClick(buttons["previous"], Qt.LeftButton)
    qtbot.mouseClick(buttons["previous"], Qt.LeftButton)
    qtbot.mouseClick(buttons["last"], Qt.LeftButton)
    assert window.game.position == 3 and window.scene.state == live
    key(qtbot, window, Qt.Key_Left, Qt.AltModifier)
    assert window.game.position == 2
    key(qtbot, window, Qt.Key_Right, Qt.AltModifier)
    assert window.game.position == 3 and not window.game.replaying


def test_continue_from_here_starts_a_branch(qtbot, window):
    play_opening(qtbot, window)
    window.goto(1)
    qtbot.mouseClick(window.log_panel.buttons["continue"], Qt.LeftButton)
    assert len(window.game.actions) == 1 and len(window.game.branches) == 1
    drag_piece_to(qtbot, window, "us_5_11", Location.hex("0408"))
    assert window.game.state.pieces["us_5_11"].at == Location.hex("0408")


def test_a_save_whose_module_hash_differs_warns(qtbot, window, loaded, tmp_path):
    play_opening(qtbot, window)
    path = tmp_path / "game.hwsav"
    window.files.save_to(path)
    changed = loaded.module.model_copy(deep=True)
    changed.meta.version = "0.2.0"
    changed.pieces.pieces["us_5_2"].note = "changed after the save"
    other = PlayWindow(Game(changed, "campaign", 1, engine=ENGINE), loaded.assets)
    qtbot.addWidget(other)
    result = other.files.open_save(path)
    assert any("content differs" in w for w in result.warnings)
    assert other.warning_label.text().startswith("⚠")
    box = other.findChild(QMessageBox, "load-warnings")
    assert box is not None and "version 0.1.0" in box.text()
    assert other.game.state == window.game.state


def test_same_seed_and_actions_give_byte_identical_saves(qtbot, loaded):
    saves = []
    for _ in range(2):
        win = PlayWindow(Game(loaded.module, "campaign", 77, engine=ENGINE), loaded.assets)
        qtbot.addWidget(win)
        win.resize(1300, 900)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit_to_window()
        play_opening(qtbot, win)
        win.close()
        saves.append(save_bytes(win.game))
    assert saves[0] == saves[1]


def test_drop_on_a_box_eliminates_and_the_turn_advance_autosaves(qtbot, window, tmp_path):
    de_box = next(r for r in window.scene.board.regions if r.title == "German eliminated")
    drag_piece_to(qtbot, window, "de_462_1010", de_box.at)
    assert window.game.state.pieces["de_462_1010"].at == Location.off("eliminated")
    assert window.scene.counter_item("piece", "de_462_1010").placed.region == de_box.key
    assert not (tmp_path / "auto.hwsav").exists()
    for _ in range(4):
        key(qtbot, window, Qt.Key_T)
    assert window.game.state.turn == 2
    assert window.scene.counter_item("marker", "turn#1").placed.at == Location.track("turn", 1)
    assert (tmp_path / "auto.hwsav").exists()


def test_stack_viewer_expand_and_single_drag(qtbot, window):
    drag_piece_to(qtbot, window, "us_5_10", Location.hex("0407"))
    drag_piece_to(qtbot, window, "us_5_11", Location.hex("0407"))
    hexpoint = place_point(window, Location.hex("0407"))
    qtbot.mouseMove(window.view.viewport(), hexpoint)
    assert window.scene.viewer.isVisible() and len(window.scene.viewer.entries) == 2
    click(qtbot, window, hexpoint)
    assert window.scene.expanded == Location.hex("0407")
    drag_piece_to(qtbot, window, "us_5_10", Location.hex("0307"))
    state = window.game.state
    assert state.pieces["us_5_10"].at == Location.hex("0307")
    assert state.pieces["us_5_11"].at == Location.hex("0407")
    drag_piece_to(qtbot, window, "us_5_10", Location.hex("0407"))
    drag_piece_to(qtbot, window, "us_5_11", Location.hex("0306"))  # folded stack: both move
    assert window.game.state.stack(Location.hex("0306")) == ["us_5_11", "us_5_10"]  # order kept
    assert window.game.entries[-1].text == "US 11/5 iregt, US 10/5 iregt 0407 → 0306"


def test_hot_seat_hands_over_between_sides(qtbot, window):
    window.actions_by_name["hot_seat"].setChecked(True)
    window.next_phase()
    assert not window.handing_over
    charts = window.show_charts()  # a dialog the US player left open
    toolbars = [bar for bar in window.findChildren(QToolBar) if bar.isVisible()]
    assert charts.isVisible() and toolbars
    window.next_phase()  # US combat → DE movement
    assert window.handing_over
    assert window.hand_over.title.text() == f"Hand over to {window.module.pieces.sides['de'].name}"
    assert not window.actions_by_name["undo"].isEnabled()
    assert not window.log_panel.isVisible() and not window.minimap.isVisible()  # nothing of the board shows
    assert not charts.isVisible() and not any(bar.isVisible() for bar in toolbars)  # nor a dialog or the phase bar
    qtbot.mouseClick(window.hand_over.findChild(QPushButton, "hand-over-ready"), Qt.LeftButton)
    assert not window.handing_over and window.actions_by_name["undo"].isEnabled()
    assert window.log_panel.isVisible() and window.minimap.isVisible()
    assert charts.isVisible() and all(bar.isVisible() for bar in toolbars)  # all back as the player left them


def test_context_menu_markers_control_and_charts(qtbot, window):
    menu = window.context_menu_for(("piece", "de_462_1010"), Location.hex("0507"))
    texts = [a.text() for a in menu.actions()]
    assert "Eliminate" in texts and any(t.startswith("Flip") for t in texts)
    next(a for a in menu.actions() if a.text() == "Take a step loss").trigger()
    assert window.game.state.pieces["de_462_1010"].at == Location.off("eliminated")
    control = next(a.menu() for a in menu.actions() if a.text() == "Control of 0507")
    control.actions()[0].trigger()
    assert window.game.state.control.get("0507") == next(iter(window.module.pieces.sides))
    charts = window.show_charts()
    from hexwright.runtime.ui.chart_painter import chart_image, chart_refs

    refs = chart_refs(window.module)
    assert charts.tabs.count() == len(refs) >= 3 and "crt:crt" in refs
    crt = charts.pictures["crt:crt"].pixmap().toImage()
    assert crt.size() == chart_image(window.module, "crt:crt", 14.0).size()  # drawn like the editor's charts
    assert charts.tabs.tabText(refs.index("crt:crt")) == window.module.tables.crts["crt"].name


def test_hover_status_names_the_hex_and_its_pieces(qtbot, window):
    target = place_point(window, Location.hex("0507"))
    qtbot.mouseMove(window.view.viewport(), target - QPoint(30, 0))
    qtbot.mouseMove(window.view.viewport(), target)
    text = window.hover_label.text()
    assert text.startswith("0507") and "DE 1010/462 iregt" in text
