"""What a game needs of a rules engine, as a protocol: the state package never imports one.

A :class:`~runtime.state.game.Game` is given its engine (``Game(module, scenario, seed,
engine=ENGINE)``, :data:`runtime.engine.ENGINE`); a game without one is played by hand
and refuses :class:`~runtime.state.actions.RulesStep` actions. The engine applies its
steps and says which of them draw from the dice (for strict undo). Its own part of the
state is a model of its own, a subclass of :class:`EngineStateBase`, which the state
carries and serialises but never reads.
"""

from __future__ import annotations

from typing import Protocol

from hexwright.runtime.model import Module

from .actions import RANDOM_KINDS, Action, LogEntry, RulesStep
from .game_state import GameState


class RulesEngine(Protocol):
    """The collaborator a game applies its rules steps with."""

    def apply_step(self, module: Module, state: GameState, step: RulesStep) -> tuple[GameState, LogEntry]:
        """The state after ``step`` and its log entry; ActionError (nothing changed) if refused."""
        ...

    def draws_dice(self, step: RulesStep) -> bool:
        """True if applying ``step`` may draw from the game's random generator."""
        ...


def is_random(action: Action, engine: RulesEngine | None = None) -> bool:
    """True for actions whose outcome comes from the random generator; ``engine`` says for its own steps."""
    if isinstance(action, RulesStep):
        return engine is not None and engine.draws_dice(action)
    return action.kind in RANDOM_KINDS
