"""The fast policy the search plays its imagined futures with.

A rollout must be cheap, because the search plays many of them per decision, and it must
be sensible, because a future played badly teaches nothing: a side that never attacks
makes every exposed position look safe. So both sides play the quick game greedy plays,
with less care:

* a placement (a move, a drop) is judged by where the unit ends, with the evaluator's quick
  terms and no engine call; the best is played only if it improves on standing still;
* every other action (an attack, a retreat, a choice) is judged like greedy does, by the
  position after it with one imagined roll, among at most ``width`` of them;
* when nothing improves the position, the phase ends (or, if ending it is not allowed,
  the best-scored action is played anyway).
"""

from __future__ import annotations

import random

from hexwright.runtime.engine import EndPhase, EngineAction
from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState

from .evaluation import Evaluator, margin
from .lookahead import after, placement

GAIN = 1e-6  # an action must improve the position by more than this to be played


def quick_choice(module: Module, evaluator: Evaluator, state: GameState, side: str,
                 actions: tuple[EngineAction, ...] | list[EngineAction], rng: random.Random,
                 width: int = 4) -> EngineAction:
    """The rollout policy's action for ``side`` among the legal ``actions`` of ``state``."""
    placements = evaluator.placements(state)
    standing = margin(placements.base, side)
    best_place: tuple[float, EngineAction] | None = None
    others: list[EngineAction] = []
    end: EngineAction | None = None
    for action in actions:
        if isinstance(action, EndPhase):
            end = action
            continue
        where = placement(state, action)
        scores = placements.scores(*where) if where is not None else None
        if scores is None:
            others.append(action)
            continue
        value = margin(scores, side)
        if best_place is None or value > best_place[0]:
            best_place = (value, action)
    if best_place is not None and best_place[0] > standing + GAIN:
        return best_place[1]
    if len(others) > width:
        others = rng.sample(others, width)
    baseline = evaluator.value(state, side) if end is not None else float("-inf")
    best: tuple[float, EngineAction] | None = None
    for action in others:
        new = after(module, state, action, rng)
        if new is None:
            continue
        value = evaluator.value(new, side)
        if best is None or value > best[0]:
            best = (value, action)
    if best is not None and best[0] > baseline + GAIN:
        return best[1]
    if end is not None:
        return end
    if best is not None:
        return best[1]
    if best_place is not None:
        return best_place[1]
    return actions[0]


__all__ = ["quick_choice"]
