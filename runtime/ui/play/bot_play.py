"""Solitaire in the play window: any side (or both, to watch) played by a bot.

A bot plays one action at a time through :meth:`PlayWindow.run`, so each of its moves is a
log line like a human's. It thinks in a worker thread on the state it was shown (states are
immutable), so the window stays live while a search runs; its answer is played only if the
game is still where it was when it began (an undo, a pause or a loaded game in between
throws the answer away). Its moves are shown, undoable, saved and replayed with the game. Bots wait
while the game is paused, replayed, handed over or over, and stop when the player undoes
(so an undone move is not played again at once); *Bot step* plays exactly one move of the
side to act. The policies are :mod:`runtime.bots`'s.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from hexwright.runtime.bots import Decision, Evaluator, Policy, make_policy
from hexwright.runtime.bots.playout import bot_rng
from hexwright.runtime.engine import EngineAction, is_over, legal_actions, to_act, view
from hexwright.runtime.state import GameState

HUMAN = ""
LEVELS = (("&Human", HUMAN), ("&Random", "random"), ("&Greedy", "greedy"), ("&Search (MCTS, slow)", "mcts:8"))
DELAY_MS = 350  # between two bot moves, so a player can follow them
POLL_MS = 30  # how often the window looks whether the bot has answered


@dataclass
class _Thinking:
    future: Future[EngineAction]
    state: GameState
    side: str
    step: bool  # asked for by Bot step: played even while the bots are paused


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
        self.poll = QTimer(window)
        self.poll.setInterval(POLL_MS)
        self.poll.timeout.connect(self._collect)
        self._pool: ThreadPoolExecutor | None = None
        self._thinking: _Thinking | None = None
        self._closing = threading.Event()
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

    def set_policy(self, side: str, spec: str, policy: Policy | None = None) -> None:
        """Make ``side`` a bot playing ``spec`` (``HUMAN``: a person again); ``policy`` gives
        the bot object itself, for a policy that is not one of the named ones."""
        if spec == HUMAN:
            self.policies.pop(side, None)
            self._bots.pop(side, None)
        else:
            self._bots[side] = policy or make_policy(spec)
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
        if not self.paused and self._thinking is None and self.waiting_bot() is not None \
                and not self.timer.isActive():
            self.timer.start()

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def after_undo(self) -> None:
        """The player took a move back: the bots wait until they are resumed."""
        if self._bots:
            self.set_paused(True)

    def step(self) -> None:
        """One move of the side to act by its bot, paused or not (played when it has answered)."""
        self._start(step=True)

    def _tick(self) -> None:
        if not self.paused:
            self._start(step=False)

    def decision(self) -> Decision | None:
        """What the bot of the side to act is asked now (None: no bot is to act)."""
        side = self.waiting_bot()
        if side is None:
            return None
        state = self.window.game.state
        actions = legal_actions(self.module, state)
        if not actions:
            return None
        if self._evaluator is None:
            self._evaluator = Evaluator(self.module)
        return Decision(self.module, view(state, side), side, tuple(actions), self._rngs[side], self._evaluator,
                        stop=self._closing.is_set)

    def _start(self, step: bool) -> None:
        if self._thinking is not None:
            self._thinking.step = self._thinking.step or step
            return
        decision = self.decision()
        if decision is None:
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hexwright-bot")
        future = self._pool.submit(self._bots[decision.side].choose, decision)
        self._thinking = _Thinking(future, self.window.game.state, decision.side, step)
        name = self.module.pieces.sides[decision.side].name
        self.window.statusBar().showMessage(f"{name} bot thinking…")
        self.poll.start()

    def _collect(self) -> None:
        thinking = self._thinking
        if thinking is None or not thinking.future.done():
            return
        self._thinking = None
        self.poll.stop()
        w = self.window
        error = thinking.future.exception()
        if error is not None:
            self.set_paused(True)
            w.statusBar().showMessage(f"The bot could not choose a move ({error}); bots paused")
            return
        still = w.game.state is thinking.state and self.waiting_bot() == thinking.side
        if still and (thinking.step or not self.paused):
            w.statusBar().clearMessage()
            w.run_engine(thinking.future.result())
        self.schedule()

    def shutdown(self) -> None:
        """The window closes: a search answers at once, and its answer is dropped."""
        self._closing.set()
        self.timer.stop()
        self.poll.stop()
        self._thinking = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def text(self) -> str:
        bots = ", ".join(f"{self.module.pieces.sides[s].name}: {p}" for s, p in sorted(self.policies.items()))
        if not bots:
            return ""
        return f"  ·  bots {bots}{' (paused)' if self.paused else ''}"
