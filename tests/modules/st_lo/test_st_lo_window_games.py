"""St-Lô played in its window with the real widgets: an attack (9.0–9.5, 10.4–10.5) — the HQ
activated and an Intensive Attack chosen in the phase bar, the German company clicked on the map,
assets ticked in the attack dialog (the odds follow them), the German's assets and both sides' fire
chosen in the phase bar, the roll, the advance by clicking the hex; the same attack hot-seat, both
sides playing in one window through the hand-over screen; and a whole game hot-seat from the setup
to the victory screen (21.2).

The position is the combat example's (9.5 A, as in test_st_lo_combat.py), put on the map by hand
(moves in the game's log): the US 1/115 next to a company of 1/8 in the village of La Luzerne.
One window for the module (opening St-Lô's costs seconds): each test shows a new game in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from hexwright.runtime.engine import ENGINE, engine_state, to_act
from hexwright.runtime.state import Game, Location, MovePieces
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = [pytest.mark.gui, pytest.mark.slow]  # the St-Lô window

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"
SEED = 1  # the US wins the first initiative roll (5 against 4-2)
VILLAGE, FROM = "4014", "4015"
ATTACKER, DEFENDER = "us_29_1_115", "de_3fj_1_8_c1"
M4, ENGINEER, AT_GUN = "us_29_a747", "us_29_e1a121", "de_3fj_at1"
ARTILLERY = "us_29_art_110_115"


@pytest.fixture(scope="module")
def window(qapp, tmp_path_factory):
    loaded = load_module(STLO)
    win = PlayWindow(Game(loaded.module, "st_lo", SEED, engine=ENGINE), loaded.assets,
                     autosave_path=tmp_path_factory.mktemp("stlo") / "auto.hwsav")
    win.resize(1400, 950)
    win.show()
    QTest.qWaitForWindowExposed(win)
    yield win
    win.close()


def labels(bar) -> list[str]:
    return [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())]


def click_choice(qtbot, bar, label: str) -> None:
    """Pick ``label`` in the phase bar's list (by keyboard) and press Do."""
    found = [x for x in labels(bar) if x == label or x.startswith(label)]
    assert found, (label, labels(bar))
    bar.choice_combo.setFocus()
    qtbot.keyClick(bar.choice_combo, Qt.Key_Home)
    for _ in range(labels(bar).index(found[0])):
        qtbot.keyClick(bar.choice_combo, Qt.Key_Down)
    assert bar.choice_combo.currentText() == found[0]
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)


def hand_over_if_shown(qtbot, window, side_name: str = "") -> bool:
    """Hot-seat: press the hand-over screen's button (checking it names ``side_name``)."""
    if not window.handing_over:
        return False
    assert side_name in window.hand_over.title.text()
    qtbot.mouseClick(window.hand_over.button, Qt.LeftButton)
    assert not window.handing_over
    return True


def new_game(qtbot, window, hot_seat: bool) -> Game:
    """A new game in the window: weather, reinforcements and initiative rolled from the phase bar
    (the US wins), then the example's position put on the map by hand."""
    m = window.module
    window.set_hot_seat(hot_seat)
    window.show_game(Game(m, "st_lo", SEED, engine=ENGINE))
    window.refusals.clear()
    game, bar = window.game, window.rules
    if hot_seat:
        window.show_hand_over()
        hand_over_if_shown(qtbot, window, "United States")
    for _ in range(3):  # 3.1.1 weather, 3.1.2 reinforcements, 3.2.1 the initiative roll
        qtbot.mouseClick(bar.choice_button, Qt.LeftButton)
        hand_over_if_shown(qtbot, window)
    assert "won the initiative" in game.entries[-1].text and to_act(m, game.state) == "us"
    for action in (MovePieces(pieces=(f"{ATTACKER}_c1", f"{ATTACKER}_c2", f"{ATTACKER}_c3"),
                              to=Location.box("us_29_1_115_box")),
                   MovePieces(pieces=(ATTACKER,), to=Location.hex(FROM)),
                   MovePieces(pieces=(DEFENDER,), to=Location.hex(VILLAGE))):
        game.do(action)  # by hand, as with Rules ▸ Rules assistance off
    window.refresh()
    return game


def activate_for_an_intensive_attack(qtbot, window) -> None:
    """6.1: 1/115's HQ from the phase bar, its morale roll; 7.1: an Intensive Attack (3 TAPs, +2)."""
    bar, game = window.rules, window.game
    click_choice(qtbot, bar, "HQ Activation: US 1/115")
    click_choice(qtbot, bar, "Roll the dice")
    assert "US 1/115 HQbn activated" in game.entries[-1].text
    click_choice(qtbot, bar, "Intensive Attack")
    assert engine_state(game.state).seq.activation.attack_drm == 2


def tick(qtbot, box) -> None:
    qtbot.mouseClick(box, Qt.LeftButton, Qt.NoModifier, QPoint(6, box.height() // 2))


def open_attack_on_the_village(qtbot, window):
    from play_helpers import click, counter_point

    window.view.fit_to_window()
    window.view.set_zoom(1.2)
    window.center_on(Location.hex(VILLAGE))
    click(qtbot, window, counter_point(window, DEFENDER))
    dialog = window.rules.attack_dialog
    assert dialog is not None and dialog.hex == VILLAGE and list(dialog.boxes) == [ATTACKER]
    qtbot.waitExposed(dialog)
    return dialog


def test_9_an_attack_in_the_window_declare_assets_fire_roll_and_advance(qtbot, window):
    """9.3 A–C, 9.4.2, 10.4, 10.5, 9.2.4–9.2.6 with the real widgets; the model checked after each step."""
    from play_helpers import drag_piece_to

    game = new_game(qtbot, window, hot_seat=False)
    m, bar = window.module, window.rules
    window.center_on(Location.hex("4908"))
    drag_piece_to(qtbot, window, "us_29_1_116", Location.hex("4808"), Qt.ControlModifier)
    assert game.state.hex_of("us_29_1_116") == "4908"  # 3.2, 7.1: no move but in an HQ's tactical action
    assert window.refusals == ["units move in a movement phase, not now (Operations Phases: Operation Segment) "
                               "— 3.1.5, 3.2"] and window.statusBar().currentMessage().startswith("Not done")
    activate_for_an_intensive_attack(qtbot, window)
    dialog = open_attack_on_the_village(qtbot, window)
    assert {M4, ENGINEER} <= set(dialog.asset_boxes)
    before = dialog.odds_label.text()
    assert "engineers" not in before and "DRM +2: Intensive Attack" in before
    tick(qtbot, dialog.asset_boxes[ENGINEER])
    tick(qtbot, dialog.asset_boxes[M4])
    after = dialog.odds_label.text()  # 9.4.2: the engineer's +1 shown before declaring
    assert "DRM +1: engineers" in after and "armour differential is rolled when the attack is resolved" in after
    qtbot.mouseClick(dialog.roll_button, Qt.LeftButton)  # Declare and roll: the German chooses first
    seq = engine_state(game.state).seq
    assert seq.attached == {M4: ATTACKER, ENGINEER: ATTACKER} and game.state.hex_of(M4) == FROM
    assert to_act(m, game.state) == "de" and "chooses first in the phase bar" in dialog.result_label.text()
    click_choice(qtbot, bar, "Assign DE 1/3AT maj to DE 1/8 infco")  # 9.3 C: one major asset
    assert engine_state(game.state).seq.attached[AT_GUN] == DEFENDER and game.state.hex_of(AT_GUN) == VILLAGE
    assert not any("maj" in x for x in labels(bar))  # one major only
    click_choice(qtbot, bar, "No more assets")
    assert to_act(m, game.state) == "us" and any(x.startswith("On-call fire") for x in labels(bar))
    click_choice(qtbot, bar, "On-call fire: US 110/115 artbn rapid")  # 10.4: OV 3 × rapid 2 × support 2
    assert engine_state(game.state).seq.missions == {ARTILLERY: 2}
    assert window.artillery.rows[ARTILLERY].text(1).startswith("■■□")  # the display follows (10.1)
    assert to_act(m, game.state) == "de"
    click_choice(qtbot, bar, "No fire")  # 10.5: the German declines its defensive fire
    assert engine_state(game.state).frames == ()
    qtbot.mouseClick(dialog.roll_button, Qt.LeftButton)
    text = game.entries[-1].text
    assert "armour differential" in text and "attacks 4014" in text and dialog.result_label.text() == text
    assert game.state.pieces[DEFENDER].at.kind == "eliminated"  # 9.2.4: its last step
    from play_helpers import click, place_point

    assert VILLAGE in window.rules.overlay.shaded  # 9.2.6 A: the emptied hex to advance into
    click(qtbot, window, place_point(window, Location.hex(VILLAGE)))
    assert game.state.hex_of(ATTACKER) == VILLAGE and game.state.hex_of(ENGINEER) == VILLAGE  # 5.0 B
    assert game.state.hex_of(AT_GUN) is None  # a loss (9.2.4: assets after infantry), or escaped (5.3)
    assert engine_state(game.state).frames == () and len(window.refusals) == 1


def test_hot_seat_both_sides_play_the_attack_in_one_window(qtbot, window):
    """Hot-seat (3.0, 9.3 C, 10.5): the hand-over screen comes up each time the choice passes to the
    other side — the German's assets, the US on-call fire, the German's defensive fire — hides the
    board meanwhile, and the side named plays on in the same window."""
    game = new_game(qtbot, window, hot_seat=True)
    m, bar = window.module, window.rules
    activate_for_an_intensive_attack(qtbot, window)
    assert not window.handing_over
    dialog = open_attack_on_the_village(qtbot, window)
    qtbot.mouseClick(dialog.roll_button, Qt.LeftButton)  # declared without assets: the German's turn to choose
    assert window.handing_over and "Germany" in window.hand_over.title.text()
    assert not any(d.isVisible() for d in window.docks())  # the board and its panels are hidden
    assert not window.actions_by_name["undo"].isEnabled()
    hand_over_if_shown(qtbot, window, "Germany")
    assert to_act(m, game.state) == "de"
    click_choice(qtbot, bar, "Assign DE 1/3AT maj to DE 1/8 infco")
    click_choice(qtbot, bar, "No more assets")
    assert hand_over_if_shown(qtbot, window, "United States")  # the US on-call fire (10.4)
    click_choice(qtbot, bar, "No fire")
    assert hand_over_if_shown(qtbot, window, "Germany")  # the German defensive fire (10.5)
    click_choice(qtbot, bar, "No fire")
    assert hand_over_if_shown(qtbot, window, "United States") and to_act(m, game.state) == "us"
    qtbot.mouseClick(dialog.roll_button, Qt.LeftButton)
    assert "attacks 4014" in game.entries[-1].text
    sides = [e.side for e in game.entries if e.side]
    assert {"us", "de"} <= set(sides)


def test_21_2_a_whole_game_hot_seat_from_the_setup_to_the_victory_screen(qtbot, window):
    """Both players at one computer play every turn (3.0) from the phase bar — the rolls, each
    operation passed, each step ended — the hand-over screen between them whenever the choice
    passes to the other side, until the last turn's victory determination (21.2) puts the
    victory screen up with the level the engine's verdict gives."""
    from hexwright.runtime.engine import verdict

    m = window.module
    window.set_hot_seat(True)
    window.show_game(Game(m, "st_lo", SEED, engine=ENGINE))
    window.refusals.clear()
    game, bar = window.game, window.rules
    window.show_hand_over()
    hand_overs, clicks = 0, 0
    while not engine_state(game.state).over:
        assert clicks < 400, "the game never ended"
        clicks += 1
        if window.handing_over:
            side = m.pieces.sides[to_act(m, game.state)].name
            hand_overs += hand_over_if_shown(qtbot, window, side)
        elif bar.choice_combo.isVisible():
            click_choice(qtbot, bar, "Pass" if "Pass" in labels(bar) else labels(bar)[0])
        else:
            assert bar.end_button.isEnabled(), bar.phase_label.text()
            qtbot.mouseClick(bar.end_button, Qt.LeftButton)
        assert not window.refusals, window.refusals
    assert game.state.turn == m.scenarios["st_lo"].last_turn
    assert hand_overs >= 2 * (game.state.turn - 1)  # at least both sides every turn
    dialog = window.rules.victory
    assert dialog is not None and dialog.isVisible() and dialog.windowTitle() == "Game over"
    v = verdict(m, game.state)
    shown = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert v.text(m) in shown and "End of turn 8" in shown
    assert engine_state(game.state).outcome and "Game over" in bar.phase_label.text()
    dialog.close()


def test_21_2_the_scripted_game_with_its_fights_played_in_the_window_to_the_victory_screen(qtbot, window):
    """The scripted whole game of ``tests/support/stlo_game.py`` (seed 11: HQ activations, moves,
    attacks with on-call and defensive fire, barrages, air strikes, interdiction, 3.0), each of
    its 600 actions sent through the window as the phase bar and the map send theirs
    (``run_engine``), none refused, the window redrawn after each; after turn 8 the victory
    screen shows the engine's verdict (21.2), and the game is the one the engine plays alone."""
    from stlo_game import play, scripted_action

    from hexwright.runtime.engine import verdict
    from hexwright.runtime.state import state_json

    m = window.module
    window.set_hot_seat(False)
    window.show_game(Game(m, "st_lo", 11, engine=ENGINE))
    window.refusals.clear()
    kinds: set[str] = set()
    while not engine_state(window.game.state).over:
        assert len(window.game.actions) < 2000, "the game never ended"
        action = scripted_action(m, window.game.state)
        kinds.add(type(action).__name__)
        assert window.run_engine(action) is not None, action
        assert not window.refusals, window.refusals
    game = window.game
    assert {"Move", "Declare", "Resolve", "Fire"} <= kinds
    assert game.state.turn == m.scenarios["st_lo"].last_turn
    dialog = window.rules.victory
    assert dialog is not None and dialog.isVisible() and dialog.windowTitle() == "Game over"
    shown = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert verdict(m, game.state).text(m) in shown
    assert state_json(game.state) == state_json(play(m, 11).state)
    dialog.close()
