"""Shared by the greedy and search policies: which actions are worth a closer look, and
what a position looks like after one of them (with imagined dice)."""

from __future__ import annotations

import random

from hexwright.runtime.engine import Declare, EngineAction, Resolve
from hexwright.runtime.engine import apply as engine_apply
from hexwright.runtime.model import Module
from hexwright.runtime.state import ActionError, GameState

from .determinize import determinize
from .evaluation import Evaluator, Placements, margin


def draws_dice(action: EngineAction) -> bool:
    return bool(getattr(action, "draws_dice", False)) or isinstance(action, Declare)


def placement(state: GameState, action: EngineAction) -> tuple[str, str] | None:
    """For an action that puts one unit on a hex (a move, a drop): the unit and the hex."""
    unit, to = getattr(action, "unit", None), getattr(action, "to", None)
    if not isinstance(unit, str) or not isinstance(to, str) or unit not in state.pieces:
        return None
    return unit, to


def shortlist(evaluator: Evaluator, state: GameState, side: str, actions: tuple[EngineAction, ...],
              rng: random.Random, width: int) -> list[EngineAction]:
    """At most ``width`` placements (the best by a quick look at where the unit ends) and up
    to ``width`` other actions (sampled when there are more), in the engine's order."""
    quick: list[tuple[float, int, EngineAction]] = []
    others: list[EngineAction] = []
    placements: Placements | None = None
    for index, action in enumerate(actions):
        where = placement(state, action)
        if where is None:
            others.append(action)
            continue
        placements = placements or evaluator.placements(state)
        scores = placements.scores(*where)
        if scores is None:
            others.append(action)
            continue
        quick.append((margin(scores, side), -index, action))
    quick.sort(key=lambda t: (t[0], t[1]), reverse=True)
    chosen = [a for _, _, a in quick[:width]]
    if len(others) > width:
        others = rng.sample(others, width)
    keep = set(map(id, chosen + others))
    return [a for a in actions if id(a) in keep]


def after(module: Module, state: GameState, action: EngineAction, rng: random.Random) -> GameState | None:
    """The state after ``action`` with imagined dice; a declared attack is resolved at once
    so its value is its outcome. None if the engine refuses it in the imagined state."""
    try:
        new, _ = engine_apply(module, determinize(module, state, rng), action)
    except ActionError:
        return None
    if isinstance(action, Declare):
        try:  # resolved at once where the rules let it (not while other attacks must be declared first)
            new, _ = engine_apply(module, new, Resolve(hex=action.hex))
        except ActionError:
            pass
    return new


__all__ = ["after", "draws_dice", "placement", "shortlist"]
