"""The play window on a chit-pull sequence (a synthetic module): the phase bar names the step,
the side to act and why (the chit drawn), and a step played off the board (put a chit, draw)
is done from the bar's choices with the real widgets; the log says the same."""

from __future__ import annotations

import pytest
from play_helpers import shown_window
from PySide6.QtCore import Qt
from sequence_modules import chit_module

from hexwright.runtime.engine import ENGINE, PutChit, engine_state, to_act
from hexwright.runtime.state import Game
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    win = PlayWindow(Game(chit_module(), "chits", 3, engine=ENGINE), {}, autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_phase_bar_shows_the_step_the_side_and_why_and_plays_off_board_steps(qtbot, window):
    bar = window.rules
    assert bar.phase_label.text() == "Turn 1 · Chit selection · Red to play"
    labels = [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())]
    assert labels == ["Put Red I into the cup", "Put Red I (2) into the cup"]
    assert bar.choice_button.isVisible() and not bar.end_button.isEnabled()
    bar.choice_combo.setCurrentIndex(1)
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)
    state = window.game.state
    assert "red_ii" in state.cups["cup"] and window.game.actions[-1].args == {"chit": "red_ii"}
    assert window.game.entries[-1].text.startswith("weather: rain")  # turn 1's fixed weather, then the cup
    assert [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())] == ["Draw a chit"]
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)
    chit = window.game.state.drawn[-1]
    name = chit_module().pieces.chits[chit].name
    owner = chit_module().pieces.chits[chit].side
    assert f"drew {name}" in window.game.entries[-1].text
    if owner:
        side = chit_module().pieces.sides[owner].name
        assert f"{side} to play (drew {name})" in bar.phase_label.text()
        assert engine_state(window.game.state).seq.why == f"drew {name}"
    assert PutChit(chit="red_i") not in [bar.choice_combo.itemData(i) for i in range(bar.choice_combo.count())]


def _activation_window(qtbot, tmp_path, module, actions=()):
    from hexwright.runtime.engine import to_step

    game = Game(module, "act", 1, engine=ENGINE)
    for action in actions:
        game.do(to_step(action))
    return shown_window(qtbot, game, tmp_path)


def _pick(qtbot, bar, label: str) -> None:
    labels = [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())]
    assert label in labels, labels
    bar.choice_combo.setCurrentIndex(labels.index(label))
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)


def test_tov_4_3_two_divisions_picked_from_the_phase_bar(qtbot, tmp_path):
    """SHAEF: the bar offers an HQ or divisions; two clicks pick two divisions, which are activated."""
    from sequence_modules import activation_module

    win = _activation_window(qtbot, tmp_path, activation_module())
    bar = win.rules
    assert bar.phase_label.text() == "Turn 1 · Blue orders · SHAEF · Blue to play"
    _pick(qtbot, bar, "Two divisions: 1st Division")
    assert "Blue picks 1st Division (1 of up to 2)" in win.game.entries[-1].text
    assert [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())] == [
        "Two divisions: 2nd Division", "Two divisions: 3rd Division"]
    _pick(qtbot, bar, "Two divisions: 3rd Division")
    assert "Blue chooses Two divisions: 1st Division, 3rd Division" in win.game.entries[-1].text
    assert engine_state(win.game.state).seq.activation.units == ("b_1", "b_2", "b_4")
    assert not bar.choice_combo.isVisible() and bar.end_button.isEnabled()  # now the units move on the board


def test_tov_2_3_a_destroyed_hq_is_relocated_by_a_click_on_a_shaded_hex(qtbot, tmp_path):
    """The red HQ is destroyed in combat: the bar says so, the legal hexes are shaded, and a
    click on one relocates it (a click on a hex too close does nothing)."""
    from play_helpers import click, place_point
    from sequence_modules import relocation_module

    from hexwright.runtime.engine import Choose, Declare, EndPhase, Resolve
    from hexwright.runtime.state import Location

    win = _activation_window(qtbot, tmp_path, relocation_module(), [
        Choose(option="divisions", target="b_d1"), Choose(option="divisions", target="b_d2"), EndPhase(),
        Declare(attackers=("b_1",), hex="0505"), Resolve(hex="0505")])
    bar = win.rules
    assert "Red to play" in bar.phase_label.text()
    assert bar.step_label.text() == "Red r_hq regt destroyed: click a blue hex to relocate it"
    shaded = set(bar.overlay.shaded)
    assert "0909" in shaded and "0605" not in shaded
    before = len(win.game.actions)
    click(qtbot, win, place_point(win, Location.hex("0605")))
    assert len(win.game.actions) == before
    click(qtbot, win, place_point(win, Location.hex("0909")))
    assert win.game.state.hex_of("r_hq") == "0909"
    assert "HQ relocated: destroyed — 2.3" in win.game.entries[-1].text
    assert engine_state(win.game.state).frames == ()


def test_st_lo_3_2_1_the_initiative_roll_is_why_a_side_acts_in_the_bar_and_the_log(qtbot, tmp_path):
    """An initiative loop (St-Lô-like): the Roll button in the bar rolls the reinforcements, then the
    initiative; the bar then names the winner and the roll that made it act, as the log does."""
    from sequence_modules import initiative_module

    win = PlayWindow(Game(initiative_module(), "ops", 1, engine=ENGINE), {}, autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    bar = win.rules
    assert bar.phase_label.text() == "Turn 1 · Reinforcement · Reinforcement roll · Red to play"
    _pick(qtbot, bar, "Roll the dice")  # the reinforcement roll (18.1)
    assert "Initiative segment" in bar.phase_label.text()
    _pick(qtbot, bar, "Roll the dice")  # the initiative roll (3.2.1)
    entry = win.game.entries[-1]
    why = engine_state(win.game.state).seq.why
    assert why.startswith("won the initiative ") and f"Red {entry.dice[1]}-2" in why  # red's level −2 (3.4 C)
    winner = win.game.module.pieces.sides[to_act(win.game.module, win.game.state)].name
    assert bar.phase_label.text() == f"Turn 1 · Operations · Operation segment · {winner} to play ({why})"
    assert why in entry.text
    labels = [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())]
    assert "Pass" in labels
