"""Combat odds, shifts, DRMs and the CRT (DoM §9.1–9.2, ToV 10.2, 12.3–12.4, St-Lô 9.2, 9.4).

Attackers stand around a defender in 0404: 0403 N, 0504 NE, 0505 SE, 0405 S, 0305 SW, 0304 NW.
"""

from fractions import Fraction

import pytest
from builders import add_unit, differential_crt, hexside_id, odds_crt, rules_module

from hexwright.runtime.model import CombatEffect
from hexwright.runtime.model.rules_config import CombatRules, FormationBonus, MultiplierOverride, RulesConfig
from hexwright.runtime.rules import Modifier, combat_odds, crt_cell, resolve


def dom_module(**kw):
    rules = RulesConfig(combat=CombatRules(min_value="-1", max_value="10", section="§9.1"))
    m = rules_module(rules=rules, **kw)
    m.tables.crts = {"crt": differential_crt()}
    return m


def tov_module(**kw):
    m = rules_module(**kw)
    m.tables.crts = {"crt": odds_crt()}
    m.tables.terrain_effects.shift_mode = "cumulative"
    m.tables.terrain_effects.hexside_combat = {"river": CombatEffect(attack_multiplier="1/2")}
    m.rules = RulesConfig(combat=CombatRules(below_table="no_attack", shifted_off_table="no_attack"))
    return m


def test_differential_column_dom_9_1():
    m = dom_module()
    add_unit(m, "a1", combat=5)
    add_unit(m, "a2", combat=2)
    add_unit(m, "d", side="red", combat=4)
    o = combat_odds(m, {"a1": "0403", "a2": "0504", "d": "0404"}, ["a1", "a2"], "0404")
    assert (o.attack, o.defense, o.raw) == (7, 4, 3)
    assert o.column_label == "+2/+3"


def test_differential_capped_minus_1_to_10_dom_9_1():
    m = dom_module()
    add_unit(m, "a", combat=1)
    add_unit(m, "big", combat=20)
    add_unit(m, "d", side="red", combat=4)
    low = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert low.raw == -3 and low.value == -1 and low.column_label == "≤−1"
    high = combat_odds(m, {"big": "0403", "d": "0404"}, ["big"], "0404")
    assert high.raw == 16 and high.value == 10 and high.column_label == "≥10"


def test_odds_round_in_defenders_favour():
    m = tov_module()
    add_unit(m, "a", combat=11)
    add_unit(m, "d", side="red", combat=4)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert o.raw == Fraction(11, 4) and o.column_label == "2:1"
    add_unit(m, "d2", side="red", combat=7)
    o = combat_odds(m, {"a": "0403", "d2": "0404"}, ["a"], "0404")
    assert o.column_label == "1:1"  # 11:7 rounds down to 1:1, never up to 2:1


def test_odds_round_for_attacker_when_the_crt_says_so():
    m = tov_module()
    m.tables.crts["crt"].rounding = "attacker"
    add_unit(m, "a", combat=11)
    add_unit(m, "d", side="red", combat=4)
    assert combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404").column_label == "3:1"


def test_odds_above_table_use_highest_column_st_lo_9_2_8():
    m = tov_module()
    add_unit(m, "a", combat=30)
    add_unit(m, "d", side="red", combat=1)
    assert combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404").column_label == "10:1"


def test_odds_below_1_to_2_no_attack_tov_10_2():
    m = tov_module()
    add_unit(m, "a", combat=1)
    add_unit(m, "d", side="red", combat=3)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert not o.allowed and "below the lowest column" in str(o.rulings[0])
    with pytest.raises(ValueError):
        resolve(m, o, 3)


def test_largest_only_vs_cumulative_shifts():
    """DoM §9.1 / Figure 8: woods ⇐2 and fortified ⇐3 give ⇐3 (largest only); ToV 10.2.2
    shifts are cumulative."""
    m = dom_module(terrain={"0404": "woods"}, features={"0404": ["fortification"]})
    add_unit(m, "a1", combat=3)
    add_unit(m, "a2", combat=3)
    add_unit(m, "d", side="red", combat=4)
    occ = {"a1": "0403", "a2": "0504", "d": "0404"}
    o = combat_odds(m, occ, ["a1", "a2"], "0404")
    assert o.base_column == 3 and o.total_shift == -3 and o.column_label == "≤−1"
    assert [s.source for s in o.shifts] == ["fortification"]
    m.tables.terrain_effects.shift_mode = "cumulative"
    o = combat_odds(m, occ, ["a1", "a2"], "0404")
    assert o.total_shift == -5 and o.column_label == "≤−1"  # clamped to the table


def test_formation_bonus_dom_2_1():
    """Figure 8 with the Division rule: two units of one division get ⇒1, so "0"."""
    rules = RulesConfig(combat=CombatRules(min_value="-1", max_value="10",
                                           formation_bonus=FormationBonus(optional_rule="division")))
    m = rules_module(terrain={"0404": "woods"}, features={"0404": ["fortification"]}, rules=rules)
    m.tables.crts = {"crt": differential_crt()}
    add_unit(m, "ss37", side="red", combat=3, formation="17ss")
    add_unit(m, "ss38", side="red", combat=3, formation="17ss")
    add_unit(m, "us", combat=4)
    occ = {"ss37": "0403", "ss38": "0504", "us": "0404"}
    assert combat_odds(m, occ, ["ss37", "ss38"], "0404").column_label == "≤−1"
    o = combat_odds(m, occ, ["ss37", "ss38"], "0404", optional_rules={"division"})
    assert o.column_label == "0" and o.shifts[-1].source == "formation attack"


def test_river_shift_only_when_every_attacker_is_across():
    m = dom_module()
    m = dom_module(hexsides={hexside_id(m, "0403", "0404"): ["river"]})
    add_unit(m, "a1", combat=8)
    add_unit(m, "a2", combat=2)
    add_unit(m, "d", side="red", combat=2)
    assert combat_odds(m, {"a1": "0403", "d": "0404"}, ["a1"], "0404").total_shift == -3
    assert combat_odds(m, {"a1": "0403", "a2": "0504", "d": "0404"}, ["a1", "a2"], "0404").total_shift == 0


def test_attack_halved_across_river_tov_10_2():
    """ToV 10.2: stacked attackers across a river are added, then halved, rounding down."""
    m = tov_module()
    m = tov_module(hexsides={hexside_id(m, "0403", "0404"): ["river"]})
    add_unit(m, "a1", combat=3)
    add_unit(m, "a2", combat=4)
    add_unit(m, "a3", combat=5)
    add_unit(m, "d", side="red", combat=2)
    o = combat_odds(m, {"a1": "0403", "a2": "0403", "a3": "0504", "d": "0404"}, ["a1", "a2", "a3"], "0404")
    assert o.attack == 3 + 5  # (3 + 4) / 2 = 3½ → 3, plus 5 not across


def test_fort_triples_defence_quadruples_across_river_tov_12_4():
    m = tov_module()
    river = hexside_id(m, "0403", "0404")
    m = tov_module(hexsides={river: ["river"]}, features={"0404": ["fortification"]})
    m.tables.terrain_effects.combat = {"fortification": CombatEffect(defense_multiplier="3")}
    m.rules.combat.multiplier_overrides = [MultiplierOverride(feature="fortification", across=["river"],
                                                              defense_multiplier="4")]
    add_unit(m, "a1", combat=12)
    add_unit(m, "a2", combat=12)
    add_unit(m, "d", side="red", combat=2)
    assert combat_odds(m, {"a1": "0504", "d": "0404"}, ["a1"], "0404").defense == 6
    assert combat_odds(m, {"a1": "0403", "d": "0404"}, ["a1"], "0404").defense == 8
    assert combat_odds(m, {"a1": "0403", "a2": "0504", "d": "0404"}, ["a1", "a2"], "0404").defense == 6


def test_fortifications_help_one_side_only_tov_12_3():
    m = tov_module(features={"0404": ["fortification"]})
    m.tables.terrain_effects.combat = {"fortification": CombatEffect(shift=-1)}
    m.rules.combat.terrain_benefits_side = {"fortification": "red"}
    add_unit(m, "b", combat=8)
    add_unit(m, "r", side="red", combat=2)
    assert combat_odds(m, {"b": "0403", "r": "0404"}, ["b"], "0404").total_shift == -1
    assert combat_odds(m, {"r": "0403", "b": "0404"}, ["r"], "0404").total_shift == 0


def test_weather_and_support_shifts_tov_10_2_2():
    m = tov_module()
    m.rules.combat.weather_shifts = {"mud": -1}
    add_unit(m, "a", combat=8)
    add_unit(m, "d", side="red", combat=2)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404", weather="mud",
                    modifiers=[Modifier("ground support", shift=2, section="7.1")])
    assert o.column_label == "5:1"
    assert [(s.source, s.shift) for s in o.shifts] == [("weather mud", -1), ("ground support", 2)]


def test_zero_defence_uses_highest_column_tov_10_2_2():
    m = tov_module(terrain={"0404": "woods"})
    add_unit(m, "a", combat=1)
    add_unit(m, "d", side="red", combat=0)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert o.column_label == "10:1" and o.shifts == []


def test_drm_caps_st_lo_9_4_5():
    m = tov_module()
    m.rules.combat.drm_max, m.rules.combat.drm_min = 5, -2
    add_unit(m, "a", combat=4)
    add_unit(m, "d", side="red", combat=2)
    occ = {"a": "0403", "d": "0404"}
    up = [Modifier("intensive attack", drm=2), Modifier("defender disrupted", drm=3), Modifier("engineers", drm=1)]
    assert combat_odds(m, occ, ["a"], "0404", modifiers=up).drm == 5
    down = [Modifier("strongpoint", drm=-2), Modifier("defending armor", drm=-1)]
    assert combat_odds(m, occ, ["a"], "0404", modifiers=down).drm == -2


def test_crt_rows_beyond_1_to_6_clamped():
    crt = differential_crt()
    assert crt_cell(crt, 2, 9) == (5, "r6c2")
    assert crt_cell(crt, 2, -1) == (0, "r1c2")


def test_resolve_reads_the_modified_roll():
    m = tov_module()
    add_unit(m, "a", combat=4)
    add_unit(m, "d", side="red", combat=2)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404", modifiers=[Modifier("deliberate", drm=1)])
    out = resolve(m, o, 6)
    assert (out.modified_roll, out.row, out.code) == (7, 6, "r6:2:1")


def test_attacker_not_adjacent_is_ruled():
    m = dom_module()
    add_unit(m, "a", combat=4)
    add_unit(m, "d", side="red", combat=4)
    o = combat_odds(m, {"a": "0401", "d": "0404"}, ["a"], "0404")
    assert "not adjacent" in str(o.rulings[0])


def test_no_mud_shift_from_a_major_city_into_a_major_city_tov_4_1_5():
    """ToV 4.1.5: mud shifts one column left, "except for forces attacking from a Major City hex
    into another Major City hex" — every attacker must be in one."""
    from hexwright.runtime.model.combat_options import ShiftException
    from hexwright.runtime.model.map import HexFeatureType

    m = tov_module(features={"0403": ["major_city"], "0404": ["major_city"]})
    m.map.hex_feature_types["major_city"] = HexFeatureType(name="Major city", kind="other")
    m.rules.combat.weather_shifts = {"mud": -1}
    m.rules.combat.weather_shift_exceptions = {"mud": ShiftException(from_feature="major_city",
                                                                     into_feature="major_city")}
    for uid in ("a", "b"):
        add_unit(m, uid, combat=8)
    add_unit(m, "d", side="red", combat=2)
    city = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404", weather="mud")
    assert city.shifts == [] and "no mud shift: from major_city into major_city" in city.notes
    mixed = combat_odds(m, {"a": "0403", "b": "0505", "d": "0404"}, ["a", "b"], "0404", weather="mud")
    assert [(s.source, s.shift) for s in mixed.shifts] == [("weather mud", -1)]
    m.rules.combat.weather_shift_exceptions = {}
    plain = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404", weather="mud")
    assert [(s.source, s.shift) for s in plain.shifts] == [("weather mud", -1)]


def test_units_that_retreated_here_add_no_defence_tov_10_2():
    """ToV 10.2: "A unit that retreated from another hex to a hex that is attacked in an
    activation do not add their strength"; all of them: the 10+ column, whatever the shifts."""
    m = tov_module(terrain={"0404": "woods"})
    add_unit(m, "a", combat=4)
    add_unit(m, "d", side="red", combat=2)
    add_unit(m, "d2", side="red", combat=2)
    occ = {"a": "0403", "d": "0404", "d2": "0404"}
    both = combat_odds(m, occ, ["a"], "0404")
    one = combat_odds(m, occ, ["a"], "0404", absent=["d2"])
    assert (both.defense, one.defense) == (4, 2) and "no defence from d2 (retreated here)" in one.notes
    none = combat_odds(m, occ, ["a"], "0404", absent=["d", "d2"])
    assert none.defense == 0 and none.column_label == "10:1" and none.shifts == []
