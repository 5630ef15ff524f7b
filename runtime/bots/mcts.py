"""The search policy: Monte Carlo tree search over imagined futures.

Open-loop UCT with determinization. The root's candidates are greedy's best few (so the
search starts from what greedy would play and can only overrule it with evidence). Each
iteration imagines one complete state behind what the bot may see, with dice of its own
(:mod:`.determinize`); walks the tree from the root, the side to act at each node picking
by its upper confidence bound; adds one new action; then **plays the future out** with the
fast rollout policy (:mod:`.rollout`) for both sides until the other side has answered and
it is this side's turn to act again — so a move is judged by what the enemy can do to it,
which is exactly what one ply of look-ahead cannot see. The position reached is scored by
the evaluator, squashed with ``tanh`` so a few large swings do not drown the rest. The move
played is the root action visited most. The budget is a number of iterations, never a
time, so the same seed gives the same game on any machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from hexwright.runtime.engine import EngineAction, is_over, legal_actions, to_act
from hexwright.runtime.engine import apply as engine_apply
from hexwright.runtime.model import Module
from hexwright.runtime.state import ActionError, GameState

from .determinize import determinize
from .evaluation import Evaluator
from .greedy import GreedyPolicy
from .lookahead import shortlist
from .policy import Decision
from .rollout import quick_choice

SCALE = 10.0  # VP: a swing this large is worth tanh(1) of the range
ROLLOUT_LIMIT = 40  # actions: a rollout stops here even if the other side has not answered yet


@dataclass
class _Node:
    visits: int = 0
    totals: dict[str, float] = field(default_factory=dict)
    children: dict[EngineAction, _Node] = field(default_factory=dict)
    refused: set[EngineAction] = field(default_factory=set)

    def mean(self, side: str) -> float:
        return self.totals.get(side, 0.0) / self.visits if self.visits else 0.0


class MctsPolicy:
    name = "mcts"

    def __init__(self, iterations: int = 16, depth: int = 3, width: int = 4, exploration: float = 0.7) -> None:
        self.iterations = iterations
        self.depth = depth
        self.width = width
        self.exploration = exploration

    def choose(self, decision: Decision) -> EngineAction:
        if len(decision.actions) == 1:
            return decision.actions[0]
        scored = GreedyPolicy(samples=1).scored(decision)
        root_actions = [a for _, a in scored[: self.width]]
        if len(root_actions) < 2:
            return root_actions[0] if root_actions else decision.rng.choice(decision.actions)
        root = _Node()
        for _ in range(self.iterations):
            if decision.stop is not None and decision.stop():
                break
            self._iterate(decision, root, root_actions)
        if not root.children:
            return root_actions[0]
        order = {a: i for i, a in enumerate(root_actions)}
        return max(root.children.items(),
                   key=lambda kv: (kv[1].visits, kv[1].mean(decision.side), -order.get(kv[0], 0)))[0]

    def _iterate(self, decision: Decision, root: _Node, root_actions: list[EngineAction]) -> None:
        rng, module, evaluator = decision.rng, decision.module, decision.evaluator
        state: GameState = determinize(module, decision.state, rng)
        node, side, actions = root, decision.side, root_actions
        path = [root]
        for _depth in range(self.depth):
            options = [a for a in actions if a not in node.refused]
            if not options:
                break
            untried = [a for a in options if a not in node.children]
            action = untried[0] if untried else self._select(node, options, side)
            try:
                state, _ = engine_apply(module, state, action)
            except ActionError:  # legal at the root, refused in this imagined state
                node.refused.add(action)
                break
            node = node.children.setdefault(action, _Node())
            path.append(node)
            if untried or is_over(state):
                break
            next_side = to_act(module, state)
            if next_side is None:
                break
            side = next_side
            actions = shortlist(evaluator, state, side, tuple(legal_actions(module, state)), rng, self.width)
        state = play_out(module, evaluator, state, decision.side, rng)
        values = {s: math.tanh(v / SCALE) for s, v in evaluator.values(state).items()}
        for visited in path:
            visited.visits += 1
            for s, v in values.items():
                visited.totals[s] = visited.totals.get(s, 0.0) + v

    def _select(self, node: _Node, options: list[EngineAction], side: str) -> EngineAction:
        log_n = math.log(max(node.visits, 1))

        def ucb(action: EngineAction) -> float:
            child = node.children.get(action)
            if child is None or not child.visits:
                return math.inf
            return child.mean(side) + self.exploration * math.sqrt(log_n / child.visits)

        return max(options, key=ucb)


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
