"""Movement on small synthetic maps (DoM §8.1, ToV 9.x, St-Lô 4.1, 8.x).

The builder's map is flat-top with odd columns (labels 02, 04, …) shifted down, so the
neighbours of 0404 are 0403 N, 0504 NE, 0505 SE, 0405 S, 0305 SW, 0304 NW.
"""

from fractions import Fraction

from builders import add_unit, hexside_id, rules_module

from hexwright.runtime.model import Box, HexsideData
from hexwright.runtime.model.rules_config import RulesConfig, ZocRules, ZocWithdrawal
from hexwright.runtime.rules import movement_graph, reach


def dom_rules() -> RulesConfig:
    return RulesConfig(zoc=ZocRules(section="§8.1.1"))


def test_terrain_entry_costs_dom_8_1_2():
    m = rules_module(terrain={"0405": "woods", "0504": "rough"})
    add_unit(m, "b", movement=4)
    r = reach(m, {"b": "0404"}, "b")
    assert r.hexes["0403"].cost == 2
    assert r.hexes["0405"].cost == 4
    assert r.hexes["0504"].cost == 3
    assert "0406" not in r.hexes  # 4 + 2 > 4


def test_prohibited_terrain_is_never_entered():
    m = rules_module(terrain={"0403": "forest"})
    add_unit(m, "b", movement=8)
    r = reach(m, {"b": "0404"}, "b")
    assert "0403" not in r.hexes
    assert all("0403" not in h.path for h in r.hexes.values())


def test_fraction_costs():
    chain = ["0401", "0402", "0403", "0404", "0405", "0406"]
    m = rules_module()
    roads = [hexside_id(m, a, b) for a, b in zip(chain, chain[1:])]
    m = rules_module(roads=roads)
    add_unit(m, "tank", unit_type="arm", movement=2)
    r = reach(m, {"tank": "0401"}, "tank")
    assert r.hexes["0402"].cost == Fraction(1, 2)
    assert r.hexes["0405"].cost == Fraction(2)
    assert r.hexes["0405"].path == ("0402", "0403", "0404", "0405")
    assert "0406" not in r.hexes
    assert isinstance(r.hexes["0403"].cost, Fraction)


def test_rail_costs_one_third_st_lo_8_2_c():
    chain = ["0201", "0202", "0203", "0204"]
    m = rules_module()
    sides = [hexside_id(m, a, b) for a, b in zip(chain, chain[1:])]
    for s in sides:
        m.map.hexsides.setdefault(s, HexsideData())
        m.map.hexsides[s].connections.append("railroad")
    add_unit(m, "b", movement=1)
    r = reach(m, {"b": "0201"}, "b")
    assert r.hexes["0204"].cost == 1
    assert r.hexes["0203"].cost == Fraction(2, 3)


def test_river_costs_all_mf():
    """DoM Table 1/§8.1.2: crossing a river takes all MF, only from a hex next to it at the start."""
    m = rules_module()
    m = rules_module(hexsides={hexside_id(m, "0404", "0403"): ["river"]})
    add_unit(m, "b", movement=3)  # going round (0304, 0403) would cost 4
    r = reach(m, {"b": "0404"}, "b")
    assert r.hexes["0403"].cost == 3
    assert r.hexes["0403"].stop
    assert r.hexes["0403"].path == ("0403",)
    assert "stopped: all MF spent" in str(r.hexes["0403"].rulings[0])
    # not starting next to the river: no crossing, 0403 only by going round
    r2 = reach(m, {"b": "0405"}, "b", allowance=8)
    assert r2.hexes["0403"].path[-2] != "0404"


def test_road_across_river_is_bridge():
    """DoM §8.1.2: a road across a river hexside is a bridge; the river's cost is nullified."""
    m = rules_module()
    side = hexside_id(m, "0404", "0403")
    m = rules_module(hexsides={side: ["river"]}, roads=[side])
    add_unit(m, "b", movement=8)
    r = reach(m, {"b": "0404"}, "b")
    assert r.hexes["0403"].cost == 1
    assert not r.hexes["0403"].stop
    assert r.hexes["0402"].cost == 3  # and the unit goes on


def test_hexside_plus_cost_stream_tov_9_1():
    m = rules_module()
    m = rules_module(hexsides={hexside_id(m, "0404", "0403"): ["stream"]})
    add_unit(m, "b", movement=8)
    assert reach(m, {"b": "0404"}, "b").hexes["0403"].cost == 3


def test_enemy_occupied_hex_impassable_dom_8_1():
    m = rules_module(rules=RulesConfig(zoc=ZocRules(stop_on_enter=False, can_leave=True, zoc_to_zoc=True)))
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0404", "r": "0403"}, "b")
    assert "0403" not in r.hexes
    assert all("0403" not in h.path for h in r.hexes.values())


def test_zoc_stop_dom_8_1_1():
    m = rules_module(rules=dom_rules())
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0403", "r": "0406"}, "b")
    assert r.hexes["0405"].stop and r.hexes["0405"].cost == 4
    assert str(r.hexes["0405"].rulings[0]) == "stopped: enemy ZOC at 0405 — §8.1.1"
    for h in r.hexes.values():  # no path goes on through an EZOC hex
        assert not any(x in {"0405", "0407", "0506", "0507", "0306", "0307"} for x in h.path[:-1])


def test_cannot_leave_enemy_zoc_dom_8_1_1():
    m = rules_module(rules=dom_rules())
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0405", "r": "0406"}, "b")
    assert r.hexes == {} and r.exits == []
    assert [str(x) for x in r.rulings] == ["cannot leave enemy ZOC at 0405 — §8.1.1"]


def test_zoc_leave_and_enter_costs_tov_9_2():
    z = ZocRules(stop_on_enter=False, enter_cost="2", leave_cost="2", can_leave=True, zoc_to_zoc=True)
    m = rules_module(rules=RulesConfig(zoc=z))
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0405", "r": "0406"}, "b")
    assert r.hexes["0404"].cost == 4  # 2 clear + 2 to leave
    assert r.hexes["0306"].cost == 6  # 2 clear + 2 leave + 2 enter
    assert r.hexes["0306"].path == ("0306",)


def test_zoc_to_zoc_prohibited_dom_8_1_1():
    z = ZocRules(can_leave=True, zoc_to_zoc=False, stop_on_enter=True)
    m = rules_module(rules=RulesConfig(zoc=z))
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0405", "r": "0406"}, "b")
    assert r.hexes["0404"].cost == 2
    assert r.hexes["0306"].path == ("0305", "0306")  # not straight from one EZOC hex to another


def test_no_reentry_after_leaving_st_lo_4_1_a():
    z = ZocRules(can_leave=True, zoc_to_zoc=False, reenter_after_leaving=False)
    m = rules_module(rules=RulesConfig(zoc=z))
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0405", "r": "0406"}, "b")
    assert "0404" in r.hexes
    assert not {"0306", "0307", "0506", "0507", "0407"} & set(r.hexes)


def test_friendly_unit_does_not_negate_zoc_for_movement_st_lo_4_1_b():
    m = rules_module(rules=RulesConfig(zoc=ZocRules(can_leave=True)))
    add_unit(m, "b", movement=8)
    add_unit(m, "b2")
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0403", "b2": "0405", "r": "0406"}, "b")
    assert r.hexes["0405"].stop
    assert not r.hexes["0405"].can_end  # and the stack would be over the limit


def test_zoc_blocked_by_river_tov_6_0():
    m = rules_module()
    side = hexside_id(m, "0405", "0406")
    m = rules_module(hexsides={side: ["river"]}, rules=RulesConfig(zoc=ZocRules(blocked_by_hexsides=["river"])))
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0403", "r": "0406"}, "b")
    assert not r.hexes["0405"].stop
    assert r.hexes["0306"].stop  # the other sides still project


def test_no_river_crossing_between_ezoc_hexes_tov_9_2():
    m = rules_module()
    side = hexside_id(m, "0404", "0403")
    z = ZocRules(stop_on_enter=False, can_leave=True, zoc_to_zoc=True, no_crossing_between_ezoc=["river"])
    m = rules_module(hexsides={side: ["river"]}, roads=[side], rules=RulesConfig(zoc=z))
    add_unit(m, "b", movement=8)
    add_unit(m, "r1", side="red")
    add_unit(m, "r2", side="red")
    # 0404 is in r1's ZOC, 0403 in r2's: the bridge may not be used
    r = reach(m, {"b": "0404", "r1": "0405", "r2": "0402"}, "b")
    assert r.hexes["0403"].path != ("0403",)


def test_stacking_checked_at_end_of_move_dom_6():
    m = rules_module()
    add_unit(m, "b", movement=4)
    add_unit(m, "b2")
    r = reach(m, {"b": "0403", "b2": "0404"}, "b")
    assert not r.hexes["0404"].can_end
    assert r.hexes["0405"].path == ("0404", "0405")  # passing through is fine
    assert "over the stacking limit" in str(r.hexes["0404"].rulings[0])


def test_exit_costs_like_entering_the_hex_dom_8_1_3():
    m = rules_module(terrain={"0704": "woods"})
    m.map.hexsides["0705/NE"] = HexsideData(connections=["road"])
    add_unit(m, "w", movement=4)
    add_unit(m, "e", movement=4)
    r = reach(m, {"w": "0704", "e": "0705"}, "w")
    east = [x for x in r.exits if x.hex == "0704" and x.edge == "east"]
    assert east and east[0].cost == 4 and not east[0].by_road
    r = reach(m, {"w": "0704", "e": "0705"}, "e")
    east = [x for x in r.exits if x.hex == "0705" and x.edge == "east"]
    assert east[0].cost == 1 and east[0].by_road


def test_entry_from_box_pays_first_hex_dom_8_2():
    m = rules_module(terrain={"0301": "rough"})
    m.map.hexsides["0201/N"] = HexsideData(connections=["road"])
    m.map.boxes["north"] = Box(name="North", kind="reinforcement", side="red",
                               entry_hexes=["0101", "0201", "0301", "0401"])
    add_unit(m, "r", side="red", movement=8)
    add_unit(m, "b")
    r = reach(m, {"b": "0401"}, "r", box="north")
    assert r.start == "box:north"
    assert r.hexes["0101"].cost == 2 and r.hexes["0101"].path == ("0101",)
    assert r.hexes["0201"].cost == 1  # road off the map edge
    assert r.hexes["0301"].cost == 3 and r.hexes["0301"].stop  # rough, and in the blue unit's ZOC
    assert "0401" not in r.hexes  # enemy-occupied


def test_tactical_withdrawal_dom_2_2():
    z = ZocRules(section="§8.1.1", withdrawal=ZocWithdrawal(optional_rule="withdrawal", extra_cost="4",
                                                           not_across_hexsides=["river"]))
    m = rules_module(rules=RulesConfig(zoc=z))
    add_unit(m, "tank", unit_type="arm", movement=8)
    add_unit(m, "r", side="red")
    occ = {"tank": "0405", "r": "0406"}
    assert reach(m, occ, "tank").hexes == {}
    r = reach(m, occ, "tank", optional_rules={"withdrawal"})
    assert r.hexes["0404"].cost == Fraction(6)  # 2 clear + 4 to disengage
    assert "0306" not in r.hexes or r.hexes["0306"].path[0] != "0306"


def test_weather_costs_replace_normal_ones_tov_4_1_5():
    from hexwright.runtime.model import WeatherCosts

    m = rules_module()
    m.tables.terrain_effects.weather["mud"] = WeatherCosts(terrain={"clear": {"motor": "4"}})
    add_unit(m, "tank", unit_type="arm", movement=8)
    add_unit(m, "foot", movement=8)
    assert reach(m, {"tank": "0404"}, "tank", weather="mud").hexes["0403"].cost == 4
    assert reach(m, {"foot": "0404"}, "foot", weather="mud").hexes["0403"].cost == 2


def test_movement_graph_built_once_per_module_identity():
    m = rules_module()
    g1 = movement_graph(m, "foot")
    assert movement_graph(m, "foot") is g1
    assert movement_graph(m, "motor") is not g1
    assert movement_graph(rules_module(), "foot") is not g1


def test_reach_is_deterministic_and_sorted():
    m = rules_module(terrain={"0303": "woods"})
    add_unit(m, "b", movement=6)
    a = reach(m, {"b": "0404"}, "b").to_json()
    b = reach(m, {"b": "0404"}, "b").to_json()
    assert a == b
    assert list(a["hexes"]) == sorted(a["hexes"])


def test_withdrawal_not_toward_enemy_edge_dom_8_1_1():
    z = ZocRules(withdrawal=ZocWithdrawal(not_toward_edge={"blue": "east"}))
    m = rules_module(rules=RulesConfig(zoc=z))
    add_unit(m, "tank", unit_type="arm", movement=8)
    add_unit(m, "r", side="red")
    r = reach(m, {"tank": "0405", "r": "0406"}, "tank")
    first_steps = {h.path[0] for h in r.hexes.values()}
    assert first_steps == {"0404", "0305"}  # 0505/0506 go east, 0306/0406/0506 are EZOC or enemy


def test_strategic_movement_keeps_away_from_enemy_st_lo_8_2_a():
    from hexwright.runtime.model.rules_config import MovementMode, MovementRules

    modes = {"strategic": MovementMode(name="Strategic movement", allowance=8, keep_away_from_enemy=2,
                                       section="8.2")}
    m = rules_module(9, 9, rules=RulesConfig(movement=MovementRules(modes=modes)))
    add_unit(m, "b", movement=3)
    add_unit(m, "r", side="red")
    r = reach(m, {"b": "0101", "r": "0505"}, "b", mode="strategic")
    assert r.allowance == 8
    assert "0404" not in r.hexes and "0303" in r.hexes  # 0404 is 1 hex from the enemy, 0303 is 3
    near = reach(m, {"b": "0403", "r": "0505"}, "b", mode="strategic")
    assert near.hexes == {} and "within 2 hexes" in str(near.rulings[0])


def test_reach_matches_networkx_dijkstra_without_zoc():
    """With ZOC off and no all-MF steps, the search is plain Dijkstra: networkx agrees
    on every hex's cost (seeded random maps with woods, rough, streams and roads)."""
    import random

    import networkx as nx

    for seed in range(5):
        rng = random.Random(seed)
        probe = rules_module(9, 9)
        grid = probe.map.grid.hex_grid()
        scheme = probe.map.grid.labels.scheme()
        labels = [scheme.format(h, grid) for h in grid.hexes()]
        terrain = {lab: rng.choice(["clear", "woods", "rough"]) for lab in labels}
        sides = sorted({hexside_id(probe, a, scheme.format(n, grid))
                        for a in labels for _d, n in grid.neighbors(scheme.parse(a, grid))})
        streams = {s: ["stream"] for s in sides if rng.random() < 0.15}
        roads = [s for s in sides if rng.random() < 0.2]
        m = rules_module(9, 9, terrain=terrain, hexsides=streams, roads=roads,
                         rules=RulesConfig(enforcement={"zoc": "off"}))
        add_unit(m, "tank", unit_type="arm", movement=9)
        add_unit(m, "r", side="red")
        occ = {"tank": "0505", "r": labels[rng.randrange(len(labels))]}
        if occ["r"] == "0505":
            continue
        ours = {k: v.cost for k, v in reach(m, occ, "tank").hexes.items()}
        mg = movement_graph(m, "motor")
        g = mg.graph.subgraph([n for n in mg.graph if labels[n] != occ["r"]])
        start = labels.index("0505")
        theirs = nx.single_source_dijkstra_path_length(g, start, cutoff=9 * mg.scale, weight=mg.weight)
        expected = {labels[n]: Fraction(c, mg.scale) for n, c in theirs.items() if n != start}
        assert ours == expected


def test_every_path_is_legal_and_priced_as_reported_dom_8_1():
    """Invariant on seeded random positions: each path steps between neighbours, never
    enters an enemy hex, passes no EZOC hex before its end (§8.1.1), and its edge costs
    add up to the cost reported."""
    import random

    from hexwright.runtime.rules import enemy_zoc, make_board

    m = rules_module(9, 9, terrain={"0303": "woods", "0505": "rough", "0606": "woods"}, rules=dom_rules())
    mg = movement_graph(m, "foot")
    for k in range(8):
        add_unit(m, f"u{k}", side="red" if k % 2 else "blue", movement=8)
    for seed in range(10):
        rng = random.Random(seed)
        grid = m.map.grid.hex_grid()
        scheme = m.map.grid.labels.scheme()
        cells = rng.sample(grid.hexes(), 8)
        occ = {f"u{k}": scheme.format(h, grid) for k, h in enumerate(cells)}
        board = make_board(m, occ)
        ezoc = enemy_zoc(board.without("u0"), m.rules.zoc, "blue")
        enemy = board.enemy_hexes("blue")
        r = reach(m, occ, "u0")
        for label, hit in r.hexes.items():
            steps = [board.hm.idx(occ["u0"])] + [board.hm.idx(x) for x in hit.path]
            assert hit.path[-1] == label
            total = 0
            for a, b in zip(steps, steps[1:]):
                assert b not in enemy
                w = mg.step(a, b)
                assert w is not None and w >= 0
                total += w
            assert all(x not in ezoc for x in steps[1:-1])
            assert Fraction(total, mg.scale) == hit.cost


def test_interdiction_surcharges_tov_7_2():
    """ToV 7.2: +1 MP to enter and +1 MP to leave a hex around an interdiction marker."""
    m = rules_module()
    add_unit(m, "b", movement=8)
    r = reach(m, {"b": "0404"}, "b", enter_surcharge={"0403": 1}, leave_surcharge={"0404": 1})
    assert r.hexes["0403"].cost == 2 + 1 + 1
    assert r.hexes["0405"].cost == 2 + 1


def test_entry_at_closest_free_hex_when_all_blocked_dom_8_2():
    m = rules_module()
    m.map.boxes["north"] = Box(name="North", kind="reinforcement", side="red", entry_hexes=["0401"])
    add_unit(m, "r", side="red", movement=8)
    add_unit(m, "b")
    r = reach(m, {"b": "0401"}, "r", box="north")
    assert "0401" not in r.hexes
    assert r.hexes["0301"].path == ("0301",) and r.hexes["0501"].path == ("0501",)
    assert "every entry hex is blocked" in str(r.rulings[-1])
