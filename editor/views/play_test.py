"""Play-test from the editor: the play window on a copy of the module being edited.

Nothing is written to the designer's files: the game plays a deep copy of the module as
it is in the editor (unsaved edits included), with no autosave. When the play window
closes, the rule problems the game met — actions the rules refused, rules overridden at
``warn`` — are handed back to the editor to list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import ActionError, Game, module_hash, new_seed

if TYPE_CHECKING:
    from hexwright.runtime.ui.play.play_window import PlayWindow



class _WhenClosed(QObject):
    def __init__(self, window: PlayWindow, done: Callable[[], None]):
        super().__init__(window)
        self.done = done
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            self.done()
        return False


def rule_problems(window: PlayWindow) -> list[str]:
    """What the rules refused or let through as overrides in this game, in order."""
    notes = [f"refused: {text}" for text in window.refusals]
    notes += [f"turn {e.turn}: {e.text}" for e in window.game.entries if "override:" in e.text]
    return notes


def start_play_test(editor: Any, scenario: str, came_back: Callable[[list[str]], None],
                    seed: int | None = None) -> PlayWindow | None:
    from hexwright.runtime.ui.play.play_window import open_play_window

    module = editor.doc.module.model_copy(deep=True)
    problems = editor.doc.problems()
    if problems:
        came_back([f"before play: {p}" for p in problems])
        editor.statusBar().showMessage("Fix the problems listed first: the game would refuse this module", 12000)
        return None
    try:
        game = Game(module, scenario, new_seed() if seed is None else seed, content_hash=module_hash(module),
                    engine=ENGINE)
    except ActionError as exc:
        came_back([f"cannot start: {exc}"])
        return None
    window = open_play_window(game, dict(editor.doc.assets), settings=editor.app_settings)
    window.setWindowTitle(f"Play-test: {window.windowTitle()}")
    _WhenClosed(window, lambda: came_back(rule_problems(window)))
    return window
