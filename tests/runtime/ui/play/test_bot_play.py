"""Solitaire in the play window (issue 19 Deliver 2): bots play sides through the window's
own ``run``, one logged action at a time; pause, step and undo; a whole game bot against bot."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer

from hexwright.runtime.engine import ENGINE, is_over, to_act
from hexwright.runtime.state import Game, load_game_bytes, save_bytes
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui

MODULE = Path(__file__).resolve().parents[4] / "modules" / "drive_on_metz"


@pytest.fixture(scope="module")
def loaded():
    return load_module(MODULE)


def _window(qtbot, loaded, tmp_path, seed: int, bots: dict[str, str] | None = None) -> PlayWindow:
    game = Game(loaded.module, "campaign", seed, engine=ENGINE)
    win = PlayWindow(game, loaded.assets, autosave_path=tmp_path / "auto.hwsav", bots=bots)
    win.bots.timer.setInterval(0)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.mark.slow
def test_a_whole_drive_on_metz_game_bot_against_bot_in_the_window(qtbot, loaded, tmp_path):
    win = _window(qtbot, loaded, tmp_path, seed=21, bots={"us": "random", "de": "random"})
    win.bots.schedule()
    qtbot.waitUntil(lambda: is_over(win.game.state), timeout=120_000)
    assert win.rules.victory_shown  # the victory screen came up
    entries = win.game.entries
    assert len(entries) == len(win.game.actions) > 20  # every bot move is a log line
    assert win.log_panel.list.count() == len(entries) + 1
    again = load_game_bytes(save_bytes(win.game), loaded.module, engine=ENGINE)
    assert again.game.state == win.game.state


@pytest.mark.slow  # plays bot moves through the menus: ~7 s at load 1, 33 s loaded
def test_human_against_a_bot_pause_step_and_undo_through_the_menus(qtbot, loaded, tmp_path):
    win = _window(qtbot, loaded, tmp_path, seed=5)
    opponents = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Opponents")
    german = next(a.menu() for a in opponents.actions() if a.menu() and "Germany" in a.text())
    greedy = next(a for a in german.actions() if a.text() == "&Greedy")
    greedy.trigger()
    assert win.bots.policies == {"de": "greedy"}
    assert to_act(win.module, win.game.state) == "us"  # the human's turn: the bot waits
    qtbot.wait(50)
    assert win.game.actions == []

    qtbot.keyClick(win, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # US movement ends
    qtbot.keyClick(win, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # US combat ends: the Germans move
    qtbot.waitUntil(lambda: len(win.game.actions) >= 4, timeout=60_000)  # the bot plays on its own
    assert "bots Germany: greedy" in win.turn_label.text()

    count = len(win.game.actions)
    win.actions_by_name["undo"].trigger()
    assert win.bots.paused and len(win.game.actions) == count - 1
    qtbot.wait(50)
    assert len(win.game.actions) == count - 1  # paused: the undone move is not played again at once

    if to_act(win.module, win.game.state) == "de":
        win.actions_by_name["bots_step"].trigger()
        qtbot.waitUntil(lambda: len(win.game.actions) == count, timeout=30_000)  # one step, one move
        qtbot.wait(100)
        assert len(win.game.actions) == count and not win.bots.thinking
    win.actions_by_name["bots_pause"].trigger()  # resume
    assert not win.bots.paused


class _Waiting:
    """A bot that answers only when the test lets it (its first legal action)."""

    name = "waiting"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked = threading.Event()

    def choose(self, decision):
        self.asked.set()
        self.go.wait(20)
        return decision.actions[0]


def test_the_window_stays_live_while_a_bot_thinks_and_an_undo_meanwhile_drops_its_answer(qtbot, loaded, tmp_path):
    win = _window(qtbot, loaded, tmp_path, seed=8)
    bot = _Waiting()
    win.activateWindow()
    qtbot.wait(50)
    qtbot.keyClick(win, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # the US end their movement
    assert len(win.game.actions) == 1
    win.bots.set_policy("us", "waiting", bot)
    qtbot.waitUntil(bot.asked.is_set, timeout=10_000)
    assert win.bots.thinking and "thinking" in win.statusBar().currentMessage()
    ticks = []
    QTimer.singleShot(0, lambda: ticks.append(1))
    qtbot.waitUntil(lambda: ticks == [1], timeout=2_000)  # the event loop runs while the bot thinks
    win.actions_by_name["undo"].trigger()  # the player takes back "end movement" meanwhile
    assert win.bots.paused and win.game.actions == []
    bot.go.set()
    qtbot.waitUntil(lambda: not win.bots.thinking, timeout=10_000)
    qtbot.wait(100)
    assert win.game.actions == []  # its answer was for a position that is gone

    bot.go.clear()
    bot.asked.clear()
    win.actions_by_name["bots_step"].trigger()  # paused, but Bot step plays one move
    qtbot.waitUntil(bot.asked.is_set, timeout=10_000)
    bot.go.set()
    qtbot.waitUntil(lambda: len(win.game.actions) == 1, timeout=10_000)
    assert win.bots.paused
    win.close()
    assert win.bots.thinking is False
