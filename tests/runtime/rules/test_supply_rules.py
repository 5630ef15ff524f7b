"""Supply and lines of communication for a whole side (ToV 8.1, St-Lô 4.2, 7.3).

Most maps here are one row of hexes (a corridor): on a flat-top map hex ``(c, 0)`` is
next to ``(c + 1, 0)``, so a line has exactly one way to go.
"""

import pytest
from builders import add_unit, hexside_id, rules_module

from hexwright.runtime.model import HexFeature
from hexwright.runtime.model.rules_config import RoadLeg, RulesConfig, SupplyRules
from hexwright.runtime.rules import supply


def corridor(cols: int = 7, *, supply_rules: SupplyRules | None = None, hexsides=None, roads=None, rows: int = 1,
             terrain=None):
    m = rules_module(cols, rows, features={"0101": [HexFeature(type="source", side="blue")]}, hexsides=hexsides,
                     roads=roads, terrain=terrain,
                     rules=RulesConfig(supply=supply_rules or SupplyRules(section="8.1")))
    add_unit(m, "b")
    add_unit(m, "b2")
    add_unit(m, "r", side="red")
    return m


def test_whole_side_supply_from_several_sources_tov_8_1():
    m = rules_module(features={"0101": [HexFeature(type="source", side="blue")],
                               "0707": [HexFeature(type="depot", side="blue")],
                               "0404": [HexFeature(type="source", side="red")]})
    add_unit(m, "b")
    add_unit(m, "b2")
    res = supply(m, {"b": "0201", "b2": "0706"}, "blue")
    assert res.sources == ["0101", "0707"]
    assert res.units == {"b": True, "b2": True}
    assert res.length["0201"] == 1 and res.length["0706"] == 1
    assert res.path("0706") == ["0706", "0707"]


def test_supply_blocked_by_enemy_unit_tov_8_1():
    m = corridor()
    res = supply(m, {"b": "0701", "r": "0401"}, "blue")
    assert res.units["b"] is False
    assert "0501" not in res.length


def test_supply_blocked_by_ezoc_restored_by_friendly_unit():
    """ToV 8.1: a line cannot pass an enemy ZOC, which a friendly unit there negates."""
    row2 = {f"0{c}02": "forest" for c in range(1, 8) if c != 4}
    m = corridor(rows=2, terrain=row2, supply_rules=SupplyRules(blocked_by_terrain=["forest"]))
    # red at 0402 projects a ZOC onto 0401, the only way along the corridor
    assert supply(m, {"b": "0701", "r": "0402"}, "blue").units["b"] is False
    res = supply(m, {"b": "0701", "b2": "0401", "r": "0402"}, "blue")
    assert res.units == {"b": True, "b2": True}
    assert res.path("0701") == ["0701", "0601", "0501", "0401", "0301", "0201", "0101"]


def test_supply_ezoc_not_negated_when_rules_say_so():
    row2 = {f"0{c}02": "forest" for c in range(1, 8) if c != 4}
    m = corridor(rows=2, terrain=row2,
                 supply_rules=SupplyRules(blocked_by_terrain=["forest"], ezoc_negated_by_friendly=False))
    res = supply(m, {"b": "0701", "b2": "0401", "r": "0402"}, "blue")
    assert res.units["b"] is False
    assert res.units["b2"] is True  # a unit's own hex never blocks its own line


def test_supply_blocked_by_unbridged_river_tov_8_1():
    m = rules_module(3, 1)
    side = hexside_id(m, "0201", "0301")
    rules = SupplyRules(blocked_by_hexsides=["river"])
    m = corridor(3, supply_rules=rules, hexsides={side: ["river"]})
    assert supply(m, {"b": "0301"}, "blue").units["b"] is False
    m = corridor(3, supply_rules=rules, hexsides={side: ["river"]}, roads=[side])
    assert supply(m, {"b": "0301"}, "blue").units["b"] is True


def test_supply_max_length():
    m = corridor(supply_rules=SupplyRules(max_length=5))
    res = supply(m, {"b": "0601", "b2": "0701"}, "blue")
    assert res.units == {"b": True, "b2": False}
    assert res.length["0601"] == 5


def test_enemy_occupied_source_is_no_source_tov_8_1():
    m = corridor()
    res = supply(m, {"b": "0301", "r": "0101"}, "blue")
    assert res.sources == [] and res.units["b"] is False


def test_supply_blocked_by_enemy_controlled_hex():
    m = corridor(supply_rules=SupplyRules(blocked_by_enemy_control=True))
    assert supply(m, {"b": "0701"}, "blue", control={"0401": "red"}).units["b"] is False
    assert supply(m, {"b": "0701"}, "blue", control={"0401": "blue"}).units["b"] is True


def test_loc_10_hexes_to_road_st_lo_7_3():
    """St-Lô 7.3 A: up to ten hexes to a road hex (the unit's hex not counted, the road hex
    counted), then along continuous roads of any length to a depot."""
    m = rules_module(30, 1)
    hexes = [f"{c:02d}01" for c in range(1, 31)]
    roads = [hexside_id(m, a, b) for a, b in zip(hexes[:14], hexes[1:15])]  # road 0101 … 1501
    rules = SupplyRules(road_leg=RoadLeg(max_hexes=10), section="7.3")
    m = corridor(30, supply_rules=rules, roads=roads)
    res = supply(m, {"b": "2501", "b2": "2601"}, "blue")
    assert res.length["1501"] == 0 and res.length["0801"] == 0
    assert res.units == {"b": True, "b2": False}
    assert res.length["2501"] == 10


def test_loc_road_must_connect_to_depot_st_lo_7_3_b():
    m = rules_module(30, 1)
    hexes = [f"{c:02d}01" for c in range(1, 31)]
    roads = [hexside_id(m, a, b) for a, b in zip(hexes[15:24], hexes[16:25])]  # road 1601 … 2501, no depot
    m = corridor(30, supply_rules=SupplyRules(road_leg=RoadLeg(max_hexes=10)), roads=roads)
    res = supply(m, {"b": "2501"}, "blue")
    assert res.units["b"] is False  # 24 hexes from the depot, and that road leads nowhere


def test_loc_road_cut_by_enemy_zoc_st_lo_4_2():
    m = rules_module(30, 1)
    hexes = [f"{c:02d}01" for c in range(1, 31)]
    roads = [hexside_id(m, a, b) for a, b in zip(hexes[:20], hexes[1:21])]
    m = corridor(30, supply_rules=SupplyRules(road_leg=RoadLeg(max_hexes=10)), roads=roads)
    assert supply(m, {"b": "2101"}, "blue").units["b"] is True
    assert supply(m, {"b": "2101", "r": "1001"}, "blue").units["b"] is False


def test_supply_result_sorted_json():
    m = corridor()
    j = supply(m, {"b": "0701", "b2": "0201"}, "blue").to_json()
    assert list(j["hexes"]) == sorted(j["hexes"])
    assert j["out_of_supply"] == []


def test_command_radius_st_lo_7_4_1():
    from hexwright.runtime.rules import command_radius

    row2 = {f"0{c}02": "forest" for c in range(1, 8) if c != 4}
    m = corridor(rows=2, terrain=row2)
    free = command_radius(m, {"b": "0101"}, "b", 4)
    assert "0501" in free and "0601" not in free and "0101" in free
    # red at 0402 controls 0401: the radius stops there unless a friendly unit holds it
    assert "0501" not in command_radius(m, {"b": "0101", "r": "0402"}, "b", 4)
    assert "0501" in command_radius(m, {"b": "0101", "b2": "0401", "r": "0402"}, "b", 4)


def test_command_radius_stops_at_an_enemy_controlled_hex_given_the_control_st_lo_7_4_1():
    """With the map's control given, hexes the enemy controls (no unit, no ZOC there) stop the
    radius unless a friendly unit holds them; hexes this side controls do not."""
    from hexwright.runtime.rules import command_radius

    m = corridor(rows=2)
    free = command_radius(m, {"b": "0101"}, "b", 4)
    assert free == ["0101", "0102", "0201", "0202", "0301", "0302", "0401", "0402", "0501", "0502"]
    red = {"0301": "red", "0302": "red"}
    assert command_radius(m, {"b": "0101"}, "b", 4, control=red) == ["0101", "0102", "0201", "0202"]
    assert command_radius(m, {"b": "0101"}, "b", 4, control=dict.fromkeys(red, "blue")) == free
    # b2 holds 0301: the radius goes on through it (0302 stays closed)
    assert command_radius(m, {"b": "0101", "b2": "0301"}, "b", 4, control=red) == [h for h in free if h != "0302"]


def test_command_range_is_plain_distance_tov_2_3():
    from hexwright.runtime.rules import command_radius

    m = corridor()
    assert command_radius(m, {"b": "0101", "r": "0301"}, "b", 3, blocked=False) == ["0101", "0201", "0301", "0401"]


def test_command_radius_of_a_unit_off_the_map_is_refused_by_name():
    from hexwright.runtime.rules import command_radius

    m = corridor()
    with pytest.raises(ValueError, match="piece 'b' is not on the map"):
        command_radius(m, {"r": "0301"}, "b", 3)
