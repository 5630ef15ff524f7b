"""Preferences and remembered choices: set in the dialog or in use, kept in the settings, applied
(issue 15, item 3: autosave interval, default enforcement level, counter zoom, dark or light palette;
seat names and export options remembered)."""

from __future__ import annotations

import pytest
from builders import play_module, small_module
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QInputDialog

from hexwright.editor.document import MapDocument
from hexwright.editor.views.main_window import EditorWindow
from hexwright.runtime.engine import ENGINE, rules_of
from hexwright.runtime.model.rules_config import RULE_IDS
from hexwright.runtime.state import Game, RollDice
from hexwright.runtime.ui.app_settings import AppSettings
from hexwright.runtime.ui.play.board_layout import COUNTER_SCALE
from hexwright.runtime.ui.play.play_window import open_play_window
from hexwright.runtime.ui.preferences import PreferencesDialog, apply_palette

pytestmark = pytest.mark.gui


@pytest.fixture
def settings(tmp_path, qapp):
    made = AppSettings(tmp_path / "settings.ini")
    yield made
    made.set_value("dark_palette", False)
    apply_palette(made)


def _choose(qtbot, dialog: PreferencesDialog, text: str) -> None:
    """Pick ``text`` in the enforcement list with the keyboard, as a user would."""
    combo = dialog.enforcement
    combo.setFocus()
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    raise AssertionError(f"{text!r} not in the list")


def test_preferences_are_kept_and_applied(settings, qtbot, tmp_path):
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.autosave.setValue(5)
    _choose(qtbot, dialog, "warn only (allow, and log the override)")
    dialog.counters.setValue(150)
    qtbot.mouseClick(dialog.dark, Qt.LeftButton, pos=QPoint(8, dialog.dark.height() // 2))  # on the box
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.LeftButton)
    again = AppSettings(tmp_path / "settings.ini")  # as the next start reads them
    assert again.value("autosave_minutes", 1) == 5 and again.value("dark_palette", False) is True
    assert again.value("enforcement", "module") == "warn" and again.value("counter_percent", 100) == 150
    assert QApplication.palette().color(QPalette.ColorRole.Window).name() == "#2b2b2b"
    window = EditorWindow(MapDocument(small_module(4, 4)), pieces=False, settings=again)
    qtbot.addWidget(window)
    assert window.autosave_timer.interval() == 5 * 60_000


def test_cancel_keeps_the_preferences_as_they_were(settings, qtbot):
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.counters.setValue(60)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), Qt.LeftButton)
    assert settings.value("counter_percent", 100) == 100


def test_a_new_game_gets_the_preferred_enforcement_by_actions_in_its_log_and_the_counter_size(settings, qtbot):
    settings.set_value("enforcement", "warn")
    settings.set_value("counter_percent", 150)
    window = open_play_window(Game(play_module(), "basic", 2, engine=ENGINE), settings=settings)
    qtbot.addWidget(window)
    rules = rules_of(window.module, window.game.state)
    assert {rules.enforcement_of(r) for r in RULE_IDS} == {"warn"}
    assert len(window.game.actions) >= 1 and all(a.name == "set_enforcement" for a in window.game.actions)
    assert window.scene.board.counter == pytest.approx(window.module.map.grid.hex_size * COUNTER_SCALE * 1.5)
    window.undo()  # an action like any other: undone like one
    assert window.game.can_redo()


def test_a_loaded_game_keeps_its_own_enforcement(settings, qtbot):
    settings.set_value("enforcement", "off")
    game = Game(play_module(), "basic", 2, engine=ENGINE)
    game.do(RollDice())
    before = list(game.actions)
    window = open_play_window(game, settings=settings)
    qtbot.addWidget(window)
    assert window.game.actions == before


def test_the_players_names_are_remembered_for_the_next_game_of_the_module(settings, qtbot, monkeypatch):
    window = open_play_window(Game(play_module(), "basic", 2, engine=ENGINE), settings=settings)
    qtbot.addWidget(window)
    asked = []
    monkeypatch.setattr(QInputDialog, "getText",
                        lambda *a, **k: (asked.append(k.get("text")), ("  Ada  ", True))[1])
    window.seats.name_player_dialog("blue")
    assert window.game.players["blue"] == "Ada" and asked == [""]
    again = AppSettings(settings.path)
    second = open_play_window(Game(play_module(), "basic", 3, engine=ENGINE), settings=again)
    qtbot.addWidget(second)
    assert second.game.players == {"blue": "Ada"}
    second.seats.name_player_dialog("blue")
    assert asked == ["", "Ada"]  # the dialog offers the remembered name


def test_the_play_window_has_preferences_and_a_new_counter_size_applies_at_once(settings, qtbot):
    window = open_play_window(Game(play_module(), "basic", 2, engine=ENGINE), settings=settings)
    qtbot.addWidget(window)
    hex_size = window.module.map.grid.hex_size
    assert window.scene.board.counter == pytest.approx(hex_size * COUNTER_SCALE)
    window.actions_by_name["preferences"].trigger()
    dialog = window.findChild(PreferencesDialog)
    qtbot.waitExposed(dialog)
    dialog.counters.setFocus()
    dialog.counters.selectAll()
    qtbot.keyClicks(dialog.counters, "80")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.LeftButton)
    assert settings.value("counter_percent", 100) == 80
    assert window.scene.board.counter == pytest.approx(hex_size * COUNTER_SCALE * 0.8)
