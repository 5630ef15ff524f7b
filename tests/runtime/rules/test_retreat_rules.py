"""Retreat and advance after combat (DoM §9.3, §9.5; ToV 10.4, 10.5).

The defender stands in 0404; its neighbours are 0403 N, 0504 NE, 0505 SE, 0405 S, 0305 SW, 0304 NW.
"""

from builders import add_unit, hexside_id, rules_module

from hexwright.runtime.model.rules_config import AdvanceRules, CombatRules, RetreatRules, RulesConfig, StackingRules
from hexwright.runtime.rules import advance_paths, enemy_zoc, make_board, retreat_paths
from hexwright.runtime.rules.retreat import retreat_length


def dom_rules() -> RulesConfig:
    return RulesConfig(combat=CombatRules(
        retreat=RetreatRules(blocked_hexsides=["river"], section="§9.3"),
        advance=AdvanceRules(mode="retreat_path", max_hexes=2, section="§9.5")))


def test_retreat_moves_away_and_avoids_ezoc_dom_9_3():
    m = rules_module(rules=dom_rules())
    add_unit(m, "a")
    add_unit(m, "d", side="red")
    occ = {"a": "0403", "d": "0404"}
    res = retreat_paths(m, occ, "d", 2)
    board = make_board(m, occ)
    ezoc = {board.hm.labels[i] for i in enemy_zoc(board.without("d"), m.rules.zoc, "red")}
    assert res.paths and not res.eliminated
    grid = board.hm.grid
    for p in res.paths:
        assert not set(p.hexes) & ezoc
        dists = [grid.distance(grid.hex_at(board.hm.idx("0404")), grid.hex_at(board.hm.idx(h))) for h in p.hexes]
        assert dists == [1, 2]
    assert [p.hexes for p in res.paths] == sorted(p.hexes for p in res.paths)


def test_retreat_not_across_river_even_if_bridged_dom_9_3():
    m = rules_module()
    side = hexside_id(m, "0404", "0405")
    m = rules_module(hexsides={side: ["river"]}, roads=[side], rules=dom_rules())
    add_unit(m, "a")
    add_unit(m, "d", side="red")
    res = retreat_paths(m, {"a": "0403", "d": "0404"}, "d", 1)
    assert ("0405",) not in [p.hexes for p in res.paths]
    assert ("0505",) in [p.hexes for p in res.paths]


def test_retreat_not_through_other_units_dom_9_3():
    m = rules_module(rules=dom_rules())
    add_unit(m, "a")
    add_unit(m, "d", side="red")
    add_unit(m, "d2", side="red")
    res = retreat_paths(m, {"a": "0403", "d": "0404", "d2": "0405"}, "d", 2)
    assert all("0405" not in p.hexes for p in res.paths)


def test_retreat_eliminated_when_no_legal_hex():
    """DoM §9.3/§9.4 (Figure 9): a unit that cannot retreat legally — here into a corner,
    the one free hex in enemy ZOC and the rest off the map — is eliminated."""
    m = rules_module(rules=dom_rules())
    add_unit(m, "a")
    add_unit(m, "d", side="red")
    res = retreat_paths(m, {"a": "0201", "d": "0101"}, "d", 1)
    assert res.eliminated and res.paths == []
    assert str(res.rulings[0]) == "d eliminated: no legal retreat path (off the map is not allowed) at 0101 — §9.3"


def test_retreat_into_ezoc_costs_a_step_tov_10_4():
    """ToV 10.4: a retreat into enemy ZOC is allowed but costs a step; fewest EZOC hexes first."""
    rules = RulesConfig(combat=CombatRules(retreat=RetreatRules(into_ezoc="step_loss", section="10.4")))
    m = rules_module(rules=rules)
    for uid in ("a", "a2", "a3", "a4"):
        add_unit(m, uid)
    add_unit(m, "d", side="red")
    res = retreat_paths(m, {"a": "0403", "a2": "0406", "d": "0404"}, "d", 1)
    assert [(p.hexes, p.ezoc_hexes) for p in res.paths] == [
        (("0305",), 0), (("0505",), 0), (("0304",), 1), (("0405",), 1), (("0504",), 1)]
    assert res.rulings == []
    surrounded = retreat_paths(m, {"a": "0403", "a2": "0406", "a3": "0306", "a4": "0506", "d": "0404"}, "d", 1)
    assert surrounded.paths and all(p.ezoc_hexes == 1 for p in surrounded.paths)
    assert str(surrounded.rulings[0]) == "d loses 1 step(s) retreating into enemy ZOC at 0404 — 10.4"


def test_retreat_across_river_only_as_first_step_tov_10_4():
    m = rules_module()
    first = hexside_id(m, "0404", "0405")
    second = hexside_id(m, "0405", "0406")
    rr = RetreatRules(into_ezoc="allowed", blocked_hexsides=["river"], bridges_allow=True,
                      hexsides_allowed_on_first_step=["river"])
    m = rules_module(hexsides={first: ["river"], second: ["river"]},
                     rules=RulesConfig(combat=CombatRules(retreat=rr)))
    add_unit(m, "a")
    add_unit(m, "d", side="red")
    paths = [p.hexes for p in retreat_paths(m, {"a": "0403", "d": "0404"}, "d", 2).paths]
    assert any(p[0] == "0405" for p in paths)
    assert ("0405", "0406") not in paths


def test_retreat_into_friendly_stack_within_limit_tov_10_4():
    rr = RetreatRules(into_units="friendly_within_stacking", into_ezoc="allowed")
    m = rules_module(rules=RulesConfig(stacking=StackingRules(limit=2), combat=CombatRules(retreat=rr)))
    add_unit(m, "a")
    add_unit(m, "d", side="red")
    add_unit(m, "d2", side="red")
    paths = [p.hexes for p in retreat_paths(m, {"a": "0403", "d": "0404", "d2": "0405"}, "d", 1).paths]
    assert ("0405",) in paths


def test_advance_along_retreat_path_dom_9_5():
    """DoM §9.5 / Figure 9: after a D2 the advancing unit may take the vacated hex and the
    hex the defender retreated through."""
    m = rules_module(rules=dom_rules())
    add_unit(m, "a")
    add_unit(m, "d", side="red")
    after = {"a": "0403", "d": "0406"}
    assert advance_paths(m, after, "a", "0404", retreat_path=["0405", "0406"]) == [("0404",), ("0404", "0405")]


def test_advance_free_second_hex_clear_only_tov_10_5():
    ar = AdvanceRules(mode="free", max_hexes=1, max_hexes_armored=2, later_hex_terrain=["clear"],
                      blocked_hexsides=["river"], bridges_allow=True)
    m = rules_module(terrain={"0405": "woods"}, rules=RulesConfig(combat=CombatRules(advance=ar)))
    add_unit(m, "inf")
    add_unit(m, "tank", unit_type="arm")
    add_unit(m, "d", side="red")
    assert advance_paths(m, {"inf": "0403", "d": "0606"}, "inf", "0404") == [("0404",)]
    paths = advance_paths(m, {"tank": "0403", "d": "0606"}, "tank", "0404")
    assert ("0404",) in paths and ("0404", "0504") in paths
    assert ("0404", "0405") not in paths  # woods


def test_advance_by_movement_class_and_none_into_difficult_terrain_tov_10_5():
    """ToV 10.5: mechanized units (a movement class, armoured or not) may advance two hexes;
    "Mechanized units may attack into a Difficult terrain hex, but are not allowed to advance"."""
    ar = AdvanceRules(mode="free", max_hexes=1, max_hexes_by_class={"motor": 2}, later_hex_terrain=["clear"],
                      no_advance_into={"motor": ["woods"]})
    m = rules_module(terrain={"0405": "woods"}, rules=RulesConfig(combat=CombatRules(advance=ar)))
    m.pieces.unit_types["mech_inf"] = m.pieces.unit_types["inf"].model_copy(update={"movement_class": "motor"})
    add_unit(m, "inf")
    add_unit(m, "mech", unit_type="mech_inf")
    add_unit(m, "d", side="red")
    assert not m.pieces.unit_types["mech_inf"].armored
    assert advance_paths(m, {"inf": "0403", "d": "0606"}, "inf", "0404") == [("0404",)]
    paths = advance_paths(m, {"mech": "0403", "d": "0606"}, "mech", "0404")
    assert ("0404",) in paths and ("0404", "0504") in paths
    assert advance_paths(m, {"mech": "0304", "d": "0606"}, "mech", "0405") == []       # woods: no advance
    assert advance_paths(m, {"inf": "0304", "d": "0606"}, "inf", "0405") == [("0405",)]  # foot may


def test_retreat_towards_supply_every_hex_nearer_a_source_tov_10_4():
    """ToV 10.4: "A retreating unit always retreats in such a way as to get closer to a hex where
    it would be in supply": each hex nearer (by its supply line) than the one before; a unit
    cut off from every source retreats as it may."""
    from hexwright.runtime.model import HexData, HexFeature

    rr = RetreatRules(into_ezoc="allowed", towards_supply=True, section="10.4")
    m = rules_module(rules=RulesConfig(combat=CombatRules(retreat=rr)))
    add_unit(m, "a")
    add_unit(m, "d", side="red")
    occ = {"a": "0403", "d": "0404"}
    anywhere = {p.hexes for p in retreat_paths(m, occ, "d", 2).paths}   # no source: cut off
    m.map.hexes.setdefault("0707", HexData()).features.append(HexFeature(type="source", side="red"))
    m.mark_edited()
    near = {p.hexes for p in retreat_paths(m, occ, "d", 2).paths}
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()

    def to_source(h):
        return grid.distance(scheme.parse(h, grid), scheme.parse("0707", grid))

    assert near and near < anywhere
    assert all(to_source(p[0]) < to_source("0404") and to_source(p[1]) < to_source(p[0]) for p in near)
    assert any(to_source(p[-1]) >= to_source("0404") for p in anywhere)


def test_retreat_one_more_hex_when_the_last_is_overstacked_tov_10_4():
    """ToV 10.4: "If a unit exceeds the stacking limit in the last hex of a retreat, it must
    retreat one additional hex" — through the full hex; refused where the module says so."""
    rr = RetreatRules(into_units="friendly_within_stacking", into_ezoc="allowed", section="10.4")
    m = rules_module(rules=RulesConfig(stacking=StackingRules(limit=1), combat=CombatRules(retreat=rr)))
    for uid in ("a", "a2", "a3", "a4", "a5"):
        add_unit(m, uid)
    add_unit(m, "d", side="red")
    add_unit(m, "d2", side="red")
    occ = {"a": "0403", "a2": "0304", "a3": "0504", "a4": "0305", "a5": "0505", "d": "0404", "d2": "0405"}
    assert retreat_paths(m, occ, "d", 1).eliminated             # only 0405, which d2 fills
    m.rules.combat.retreat.overstack = "extend"
    longer = retreat_paths(m, occ, "d", 1)
    assert longer.paths and all(p.hexes[0] == "0405" and len(p.hexes) == 2 for p in longer.paths)
    assert "d retreats 1 more hex(es): over the stacking limit at the end" in str(longer.rulings[-1])


def test_retreat_shorter_in_a_fortification_for_one_side_tov_10_4_12_4():
    """ToV 12.4: German units in Metz fortifications ignore "R" and retreat one hex on "RR"."""
    from hexwright.runtime.model.combat_options import RetreatReduction
    from hexwright.runtime.model.map import HexFeatureType

    rr = RetreatRules(reduce_in=[RetreatReduction(features=["fortification"], sides=["red"])], section="10.4")
    m = rules_module(features={"0404": ["fortification"]}, rules=RulesConfig(combat=CombatRules(retreat=rr)))
    m.map.hex_feature_types["fortification"] = HexFeatureType(name="Fortification", kind="other")
    add_unit(m, "d", side="red")
    add_unit(m, "b")
    assert [retreat_length(m, {"d": "0404"}, "d", n) for n in (1, 2)] == [0, 1]
    assert retreat_length(m, {"b": "0404"}, "b", 2) == 2          # not for blue
    assert retreat_length(m, {"d": "0505"}, "d", 2) == 2          # not outside


def test_advance_into_the_attacked_hex_across_an_unbridged_river_tov_10_5():
    """ToV 10.5: the second hex of a mechanized advance is "not across an unbridged river
    hex-side"; the first, the attacked hex, has no such restriction (``blocks_first_hex``
    false), while the default keeps the hexside barring it (DoM)."""
    m = rules_module()
    side, later = hexside_id(m, "0403", "0404"), hexside_id(m, "0404", "0405")

    def module(blocks_first_hex: bool):
        ar = AdvanceRules(mode="free", max_hexes=1, max_hexes_by_class={"motor": 2}, blocked_hexsides=["river"],
                          blocks_first_hex=blocks_first_hex)
        return rules_module(hexsides={side: ["river"], later: ["river"]},
                            rules=RulesConfig(combat=CombatRules(advance=ar)))

    tov = module(False)
    add_unit(tov, "tank", unit_type="arm")
    add_unit(tov, "d", side="red")
    paths = advance_paths(tov, {"tank": "0403", "d": "0606"}, "tank", "0404")
    assert ("0404",) in paths and ("0404", "0504") in paths
    assert ("0404", "0405") not in paths  # the second hex across the unbridged river: barred
    dom = module(True)
    add_unit(dom, "tank", unit_type="arm")
    add_unit(dom, "d", side="red")
    assert advance_paths(dom, {"tank": "0403", "d": "0606"}, "tank", "0404") == []
