"""The movement search at its edges: withdrawal away from a map edge on every kind of grid,
all-MF steps, entry from off the map, surcharges and crossings between EZOC hexes
(DoM §8.1.1–§8.2, ToV 7.2 and 9.2, St-Lô 4.1).
"""

from __future__ import annotations

import pytest
from builders import add_unit, hexside_id, rules_module

from hexwright.runtime.model import Box
from hexwright.runtime.model.rules_config import RulesConfig, ZocRules, ZocWithdrawal
from hexwright.runtime.rules import reach


def labelled(m):
    grid = m.map.grid.hex_grid()
    scheme = m.map.grid.labels.scheme()
    return grid, scheme


def neighbours(m, label):
    grid, scheme = labelled(m)
    return sorted(scheme.format(n, grid) for _d, n in grid.neighbors(scheme.parse(label, grid)))


def centre(m, label):
    grid, scheme = labelled(m)
    return m.map.grid.layout().center(scheme.parse(label, grid))


def allowed_by_pixels(m, start, edge):
    """The oracle: neighbours whose drawn centre is no closer to ``edge`` than the start's."""
    sx, sy = centre(m, start)
    closer = {"east": lambda x, y: x > sx + 1e-6, "west": lambda x, y: x < sx - 1e-6,
              "south": lambda x, y: y > sy + 1e-6, "north": lambda x, y: y < sy - 1e-6}[edge]
    return {n for n in neighbours(m, start) if not closer(*centre(m, n))}


GRIDS = [("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")]


@pytest.mark.parametrize(("orientation", "shifted"), GRIDS)
@pytest.mark.parametrize("edge", ["north", "south", "east", "west"])
def test_withdrawal_never_steps_toward_the_enemy_edge_dom_8_1_1(orientation, shifted, edge):
    """DoM §8.1.1 tactical withdrawal: the first hex entered may not be closer to the edge the
    enemy comes from — on flat and pointy grids, odd and even offsets, from odd and even
    columns and rows. The oracle is where the hexes are drawn."""
    z = ZocRules(zoc_to_zoc=True, withdrawal=ZocWithdrawal(not_toward_edge={"blue": edge}, first_hex_not_in_ezoc=False))
    m = rules_module(9, 9, rules=RulesConfig(zoc=z))
    m.map.grid.orientation, m.map.grid.shifted = orientation, shifted
    add_unit(m, "tank", unit_type="arm", movement=12)
    add_unit(m, "r", side="red")
    for start in ("0505", "0404", "0405", "0504"):
        enemy = neighbours(m, start)[0]
        r = reach(m, {"tank": start, "r": enemy}, "tank")
        first_steps = {h.path[0] for h in r.hexes.values()}
        assert first_steps == allowed_by_pixels(m, start, edge) - {enemy}, (start, enemy)


@pytest.mark.parametrize(("first_hex_not_in_ezoc", "first_steps"), [
    (True, {"0404", "0505", "0305"}), (False, {"0404", "0505", "0305", "0506", "0306"})])
def test_withdrawal_first_hex_not_in_ezoc_dom_8_1_1(first_hex_not_in_ezoc, first_steps):
    """0405 is next to an enemy in 0406, whose ZOC also covers 0506 and 0306."""
    z = ZocRules(zoc_to_zoc=True, withdrawal=ZocWithdrawal(first_hex_not_in_ezoc=first_hex_not_in_ezoc))
    m = rules_module(rules=RulesConfig(zoc=z))
    add_unit(m, "tank", unit_type="arm", movement=12)
    add_unit(m, "r", side="red")
    r = reach(m, {"tank": "0405", "r": "0406"}, "tank")
    assert {h.path[0] for h in r.hexes.values()} == first_steps
    assert r.hexes["0404"].cost == 6  # 2 clear + 4 to withdraw (ZocWithdrawal.extra_cost)


def marsh_module(**kw):
    """``rules_module`` with marsh, whose entry takes all MF (like a river hexside)."""
    m = rules_module(terrain={"0304": "marsh", "0301": "marsh"}, **kw)
    m.tables.terrain_effects.terrain["marsh"] = {"*": "all"}
    return m


def test_all_mf_terrain_is_entered_only_as_the_first_step_dom_8_1_2():
    m = marsh_module()
    add_unit(m, "b", movement=5)
    r = reach(m, {"b": "0303"}, "b")
    assert (r.hexes["0304"].cost, r.hexes["0304"].stop, r.hexes["0304"].path) == (5, True, ("0304",))
    assert str(r.hexes["0304"].rulings[0]).startswith("stopped: all MF spent")
    far = reach(m, {"b": "0302"}, "b", allowance=20)
    assert "0304" not in far.hexes and "0303" in far.hexes  # 0303 is next to it, but not the start


def test_an_all_mf_step_pays_no_surcharge_and_no_zoc_cost_tov_9_2():
    z = ZocRules(stop_on_enter=False, can_leave=True, zoc_to_zoc=True, enter_cost="2")
    m = marsh_module(rules=RulesConfig(zoc=z))
    add_unit(m, "b", movement=5)
    add_unit(m, "r", side="red")
    occ = {"b": "0403", "r": "0305"}  # the enemy's ZOC: 0304 (marsh) and 0404 next to 0403
    r = reach(m, occ, "b", enter_surcharge={"0304": 1})
    assert r.hexes["0304"].cost == 5  # the whole allowance, nothing on top
    plain = reach(m, occ, "b", enter_surcharge={"0402": 1})
    assert plain.hexes["0402"].cost == 2 + 1  # clear, plus the surcharge
    assert plain.hexes["0404"].cost == 2 + 2  # into the enemy's ZOC: clear, plus enter_cost


def test_a_cheaper_way_round_replaces_an_all_mf_stop_dom_8_1_2():
    """Across the river takes all 5 MF and stops; round by 0304 costs 4 and goes on."""
    m = rules_module()
    m = rules_module(hexsides={hexside_id(m, "0404", "0403"): ["river"]})
    add_unit(m, "b", movement=5)
    r = reach(m, {"b": "0404"}, "b")
    assert (r.hexes["0403"].cost, r.hexes["0403"].stop, r.hexes["0403"].path) == (4, False, ("0304", "0403"))
    assert r.hexes["0403"].rulings == ()


def test_entry_into_all_mf_terrain_takes_the_whole_allowance_dom_8_2():
    m = marsh_module()
    m.map.boxes["north"] = Box(name="North", kind="reinforcement", side="red", entry_hexes=["0201", "0301"])
    add_unit(m, "r", side="red", movement=6)
    r = reach(m, {}, "r", box="north")
    assert (r.hexes["0301"].cost, r.hexes["0301"].stop, r.hexes["0301"].path) == (6, True, ("0301",))
    dearer = reach(m, {}, "r", box="north", enter_surcharge={"0301": 1})  # all MF: no surcharge on top
    assert (dearer.hexes["0301"].cost, dearer.hexes["0301"].stop) == (6, True)
    assert (r.hexes["0201"].cost, r.hexes["0201"].stop) == (2, False)
    assert r.hexes["0202"].path == ("0201", "0202") and r.hexes["0202"].cost == 4


def test_crossing_a_hexside_between_ezoc_hexes_is_refused_only_for_the_listed_features_tov_9_2():
    z = ZocRules(stop_on_enter=False, can_leave=True, zoc_to_zoc=True, no_crossing_between_ezoc=["river"])
    m = rules_module()
    river, stream = hexside_id(m, "0404", "0403"), hexside_id(m, "0404", "0405")
    m = rules_module(hexsides={river: ["river"], stream: ["stream"]}, roads=[river], rules=RulesConfig(zoc=z))
    add_unit(m, "b", movement=8)
    add_unit(m, "r1", side="red")
    add_unit(m, "r2", side="red")
    add_unit(m, "r3", side="red")
    # 0404 is in r1's ZOC, 0403 in r2's, 0405 in r3's
    r = reach(m, {"b": "0404", "r1": "0504", "r2": "0402", "r3": "0406"}, "b")
    assert r.hexes["0403"].path != ("0403",)  # over the bridge, between two EZOC hexes: no
    assert r.hexes["0405"].path == ("0405",) and r.hexes["0405"].cost == 3  # across a stream: yes
    free = reach(m, {"b": "0404", "r2": "0402"}, "b")
    assert free.hexes["0403"].path == ("0403",)  # the start is in no EZOC: the bridge is fine


def test_surcharges_to_leave_and_enter_add_up_tov_7_2():
    m = rules_module()
    add_unit(m, "b", movement=9)
    r = reach(m, {"b": "0404"}, "b", enter_surcharge={"0403": 1, "0402": 2}, leave_surcharge={"0404": 1, "0403": 1})
    assert [r.hexes[h].cost for h in ("0405", "0403", "0402", "0304")] == [3, 4, 9, 3]


def test_an_ezoc_hex_whose_extra_cost_exceeds_the_allowance_is_not_reached_tov_9_2():
    z = ZocRules(stop_on_enter=False, can_leave=True, zoc_to_zoc=True, enter_cost="2")
    m = rules_module(rules=RulesConfig(zoc=z))
    add_unit(m, "b", movement=3)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0403", "r": "0305"}, "b")  # 0404 is next to the enemy, 0402 is not
    assert "0404" not in r.hexes and r.hexes["0402"].cost == 2
    assert reach(m, {"b": "0403", "r": "0305"}, "b", allowance=4).hexes["0404"].cost == 4


EZOC_OF_0406 = {"0405", "0506", "0507", "0407", "0307", "0306"}


def test_a_unit_that_may_leave_an_ezoc_still_stops_on_entering_one_st_lo_4_1_b():
    """St-Lô 4.1: a unit starting in an EZOC may leave it, but one entering an EZOC stops there."""
    m = rules_module(rules=RulesConfig(zoc=ZocRules(can_leave=True, stop_on_enter=True, zoc_to_zoc=True)))
    add_unit(m, "b", movement=12)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0403", "r": "0406"}, "b")
    assert r.hexes["0405"].stop and r.rulings == []
    assert not any(x in EZOC_OF_0406 for h in r.hexes.values() for x in h.path[:-1])


def test_without_stopping_an_ezoc_hex_cannot_be_left_when_leaving_is_forbidden_dom_8_1_1():
    m = rules_module(rules=RulesConfig(zoc=ZocRules(can_leave=False, stop_on_enter=False)))
    add_unit(m, "b", movement=12)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0403", "r": "0406"}, "b")
    assert not r.hexes["0405"].stop and r.hexes["0405"].cost == 4
    assert not any(x in EZOC_OF_0406 for h in r.hexes.values() for x in h.path[:-1])
    assert r.rulings == []


def test_withdrawal_not_across_the_listed_hexsides_dom_8_1_1():
    """DoM §8.1.1: the first hex of a tactical withdrawal is not across a river."""
    z = ZocRules(withdrawal=ZocWithdrawal(not_across_hexsides=["river"]))
    m = rules_module()
    m = rules_module(hexsides={hexside_id(m, "0405", "0404"): ["river"]}, roads=[hexside_id(m, "0405", "0404")],
                     rules=RulesConfig(zoc=z))
    add_unit(m, "tank", unit_type="arm", movement=12)
    add_unit(m, "r", side="red")
    r = reach(m, {"tank": "0405", "r": "0406"}, "tank")
    assert {h.path[0] for h in r.hexes.values()} == {"0505", "0305"}  # 0404 is across the (bridged) river
    assert r.rulings == []


def test_blocked_entry_moves_to_the_nearest_free_map_edge_hexes_dom_8_2():
    """DoM §8.2: with every entry hex blocked, the closest free hexes *on the map edge* (0402,
    as close but inside the map, is not one)."""
    m = rules_module()
    m.map.boxes["north"] = Box(name="North", kind="reinforcement", side="red", entry_hexes=["0401"])
    add_unit(m, "r", side="red", movement=8)
    add_unit(m, "b")
    r = reach(m, {"b": "0401"}, "r", box="north")
    assert str(r.rulings[-1]).startswith("every entry hex is blocked: entering at the closest free hex 0301, 0501")
    assert {h.path[0] for h in r.hexes.values()} == {"0301", "0501"}


def test_a_surcharge_beyond_the_allowance_keeps_the_unit_out_tov_9_1_7_2():
    """ToV 9.1: "A unit cannot enter a hex if it has insufficient MPs" — an interdiction
    surcharge (7.2) counts like any cost on the last step."""
    m = rules_module()
    add_unit(m, "b", movement=4)
    assert reach(m, {"b": "0404"}, "b").hexes["0402"].cost == 4
    r = reach(m, {"b": "0404"}, "b", enter_surcharge={"0402": 1})
    assert "0402" not in r.hexes and r.hexes["0403"].cost == 2
