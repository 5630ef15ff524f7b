"""Combat strengths, limits of the table, bonuses and refusals (DoM §2.1, §9.1; ToV 10.2;
St-Lô 9.2.8).

Attackers stand around a defender in 0404: 0403 N, 0504 NE, 0505 SE, 0405 S, 0305 SW, 0304 NW.
"""

from fractions import Fraction as F

import pytest
from builders import add_unit, differential_crt, odds_crt, rules_module

from hexwright.runtime.model import CombatEffect, StepValues
from hexwright.runtime.model.rules_config import CombatRules, FormationBonus, RulesConfig
from hexwright.runtime.rules import Modifier, combat_odds, resolve


def odds_module(terrain=None, **combat):
    m = rules_module(terrain=terrain, rules=RulesConfig(combat=CombatRules(**combat)))
    m.tables.crts = {"crt": odds_crt()}
    return m


def test_separate_attack_and_defence_values_are_preferred_over_combat_dom_9_1():
    m = odds_module()
    add_unit(m, "a", combat=1, attack=6)
    add_unit(m, "d", side="red", combat=9, defense=2)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert (o.attack, o.defense, o.column_label) == (6, 2, "3:1")


def test_combat_value_when_the_rules_say_so_or_the_unit_has_no_other():
    m = odds_module(attack_value="combat", defense_value="combat")
    add_unit(m, "a", combat=1, attack=6)
    add_unit(m, "d", side="red", combat=9, defense=2)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert (o.attack, o.defense) == (1, 9)
    m = odds_module()
    add_unit(m, "a", combat=5)
    add_unit(m, "d", side="red", combat=3)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert (o.attack, o.defense) == (5, 3)


def test_a_unit_with_no_strength_printed_counts_zero():
    m = odds_module()
    add_unit(m, "a", combat=4)
    add_unit(m, "a2", combat=4)
    m.pieces.pieces["a2"].steps = [StepValues(movement=4)]
    add_unit(m, "d", side="red", combat=2)
    o = combat_odds(m, {"a": "0403", "a2": "0504", "d": "0404"}, ["a", "a2"], "0404")
    assert o.attack == 4


def test_strengths_of_several_hexes_and_defenders_add_up():
    m = odds_module()
    for k, strength in enumerate((3, 4, 5)):
        add_unit(m, f"a{k}", combat=strength)
    add_unit(m, "d1", side="red", combat=2)
    add_unit(m, "d2", side="red", combat=3)
    occ = {"a0": "0403", "a1": "0403", "a2": "0305", "d1": "0404", "d2": "0404"}
    o = combat_odds(m, occ, ["a2", "a0", "a1", "a0"], "0404")
    assert (o.attack, o.defense, o.attackers, o.defenders) == (12, 5, ["a0", "a1", "a2"], ["d1", "d2"])


def test_zero_defence_reads_the_highest_column_without_shifts_tov_10_2_2():
    m = odds_module()
    add_unit(m, "a", combat=1)
    add_unit(m, "d", side="red", combat=0)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404", modifiers=[Modifier("mud", shift=-3)])
    assert (o.base_column, o.column, o.column_label, o.shifts) == (10, 10, "10:1", [])
    assert o.allowed and o.raw is None and o.value is None
    assert "defence 0: highest column, no shifts" in o.notes
    assert resolve(m, o, 1).code == "r1:10:1"


def test_zero_defence_is_an_error_when_the_rules_say_so():
    m = odds_module(zero_defense="error")
    add_unit(m, "a", combat=1)
    add_unit(m, "d", side="red", combat=0)
    with pytest.raises(ValueError, match="the defence is 0"):
        combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")


def test_below_the_table_is_the_lowest_column_unless_the_rules_forbid_it_st_lo_9_2_8():
    """St-Lô 9.2.8: below the listed ratios, the lowest column; ToV 10.2 "minimum odds of 1:2"."""
    m = odds_module()
    add_unit(m, "a", combat=1)
    add_unit(m, "d", side="red", combat=3)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert (o.allowed, o.base_column, o.column_label, o.rulings) == (True, 0, "1:2", [])
    assert resolve(m, o, 2).code == "r2:1:2"
    m.rules.combat.below_table = "no_attack"
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404")
    assert (o.allowed, o.base_column, o.column) == (False, None, None)
    assert [str(r) for r in o.rulings] == ["attack not allowed: below the lowest column at 0404"]


def test_shifted_below_the_lowest_column_is_no_attack_when_the_rules_say_so():
    m = odds_module(shifted_off_table="no_attack", section="10.2.2")
    add_unit(m, "a", combat=2)
    add_unit(m, "d", side="red", combat=2)
    occ = {"a": "0403", "d": "0404"}
    o = combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier("mud", shift=-1)])
    assert (o.allowed, o.column_label) == (True, "1:2")  # 1:1 shifted to 1:2: still on the table
    o = combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier("mud", shift=-2)])
    assert not o.allowed
    assert [str(r) for r in o.rulings] == ["attack not allowed: shifted below the lowest column at 0404 — 10.2.2"]
    with pytest.raises(ValueError, match="shifted below the lowest column"):
        resolve(m, o, 3)
    o = combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier("air", shift=20)])
    assert (o.allowed, o.column, o.column_label) == (True, 10, "10:1")  # shifted above: the highest column


def test_shifts_beyond_the_table_clamp_to_its_ends_by_default():
    m = odds_module()
    add_unit(m, "a", combat=2)
    add_unit(m, "d", side="red", combat=2)
    occ = {"a": "0403", "d": "0404"}
    low = combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier("mud", shift=-2)])
    assert (low.allowed, low.base_column, low.column, low.column_label) == (True, 1, 0, "1:2")
    high = combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier("air", shift=9)])
    assert (high.column, high.column_label) == (10, "10:1")
    edge = combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier("air", shift=8)])
    assert (edge.column, edge.column_label) == (9, "9:1")
    past = combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier("air", shift=10)])  # one past the last
    assert (past.allowed, past.column, past.column_label) == (True, 10, "10:1")


def formation_module(bonus: FormationBonus):
    m = rules_module(rules=RulesConfig(combat=CombatRules(formation_bonus=bonus)))
    m.tables.crts = {"crt": differential_crt()}
    for uid, formation in (("a1", "1id"), ("a2", "1id"), ("a3", "1id"), ("b1", "2id"), ("b2", "2id"), ("c", None)):
        add_unit(m, uid, combat=1, formation=formation)
    add_unit(m, "d", side="red", combat=3)
    return m


def bonus_for(m, attackers):
    hexes = ["0403", "0504", "0505", "0405", "0305", "0304"]
    o = combat_odds(m, {**dict(zip(attackers, hexes)), "d": "0404"}, attackers, "0404")
    return [(s.source, s.shift) for s in o.shifts if s.source == "formation attack"]


def test_formation_bonus_needs_min_units_of_one_formation_dom_2_1():
    """DoM §2.1: two units of one division attacking together get one column."""
    m = formation_module(FormationBonus())
    assert bonus_for(m, ["a1", "a2"]) == [("formation attack", 1)]
    assert bonus_for(m, ["a1", "b1", "c"]) == []  # three units, but of three formations
    m = formation_module(FormationBonus(min_units=3))
    assert bonus_for(m, ["a1", "a2", "b1"]) == []
    assert bonus_for(m, ["a1", "a2", "a3"]) == [("formation attack", 1)]


def test_formation_bonus_per_formation_up_to_max_total_dom_2_1():
    m = formation_module(FormationBonus(shift=1, max_total=1))
    assert bonus_for(m, ["a1", "a2", "b1", "b2"]) == [("formation attack", 1)]
    m = formation_module(FormationBonus(shift=1, max_total=3))
    assert bonus_for(m, ["a1", "a2", "b1", "b2"]) == [("formation attack", 2)]
    m = formation_module(FormationBonus(shift=2, max_total=3))
    assert bonus_for(m, ["a1", "a2", "b1", "b2"]) == [("formation attack", 3)]


def test_refusals_name_what_is_wrong():
    m = odds_module()
    add_unit(m, "a", combat=4)
    add_unit(m, "friend", side="red", combat=4)
    add_unit(m, "d", side="red", combat=2)
    occ = {"a": "0403", "friend": "0504", "d": "0404"}
    with pytest.raises(ValueError, match="attacker 'ghost' is not on the map"):
        combat_odds(m, occ, ["a", "ghost"], "0404")
    with pytest.raises(ValueError, match="an attack needs at least one attacker"):
        combat_odds(m, occ, [], "0404")
    with pytest.raises(ValueError, match="attacker 'friend' is on the defender's side"):
        combat_odds(m, occ, ["friend"], "0404")
    with pytest.raises(ValueError, match="no unit in the defender's hex 0505"):
        combat_odds(m, occ, ["a"], "0505")


def test_drms_from_terrain_and_callers_are_summed_and_capped_st_lo_9_4_5():
    """St-Lô 9.4.5: never more than the cap either way (here +3 and −2)."""
    m = odds_module(terrain={"0404": "woods"}, drm_min=-2, drm_max=3)
    m.tables.terrain_effects.combat["woods"] = CombatEffect(shift=-1, drm=-1)
    m.tables.terrain_effects.section = "TEC"
    add_unit(m, "a", combat=4)
    add_unit(m, "d", side="red", combat=2)
    occ = {"a": "0403", "d": "0404"}

    def drm(*drms):
        return combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier(f"m{k}", drm=v) for k, v in enumerate(drms)]).drm

    o = combat_odds(m, occ, ["a"], "0404", modifiers=[Modifier("engineers", drm=2, section="9.4"),
                                                      Modifier("air", shift=1)])
    assert o.drm == 1
    assert [d.to_json() for d in o.drms] == [{"source": "woods", "shift": 0, "drm": -1, "section": "TEC"},
                                             {"source": "engineers", "shift": 0, "drm": 2, "section": "9.4"}]
    assert [(s.source, s.shift) for s in o.shifts] == [("woods", -1), ("air", 1)]
    assert [drm(4), drm(5), drm(6)] == [3, 3, 3]
    assert [drm(-1), drm(-2), drm(-5)] == [-2, -2, -2]
    assert drm(3) == 2


def test_odds_and_outcome_as_json_for_the_odds_command():
    m = odds_module(section="10.2")
    add_unit(m, "a", combat=5)
    add_unit(m, "d", side="red", combat=2)
    o = combat_odds(m, {"a": "0403", "d": "0404"}, ["a"], "0404", modifiers=[Modifier("air", shift=1, drm=1)])
    assert o.to_json() == {
        "attackers": ["a"], "defender_hex": "0404", "defenders": ["d"], "crt": "crt", "kind": "odds",
        "attack": "5", "defense": "2", "raw": "5/2", "value": "5/2", "base_column": 2, "column": 3,
        "column_label": "3:1", "shifts": [{"source": "air", "shift": 1, "drm": 1, "section": ""}], "total_shift": 1,
        "drms": [{"source": "air", "shift": 1, "drm": 1, "section": ""}], "drm": 1, "allowed": True, "rulings": [],
        "notes": []}
    assert resolve(m, o, 4).to_json() == {"column": "3:1", "roll": 4, "modified_roll": 5, "row": 5, "code": "r5:3:1",
                                          "result": {"name": "r5:3:1", "description": "", "effects": []}}
    add_unit(m, "z", side="red", combat=0)
    zero = combat_odds(m, {"a": "0403", "z": "0404"}, ["a"], "0404").to_json()
    assert (zero["raw"], zero["value"], zero["column_label"]) == (None, None, "10:1")


def river_fort_module(**combat):
    """0404 fortified (×3, ×4 when every attack crosses a river); the 0403/0404 hexside a river
    that halves attacks across it (ToV 10.2, 12.4)."""
    from builders import hexside_id

    from hexwright.runtime.model.rules_config import MultiplierOverride

    m = odds_module()
    river = hexside_id(m, "0403", "0404")
    m = rules_module(hexsides={river: ["river"]}, features={"0404": ["fortification"]},
                     rules=RulesConfig(combat=CombatRules(**combat)))
    m.tables.crts = {"crt": odds_crt()}
    te = m.tables.terrain_effects
    te.shift_mode = "cumulative"
    te.hexside_combat = {"river": CombatEffect(attack_multiplier="1/2")}
    te.combat["fortification"] = CombatEffect(defense_multiplier="3")
    m.rules.combat.multiplier_overrides = [MultiplierOverride(feature="fortification", across=["river"],
                                                              defense_multiplier="4")]
    add_unit(m, "a1", combat=7)
    add_unit(m, "a2", combat=5)
    add_unit(m, "d", side="red", combat=3)
    return m


def test_multipliers_are_explained_in_the_notes_tov_10_2_and_12_4():
    m = river_fort_module()
    o = combat_odds(m, {"a1": "0403", "d": "0404"}, ["a1"], "0404")
    assert (o.attack, o.defense) == (3, 12)  # 7 halved, rounded down; 3 × 4
    assert o.notes == ["attack from 0403 ×1/2 across river", "fortification: ×4, every attack across river",
                       "defence ×4 for fortification"]
    o = combat_odds(m, {"a1": "0403", "a2": "0504", "d": "0404"}, ["a1", "a2"], "0404")
    assert (o.attack, o.defense) == (3 + 5, 9)
    assert o.notes == ["attack from 0403 ×1/2 across river", "defence ×3 for fortification"]
    plain = combat_odds(m, {"a2": "0504", "d": "0404"}, ["a2"], "0404")
    assert plain.notes == ["defence ×3 for fortification"]


def test_exact_multiplication_keeps_fractions():
    m = river_fort_module(round_multiplied="exact")
    m.tables.terrain_effects.combat["fortification"] = CombatEffect(defense_multiplier="3/2")
    m.rules.combat.multiplier_overrides = []
    o = combat_odds(m, {"a1": "0403", "d": "0404"}, ["a1"], "0404")
    assert (o.attack, o.defense, o.raw) == (F(7, 2), F(9, 2), F(7, 9))
    m = river_fort_module()
    m.tables.terrain_effects.combat["fortification"] = CombatEffect(defense_multiplier="3/2")
    m.rules.combat.multiplier_overrides = []
    o = combat_odds(m, {"a1": "0403", "d": "0404"}, ["a1"], "0404")
    assert (o.attack, o.defense) == (3, 4)


def shift_module(shift_mode="largest", **combat):
    from builders import hexside_id

    m = odds_module()
    river = hexside_id(m, "0403", "0404")
    m = rules_module(terrain={"0404": "woods"}, features={"0404": ["town"]}, hexsides={river: ["river"]},
                     rules=RulesConfig(combat=CombatRules(**combat)))
    m.tables.crts = {"crt": odds_crt()}
    te = m.tables.terrain_effects
    te.shift_mode, te.section = shift_mode, "TEC"
    te.combat = {"woods": CombatEffect(shift=-1), "town": CombatEffect(shift=2)}
    te.hexside_combat = {"river": CombatEffect(shift=-2), "stream": CombatEffect()}
    add_unit(m, "a1", combat=6)
    add_unit(m, "a2", combat=6)
    add_unit(m, "d", side="red", combat=3)
    return m


def test_terrain_and_hexside_shifts_cumulative_or_largest_dom_9_1():
    """DoM §9.1: "the largest column shift is used"; ToV adds them up. Ties go to the defender."""
    occ = {"a1": "0403", "d": "0404"}
    m = shift_module("cumulative")
    o = combat_odds(m, occ, ["a1"], "0404")
    assert [s.to_json() for s in o.shifts] == [
        {"source": "woods", "shift": -1, "drm": 0, "section": "TEC"},
        {"source": "town", "shift": 2, "drm": 0, "section": "TEC"},
        {"source": "across river", "shift": -2, "drm": 0, "section": "TEC"}]
    assert o.notes == [] and o.drm == 0
    m = shift_module("largest")
    o = combat_odds(m, occ, ["a1"], "0404")
    assert [(s.source, s.shift) for s in o.shifts] == [("across river", -2)]  # |-2| = |+2|: the defender's
    assert o.notes == ["largest terrain shift only: across river -2"]
    m.tables.terrain_effects.combat["town"] = CombatEffect(shift=3)
    o = combat_odds(m, occ, ["a1"], "0404")
    assert [(s.source, s.shift) for s in o.shifts] == [("town", 3)]
    assert o.notes == ["largest terrain shift only: town +3"]


def test_a_hexside_shift_needs_every_attacker_across_unless_any_will_do():
    both = {"a1": "0403", "a2": "0504", "d": "0404"}
    m = shift_module("cumulative")
    assert [s.source for s in combat_odds(m, both, ["a1", "a2"], "0404").shifts] == ["woods", "town"]
    m = shift_module("cumulative", hexside_shift_when="any_attacker")
    assert [s.source for s in combat_odds(m, both, ["a1", "a2"], "0404").shifts] == ["woods", "town", "across river"]


def test_largest_shift_mode_with_one_or_two_shifts_dom_9_1():
    m = shift_module("largest")
    del m.tables.terrain_effects.combat["town"]
    occ = {"a2": "0504", "d": "0404"}  # not across the river: woods alone
    o = combat_odds(m, occ, ["a2"], "0404")
    assert ([(s.source, s.shift) for s in o.shifts], o.notes) == ([("woods", -1)], [])
    o = combat_odds(m, {"a1": "0403", "d": "0404"}, ["a1"], "0404")  # woods and the river
    assert ([(s.source, s.shift) for s in o.shifts], o.notes) == (
        [("across river", -2)], ["largest terrain shift only: across river -2"])


def test_hexsides_without_a_shift_add_none():
    """A stream with a combat entry but no shift, and a hedge with no entry at all."""
    from builders import hexside_id

    m = shift_module("cumulative")
    river = hexside_id(m, "0403", "0404")
    stream, hedge = hexside_id(m, "0504", "0404"), hexside_id(m, "0505", "0404")
    m.map.hexsides = rules_module(hexsides={river: ["river"], stream: ["stream"], hedge: ["hedge"]}).map.hexsides
    occ = {"a1": "0504", "a2": "0505", "d": "0404"}
    o = combat_odds(m, occ, ["a1", "a2"], "0404", rules=RulesConfig(combat=CombatRules(hexside_shift_when="any_attacker")))
    assert [s.source for s in o.shifts] == ["woods", "town"]


def test_weather_and_formation_shifts_carry_no_drm_tov_10_2_2_dom_2_1():
    m = formation_module(FormationBonus())
    m.rules.combat.weather_shifts = {"mud": -1}
    m.rules.combat.section = "§9.1"
    occ = {"a1": "0403", "a2": "0504", "d": "0404"}
    o = combat_odds(m, occ, ["a1", "a2"], "0404", weather="mud")
    assert [s.to_json() for s in o.shifts] == [
        {"source": "weather mud", "shift": -1, "drm": 0, "section": "§9.1"},
        {"source": "formation attack", "shift": 1, "drm": 0, "section": "§9.1"}]
    assert [s.source for s in combat_odds(m, occ, ["a1", "a2"], "0404", weather="clear").shifts] == ["formation attack"]
    assert [s.source for s in combat_odds(m, occ, ["a1", "a2"], "0404").shifts] == ["formation attack"]


def test_doubling_multipliers_apply_in_full():
    """A hexside that doubles attacks across it, a town that doubles its defenders (any factor,
    not only halves and fortifications)."""
    m = river_fort_module()
    m.tables.terrain_effects.hexside_combat = {"river": CombatEffect(attack_multiplier="2")}
    m.tables.terrain_effects.combat["fortification"] = CombatEffect(defense_multiplier="2")
    m.rules.combat.multiplier_overrides = []
    o = combat_odds(m, {"a1": "0403", "d": "0404"}, ["a1"], "0404")
    assert (o.attack, o.defense) == (14, 6)
    assert o.notes == ["attack from 0403 ×2 across river", "defence ×2 for fortification"]
