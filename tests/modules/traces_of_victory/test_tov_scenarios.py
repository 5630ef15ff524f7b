"""The three scenarios of Traces of Victory (14.1-14.3): their setup against 3.0, 5.0 and the map
limits, and whole games through the engine from setup to the victory determination (13.1)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hexwright.runtime.engine import (
    ENGINE,
    Choose,
    EndPhase,
    PutChit,
    is_over,
    legal_actions,
    to_step,
    verdict,
    weather_now,
)
from hexwright.runtime.state import Game, replayed
from hexwright.runtime.storage import load_module

TOV = Path(__file__).resolve().parents[3] / "modules" / "traces_of_victory"
SCENARIOS = ("patton", "patch", "combined")


@pytest.fixture(scope="module")
def m():
    return load_module(TOV).module


def army(m, pid: str) -> str:
    f = m.pieces.pieces[pid].formation
    while m.pieces.formations[f].echelon != "army":
        f = m.pieces.formations[f].parent
    return f


@pytest.mark.parametrize("sid", SCENARIOS)
def test_14_setup_keeps_stacking_sides_apart_and_the_map_limits(m, sid):
    sc = m.scenarios[sid]
    hexes: dict[str, list[str]] = {}
    for p in sc.setup:
        if p.hex is not None:
            hexes.setdefault(p.hex, []).append(p.piece)
    for label, pieces in hexes.items():
        sides = {m.pieces.pieces[p].side for p in pieces}
        hqs = [p for p in pieces if m.pieces.unit_types[m.pieces.pieces[p].unit_type].is_hq]
        assert len(sides) == 1, label                           # 5.0: never sharing a hex
        assert len(hqs) <= 1 and len(pieces) - len(hqs) <= 2, label
    if sc.map_limits:
        inside = set(m.map.areas[sc.map_limits].hexes)
        assert set(hexes) <= inside
    assert sc.setup and sc.last_turn == 12


def test_14_1_14_2_forces_and_chits_removed(m):
    patton, patch, combined = (m.scenarios[s] for s in SCENARIOS)
    in_patton = {p.piece for p in patton.setup} | {r.piece for r in patton.reinforcements}
    assert {army(m, p) for p in in_patton} == {"us_3rd", "de_1st", "de_okw"}
    assert not any(p.startswith("de_21pz") for p in in_patton)          # 14.1: less the 21st Panzer
    in_patch = {p.piece for p in patch.setup} | {r.piece for r in patch.reinforcements}
    assert {army(m, p) for p in in_patch} == {"us_7th", "de_19th", "de_okw"}
    assert {r.piece.rsplit("_", 1)[0] for r in patch.reinforcements} == {"de_21pz"}  # 14.2
    assert sorted(patton.removed_chits) == sorted(["us_vi_1", "us_vi_2", "us_xv_1", "de_iv_lwf_1", "de_lxiv_1",
                                                   "de_lxiv_2", "de_lxxxix_1", "de_lxxxix_2"])
    assert len(patch.removed_chits) == 7 and combined.removed_chits == []
    assert (patton.map_limits, patch.map_limits, combined.map_limits) == ("patton_limits", "patch_limits", None)
    on_map = {p.piece for p in combined.setup if p.hex}
    assert {"us_4ad_cca", "us_6ad_ccb", "de_11pz_15"} <= on_map
    assert all(any(r.kind == "no_move_before_turn" and r.turn == 4 for r in m.pieces.pieces[p].restrictions)
               for p in on_map if p.startswith(("us_4ad", "us_6ad", "de_11pz")))  # 12.1


def shortest(acts):
    """End every step at once and play every chit drawn: the game as short as its sequence allows."""
    end = [a for a in acts if isinstance(a, EndPhase)]
    play = [a for a in acts if isinstance(a, Choose) and a.option == "play"]
    return (end or play or acts)[0]


@pytest.mark.slow
@pytest.mark.parametrize("sid", SCENARIOS)
def test_14_a_scripted_game_runs_to_the_victory_determination_and_replays(m, sid):
    """Setup to the end of turn 12 through the whole sequence (12.1, 4.1-4.4): no objective taken,
    no VPs: a German Major Victory (13.1); the log replays to the same state."""
    game = Game(m, sid, 7, engine=ENGINE)
    for _ in range(3000):
        if is_over(game.state):
            break
        game.do(to_step(shortest(legal_actions(m, game.state))))
    assert is_over(game.state) and game.state.turn == 12
    result = verdict(m, game.state)
    assert result.level == "German Major Victory" and result.winner == "de"
    again = replayed(m, sid, 7, game.actions, engine=ENGINE)
    assert again.state == game.state


def test_12_1_4_0_turn_one_runs_through_every_phase_into_turn_two(m):
    """The special activation (12.1), weather fixed heavy overcast (4.1.6), chit selection with
    the Supply chit (4.2), the action phase until the cup is empty (4.3), then turn 2."""
    game = Game(m, "combined", 5, engine=ENGINE)
    muddy = []
    for _ in range(400):
        if game.state.turn == 2:
            break
        acts = legal_actions(m, game.state)
        if any(isinstance(a, PutChit) for a in acts):
            muddy.append(weather_now(m, game.state))
        game.do(to_step(shortest(acts)))
    seen = [w for w in muddy if w is not None]  # (None: before the engine's first step ran)
    assert seen and set(seen) == {"mud"}  # 4.1.6: mud is in effect on turn 1
    assert game.state.turn == 2
    text = "\n".join(e.text for e in game.entries)
    assert "weather: heavy_overcast" in text and "Supply" in text


@pytest.mark.slow
@pytest.mark.parametrize("sid", SCENARIOS)
def test_14_a_seeded_random_playout_ends_and_replays_bit_exact(m, sid):
    rnd = random.Random(sid)
    game = Game(m, sid, 11, engine=ENGINE)
    for _ in range(6000):
        if is_over(game.state):
            break
        acts = legal_actions(m, game.state)
        assert acts, f"no legal action on turn {game.state.turn}"
        game.do(to_step(rnd.choice(acts)))
    assert is_over(game.state)
    again = replayed(m, sid, 11, game.actions, engine=ENGINE)
    assert again.state == game.state
