"""A whole game of St-Lô played by a script through the rules engine (``tests/support/stlo_game.py``:
the choices by a fixed script, the dice from the seed), from the setup to the victory
determination (3.0, 21.0–21.2): eight turns, the US VPs as section 21 counts them from the final
position, the victory level of 21.2's table, and the log replaying bit for bit."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from stlo_game import play

from hexwright.runtime.engine import ENGINE, engine_state, is_over, scores, verdict
from hexwright.runtime.rules import supply
from hexwright.runtime.state import replayed
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"
SEED = 11
LEVELS = [(21, 99, "Decisive US"), (16, 20, "Substantial US"), (11, 15, "Marginal US"), (8, 10, "Marginal German"),
          (6, 7, "Substantial German"), (-99, 5, "Decisive German")]
"""21.2: the victory level by the US total."""
SPECIAL, ORDINARY = ("2626", "2727", "2927"), ("1219", "1225", "3035", "4435")
"""21.1.1 A: the special depots, and the ordinary ones of the map."""


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


@pytest.fixture(scope="module")
def game(m):
    return play(m, SEED)


@pytest.mark.slow
def test_21_the_scripted_game_ends_after_turn_8_with_the_level_of_the_us_total(m, game):
    """21.0: eight turns, then the US VPs: the script's US reaches the St-Lô VP Area (8 VP, 21.1.2)
    and no depot: 8 VP, Marginal German (21.2: 8-10)."""
    s = game.state
    assert is_over(s) and s.turn == 8
    us = {u: h for u, h in s.occupancy().items() if m.pieces.pieces[u].side == "us"
          and m.pieces.pieces[u].unit_type in ("infantry", "recon")}
    traced = supply(m, s.occupancy(), "us", control=s.control, rules=m.rules).units
    area = set(m.map.areas["st_lo_vp"].hexes)
    in_area = sorted(u for u, h in us.items() if h in area and traced.get(u))
    on_depots = [h for h in us.values() if h in SPECIAL + ORDINARY]
    expected = (8 if in_area else 0) + 2 * sum(h in SPECIAL for h in on_depots) + sum(h in ORDINARY for h in on_depots)
    assert in_area and not on_depots and expected == 8
    result = verdict(m, s)
    assert result.totals["us"] == expected
    level = next(name for low, high, name in LEVELS if low <= expected <= high)
    assert (result.level, result.winner) == (level, "de") == ("Marginal German", "de")
    assert [sc.section for sc in scores(m, s)] == ["21.1.2"]


@pytest.mark.slow
def test_3_0_the_scripted_game_plays_every_kind_of_operation_and_fire(m, game):
    """Operations of 3.2.3 and the fires of 10, 14–16 all happen in it: HQ activations with movement
    and attacks, barrages, interdiction, on-call and defensive fire."""
    texts = " ".join(e.text for e in game.entries)
    for what in ("chooses HQ Activation", "[Movement action]", "attack declared", "Barrage fire on",
                 "Interdiction fire", "On-call fire for", "Defensive fire for", "Recovery Phase",
                 "Headquarters Phase"):
        assert what in texts, what
    kinds = Counter(a.name for a in game.actions)
    assert kinds["move"] > 20 and kinds["resolve"] > 5 and kinds["fire"] > 20
    assert engine_state(game.state).over


@pytest.mark.slow
def test_3_0_the_scripted_game_replays_bit_exact(m, game):
    again = replayed(m, "st_lo", SEED, game.actions, engine=ENGINE)
    assert again.state == game.state and again.state_hash() == game.state_hash()
