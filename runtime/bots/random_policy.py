"""The random legal policy: uniform over the kinds of action, then over actions of that kind.

Choosing the kind first keeps a phase with 300 moves from drowning its one ``EndPhase``
and its attacks; a random game then looks like play, not like a unit wandering forever.
"""

from __future__ import annotations

from hexwright.runtime.engine import EngineAction

from .policy import Decision


class RandomPolicy:
    name = "random"

    def choose(self, decision: Decision) -> EngineAction:
        by_kind: dict[str, list[EngineAction]] = {}
        for action in decision.actions:
            by_kind.setdefault(type(action).__name__, []).append(action)
        kind = decision.rng.choice(sorted(by_kind))
        return decision.rng.choice(by_kind[kind])


__all__ = ["RandomPolicy"]
