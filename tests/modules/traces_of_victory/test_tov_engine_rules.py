"""Rules of Traces of Victory the engine enforces from the shipped module's data, one test per
section: no attack across the Rhine (10.0), interdiction not on river crossings (7.2) and its
offered hexes, the step-loss allocation citing 10.3."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexwright.runtime.engine import Interdict, legal_actions
from hexwright.runtime.engine.context import unit_reach
from hexwright.runtime.engine.data import engine_state, with_engine_state
from hexwright.runtime.engine.interdiction import offered_hexes
from hexwright.runtime.geometry import parse_hexside
from hexwright.runtime.geometry.hexsides import hexside_hexes
from hexwright.runtime.rules.combat import combat_odds
from hexwright.runtime.state import GameState, Location, initial_state
from hexwright.runtime.storage import load_module

TOV = Path(__file__).resolve().parents[3] / "modules" / "traces_of_victory"


@pytest.fixture(scope="module")
def m():
    return load_module(TOV).module


def crossing(m, feature: str, connection: str | None = None) -> tuple[str, str]:
    """The hexes either side of the first hexside on the map with ``feature`` (and ``connection``)."""
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    for key, side in sorted(m.map.hexsides.items()):
        if feature in side.features and (connection is None or connection in side.connections):
            a, b = hexside_hexes(grid, parse_hexside(grid, key, scheme))
            if b is not None:
                return scheme.format(a, grid), scheme.format(b, grid)
    raise AssertionError(f"no {feature} hexside between two hexes")


def alone(s: GameState, **where: str) -> GameState:
    """Only the named units on the map, where given."""
    pieces = {p: v.model_copy(update={"at": Location.hex(where[p]) if p in where else Location.off("unavailable")})
              for p, v in s.pieces.items()}
    return s.model_copy(update={"pieces": pieces})


def test_10_0_no_attack_across_the_rhine_bridged_or_not(m):
    a, b = crossing(m, "rhine")
    s = alone(initial_state(m, "combined", 1), us_4ad_cca=a, de_559_1125=b)
    odds = combat_odds(m, s.occupancy(), ["us_4ad_cca"], b)
    assert not odds.allowed
    assert any("cannot attack across the rhine hexside" in r.text and r.section == "10.0" for r in odds.rulings)
    assert m.rules.combat.no_attack_across == ["rhine"]


def test_7_2_interdiction_has_no_effect_on_a_river_crossing(m):
    """A German unit crossing a bridged river next to a marker pays the bridge's road cost only;
    with the same marker, the module read without ``free_across`` would make it pay +2."""
    a, b = crossing(m, "river", "road")
    s = alone(initial_state(m, "combined", 1), de_559_1125=a)
    data = engine_state(s)
    s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
        update={"interdicted": (b,), "lasting": {}})}))
    rules = m.rules
    free = unit_reach(m, s, "de_559_1125", rules).hexes[b].cost
    paying_rules = rules.model_copy(update={"interdiction": rules.interdiction.model_copy(update={"free_across": []})})
    paying = unit_reach(m, s, "de_559_1125", paying_rules).hexes[b].cost
    assert paying == free + 2          # +1 to leave a (next to the marker), +1 to enter b (under it)


def test_7_2_the_offered_markers_are_near_german_units_and_in_play(m):
    s = initial_state(m, "patton", 1)
    offered = offered_hexes(m, s)
    assert 0 < len(offered) < len(m.map.hexes) // 3
    assert set(offered) <= set(m.map.areas["patton_limits"].hexes)
    german = {h for p, h in s.occupancy().items() if m.pieces.pieces[p].side == "de"}
    assert german & set(m.map.areas["patton_limits"].hexes) <= set(offered)
    assert not [a for a in legal_actions(m, s) if isinstance(a, Interdict)]  # only in the interdiction step
