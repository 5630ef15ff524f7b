"""The search policy: Monte Carlo tree search over imagined futures.

Open-loop UCT with determinization: each iteration imagines one complete state behind
what the bot may see and dice of its own (:mod:`.determinize`), walks the tree of action
sequences from the root — the side to act at each step picks by its own upper confidence
bound — adds one new action, and scores the position reached with the evaluator (a
depth-limited search: a position is worth its evaluation, not a random game's end). Values
are squashed with ``tanh`` so a few large swings do not drown the rest. The move played is
the root action visited most. The budget is a number of iterations, never a time, so the
same seed gives the same game on any machine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from hexwright.runtime.engine import EngineAction, is_over, legal_actions, to_act
from hexwright.runtime.engine import apply as engine_apply
from hexwright.runtime.state import ActionError, GameState

from .determinize import determinize
from .lookahead import shortlist
from .policy import Decision

SCALE = 10.0  # VP: a swing this large is worth tanh(1) of the range


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

    def __init__(self, iterations: int = 48, depth: int = 6, width: int = 6, exploration: float = 0.9) -> None:
        self.iterations = iterations
        self.depth = depth
        self.width = width
        self.exploration = exploration

    def choose(self, decision: Decision) -> EngineAction:
        if len(decision.actions) == 1:
            return decision.actions[0]
        root = _Node()
        rng, module, evaluator = decision.rng, decision.module, decision.evaluator
        root_actions = shortlist(evaluator, decision.state, decision.side, decision.actions, rng, self.width)
        for _ in range(self.iterations):
            state: GameState = determinize(module, decision.state, rng)
            node, side, actions = root, decision.side, root_actions
            path = [root]
            for _depth in range(self.depth):
                options = [a for a in actions if a not in node.refused]
                if not options:
                    break
                untried = [a for a in options if a not in node.children]
                action = rng.choice(untried) if untried else self._select(node, options, side)
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
            values = {s: math.tanh(v / SCALE) for s, v in evaluator.values(state).items()}
            for visited in path:
                visited.visits += 1
                for s, v in values.items():
                    visited.totals[s] = visited.totals.get(s, 0.0) + v
        if not root.children:
            return root_actions[0] if root_actions else decision.actions[0]
        return max(sorted(root.children.items(), key=lambda kv: decision.actions.index(kv[0])),
                   key=lambda kv: (kv[1].visits, kv[1].mean(decision.side)))[0]

    def _select(self, node: _Node, options: list[EngineAction], side: str) -> EngineAction:
        log_n = math.log(max(node.visits, 1))

        def ucb(action: EngineAction) -> float:
            child = node.children[action]
            return child.mean(side) + self.exploration * math.sqrt(log_n / max(child.visits, 1))

        return max(options, key=ucb)


__all__ = ["MctsPolicy"]
