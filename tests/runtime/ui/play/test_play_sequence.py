"""The play window on a chit-pull sequence (a synthetic module): the phase bar names the step,
the side to act and why (the chit drawn), and a step played off the board (put a chit, draw)
is done from the bar's choices with the real widgets; the log says the same."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from sequence_modules import chit_module

from hexwright.runtime.engine import ENGINE, PutChit, engine_state
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
