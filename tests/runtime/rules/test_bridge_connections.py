"""ToV 9.1 and 2.1: a road or railroad across a River or Stream hexside is a bridge.

A connection cost ``"bridge"`` has no movement rate of its own but negates the hexside it
crosses: the step pays the hex entered, as if the hexside held nothing (a railroad for units
that do not move by rail). ``"other"`` stays what it was: no rate and no bridge (St-Lô 8.1:
roads for strategic movement only). On the test map 0404's neighbours are 0403 N, 0504 NE,
0505 SE, 0405 S, 0305 SW, 0304 NW.
"""

from __future__ import annotations

from builders import add_unit, hexside_id, rules_module

from hexwright.runtime.model import HexsideData, Module, WeatherCosts
from hexwright.runtime.model.legend import cost_text
from hexwright.runtime.model.rules_config import RulesConfig, ZocRules
from hexwright.runtime.rules import movement_graph, reach
from hexwright.runtime.rules.hexmap import hex_map
from hexwright.runtime.validation import check_module


def tov_chart(m: Module, railroad: dict[str, str] | None = None) -> Module:
    """``m`` with ToV's hexside costs (river prohibited, stream +1) and a railroad that only
    bridges for every class but ``motor``."""
    te = m.tables.terrain_effects
    m.tables.terrain_effects = te.model_copy(update={
        "hexsides": {"river": {"*": "prohibited"}, "stream": {"*": "+1"}},
        "connections": {**te.connections, "railroad": railroad or {"*": "bridge", "motor": "1/3"}}})
    return m


def river_module(feature: str = "river", rail: bool = True, road: bool = False, terrain: str | None = None,
                 rules: RulesConfig | None = None, railroad: dict[str, str] | None = None) -> Module:
    probe = rules_module()
    side = hexside_id(probe, "0404", "0403")
    m = rules_module(hexsides={side: [feature]}, roads=[side] if road else [],
                     terrain={"0403": terrain} if terrain else None, rules=rules)
    if rail:
        m.map.hexsides[side].connections.append("railroad")
    return tov_chart(m, railroad)


def test_railroad_bridges_a_river_for_normal_movement_tov_9_1():
    """ToV 9.1: a river crossed by a railroad is bridged; the step costs the hex entered (clear 2)."""
    m = river_module()
    add_unit(m, "b", movement=8)
    r = reach(m, {"b": "0404"}, "b")
    assert r.hexes["0403"].cost == 2
    assert r.hexes["0403"].path == ("0403",)
    assert not r.hexes["0403"].stop
    assert r.hexes["0402"].cost == 4  # and the unit goes on


def test_unbridged_river_is_not_crossed_tov_9_2_hex_b():
    """ToV 9.2 example, hex B: without the railroad the river is prohibited; 0403 only by going round."""
    m = river_module(rail=False)
    add_unit(m, "b", movement=8)
    r = reach(m, {"b": "0404"}, "b")
    assert r.hexes["0403"].path[0] != "0403"
    assert r.hexes["0403"].cost == 4


def test_bridge_pays_the_hex_entered_unlike_a_road_tov_9_1():
    """A bridge is no road: woods across the bridged river cost woods' 4, not the road's 1."""
    m = river_module(terrain="woods")
    add_unit(m, "b", movement=8)
    assert reach(m, {"b": "0404"}, "b").hexes["0403"].cost == 4
    road = river_module(terrain="woods", rail=False, road=True)
    add_unit(road, "b", movement=8)
    assert reach(road, {"b": "0404"}, "b").hexes["0403"].cost == 1


def test_railroad_negates_the_stream_cost_tov_9_1():
    """ToV 9.1: 'the MP costs for crossing the Stream ... are negated': clear 2, not 2 + 1."""
    m = river_module("stream")
    add_unit(m, "b", movement=8)
    assert reach(m, {"b": "0404"}, "b").hexes["0403"].cost == 2
    bare = river_module("stream", rail=False)
    add_unit(bare, "b", movement=8)
    assert reach(bare, {"b": "0404"}, "b").hexes["0403"].cost == 3


def test_a_rate_of_its_own_wins_over_a_bridge_tov_11_2():
    """The class with a rail rate (``motor`` here, ToV's rail movement) moves at it; with a road
    and a railroad on one hexside the cheaper way counts."""
    m = river_module()
    add_unit(m, "t", unit_type="arm", movement=8)
    assert str(reach(m, {"t": "0404"}, "t").hexes["0403"].cost) == "1/3"
    both = river_module(road=True)
    add_unit(both, "b", movement=8)
    assert reach(both, {"b": "0404"}, "b").hexes["0403"].cost == 1  # the road's 1, not clear's 2


def test_other_is_still_no_bridge_st_lo_8_1():
    """St-Lô 8.1: a road whose cost is 'other' gives no rate and bridges nothing."""
    m = river_module(railroad={"*": "other"})
    add_unit(m, "b", movement=8)
    assert reach(m, {"b": "0404"}, "b").hexes["0403"].path[0] != "0403"


def test_no_crossing_between_ezoc_hexes_even_bridged_tov_9_2_hex_c():
    """ToV 9.2, hex C: a bridged river is still not crossed from EZOC to EZOC."""
    z = ZocRules(stop_on_enter=False, can_leave=True, zoc_to_zoc=True, no_crossing_between_ezoc=["river"])
    m = river_module(rules=RulesConfig(zoc=z))
    add_unit(m, "b", movement=8)
    add_unit(m, "r1", side="red")
    add_unit(m, "r2", side="red")
    assert reach(m, {"b": "0404"}, "b").hexes["0403"].path == ("0403",)
    r = reach(m, {"b": "0404", "r1": "0405", "r2": "0402"}, "b")
    assert r.hexes["0403"].path != ("0403",)


def test_weather_may_turn_a_bridge_off_tov_4_1_5():
    """A weather's connection costs replace the normal ones, a bridge's too."""
    m = river_module()
    te = m.tables.terrain_effects
    m.tables.terrain_effects = te.model_copy(update={"weather": {"flood": WeatherCosts(
        connections={"railroad": {"*": "other"}})}})
    hm = hex_map(m)
    i, j = hm.index["0404"], hm.index["0403"]
    assert movement_graph(m, "foot").step(i, j) is not None
    assert movement_graph(m, "foot", "flood").step(i, j) is None


def test_an_edit_that_lays_a_railroad_across_a_river_bridges_it_tov_9_1():
    m = river_module(rail=False)
    add_unit(m, "b", movement=8)
    assert reach(m, {"b": "0404"}, "b").hexes["0403"].path[0] != "0403"
    side = hexside_id(m, "0404", "0403")
    m.map.hexsides[side] = HexsideData(features=["river"], connections=["railroad"])
    m.mark_edited(hexes=(), hexsides={side})
    assert reach(m, {"b": "0404"}, "b").hexes["0403"].path == ("0403",)


def test_legend_and_validation_know_the_bridge_cost():
    m = river_module()
    assert cost_text(m.tables.terrain_effects.connections["railroad"]) == "others bridge only, motor 1/3"
    assert not [i for i in check_module(m) if "bridge" in i.message]
    te = m.tables.terrain_effects
    m.tables.terrain_effects = te.model_copy(update={"hexsides": {**te.hexsides, "stream": {"*": "bridge"}}})
    issues = [i for i in check_module(m) if "bridge" in i.message]
    assert len(issues) == 1
    assert issues[0].file == "tables.json" and issues[0].field == "terrain_effects.hexsides.stream.*"
    assert "road or rail" in issues[0].message
