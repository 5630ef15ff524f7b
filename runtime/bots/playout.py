"""One game played by bots through the engine, with the invariants checked at every step.

The game is a :class:`~runtime.state.Game` like a human's: every action goes through its
log, so the result saves as a ``.hwsav`` and replays step by step. Bots see only
``view(state, side)``. Each side's bot draws its own choices from a generator seeded from
the game's seed and the side, so a game is a pure function of (module, scenario, seed,
policies): the same on any machine and in any worker.
"""

from __future__ import annotations

import hashlib
import random

from pydantic import BaseModel, ConfigDict

from hexwright.runtime.engine import (
    ENGINE,
    EngineAction,
    is_over,
    legal_actions,
    to_act,
    to_step,
    totals,
    verdict,
    view,
)
from hexwright.runtime.engine import apply as engine_apply
from hexwright.runtime.model import Module
from hexwright.runtime.state import Game, replayed, state_json

from .evaluation import Evaluator, rule_hexes
from .invariants import InvariantViolation, check_end, check_legal, check_step, check_unchanged, map_labels
from .policy import Decision, Policy, make_policy

MAX_ACTIONS = 5000


class GameRecord(BaseModel):
    """What a study keeps of one game (the actions too, when the game is to be saved)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seed: int
    policies: dict[str, str]
    winner: str | None = None
    level: str = ""
    margin: int = 0
    totals: dict[str, int] = {}
    vp_by_turn: list[dict[str, int]] = []
    turns: int = 0
    actions: int = 0
    finished: bool = False
    eliminated: list[str] = []
    objectives_changed: dict[str, int] = {}
    violation: str = ""
    violation_index: int = -1


def bot_rng(seed: int, side: str) -> random.Random:
    """The generator a side's bot draws its choices from (not the game's dice)."""
    digest = hashlib.sha256(f"hexwright-bot:{seed}:{side}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def play_game(module: Module, scenario: str, seed: int, policies: dict[str, str], *,
              optional_rules: dict[str, bool] | None = None, max_actions: int = MAX_ACTIONS,
              check_every: int = 1) -> tuple[GameRecord, Game]:
    """Play one game to its end (or ``max_actions``); the record and the game with its log.

    An invariant violation stops the game: the record names it, and the game holds the
    log up to the action that broke it (save it as the reproducer).
    """
    game = Game(module, scenario, seed, optional_rules=optional_rules, engine=ENGINE)
    bots: dict[str, Policy] = {side: make_policy(spec) for side, spec in policies.items()}
    rngs = {side: bot_rng(seed, side) for side in policies}
    evaluator = Evaluator(module)
    labels = map_labels(module)
    objectives = sorted({h for rule in module.tables.victory.rules if rule.kind == "control_hex"
                         for h in rule_hexes(rule.params)})
    vp_by_turn: list[dict[str, int]] = []
    changed = dict.fromkeys(objectives, 0)
    violation, where = "", -1
    index = 0
    try:
        while not is_over(game.state) and index < max_actions:
            state = game.state
            side = to_act(module, state)
            actions = legal_actions(module, state)
            if side is None or not actions:
                raise InvariantViolation(index, "the game is not over but nobody can act")
            if side not in bots:
                raise InvariantViolation(index, f"side {side!r} has no bot")
            decision = Decision(module, view(state, side), side, tuple(actions), rngs[side], evaluator)
            action: EngineAction = bots[side].choose(decision)
            check_legal(index, actions, action)
            if index % check_every == 0:
                before_json = state_json(state)
                expected, _ = engine_apply(module, state, action)
                check_unchanged(index, before_json, state)
            game.do(to_step(action))
            after = game.state
            if index % check_every == 0 and state_json(after) != state_json(expected):
                raise InvariantViolation(index, "the game's log applied the action differently from the engine")
            check_step(module, labels, index, state, after)
            if after.turn != state.turn:
                vp_by_turn.append(totals(module, after))
            for h in objectives:
                if after.control.get(h) != state.control.get(h):
                    changed[h] += 1
            index += 1
        if is_over(game.state):
            vp_by_turn.append(totals(module, game.state))  # the last turn's, at the end
            again = replayed(module, scenario, seed, game.actions, optional_rules=optional_rules, engine=ENGINE)
            check_end(module, index, game.state, again.state)
    except InvariantViolation as exc:
        violation, where = exc.message, exc.index
    final = game.state
    outcome = verdict(module, final)
    record = GameRecord(
        seed=seed, policies=dict(sorted(policies.items())), winner=outcome.winner, level=outcome.level,
        margin=outcome.margin, totals=outcome.totals, vp_by_turn=vp_by_turn, turns=final.turn,
        actions=len(game.actions), finished=is_over(final) and not violation,
        eliminated=sorted(pid for pid, p in final.pieces.items() if p.at.kind == "eliminated"),
        objectives_changed={h: n for h, n in changed.items() if n}, violation=violation, violation_index=where,
    )
    return record, game


__all__ = ["MAX_ACTIONS", "GameRecord", "InvariantViolation", "bot_rng", "play_game"]
