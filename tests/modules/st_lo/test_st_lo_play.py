"""`hexwright play modules/st_lo`: the play window opens on the scenario with the Division and
Artillery Displays beside the map, and the sequence of section 3 is played from the phase bar
with the real widgets (3.1.1 weather, 3.1.2 reinforcements, 3.2.1 initiative, 3.2.3 operations)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from hexwright.runtime.engine import ENGINE, engine_state
from hexwright.runtime.state import Game
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = [pytest.mark.gui, pytest.mark.slow]  # opening St-Lô's play window takes ~12 s at load 1

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"


@pytest.fixture(scope="module")
def loaded():
    return load_module(STLO)


@pytest.fixture
def window(qtbot, loaded, tmp_path):
    win = PlayWindow(Game(loaded.module, "st_lo", 11, engine=ENGINE), loaded.assets,
                     autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(1300, 900)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_to_window()
    return win


def labels(bar) -> list[str]:
    return [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())]


def click_choice(qtbot, bar, label: str) -> None:
    assert label in labels(bar), labels(bar)
    bar.choice_combo.setCurrentIndex(labels(bar).index(label))
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)


def test_the_displays_are_beside_the_map(window, loaded):
    """2.1.3-2.1.4: every Division Display box and Artillery Display track has its region."""
    board = window.scene.board
    keys = {r.key for r in board.regions}
    for box in loaded.module.map.boxes:
        assert any(box in k for k in keys), box
    assert any(r.x >= board.map_width for r in board.regions)


def test_weather_reinforcements_and_an_operation_from_the_phase_bar(qtbot, window):
    bar = window.rules
    assert "Weather" in bar.phase_label.text() and "Turn 1" in bar.phase_label.text()
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)  # 3.1.1: the US rolls for the weather
    game = window.game
    assert "weather:" in " ".join(e.text for e in game.entries)
    assert engine_state(game.state).seq.conditions["weather"] in ("clear", "cloudy", "rain")
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)  # 3.1.2: the reinforcement roll
    assert "arrivals roll" in game.entries[-1].text
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)  # 3.2.1: the initiative roll
    assert "won the initiative" in game.entries[-1].text
    assert "Operation" in bar.phase_label.text()
    assert "Pass" in labels(bar) and "HQ Activation" in " ".join(labels(bar))
    click_choice(qtbot, bar, "Pass")
    assert "passes" in game.entries[-1].text


@pytest.mark.slow  # the St-Lô window takes over 10 s to open here
def test_an_hq_activation_and_its_tactical_actions_from_the_phase_bar_and_the_board(qtbot, window, tmp_path):
    """6.1, 7.1, 27.1 A in the play window with the real widgets: the HQ 1/116 is chosen from the
    phase bar, its morale roll made there (6.1: morale 7, any roll activates it: TAPs 7 - roll), a
    Movement action chosen (1 TAP, 7.1), the battalion dragged on the map, the action ended with
    End phase, then the activation with its choice; the HQ goes back to its box."""
    from play_helpers import click, drag_piece_to, place_point

    from hexwright.runtime.engine import Move, legal_actions, to_act
    from hexwright.runtime.state import Location

    bar, game, m = window.rules, window.game, window.module
    for _ in range(40):  # weather, reinforcements, initiative; the German passes when it wins
        if to_act(m, game.state) == "us" and any("1/116" in x for x in labels(bar)):
            break
        qtbot.mouseClick(bar.choice_button, Qt.LeftButton) if "Pass" not in labels(bar) else \
            click_choice(qtbot, bar, "Pass")
    click_choice(qtbot, bar, next(x for x in labels(bar) if "1/116" in x))
    assert engine_state(game.state).seq.hq == "us_29_1_116_hq" and labels(bar) == ["Roll the dice"]
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)  # 6.1: the morale roll
    roll = game.entries[-1].dice[0]
    seq = engine_state(game.state).seq
    assert "activates" in game.entries[-1].text and seq.pools["tap"]["us"] == 7 - roll
    assert game.state.hex_of("us_29_1_116_hq") == game.state.hex_of("us_29_1_116") == "4908"  # 6.0 B
    movement = next(x for x in labels(bar) if x.startswith("Movement"))
    assert "End of activation" in labels(bar)
    click_choice(qtbot, bar, movement)
    assert engine_state(game.state).seq.pools["tap"]["us"] == 6 - roll  # 7.1: one TAP
    assert not bar.choice_combo.isVisible() and bar.end_button.isEnabled()
    to = next(a.to for a in legal_actions(m, game.state) if isinstance(a, Move) and a.unit == "us_29_1_116")
    click(qtbot, window, place_point(window, Location.hex("4908")))  # the HQ and its battalion: fan them out
    assert window.scene.expanded == Location.hex("4908")
    drag_piece_to(qtbot, window, "us_29_1_116", Location.hex(to))
    assert game.state.hex_of("us_29_1_116") == to and game.state.hex_of("us_29_1_116_hq") == "4908"  # 7.2.2
    window.grab().save(str(tmp_path / "st-lo-operations.png"))
    qtbot.mouseClick(bar.end_button, Qt.LeftButton)  # the Movement action ends
    assert "End of activation" in labels(bar)
    click_choice(qtbot, bar, "End of activation")
    for _ in range(5):  # 17.0 C: the recon units within the radius may move, or not
        if game.state.pieces["us_29_1_116_hq"].at.kind == "box":
            break
        qtbot.mouseClick(bar.end_button, Qt.LeftButton)
    assert game.state.pieces["us_29_1_116_hq"].at.kind == "box"  # 7.1.1 D: back on the DD
    assert engine_state(game.state).seq.activation is None
