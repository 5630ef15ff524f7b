"""Movement modes chosen in the play window's phase bar, on a synthetic module (after Traces of
Victory 11.2): when the step lets a move name a mode besides normal movement, the bar lists
them; the mode picked shades that reach while a unit is dragged and is the move the drop makes."""

from __future__ import annotations

import pytest
from play_helpers import drag_piece_to, shown_window
from PySide6.QtCore import Qt
from sequence_modules import RAIL, reinforcement_module

from hexwright.runtime.engine import ENGINE, Choose, Move, offered_modes, to_step
from hexwright.runtime.state import Game, Location

pytestmark = pytest.mark.gui


def _window(qtbot, tmp_path):
    game = Game(reinforcement_module(), "act", 1, engine=ENGINE)
    for action in (Choose(option="pass"), Choose(option="reinforce", target="r_div2")):
        game.do(to_step(action))
    return shown_window(qtbot, game, tmp_path)


def pick_mode(qtbot, bar, label: str) -> None:
    """Choose ``label`` in the bar's movement list with the keyboard, as a player does."""
    combo = bar.mode_combo
    index = combo.findText(label)
    assert index >= 0 and combo.isVisible(), [combo.itemText(i) for i in range(combo.count())]
    combo.setFocus()
    while combo.currentIndex() != index:
        qtbot.keyClick(combo, Qt.Key_Down if combo.currentIndex() < index else Qt.Key_Up)


def test_11_2_the_bar_offers_rail_and_double_movement_and_the_drag_moves_by_rail(qtbot, tmp_path):
    win = _window(qtbot, tmp_path)
    bar = win.rules
    assert [bar.mode_combo.itemText(i) for i in range(bar.mode_combo.count())] == \
        ["Normal movement", "Rail movement", "Double movement"]
    assert "choose how it moves" in bar.step_label.text()
    pick_mode(qtbot, bar, "Rail movement")
    bar.drag_started("piece", "r_new")
    assert set(bar.overlay.shaded) == set(RAIL[1:])  # the railroad only, as far as it goes
    bar.drag_finished()
    before = len(win.game.actions)
    drag_piece_to(qtbot, win, "r_new", Location.hex("0801"))  # off the railroad: refused
    assert len(win.game.actions) == before and win.game.state.hex_of("r_new") == "0901"
    assert win.statusBar().currentMessage().startswith("Not done:")
    drag_piece_to(qtbot, win, "r_new", Location.hex("0909"))  # the far end of the line, 8 hexes for a 3 MF unit
    assert win.game.state.hex_of("r_new") == "0909"
    assert win.game.actions[-1] == to_step(Move(unit="r_new", to="0909", mode="rail"))
    assert "[Rail]" in win.game.entries[-1].text


def test_11_2_normal_and_double_movement_from_the_bar(qtbot, tmp_path):
    win = _window(qtbot, tmp_path)
    bar = win.rules
    bar.drag_started("piece", "r_new")
    normal = set(bar.overlay.shaded)
    bar.drag_finished()
    pick_mode(qtbot, bar, "Double movement")
    bar.drag_started("piece", "r_new")
    doubled = set(bar.overlay.shaded)
    bar.drag_finished()
    assert normal < doubled and "0907" in doubled - normal  # 6 MF a hex a MF along the railroad
    drag_piece_to(qtbot, win, "r_new", Location.hex("0907"))
    assert win.game.actions[-1] == to_step(Move(unit="r_new", to="0907", mode="double"))
    assert not bar.mode_combo.isVisible() or bar.chosen_mode() == "double"


def test_11_2_the_list_goes_when_the_step_offers_no_mode(qtbot, tmp_path):
    """The reinforcements' movement, then red's later movement (modes too), then blue's choice
    of the next turn (no move): the list is shown exactly while a step offers modes."""
    win = _window(qtbot, tmp_path)
    bar = win.rules
    seen = []
    for _ in range(3):
        seen.append((bar.mode_combo.isVisible(), bool(offered_modes(win.module, win.game.state))))
        qtbot.mouseClick(bar.end_button, Qt.LeftButton)
    seen.append((bar.mode_combo.isVisible(), bool(offered_modes(win.module, win.game.state))))
    assert all(shown == offered for shown, offered in seen) and seen[0] == (True, True) and seen[-1] == (False, False)
    assert bar.chosen_mode() is None
