"""The controls around one combat in the play window, on synthetic modules after Traces of
Victory (7.1, 7.2, 10.2.3, 10.3): the attack dialog's combat intensity and air support, the step
losses the owner allocates by clicking a unit or from the phase bar, the defender's air support,
the roll after the result, interdiction markers placed by clicking the map and drawn on it."""

from __future__ import annotations

import pytest
from combat_modules import air_module, combat_module, seed_rolling
from play_helpers import click, counter_point, place_point
from PySide6.QtCore import Qt

from hexwright.runtime.engine import ENGINE, Choose, Declare, EndPhase, LoseStep, Resolve, Roll, engine_state
from hexwright.runtime.engine.actions import to_step
from hexwright.runtime.state import Game, Location
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


def open_window(qtbot, tmp_path, game: Game) -> PlayWindow:
    win = PlayWindow(game, autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_to_window()
    return win


def fighting(seed: int) -> Game:
    """Blue has ordered its 1st and 2nd divisions and is in the combat step (b_1, b_2 next to red's 0504)."""
    m = combat_module()
    game = Game(m, "act", seed, engine=ENGINE)
    for f in ("b_d1", "b_d2"):
        game.do(to_step(Choose(option="divisions", target=f)))
    game.do(to_step(EndPhase()))
    return game


def choose_in_bar(qtbot, window, label: str) -> None:
    """Pick ``label`` in the phase bar's list with the keyboard, then click Do."""
    combo = window.rules.choice_combo
    assert combo.isVisible(), "the phase bar lists no choice"
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert label in labels, labels
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key_Home)
    for _ in range(labels.index(label)):
        qtbot.keyClick(combo, Qt.Key_Down)
    assert combo.currentText() == label
    qtbot.mouseClick(window.rules.choice_button, Qt.LeftButton)


def test_10_2_3_7_1_intensity_and_air_support_chosen_in_the_attack_dialog(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, fighting(seed_rolling(3, 1)))
    click(qtbot, window, counter_point(window, "r_1"))
    dialog = window.rules.attack_dialog
    assert dialog is not None and dialog.intensity_combo.isVisible() and dialog.air_spin.isVisible()
    assert dialog.air_spin.maximum() == 1                               # one point per attacked hex
    before = dialog.odds_label.text()
    dialog.intensity_combo.setFocus()
    qtbot.keyClick(dialog.intensity_combo, Qt.Key_Down)               # +1 column
    dialog.air_spin.setFocus()
    qtbot.keyClick(dialog.air_spin, Qt.Key_Up)                        # one air point
    text = dialog.odds_label.text()
    assert text != before and "combat intensity (10.2.3)" in text and "air ground support (7.1)" in text
    qtbot.mouseClick(dialog.declare_button, Qt.LeftButton)
    declared = engine_state(window.game.state).declared
    assert [(d.intensity, d.air) for d in declared] == [(1, 1)]
    assert engine_state(window.game.state).seq.pools["air"]["blue"] == 1
    assert not dialog.intensity_combo.isEnabled() and not dialog.air_spin.isEnabled()
    qtbot.mouseClick(dialog.roll_button, Qt.LeftButton)
    assert "rolls 3" in dialog.result_label.text()
    assert window.rules.markers.markers == []                           # the attack is resolved: no AIR marker


def test_10_3_the_owner_clicks_the_unit_that_loses_the_step_or_picks_it_in_the_bar(qtbot, tmp_path):
    game = fighting(seed_rolling(3))
    game.do(to_step(Declare(attackers=("b_1", "b_2"), hex="0504")))
    game.do(to_step(Resolve(hex="0504")))
    window = open_window(qtbot, tmp_path, game)
    assert engine_state(window.game.state).top.proc == "losses"
    assert "step loss(es) to allocate" in window.rules.step_label.text()
    click(qtbot, window, counter_point(window, "r_2"))
    assert window.game.state.pieces["r_2"].step == 1 and window.game.state.pieces["r_1"].step == 0
    choose_in_bar(qtbot, window, "Lose a step: Red r_1 regt")
    assert window.game.state.pieces["r_1"].step == 1
    assert engine_state(window.game.state).top.proc == "retreat"


def test_10_2_3_the_intensity_roll_and_its_loss_from_the_bar(qtbot, tmp_path):
    game = fighting(seed_rolling(3, 5, 1))     # 2R*, casualties 5 (none), intensity 1 (a step)
    game.do(to_step(Declare(attackers=("b_1", "b_2"), hex="0504", intensity=2)))
    game.do(to_step(Resolve(hex="0504")))
    for unit in ("r_1", "r_2"):
        game.do(to_step(LoseStep(unit=unit)))
    from hexwright.runtime.engine import Decline, Retreat, legal_actions

    while engine_state(game.state).top is not None and engine_state(game.state).top.proc in ("retreat", "advance"):
        acts = legal_actions(game.module, game.state)
        game.do(to_step(next(a for a in acts if isinstance(a, (Retreat, Decline)))))
    window = open_window(qtbot, tmp_path, game)
    choose_in_bar(qtbot, window, "Roll for attacker casualties")
    assert window.game.entries[-1].dice == (5,)
    choose_in_bar(qtbot, window, "Roll for combat intensity")
    assert window.game.entries[-1].dice == (1,)
    choose_in_bar(qtbot, window, "Lose a step: Blue b_2 regt")
    assert window.game.state.pieces["b_2"].step == 1 and engine_state(window.game.state).frames == ()


def test_7_1_the_defender_spends_an_air_point_from_the_bar(qtbot, tmp_path):
    m = combat_module()
    game = Game(m, "act", 3, engine=ENGINE)
    game.do(to_step(Choose(option="pass")))
    game.do(to_step(EndPhase()))                                         # red moves nothing
    game.do(to_step(Declare(attackers=("r_1",), hex="0404")))
    window = open_window(qtbot, tmp_path, game)
    assert engine_state(window.game.state).top.proc == "support"
    choose_in_bar(qtbot, window, "Air support for the defence: 1 point(s)")
    assert [d.defense_air for d in engine_state(window.game.state).declared] == [1]
    assert ("0404", "DEF 1") in [(h, t) for h, t, _c in window.rules.markers.markers]


def test_7_2_markers_are_placed_by_clicking_hexes_and_drawn(qtbot, tmp_path):
    m = air_module()
    m.rules.interdiction.offer_within = 1
    game = Game(m, "s", 1, engine=ENGINE)
    game.do(to_step(Roll()))
    window = open_window(qtbot, tmp_path, game)
    assert "interdiction marker" in window.rules.step_label.text()
    assert len(window.rules.overlay.shaded) == 7                      # the hexes around red's unit
    click(qtbot, window, place_point(window, Location.hex("0707")))
    click(qtbot, window, counter_point(window, "r_1"))                # on a hex with a unit
    assert engine_state(window.game.state).seq.interdicted == ("0505", "0707")
    assert [(h, t) for h, t, _c in window.rules.markers.markers] == [("0505", "INT"), ("0707", "INT")]
    window.undo()
    assert [h for h, _t, _c in window.rules.markers.markers] == ["0707"]
