"""Air interdiction markers and pools scaled by the scenario, as module data (``rules.json``
``interdiction``, ``scenario.pool_multipliers``), on a synthetic module after Traces of
Victory 7.2 and 14.1/14.2: markers cost a pool point each, one per hex, raise the cost to enter
and to leave the hexes around them for the affected side only, and go at the end of the turn."""

from __future__ import annotations

import pytest
from combat_modules import air_module

from hexwright.runtime.engine import EndPhase, Interdict, Move, Roll, apply, engine_state, legal_actions, rules_of
from hexwright.runtime.engine.context import unit_reach
from hexwright.runtime.engine.interdiction import surcharges
from hexwright.runtime.model import HexsideData
from hexwright.runtime.state import ActionError, initial_state


def rolled(m):
    s = initial_state(m, "s", 1)
    s, entry = apply(m, s, Roll())
    return s, entry


def cost(m, s, unit: str, to: str):
    found = unit_reach(m, s, unit, rules_of(m, s)).hexes.get(to)
    return None if found is None else found.cost


def test_7_2_a_marker_costs_a_point_one_per_hex_only_the_owner_places():
    m = air_module()
    s, _ = rolled(m)
    assert engine_state(s).seq.pools["air"]["blue"] == 3
    assert Interdict(hex="0707") in legal_actions(m, s)
    s, entry = apply(m, s, Interdict(hex="0707"))
    assert "interdiction marker placed at 0707 — 7.2" in entry.text and "Blue Air points: 2" in entry.text
    assert engine_state(s).seq.interdicted == ("0707",)
    with pytest.raises(ActionError, match=r"at most 1 marker\(s\) per hex at 0707 — 7\.2"):
        apply(m, s, Interdict(hex="0707"))
    assert Interdict(hex="0707") not in legal_actions(m, s)
    for hex in ("0101", "0909"):
        s, _ = apply(m, s, Interdict(hex=hex))
    assert not [a for a in legal_actions(m, s) if isinstance(a, Interdict)]
    with pytest.raises(ActionError, match="no air point left this turn"):
        apply(m, s, Interdict(hex="0303"))


def test_7_2_the_affected_side_pays_one_to_enter_and_one_to_leave_around_a_marker():
    """r_1 (0505) to 0707 by 0506 and 0606 costs 6 MP; with a marker on 0707: +1 to enter 0606
    (next to it), +1 to leave 0606, +1 to enter 0707 = 9, beyond its 8 MP."""
    m = air_module()
    s, _ = rolled(m)
    s, _ = apply(m, s, EndPhase())
    assert (cost(m, s, "r_1", "0707"), cost(m, s, "r_1", "0606"), cost(m, s, "r_1", "0303")) == (6, 4, 6)
    s, _ = rolled(m)
    s, _ = apply(m, s, Interdict(hex="0707"))
    s, _ = apply(m, s, EndPhase())
    assert cost(m, s, "r_1", "0606") == 5
    assert cost(m, s, "r_1", "0707") is None and cost(m, s, "r_1", "0303") == 6
    assert surcharges(m, s, "b_1") == ({}, {})      # blue is not affected
    enter, leave = surcharges(m, s, "r_1")
    assert sorted(enter) == sorted(leave) == ["0606", "0607", "0706", "0707", "0708", "0806", "0807"]
    with pytest.raises(ActionError):
        apply(m, s, Move(unit="r_1", to="0707"))


def test_7_2_two_overlapping_markers_double_the_cost():
    """0606 is next to both 0707 and 0706: +2 to enter it instead of +1."""
    m = air_module()
    s, _ = rolled(m)
    s, _ = apply(m, s, Interdict(hex="0707"))
    s, _ = apply(m, s, Interdict(hex="0706"))
    s, _ = apply(m, s, EndPhase())
    assert cost(m, s, "r_1", "0606") == 6


def test_7_2_the_markers_go_at_the_end_of_the_turn():
    m = air_module()
    s, _ = rolled(m)
    s, _ = apply(m, s, Interdict(hex="0707"))
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, EndPhase())
    assert s.turn == 2 and engine_state(s).seq.interdicted == ()


def test_14_1_the_scenario_halves_the_air_points_rounded_up():
    m = air_module("1/2")
    s, entry = rolled(m)
    assert engine_state(s).seq.pools["air"]["blue"] == 2      # 3 × 1/2 = 1.5, rounded up
    assert "air × 1/2 in this scenario, rounded up: 2" in entry.text


def test_7_2_a_step_across_a_free_hexside_pays_no_interdiction():
    """7.2 "Interdiction has no effects on ... River hex-side crossings": with a stream between
    0505 and 0506 listed in ``free_across``, r_1's step across it pays neither the +1 to leave
    0505 (next to the marker in 0504) nor the +1 to enter 0506 (next to the one in 0507);
    a step across no such hexside still pays both."""
    from builders import hexside_id

    def costs(free: list[str]):
        m = air_module()
        m.map.hexsides[hexside_id(m, "0505", "0506")] = HexsideData(features=["stream"])
        m.rules.interdiction.free_across = free
        s, _ = rolled(m)
        for hex in ("0504", "0507"):
            s, _ = apply(m, s, Interdict(hex=hex))
        s, _ = apply(m, s, EndPhase())
        return cost(m, s, "r_1", "0506"), cost(m, s, "r_1", "0605")

    paying, free = costs([]), costs(["stream"])
    assert paying == (2 + 1 + 1 + 1, 2 + 1)      # clear, stream, leave 0505, enter 0506 / clear, leave 0505
    assert free == (2 + 1, paying[1])


def test_7_2_offer_within_lists_hexes_near_the_affected_units_and_any_hex_is_accepted():
    """With ``offer_within: 1`` the legal actions offer the seven hexes around red's only unit
    (0505), not the 81 of the map; a marker in a hex not offered (0101) is still accepted."""
    m = air_module()
    s, _ = rolled(m)
    assert len([a for a in legal_actions(m, s) if isinstance(a, Interdict)]) == 81
    m.rules.interdiction.offer_within = 1
    offered = [a.hex for a in legal_actions(m, s) if isinstance(a, Interdict)]
    assert offered == ["0404", "0405", "0504", "0505", "0506", "0604", "0605"]
    s, _ = apply(m, s, Interdict(hex="0101"))
    assert engine_state(s).seq.interdicted == ("0101",)
    s, _ = apply(m, s, Interdict(hex="0505"))
    assert "0505" not in [a.hex for a in legal_actions(m, s) if isinstance(a, Interdict)]
