"""What a bot is asked and how policies are named on the command line."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from hexwright.runtime.engine import EngineAction
from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState

from .evaluation import Evaluator


@dataclass(frozen=True)
class Decision:
    """One choice put to a bot.

    ``state`` is what the side may see (:func:`runtime.engine.view`): a policy that looks
    ahead fills in what is hidden and draws its own dice (:mod:`.determinize`), so it can
    never learn a die roll before it is rolled. ``actions`` are the engine's legal actions,
    sorted; the bot returns one of them.
    """

    module: Module
    state: GameState
    side: str
    actions: tuple[EngineAction, ...]
    rng: random.Random
    evaluator: Evaluator
    stop: Callable[[], bool] | None = None
    """Asked between iterations by a policy that searches: True means "answer now" (the
    window was closed, the game moved on)."""


class Policy(Protocol):
    name: str

    def choose(self, decision: Decision) -> EngineAction: ...


def make_policy(spec: str) -> Policy:
    """A policy from its name with an optional budget: ``random``, ``greedy``, ``mcts``, ``mcts:200``."""
    from .greedy import GreedyPolicy
    from .mcts import MctsPolicy
    from .random_policy import RandomPolicy

    name, _, arg = spec.strip().partition(":")
    if name == "random" and not arg:
        return RandomPolicy()
    if name == "greedy":
        return GreedyPolicy(samples=_positive(spec, arg, 3))
    if name == "mcts":
        return MctsPolicy(iterations=_positive(spec, arg, 16))
    raise ValueError(f"unknown policy {spec!r} (random, greedy[:SAMPLES], mcts[:ITERATIONS])")


def _positive(spec: str, text: str, default: int) -> int:
    if not text:
        return default
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"policy {spec!r}: the budget after ':' is a whole number of at least 1")
    return int(text)


def parse_policies(text: str, sides: list[str]) -> dict[str, str]:
    """``us=greedy,de=mcts:100`` → ``{"de": "mcts:100", "us": "greedy"}``; every side needs one."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        side, eq, spec = part.partition("=")
        if not eq or not side or not spec:
            raise ValueError(f"policies: {part!r} is not SIDE=POLICY")
        if side not in sides:
            raise ValueError(f"policies: no side {side!r} (sides: {', '.join(sides)})")
        make_policy(spec)  # refuse a bad name now, not in a worker
        out[side] = spec
    missing = [s for s in sides if s not in out]
    if missing:
        raise ValueError(f"policies: no policy for {', '.join(missing)}")
    return dict(sorted(out.items()))


__all__ = ["Decision", "Policy", "make_policy", "parse_policies"]
