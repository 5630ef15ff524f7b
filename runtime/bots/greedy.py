"""The greedy policy: one ply of look-ahead, scored by the module's own data.

Every candidate action is applied to an imagined copy of the position (hidden chits
guessed, dice of the bot's own, :mod:`.determinize`) and the position after it is scored
by :class:`~.evaluation.Evaluator`: victory points, strength in play and closeness to the
objectives. An attack is scored by its resolved outcome, averaged over ``samples`` rolls,
so the odds and the expected losses of the combat results table decide it. Ending the
phase is a candidate like any other: the bot stops moving when no move helps.
"""

from __future__ import annotations

from hexwright.runtime.engine import EngineAction

from .lookahead import after, draws_dice, shortlist
from .policy import Decision

WIDTH = 12  # placements and other actions looked at closely, each


class GreedyPolicy:
    name = "greedy"

    def __init__(self, samples: int = 3, width: int = WIDTH) -> None:
        self.samples = samples
        self.width = width

    def scored(self, decision: Decision) -> list[tuple[float, EngineAction]]:
        """Each candidate with its mean value for the deciding side, best first."""
        out = []
        candidates = shortlist(decision.evaluator, decision.state, decision.side, decision.actions,
                               decision.rng, self.width)
        for action in candidates:
            values = []
            for _ in range(self.samples if draws_dice(action) else 1):
                new = after(decision.module, decision.state, action, decision.rng)
                if new is not None:
                    values.append(decision.evaluator.value(new, decision.side))
            if values:
                out.append((sum(values) / len(values), action))
        out.sort(key=lambda t: t[0], reverse=True)
        return out

    def choose(self, decision: Decision) -> EngineAction:
        scored = self.scored(decision)
        if not scored:
            return decision.rng.choice(decision.actions)
        best = scored[0][0]
        ties = [a for v, a in scored if v >= best - 1e-9]
        return ties[0] if len(ties) == 1 else decision.rng.choice(ties)


__all__ = ["GreedyPolicy"]
