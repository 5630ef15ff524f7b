"""A game: module, scenario, seed and the action log; every state is derived by replay.

The log is the source of truth. :class:`Game` keeps a snapshot of the state every
``snapshot_every`` actions, so the state after any action is a snapshot plus a few
applies. Undo moves the last action to the redo stack, redo applies it again (a die
rolled again after undo gives the same result: the generator is part of the state). In
strict mode undo stops at a die roll or a chit draw. Replay moves a cursor through the
log without changing it; "continue from here" cuts the log at the cursor and keeps the
cut-off actions as a branch.

Played by e-mail, a game holds the local side's :class:`~runtime.state.dice.DiceSecret`
(``dice_secret``, never saved with it): :meth:`Game.do` then puts the reveal of the next
link of that side's dice chain before every action that draws, and undo takes the pair
back together (see :mod:`runtime.state.dice`).
"""

from __future__ import annotations

from collections.abc import Iterable

from hexwright.runtime.model import Module

from .actions import Action, CommitDice, LogEntry, RevealDice
from .apply import apply
from .dice import DiceRevealNeeded, DiceSecret, owed_openings
from .errors import ActionError
from .game_state import GameState, state_hash
from .history import history_next, history_start
from .module_hash import module_hash
from .rules_engine import RulesEngine, is_random
from .setup import initial_state
from .signing import public_key
from .state_model import StateModel

SNAPSHOT_EVERY = 32


class Bookmark(StateModel):
    index: int
    note: str = ""


class Branch(StateModel):
    """Actions cut off by "continue from here": they followed action ``start``."""

    start: int
    actions: tuple[Action, ...]


class Game:
    """One game in progress. ``actions`` and ``entries`` are parallel lists.

    ``engine`` applies the log's rules steps (:data:`runtime.engine.ENGINE`); without it
    the game is played by hand only.
    """

    def __init__(
        self,
        module: Module,
        scenario: str,
        seed: int,
        *,
        optional_rules: dict[str, bool] | None = None,
        strict: bool = False,
        snapshot_every: int = SNAPSHOT_EVERY,
        content_hash: str | None = None,
        engine: RulesEngine | None = None,
    ) -> None:
        self.module = module
        self.engine = engine
        self.scenario = scenario
        self.seed = seed
        self.strict = strict
        self.snapshot_every = max(1, snapshot_every)
        self.module_hash = content_hash or module_hash(module)
        self.players: dict[str, str] = {}
        self.bookmarks: dict[int, str] = {}
        self.branches: list[Branch] = []
        self.actions: list[Action] = []
        self.entries: list[LogEntry] = []
        self.redo_stack: list[Action] = []
        self.dice_secret: DiceSecret | None = None
        start = initial_state(module, scenario, seed, optional_rules)
        self.optional_rules = dict(start.optional_rules)
        self._history = [history_start(scenario, seed)]  # h[i] after i actions (runtime.state.history)
        self._snapshots: dict[int, GameState] = {0: start}
        self._state = start
        self.cursor: int | None = None

    # -- states ---------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The state after the whole log (the live game)."""
        return self._state

    def state_at(self, index: int) -> GameState:
        """The state after the first ``index`` actions (0: the scenario's start)."""
        if not 0 <= index <= len(self.actions):
            raise IndexError(f"no position {index} in a log of {len(self.actions)} actions")
        if index == len(self.actions):
            return self._state
        base = max(i for i in self._snapshots if i <= index)
        state = self._snapshots[base]
        for action in self.actions[base:index]:
            state, _ = apply(self.module, state, action, self.engine)
        return state

    # -- playing ---------------------------------------------------------------------------

    def do(self, action: Action) -> LogEntry:
        """Apply ``action`` to the live game and append it to the log.

        Raises ActionError (nothing changes) if the action does not apply, or if the
        game is being replayed at an earlier position (continue from there first). By
        e-mail, the reveal a roll needs is put before it (see the module's docstring).
        """
        if self.replaying:
            raise ActionError("replaying an earlier position: choose 'continue from here' to play on from it")
        entry = self._do_revealing(action)
        self.redo_stack.clear()
        return entry

    def _do_revealing(self, action: Action) -> LogEntry:
        try:
            return self._push(action)
        except DiceRevealNeeded:
            if self.dice_secret is None:
                raise ActionError("this game is played by e-mail: only the player of a side, on the computer "
                                  "holding that side's dice secret, can roll (Players ▸ Play by e-mail as …)") from None
        pushed = 0
        try:
            for reveal in self._reveals_for_roll():
                self._push(reveal)
                pushed += 1
            return self._push(action)
        except ActionError:
            for _ in range(pushed):
                self._pop()
            raise

    def _reveals_for_roll(self) -> list[RevealDice]:
        """The openings this side owes (if any), then the reveal of its next link for a roll."""
        secret = self.dice_secret
        dice = self._state.rng.dice
        if secret is None or dice is None or secret.side not in dice.chains:
            raise ActionError("this computer holds no dice secret for a side of this game")
        index = dice.chains[secret.side].index
        reveals = []
        if owed_openings(dice, secret.side):
            index += 1
            reveals.append(RevealDice(side=secret.side, link=secret.link(index), roll=False))
        reveals.append(RevealDice(side=secret.side, link=secret.link(index + 1), roll=True))
        return reveals

    def join_by_email(self, secret: DiceSecret) -> LogEntry | None:
        """Play ``secret.side`` by e-mail from this computer: commit its chain (once) and hold the secret.

        Returns the commitment's log entry, or None if the side had committed this very
        chain already (a reloaded game). ActionError if the side is committed to another.
        """
        if secret.module_id != self.module.meta.id or secret.scenario != self.scenario:
            raise ActionError(f"this dice secret is for {secret.module_id}/{secret.scenario}, not this game")
        dice = self._state.rng.dice
        chain = dice.chains.get(secret.side) if dice is not None else None
        if chain is not None:
            if chain.head != secret.head:
                raise ActionError(f"{secret.side} has committed to other dice: this computer does not hold "
                                  "that side's secret")
            self.dice_secret = secret
            return None
        entry = self.do(CommitDice(side=secret.side, head=secret.head, key=public_key(secret.secret)))
        self.dice_secret = secret
        return entry

    def settle_dice(self) -> LogEntry | None:
        """Before sending moves: reveal the opening this side owes an opponent who joined, if any."""
        secret = self.dice_secret
        dice = self._state.rng.dice
        if secret is None or dice is None or self.replaying or not owed_openings(dice, secret.side):
            return None
        link = secret.link(dice.chains[secret.side].index + 1)
        return self.do(RevealDice(side=secret.side, link=link, roll=False))

    def _push(self, action: Action) -> LogEntry:
        state, entry = apply(self.module, self._state, action, self.engine)
        self.actions.append(action)
        self.entries.append(entry)
        self._history.append(history_next(self._history[-1], action))
        self._state = state
        if len(self.actions) % self.snapshot_every == 0:
            self._snapshots[len(self.actions)] = state
        return entry

    def extend(self, actions: Iterable[Action]) -> list[LogEntry]:
        """Append actions exactly as given (an opponent's, a save's): no reveal is ever added."""
        if self.replaying:
            raise ActionError("replaying an earlier position: choose 'continue from here' to play on from it")
        entries = [self._push(action) for action in actions]
        self.redo_stack.clear()
        return entries

    # -- undo / redo -----------------------------------------------------------------------

    def can_undo(self) -> bool:
        if not self.actions or self.replaying:
            return False
        return not (self.strict and is_random(self.actions[-1], self.engine))

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and not self.replaying

    def undo(self) -> LogEntry:
        """Take back the last action; returns its log entry. ActionError if not allowed."""
        if not self.can_undo():
            if self.strict and self.actions and is_random(self.actions[-1], self.engine):
                raise ActionError("strict mode: a die roll or chit draw cannot be taken back")
            raise ActionError("nothing to undo")
        action, entry = self._pop()
        self.redo_stack.append(action)
        last = self.actions[-1] if self.actions else None
        if isinstance(last, RevealDice) and last.roll:
            self._pop()  # the reveal belongs to the roll: both go back, both are redone
            self.redo_stack.append(last)
        return entry

    def _pop(self) -> tuple[Action, LogEntry]:
        action = self.actions.pop()
        entry = self.entries.pop()
        self._history.pop()
        self._snapshots.pop(len(self.actions) + 1, None)
        self._state = self._replay_to(len(self.actions))
        self.bookmarks.pop(len(self.actions) + 1, None)
        return action, entry

    def redo(self) -> LogEntry:
        if not self.can_redo():
            raise ActionError("nothing to redo")
        taken = [self.redo_stack.pop()]
        if isinstance(taken[0], RevealDice) and taken[0].roll and self.redo_stack:
            taken.append(self.redo_stack.pop())  # a roll with its reveal, exactly as they were
        pushed = 0
        try:
            if len(taken) == 2:
                self._push(taken[0])
                pushed = 1
                return self._push(taken[1])
            return self._do_revealing(taken[0])
        except ActionError:
            for _ in range(pushed):
                self._pop()
            self.redo_stack.extend(reversed(taken))
            raise

    def _replay_to(self, index: int) -> GameState:
        base = max(i for i in self._snapshots if i <= index)
        state = self._snapshots[base]
        for action in self.actions[base:index]:
            state, _ = apply(self.module, state, action, self.engine)
        return state

    # -- replay ----------------------------------------------------------------------------

    @property
    def replaying(self) -> bool:
        return self.cursor is not None and self.cursor < len(self.actions)

    @property
    def position(self) -> int:
        """How many actions the shown state includes (the cursor, or the whole log)."""
        return len(self.actions) if self.cursor is None else self.cursor

    @property
    def shown_state(self) -> GameState:
        return self.state_at(self.position)

    def goto(self, index: int) -> GameState:
        """Show the state after ``index`` actions (clamped to the log)."""
        index = max(0, min(index, len(self.actions)))
        self.cursor = None if index == len(self.actions) else index
        return self.shown_state

    def first(self) -> GameState:
        return self.goto(0)

    def previous(self) -> GameState:
        return self.goto(self.position - 1)

    def next(self) -> GameState:
        return self.goto(self.position + 1)

    def last(self) -> GameState:
        return self.goto(len(self.actions))

    def continue_from_here(self) -> int:
        """Cut the log at the cursor and play on from there; the rest becomes a branch.

        Returns how many actions were cut off.
        """
        index = self.position
        cut = self.actions[index:]
        if cut:
            self.branches.append(Branch(start=index, actions=tuple(cut)))
        del self.actions[index:]
        del self.entries[index:]
        del self._history[index + 1:]
        self._snapshots = {i: s for i, s in self._snapshots.items() if i <= index}
        self._state = self._replay_to(index)
        self.bookmarks = {i: n for i, n in self.bookmarks.items() if i <= index}
        self.redo_stack.clear()
        self.cursor = None
        return len(cut)

    # -- bookmarks ---------------------------------------------------------------------------

    def bookmark(self, note: str = "", index: int | None = None) -> int:
        """Bookmark a position (the shown one by default) with a note."""
        index = self.position if index is None else index
        if not 0 <= index <= len(self.actions):
            raise ActionError(f"no position {index} to bookmark")
        self.bookmarks[index] = note
        return index

    def state_hash(self) -> str:
        return state_hash(self._state)

    def history_hash(self, index: int | None = None) -> str:
        """The hash chain of the log up to action ``index`` (default: the whole log)."""
        index = len(self.actions) if index is None else index
        if not 0 <= index <= len(self.actions):
            raise IndexError(f"no position {index} in a log of {len(self.actions)} actions")
        return self._history[index]


def replayed(module: Module, scenario: str, seed: int, actions: Iterable[Action], *,
             optional_rules: dict[str, bool] | None = None, strict: bool = False,
             engine: RulesEngine | None = None) -> Game:
    """A new game with ``actions`` applied in order (ActionError names the failing index)."""
    game = Game(module, scenario, seed, optional_rules=optional_rules, strict=strict, engine=engine)
    for index, action in enumerate(actions):
        try:
            game.do(action)
        except ActionError as exc:
            raise ActionError(f"action {index + 1} ({action.kind}): {exc}") from None
    return game
