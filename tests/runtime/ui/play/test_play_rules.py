"""The rules engine in the play window (issue 6 Deliver 5, issue 7): drags refused with
their reason, the reach and path cost while carrying a unit, an attack through the dialog,
retreat and advance by clicking, the phase bar, enforcement settings, the victory screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_helpers import click, counter_point, drag_piece_to, place_point
from PySide6.QtCore import Qt

from hexwright.runtime.engine import ENGINE, SetEnforcement, engine_state, is_over, phase_of, to_step
from hexwright.runtime.state import Game, Location, MovePieces, SetTurn
from hexwright.runtime.state.rng import RngState, roll
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui

MODULE = Path(__file__).resolve().parents[4] / "modules" / "drive_on_metz"


@pytest.fixture(scope="module")
def loaded():
    return load_module(MODULE)


def _window(qtbot, loaded, tmp_path, game: Game) -> PlayWindow:
    win = PlayWindow(game, loaded.assets, autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(1300, 900)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_to_window()
    return win


@pytest.fixture
def window(qtbot, loaded, tmp_path):
    return _window(qtbot, loaded, tmp_path, Game(loaded.module, "campaign", 1944, engine=ENGINE))


def _seed_rolling(first: int) -> int:
    return next(s for s in range(10_000) if roll(RngState(seed=s, counter=0), 6, 1)[0][0] == first)


def test_s8_1_2_dragging_a_unit_along_the_road_shows_reach_path_and_cost_and_moves_it(qtbot, window):
    viewport = window.view.viewport()
    start = counter_point(window, "us_5_2")
    end = place_point(window, Location.hex("0307"))
    qtbot.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, start)
    for i in range(1, 7):
        qtbot.mouseMove(viewport, start + (end - start) * i / 6)
    overlay = window.rules.overlay
    assert "0307" in overlay.shaded and "0909" not in overlay.shaded  # the reach is shaded
    assert overlay.path[-1] == "0307" and overlay.path_text == "3 of 4 MF"  # Figure 4: 3 MF by road
    assert "0307: 3 of 4 MF" in window.statusBar().currentMessage()
    qtbot.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, end)
    assert window.game.state.hex_of("us_5_2") == "0307"
    assert window.game.entries[-1].text.startswith("US 2/5 iregt US box B → 0307 (3 MF")
    assert window.rules.overlay.path == []


def test_s8_1_1_a_drop_beyond_enemy_zoc_is_refused_with_its_reason(qtbot, window):
    before = len(window.game.actions)
    drag_piece_to(qtbot, window, "us_7_cca", Location.hex("0610"))
    assert window.game.state.pieces["us_7_cca"].at == Location.box("us_box_c")
    assert len(window.game.actions) == before
    assert "Not done: stopped by enemy ZOC on the way at 0610 — §8.1.1" in window.statusBar().currentMessage()
    assert "§8.1.1" in window.log_panel.refusal.text() and window.log_panel.refusal.isVisibleTo(window.log_panel)
    drag_piece_to(qtbot, window, "us_7_cca", Location.hex("0408"))
    assert window.game.state.hex_of("us_7_cca") == "0408"
    assert "stopped: enemy ZOC at 0408 — §8.1.1" in window.game.entries[-1].text
    assert window.log_panel.refusal.text() == ""


def test_warn_level_allows_the_drop_and_logs_the_override(qtbot, window):
    window.run_engine(SetEnforcement(rule="zoc", level="warn"))
    drag_piece_to(qtbot, window, "us_7_cca", Location.hex("0610"))
    assert window.game.state.hex_of("us_7_cca") == "0610"
    assert "override: stopped by enemy ZOC on the way at 0610 — §8.1.1" in window.game.entries[-1].text


def test_s9_attack_dialog_with_a_fixed_seed_rolls_applies_d2_and_retreat_and_advance_by_clicks(qtbot, loaded,
                                                                                                tmp_path):
    game = Game(loaded.module, "campaign", _seed_rolling(1), engine=ENGINE)
    for pid, hex in (("us_7_ccb", "0510"), ("us_7_ccr", "0408"), ("us_5_11", "0409")):
        game.do(MovePieces(pieces=(pid,), to=Location.hex(hex)))
    game.do(SetTurn(turn=1, phase=1))
    window = _window(qtbot, loaded, tmp_path, game)
    click(qtbot, window, counter_point(window, "de_462_fhnjkr"))
    dialog = window.rules.attack_dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.odds_label.text()
    assert "ΔCF 14" in text and "capped to 10" in text and "fortified" in text and "final column: +4/+5" in text
    qtbot.mouseClick(dialog.roll_button, Qt.LeftButton)
    assert "rolls 1: D2" in dialog.result_label.text()
    assert engine_state(window.game.state).top.proc == "retreat"
    assert set(window.rules.overlay.shaded) == {"0607"}
    click(qtbot, window, place_point(window, Location.hex("0607")))
    assert window.game.state.hex_of("de_462_fhnjkr") == "0607"
    assert "0608" in window.rules.overlay.shaded and window.rules.decline_button.isVisible()
    click(qtbot, window, place_point(window, Location.hex("0608")))
    assert window.game.state.hex_of("us_5_11") == "0608"
    assert engine_state(window.game.state).frames == ()




def test_a_retreat_into_a_hex_with_a_friendly_unit_is_made_by_clicking_that_unit(qtbot, loaded, tmp_path):
    """With retreats allowed into friendly units within the stacking limit (ToV 5.0, 10.4), the
    shaded hex of a retreat may hold a unit of the retreating side: the click lands on its counter
    and still makes the retreat (it used to select the counter and do nothing)."""
    module = loaded.module.model_copy(deep=True)
    module.rules.combat.retreat.into_units = "friendly_within_stacking"
    module.rules.stacking.limit = 2  # ToV 5.0: two units (and an HQ)
    game = Game(module, "campaign", _seed_rolling(1), engine=ENGINE)
    for pid, hex in (("us_7_ccb", "0510"), ("us_7_ccr", "0408"), ("us_5_11", "0409"), ("de_559_1127", "0607")):
        game.do(MovePieces(pieces=(pid,), to=Location.hex(hex)))
    game.do(SetTurn(turn=1, phase=1))
    window = _window(qtbot, loaded, tmp_path, game)
    click(qtbot, window, counter_point(window, "de_462_fhnjkr"))
    qtbot.mouseClick(window.rules.attack_dialog.roll_button, Qt.LeftButton)
    assert engine_state(window.game.state).top.proc == "retreat" and "0607" in window.rules.overlay.shaded
    click(qtbot, window, counter_point(window, "de_559_1127"))
    assert window.game.state.hex_of("de_462_fhnjkr") == "0607"
    assert engine_state(window.game.state).top.proc == "advance"

def test_s4_end_phase_button_moves_the_sequence_on_and_the_victory_screen_ends_the_game(qtbot, loaded, tmp_path):
    game = Game(loaded.module, "campaign", 7, engine=ENGINE)
    game.do(MovePieces(pieces=("us_5_2",), to=Location.hex("0701")))
    game.do(SetTurn(turn=7, phase=2))
    window = _window(qtbot, loaded, tmp_path, game)
    assert "Turn 7 · DE movement · Germany to play" in window.rules.phase_label.text()
    qtbot.mouseClick(window.rules.end_button, Qt.LeftButton)
    assert phase_of(window.module, window.game.state).id == "de_combat"
    qtbot.mouseClick(window.rules.end_button, Qt.LeftButton)
    assert is_over(window.game.state)
    assert window.rules.victory is not None and window.rules.victory.isVisible()
    assert "United States (XX Corps): Marginal victory, ΔVP 5" in window.rules.victory.findChild(type(
        window.rules.phase_label)).text()
    assert not window.rules.end_button.isEnabled()


def test_enforcement_dialog_writes_the_choice_to_the_log(qtbot, window):
    dialog = window.rules.enforcement_dialog()
    dialog.combos["stacking"].setCurrentText("warn")
    dialog.accept()
    assert window.game.actions[-1] == to_step(SetEnforcement(rule="stacking", level="warn"))
    assert window.game.entries[-1].text == "rule stacking: warn"


def _with_overlays(loaded):
    """The module with supply and LOS switched on (The Drive on Metz uses neither)."""
    module = loaded.module
    rules = module.rules.model_copy(update={
        "los": module.rules.los.model_copy(update={"enabled": True}),
        "supply": module.rules.supply.model_copy(update={"enabled": True})})
    return module.model_copy(update={"rules": rules})


def test_supply_and_los_are_hidden_when_the_module_does_not_use_them(window):
    assert not window.rules.los_button.isVisibleTo(window) and not window.rules.supply_combo.isVisibleTo(window)


def test_los_tool_draws_a_line_and_a_verdict(qtbot, loaded, tmp_path):
    window = _window(qtbot, loaded, tmp_path, Game(_with_overlays(loaded), "campaign", 1944, engine=ENGINE))
    assert window.rules.los_button.isVisible()
    window.rules.los_button.setChecked(True)
    click(qtbot, window, place_point(window, Location.hex("0401")))
    click(qtbot, window, place_point(window, Location.hex("0404")))
    assert window.rules.overlay.line[:2] == ("0401", "0404")
    assert window.rules.last_los.startswith("0401 → 0404: ")




def test_a_whole_game_hot_seat_in_the_window_from_setup_to_the_victory_screen(qtbot, loaded, tmp_path):
    """Issue 7's Done-when: every action through the window, hand-over screens between sides."""
    from hexwright.runtime.engine import EndPhase, legal_actions

    game = Game(loaded.module, "campaign", 1944, engine=ENGINE)
    window = PlayWindow(game, loaded.assets, autosave_path=tmp_path / "auto.hwsav", hot_seat=True)
    qtbot.addWidget(window)
    hand_overs = 0
    for _ in range(400):
        if is_over(window.game.state):
            break
        if window.handing_over:
            hand_overs += 1
            qtbot.mouseClick(window.hand_over.button, Qt.LeftButton)
        actions = legal_actions(window.module, window.game.state)
        choice = next((a for a in actions if a.name in ("retreat", "advance", "eliminate_excess", "resolve")), None)
        assert window.run_engine(choice or EndPhase()) is not None, window.last_error
    assert is_over(window.game.state) and window.game.state.turn == 7
    assert hand_overs >= 13  # US → DE and DE → US, turn after turn
    assert window.rules.victory is not None and window.rules.victory.isVisible()
    assert (tmp_path / "auto.hwsav").exists()


def test_supply_overlay_for_a_side_and_rules_assistance_off(qtbot, loaded, tmp_path):
    window = _window(qtbot, loaded, tmp_path, Game(_with_overlays(loaded), "campaign", 1944, engine=ENGINE))
    combo = window.rules.supply_combo
    combo.setCurrentIndex(combo.findData("us"))
    assert "no supply sources" in window.statusBar().currentMessage()  # DoM traces no supply
    window.actions_by_name["rules_assist"].setChecked(False)
    assert not window.rules.toolbar.isVisible()
    drag_piece_to(qtbot, window, "us_7_cca", Location.hex("0610"))  # by hand, VASSAL-like
    assert window.game.state.hex_of("us_7_cca") == "0610" and window.game.actions[-1].kind == "move"


def test_s8_2_dragging_the_airborne_unit_shades_every_drop_hex_and_refuses_the_others_with_the_reason(
        qtbot, loaded, tmp_path):
    from hexwright.runtime.engine import Drop, legal_actions
    from hexwright.runtime.ui.play.rules_overlay import STOP

    game = Game(loaded.module, "campaign", 1944, optional_rules={"us_airborne": True}, engine=ENGINE)
    window = _window(qtbot, loaded, tmp_path, game)
    drops = {a.to for a in legal_actions(loaded.module, game.state) if isinstance(a, Drop)}
    viewport = window.view.viewport()
    start = counter_point(window, "us_101_502")
    end = place_point(window, Location.hex("0606"))  # woods, fortified, held by DE Utrfhr/462 (Figure 8)
    qtbot.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, start)
    for i in range(1, 7):
        qtbot.mouseMove(viewport, start + (end - start) * i / 6)
    overlay = window.rules.overlay
    assert set(overlay.shaded) == drops and "0605" in drops  # every empty clear hex, ZOC or not
    assert all(color == STOP for color in overlay.shaded.values())  # it stops where it lands
    assert overlay.path == ["0606"] and overlay.path_text == "no drop" and not overlay.path_ok
    assert "0606: an enemy unit holds the hex" in window.statusBar().currentMessage()
    qtbot.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, end)
    assert window.game.state.pieces["us_101_502"].at == Location.box("us_airborne")
    assert "Not done: an enemy unit holds the hex: opposing units never share a hex at 0606 — §2.3, §8.2" \
        in window.statusBar().currentMessage()
    drag_piece_to(qtbot, window, "us_101_502", Location.hex("0408"))
    assert window.game.state.pieces["us_101_502"].at == Location.box("us_airborne")
    assert "woods hex: drops only on clear hexes at 0408 — §2.3, §8.2" in window.statusBar().currentMessage()
    drag_piece_to(qtbot, window, "us_101_502", Location.hex("0605"))
    assert window.game.state.hex_of("us_101_502") == "0605"
    text = window.game.entries[-1].text
    assert "(air drop)" in text and "lands in enemy ZOC at 0605 — §2.3, §8.2" in text
    assert "landed: cannot move further this turn" in text
