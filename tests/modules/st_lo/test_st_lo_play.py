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
