"""Solitaire in the play window: any side (or both, to watch) played by a bot.

A bot plays one action at a time through :meth:`PlayWindow.run`, so each of its moves is a
log line like a human's: shown, undoable, saved and replayed with the game. Bots wait
while the game is paused, replayed, handed over or over, and stop when the player undoes
(so an undone move is not played again at once); *Bot step* plays exactly one move of the
side to act. The policies are :mod:`runtime.bots`'s.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from hexwright.runtime.bots import Decision, Evaluator, Policy, make_policy
from hexwright.runtime.bots.playout import bot_rng
from hexwright.runtime.engine import EngineAction, is_over, legal_actions, to_act, view
from hexwright.runtime.state import LogEntry

HUMAN = ""
LEVELS = (("&Human", HUMAN), ("&Random", "random"), ("&Greedy", "greedy"), ("&Search (MCTS)", "mcts:24"))
DELAY_MS = 350  # between two bot moves, so a player can follow them


class BotPlay:
    def __init__(self, window, policies: dict[str, str] | None = None, delay_ms: int = DELAY_MS) -> None:
        self.window = window
        self.module = window.module
        self.policies: dict[str, str] = {}
        self._bots: dict[str, Policy] = {}
        self._rngs = {side: bot_rng(window.game.seed, side) for side in sorted(self.module.pieces.sides)}
        self._evaluator: Evaluator | None = None
        self.paused = False
        self.timer = QTimer(window)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self._tick)
        self.level_actions: dict[tuple[str, str], QAction] = {}
        for side, spec in sorted((policies or {}).items()):
            self.set_policy(side, spec)

    # -- menu -------------------------------------------------------------------------------

    def install(self) -> None:
        w = self.window
        menu = w.menuBar().addMenu("&Opponents")
        for side_id, side in sorted(self.module.pieces.sides.items()):
            sub = menu.addMenu(side.name)
            group = QActionGroup(w)
            for text, spec in LEVELS:
                action = QAction(text, w, checkable=True)
                action.setChecked(self.policies.get(side_id, HUMAN) == spec)
                action.triggered.connect(lambda _=False, s=side_id, p=spec: self.set_policy(s, p))
                group.addAction(action)
                sub.addAction(action)
                self.level_actions[(side_id, spec)] = action
        menu.addSeparator()
        pause = QAction("&Pause bots", w, checkable=True)
        pause.setShortcut(QKeySequence("Ctrl+Shift+P"))
        pause.toggled.connect(self.set_paused)
        step = QAction("Bot &step", w)
        step.setShortcut(QKeySequence("F6"))
        step.triggered.connect(self.step)
        for action, name in ((pause, "bots_pause"), (step, "bots_step")):
            menu.addAction(action)
            w.actions_by_name[name] = action

    # -- control ------------------------------------------------------------------------------

    def set_policy(self, side: str, spec: str) -> None:
        if spec == HUMAN:
            self.policies.pop(side, None)
            self._bots.pop(side, None)
        else:
            self._bots[side] = make_policy(spec)
            self.policies[side] = spec
        action = self.level_actions.get((side, spec))
        if action is not None and not action.isChecked():
            action.setChecked(True)
        self.schedule()

    def set_paused(self, on: bool) -> None:
        self.paused = on
        pause = self.window.actions_by_name.get("bots_pause")
        if pause is not None and pause.isChecked() != on:
            pause.setChecked(on)
        if on:
            self.timer.stop()
        self.schedule()

    def side_to_act(self) -> str | None:
        w = self.window
        if not w.rules.enabled or w.game.replaying or w.handing_over or is_over(w.game.state):
            return None
        return to_act(self.module, w.game.state)

    def waiting_bot(self) -> str | None:
        """The side whose bot should move now (None: a human's turn, or nothing to do)."""
        side = self.side_to_act()
        return side if side in self._bots else None

    def schedule(self) -> None:
        if not self.paused and self.waiting_bot() is not None and not self.timer.isActive():
            self.timer.start()

    def after_undo(self) -> None:
        """The player took a move back: the bots wait until they are resumed."""
        if self._bots:
            self.set_paused(True)

    def step(self) -> LogEntry | None:
        """One move of the side to act by its bot, paused or not."""
        return self._move()

    def _tick(self) -> None:
        if not self.paused:
            self._move()
            self.schedule()

    def choose(self) -> EngineAction | None:
        side = self.waiting_bot()
        if side is None:
            return None
        state = self.window.game.state
        actions = legal_actions(self.module, state)
        if not actions:
            return None
        if self._evaluator is None:
            self._evaluator = Evaluator(self.module)
        decision = Decision(self.module, view(state, side), side, tuple(actions), self._rngs[side], self._evaluator)
        return self._bots[side].choose(decision)

    def _move(self) -> LogEntry | None:
        action = self.choose()
        if action is None:
            return None
        w = self.window
        side = self.side_to_act()
        w.statusBar().showMessage(f"{self.module.pieces.sides[side].name if side else ''} bot thinking…")
        return w.run_engine(action)

    def text(self) -> str:
        bots = ", ".join(f"{self.module.pieces.sides[s].name}: {p}" for s, p in sorted(self.policies.items()))
        if not bots:
            return ""
        return f"  ·  bots {bots}{' (paused)' if self.paused else ''}"
