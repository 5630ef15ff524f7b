"""The search policy: Monte Carlo search over imagined futures, with determinization.

The candidates are greedy's best few, so the search starts from what greedy would play and
overrules it only on evidence. Each iteration imagines one complete state behind what the
bot may see, with dice of its own (:mod:`.determinize`), applies a candidate and then
**plays the future out** with the fast rollout policy (:mod:`.rollout`) for both sides until
the other side has answered and it is this side's turn again — so a move is judged by what
the enemy can do to it, which one ply of look-ahead cannot see. The position reached is
scored by the evaluator, squashed with ``tanh``.

The budget is shared out by sequential halving (the root of Gumbel MuZero's search): a few
futures for every candidate, then the better half gets more, until one is left. Every
candidate of a round meets the same imagined futures (common random numbers: the same
hidden chits, dice and rollout choices), so two moves are compared on the same luck and a
handful of futures tells them apart; without that, the dice of a few futures drown the
difference between two moves. The budget is a number of iterations, never a time, so the
same seed gives the same game on any machine.
"""

from __future__ import annotations

import math
import random

from hexwright.runtime.engine import EngineAction, is_over, legal_actions, to_act
from hexwright.runtime.engine import apply as engine_apply
from hexwright.runtime.model import Module
from hexwright.runtime.state import ActionError, GameState

from .determinize import determinize
from .evaluation import Evaluator
from .greedy import GreedyPolicy
from .policy import Decision
from .rollout import quick_choice

SCALE = 10.0  # VP: a swing this large is worth tanh(1) of the range
ROLLOUT_LIMIT = 40  # actions: a rollout stops here even if the other side has not answered yet


class MctsPolicy:
    name = "mcts"

    def __init__(self, iterations: int = 16, width: int = 4) -> None:
        self.iterations = iterations
        self.width = width

    def choose(self, decision: Decision) -> EngineAction:
        if len(decision.actions) == 1:
            return decision.actions[0]
        scored = GreedyPolicy(samples=1).scored(decision)
        candidates = [a for _, a in scored[: self.width]]
        if len(candidates) < 2:
            return candidates[0] if candidates else decision.rng.choice(decision.actions)
        totals = dict.fromkeys(candidates, 0.0)
        visits = dict.fromkeys(candidates, 0)

        def rank(action: EngineAction) -> tuple[float, int]:
            return (totals[action] / visits[action] if visits[action] else -math.inf, -candidates.index(action))

        alive = list(candidates)
        rounds = math.ceil(math.log2(len(candidates)))
        for _ in range(rounds):
            for _ in range(max(1, self.iterations // rounds // len(alive))):
                if decision.stop is not None and decision.stop():
                    return max(candidates, key=rank)
                seed = decision.rng.getrandbits(62)  # one imagined future, the same for every candidate
                for action in alive:
                    totals[action] += self._future(decision, action, seed)
                    visits[action] += 1
            alive = sorted(alive, key=rank, reverse=True)[: max(1, len(alive) // 2)]
        return alive[0]

    def _future(self, decision: Decision, action: EngineAction, seed: int) -> float:
        """The value for the deciding side of ``action`` followed by a played-out future whose
        hidden state, dice and rollout choices all come from ``seed``."""
        rng = random.Random(seed)
        module, evaluator = decision.module, decision.evaluator
        state: GameState = determinize(module, decision.state, rng)
        try:
            state, _ = engine_apply(module, state, action)
        except ActionError:  # legal at the root, refused in this imagined state
            return -1.0
        state = play_out(module, evaluator, state, decision.side, rng)
        return math.tanh(evaluator.value(state, decision.side) / SCALE)


def play_out(module: Module, evaluator: Evaluator, state: GameState, side: str, rng: random.Random,
             limit: int = ROLLOUT_LIMIT) -> GameState:
    """``state`` played on by the rollout policy until another side has acted and ``side``
    is to act again (or the game ends, or ``limit`` actions)."""
    answered = False
    for _ in range(limit):
        if is_over(state):
            break
        acting = to_act(module, state)
        if acting is None:
            break
        if acting != side:
            answered = True
        elif answered:
            break
        actions = legal_actions(module, state)
        if not actions:
            break
        action = quick_choice(module, evaluator, state, acting, actions, rng)
        try:
            state, _ = engine_apply(module, state, action)
        except ActionError:
            break
    return state


__all__ = ["MctsPolicy", "play_out"]
