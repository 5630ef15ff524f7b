"""Seeded random playouts and a scripted full game of The Drive on Metz through the engine,
in a :class:`Game` log: invariants at every step, replay, save/load, final VP (§10)."""

from __future__ import annotations

import random

import pytest

from hexwright.runtime.engine import (
    ENGINE,
    Declare,
    Drop,
    EndPhase,
    ExitMap,
    Move,
    engine_state,
    is_over,
    legal_actions,
    sort_key,
    to_act,
    to_step,
    totals,
    verdict,
)
from hexwright.runtime.engine import apply as engine_apply
from hexwright.runtime.state import Game, load_game_bytes, replayed, save_bytes, state_json

from .dom_positions import dom

ALL_OPTIONAL = {"division_command": True, "tactical_withdrawal": True, "us_airborne": True}


def _playout(seed: int, check_every: int = 1, optional_rules: dict[str, bool] | None = None) -> Game:
    m = dom()
    game = Game(m, "campaign", seed, optional_rules=optional_rules, engine=ENGINE)
    rnd = random.Random(seed)
    for step in range(2000):
        if is_over(game.state):
            break
        actions = legal_actions(m, game.state)
        assert actions, "no legal action in a game that is not over"
        if step % check_every == 0:
            assert actions == sorted(actions, key=sort_key)
            assert len(set(actions)) == len(actions)
        action = rnd.choice(actions)
        state = game.state
        before = state_json(state)
        expected, _ = engine_apply(m, state, action)
        assert state_json(state) == before  # apply does not change its input
        game.do(to_step(action))
        assert game.state == expected
    return game


@pytest.mark.parametrize("seed, options", [(1, None), (2, None), (3, None), (4, ALL_OPTIONAL)])
def test_random_playouts_keep_the_invariants_and_replay_and_save_exactly(seed, options):
    m = dom()
    game = _playout(seed, check_every=3, optional_rules=options)
    assert is_over(game.state) and game.state.turn == 7
    again = replayed(m, "campaign", seed, game.actions, optional_rules=options, engine=ENGINE)
    assert again.state == game.state
    loaded = load_game_bytes(save_bytes(game), m, engine=ENGINE)
    assert loaded.game.state == game.state and not loaded.warnings
    undone = Game(m, "campaign", seed, optional_rules=options, engine=ENGINE)
    undone.extend(game.actions[:10])
    undone.undo()
    assert undone.state == game.state_at(9)


def _toward(m, state, unit, target):
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    goal = scheme.parse(target, grid)
    taken = set(state.occupancy().values())
    moves = [a for a in legal_actions(m, state) if isinstance(a, Move) and a.unit == unit and a.to not in taken]
    return min(moves, key=lambda a: (grid.distance(scheme.parse(a.to, grid), goal), a.to), default=None)


PLAN = {  # US units and where they head (§10.1: Thionville, Metz, the east edge)
    "us_90_357": "0701", "us_90_358": "0702", "us_90_359": "0602",
    "us_5_2": "0905", "us_5_10": "0806", "us_5_11": "0904",
    "us_7_cca": "0905", "us_7_ccb": "0906", "us_7_ccr": "0807",
}


def _us_turn(game: Game, plan: dict[str, str] = PLAN) -> None:
    m = dom()
    for unit, target in plan.items():
        exit_ = next((a for a in legal_actions(m, game.state) if isinstance(a, ExitMap) and a.unit == unit
                      and a.edge == "east"), None)
        drop = Drop(unit=unit, to=target)
        if drop in legal_actions(m, game.state):  # §8.2: the airborne lands on its target and stops
            action = drop
        else:
            action = exit_ or _toward(m, game.state, unit, target)
        if action is not None:
            game.do(to_step(action))
    game.do(to_step(EndPhase()))
    # combat: the biggest attack available on each defender, while ΔCF is at least +4
    while True:
        declares = [a for a in legal_actions(m, game.state) if isinstance(a, Declare)]
        if not declares:
            break
        best = max(declares, key=lambda a: (len(a.attackers), a.hex))
        game.do(to_step(best))
    while (not is_over(game.state) and engine_state(game.state).declared) or engine_state(game.state).frames:
        game.do(to_step(legal_actions(m, game.state)[0]))
    game.do(to_step(EndPhase()))


def _scripted_game(plan: dict[str, str] = PLAN, optional_rules: dict[str, bool] | None = None) -> Game:
    m = dom()
    game = Game(m, "campaign", 1944, optional_rules=optional_rules, engine=ENGINE)
    while not is_over(game.state):
        assert to_act(m, game.state) == "us"
        _us_turn(game, plan)
        while not is_over(game.state) and to_act(m, game.state) == "de" and not engine_state(game.state).frames:
            game.do(to_step(EndPhase()))  # the German player stands fast
            if engine_state(game.state).frames:
                game.do(to_step(legal_actions(m, game.state)[0]))
    return game


def test_scripted_full_game_from_setup_to_the_end_of_turn_7_and_the_victory_level():
    m = dom()
    game = _scripted_game()
    assert game.state.turn == 7 and is_over(game.state)
    assert "game over" in game.entries[-1].text
    v = verdict(m, game.state)
    t = totals(m, game.state)
    assert (t, v.winner, v.level) == (SCRIPTED_TOTALS, "us", SCRIPTED_LEVEL)
    assert replayed(m, "campaign", 1944, game.actions, engine=ENGINE).state == game.state


SCRIPTED_TOTALS = {"de": 0, "us": 25}  # Thionville and Metz held (Table 4); 11/5 starts in box C now
SCRIPTED_LEVEL = "Decisive"  # Table 5: ΔVP 25


AIRBORNE_PLAN = {**PLAN, "us_101_502": "0806"}  # dropped next to Metz on turn 1, then it heads for Metz


def test_scripted_full_game_with_the_us_airborne_drop_s2_3_s8_2():
    m = dom()
    game = _scripted_game(AIRBORNE_PLAN, {"us_airborne": True})
    drops = [e.text for e in game.entries if "(air drop)" in e.text]
    assert len(drops) == 1 and "→ 0806" in drops[0] and "lands in enemy ZOC at 0806 — §2.3, §8.2" in drops[0]
    first_attack = next(e for e in game.entries if e.text.startswith("attack declared: US 502/101"))
    assert first_attack.turn == 1  # §8.2: dropped in enemy ZOC, it attacks Metz the same turn
    assert game.state.pieces["us_101_502"].at.kind == "eliminated"  # A1 on turn 2, no retreat (§9.3)
    assert is_over(game.state) and game.state.turn == 7
    v = verdict(m, game.state)
    t = totals(m, game.state)
    assert (t, v.winner, v.level) == (AIRBORNE_TOTALS, "us", AIRBORNE_LEVEL)
    again = replayed(m, "campaign", 1944, game.actions, optional_rules={"us_airborne": True}, engine=ENGINE)
    assert again.state == game.state


AIRBORNE_TOTALS = {"de": 0, "us": 30}  # CCA/7 leaves by the east edge, Thionville and Metz held
AIRBORNE_LEVEL = "Decisive"  # Table 5: ΔVP 30
