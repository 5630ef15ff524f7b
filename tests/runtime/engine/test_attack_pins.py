"""Declaring and resolving attacks (``engine/attacks.py``) on a small synthetic module after *Drive
on Metz* §9 (not DoM): the refusals a module designer relies on, the odds the log states, the
attackers offered, an attack called off, and result effects other than retreat and advance.

Blue's b_1 (0404) and b_2 (0403) are next to red's r_1 and r_2 stacked in 0504; b_3 (0503) is
next to 0504 too; red's r_3 in 0405 is next to b_1 only; b_far stands away in 0101; b_spare is
never placed. Phases: blue movement, blue combat; the CRT is DoM Table 3's shape."""

from __future__ import annotations

import pytest
from builders import add_unit, dom_crt, odds_crt, rules_module
from combat_modules import seed_rolling

from hexwright.runtime.engine import (
    Declare,
    EndPhase,
    Resolve,
    apply,
    attack_odds,
    available_attackers,
    engine_state,
    legal_actions,
)
from hexwright.runtime.engine.attacks import odds_text
from hexwright.runtime.model import Phase, Placement, ResultCode, ResultEffect, Scenario
from hexwright.runtime.model.sequence import StatusDef, StatusEffects
from hexwright.runtime.state import ActionError, Eliminate, initial_state
from hexwright.runtime.state import apply as state_apply

SETUP = {"b_1": "0404", "b_2": "0403", "b_3": "0503", "b_far": "0101", "r_1": "0504", "r_2": "0504",
         "r_3": "0405"}


def attack_module():
    m = rules_module(9, 9)
    for unit, side, combat in (("b_1", "blue", 4), ("b_2", "blue", 4), ("b_3", "blue", 4), ("b_far", "blue", 4),
                               ("b_spare", "blue", 4), ("r_1", "red", 3), ("r_2", "red", 3), ("r_3", "red", 2)):
        add_unit(m, unit, side, combat=combat)
    m.tables.crts["crt"] = dom_crt()
    m.meta.sequence = [Phase(id="blue_move", name="Blue movement", side="blue", kind="movement", section="8.0"),
                       Phase(id="blue_combat", name="Blue combat", side="blue", kind="combat", section="9.0")]
    m.rules.combat.section = "9.1"
    m.rules.stacking.limit = None
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue",
                                 setup=[Placement(piece=p, hex=h) for p, h in SETUP.items()])}
    return m


def in_combat(m, seed: int = 1):
    s, _ = apply(m, initial_state(m, "s", seed), EndPhase())
    assert m.meta.sequence[s.phase].id == "blue_combat"
    return s


def resolved_one_by_one(m):
    """Attacks declared and resolved one by one, every result no effect: b_1 has attacked 0504."""
    every_cell(m, "-", ResultCode(name="No effect"))
    m.rules.combat.declare_all_first = False
    s = in_combat(m)
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    return s


def every_cell(m, code: str, result: ResultCode) -> None:
    crt = m.tables.crts["crt"]
    crt.results[code] = result
    crt.cells = [[code] * len(crt.columns) for _ in crt.rows]


def test_9_attacks_are_declared_in_a_combat_phase_only():
    m = attack_module()
    s = initial_state(m, "s", 1)
    with pytest.raises(ActionError, match=r"attacks are made in a combat phase, not now \(Blue movement\)"):
        apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    assert not [a for a in legal_actions(m, s) if isinstance(a, Declare)]


@pytest.mark.parametrize(("attack", "refusal"), [
    (Declare(attackers=("b_1",), hex="0303"), r"no enemy unit in 0303 to attack — 9\.1"),
    (Declare(attackers=("b_1", "b_1"), hex="0504"), r"a unit is named twice in the attack — 9\.1"),
    (Declare(attackers=("b_spare",), hex="0504"), r"b_spare is not on the map"),
    (Declare(attackers=("b_1", "r_3"), hex="0504"), r"r_3 regt is not the attacker's unit — 9\.1"),
    (Declare(attackers=("b_far",), hex="0504"), r"b_far regt is not adjacent to 0504"),
    (Declare(attackers=("b_1",), hex="0504", assets=("engineers",)), r"this game has no assets to assign — 9\.1"),
])
def test_9_a_declared_attack_names_adjacent_units_of_the_attacker_against_an_enemy_hex(attack, refusal):
    """§9: "all attackers must be adjacent to the target hex"; an attack is made into a hex held by
    the enemy, by the phasing side's units on the map, each named once."""
    m = attack_module()
    s = in_combat(m)
    with pytest.raises(ActionError, match=refusal):
        apply(m, s, attack)
    assert engine_state(s).declared == ()


def test_9_2_a_resolve_needs_a_declared_attack_on_that_hex():
    m = attack_module()
    s = in_combat(m)
    with pytest.raises(ActionError, match=r"no attack is declared on 0504 — 9\.1"):
        apply(m, s, Resolve(hex="0504"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0405"))
    with pytest.raises(ActionError, match="no attack is declared on 0504"):
        apply(m, s, Resolve(hex="0504"))


def test_max_attackers_caps_the_units_of_one_attack_and_the_attacks_offered():
    """``combat.max_attackers``: at most that many units attack together (refused by name, and no
    larger group is offered)."""
    m = attack_module()
    m.rules.combat.max_attackers = 2
    s = in_combat(m)
    with pytest.raises(ActionError, match=r"at most 2 unit\(s\) attack together"):
        apply(m, s, Declare(attackers=("b_1", "b_2", "b_3"), hex="0504"))
    offered = {d.attackers for d in legal_actions(m, s) if isinstance(d, Declare) and d.hex == "0504"}
    assert ("b_1", "b_2") in offered and ("b_2", "b_3") in offered
    assert max(len(a) for a in offered) == 2
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    assert [d.attackers for d in engine_state(s).declared] == [("b_1", "b_2")]


def test_9_the_attackers_available_are_the_phasing_sides_adjacent_units_that_have_not_attacked():
    m = attack_module()
    s = in_combat(m)
    assert available_attackers(m, s, "0504") == ["b_1", "b_2", "b_3"]
    assert available_attackers(m, s, "0405") == ["b_1"]  # b_2 (0403) is two hexes away
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0405"))
    assert available_attackers(m, s, "0504") == ["b_2", "b_3"]


def test_9_1_the_log_states_the_differential_and_its_column():
    """§9.1: ΔCF = the attackers' CF less the defender's, matched to a column: 4 + 4 − (3 + 3) = 2."""
    m = attack_module()
    s = in_combat(m)
    s, entry = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    assert entry.text == "attack declared: Blue b_1 regt, Blue b_2 regt on Red r_1 regt in 0504 (ΔCF 2: column +2/+3)"


def test_odds_are_stated_as_a_ratio_and_a_capped_ratio_after_an_arrow():
    """An odds CRT: 12 against 6 is "2:1"; 4 against 2 with ``max_value`` 3/2 is 2:1 read as "3:2"."""
    m = attack_module()
    m.tables.crts["crt"] = odds_crt()
    s = in_combat(m)
    s, entry = apply(m, s, Declare(attackers=("b_1", "b_2", "b_3"), hex="0504"))
    assert entry.text.endswith("(2:1: column 2:1)")
    m.rules.combat.max_value = "3/2"
    assert odds_text(attack_odds(m, s, ("b_1",), "0405")) == "2:1 → 3:2: column 1:1"


def test_9_2_an_attack_whose_defenders_are_gone_is_called_off_without_a_roll():
    m = attack_module()
    s = in_combat(m)
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    s, _ = state_apply(m, s, Eliminate(pieces=["r_1", "r_2"]))
    s, entry = apply(m, s, Resolve(hex="0504"))
    assert entry.text == "attack on 0504 called off: no defender left"
    assert entry.dice == () and s.rng.counter == 0
    assert engine_state(s).declared == ()


def test_9_2_an_attack_whose_attackers_are_gone_is_called_off_without_a_roll():
    m = attack_module()
    s = in_combat(m)
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    s, _ = state_apply(m, s, Eliminate(pieces=["b_1", "b_2"]))
    s, entry = apply(m, s, Resolve(hex="0504"))
    assert entry.text == "attack on 0504 called off: no attacker left"
    assert s.rng.counter == 0


def test_a_pin_result_pins_every_defender_when_the_module_declares_the_pinned_status():
    """St-Lô 14.2 after a CRT "pin" effect: the defenders hold the module's ``pinned`` status."""
    m = attack_module()
    every_cell(m, "P", ResultCode(name="Pinned", effects=[ResultEffect(who="defender", what="pin")]))
    m.rules.statuses = {"pinned": StatusDef(name="Pinned", effects=StatusEffects(may_move=False), section="14.2")}
    s = in_combat(m)
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    assert engine_state(s).seq.statuses == {"r_1": ("pinned",), "r_2": ("pinned",)}


def resolved_with_every_cell(who: str, what: str, casualty_rules: bool):
    """The state and log entry after b_1 and b_2 attack 0504 on a CRT whose every cell gives
    ``who`` the effect ``what``, in a module with or without casualty checks (ToV 10.3)."""
    from hexwright.runtime.model.combat_options import CasualtyCheck

    m = attack_module()
    every_cell(m, "X", ResultCode(name="Effect", effects=[ResultEffect(who=who, what=what)]))
    m.rules.combat.casualty = CasualtyCheck(section="10.3") if casualty_rules else None
    s = in_combat(m)
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    return apply(m, s, Resolve(hex="0504"))


@pytest.mark.parametrize("casualty_rules", [False, True])
def test_an_effect_the_module_does_not_automate_is_left_to_the_players_in_the_log(casualty_rules):
    """A pin with no pinned status declared is left to the players, whether or not the module
    has casualty checks (ToV 10.3, ``combat.casualty``)."""
    s, entry = resolved_with_every_cell("defender", "pin", casualty_rules)
    assert "defender pin: not automated, apply it by hand" in entry.text
    assert not engine_state(s).seq.statuses


@pytest.mark.parametrize("casualty_rules", [False, True])
def test_tov_10_3_a_casualty_check_is_rolled_where_the_module_has_casualty_rules_else_left_to_the_players(
        casualty_rules):
    s, entry = resolved_with_every_cell("attacker", "casualty_check", casualty_rules)
    assert ("attacker casualty_check: not automated, apply it by hand" in entry.text) is not casualty_rules
    top = engine_state(s).top
    assert (top is not None and top.proc == "roll" and top.result == "casualty") is casualty_rules


def test_9_4_an_eliminated_defender_leaves_its_hex_to_the_attackers_advance():
    """§9.4–9.5: the defenders removed; one attacker may advance into the hex vacated."""
    m = attack_module()
    every_cell(m, "DE", ResultCode(name="Defender eliminated",
                                   effects=[ResultEffect(who="attacker", what="advance"),
                                            ResultEffect(who="defender", what="eliminate")]))
    s = in_combat(m, seed_rolling(4))
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    s, entry = apply(m, s, Resolve(hex="0504"))
    assert "rolls 4: DE (Defender eliminated)" in entry.text
    assert s.hex_of("r_1") is None and s.hex_of("r_2") is None
    top = engine_state(s).frames[-1]
    assert top.proc == "advance" and top.vacated == ("0504",) and top.units == ("b_1", "b_2")


def test_an_attack_whose_odds_fell_below_the_table_is_called_off_with_the_rulings_reason():
    """``below_table: no_attack``: 4 against 6 is 2:3 (the 1:2 column) when declared; a red unit of 6
    moving in before the resolution makes it 1:3, below the table: called off, no die rolled."""
    from hexwright.runtime.state import Location, MovePieces

    m = attack_module()
    m.tables.crts["crt"] = odds_crt()
    m.rules.combat.below_table = "no_attack"
    add_unit(m, "r_4", "red", combat=6)
    m.scenarios["s"].setup.append(Placement(piece="r_4", hex="0808"))
    s = in_combat(m)
    s, entry = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    assert entry.text.endswith("(2:3: column 1:2)")
    s, _ = state_apply(m, s, MovePieces(pieces=("r_4",), to=Location.hex("0504")))
    s, entry = apply(m, s, Resolve(hex="0504"))
    assert entry.text == "attack on 0504 called off: attack not allowed: below the lowest column"
    assert s.rng.counter == 0 and engine_state(s).frames == ()



def test_st_lo_9_1_1_an_attack_on_every_adjacent_enemy_takes_each_hex_next_to_any_attacker():
    """``combat.all_adjacent`` (St-Lô 9.1.1): b_1 and b_2 attack 0504; r_3 (0405) is next to b_1
    only and defends too, 4 + 4 against 3 + 3 + 2."""
    m = attack_module()
    m.rules.combat.all_adjacent = True
    s = in_combat(m)
    odds = attack_odds(m, s, ("b_1", "b_2"), "0504")
    assert sorted(odds.defenders) == ["r_1", "r_2", "r_3"] and (odds.attack, odds.defense) == (8, 8)
    assert attack_odds(m, s, ("b_2",), "0504").defenders == ["r_1", "r_2"]  # 0403 is not next to 0405


@pytest.mark.parametrize(("once", "again"), [("unit", False), ("hex", False), ("no", True)])
def test_9_a_defender_attacked_and_resolved_may_be_attacked_again_only_as_defend_once_allows(once, again):
    """``combat.defend_once``: DoM §9 a unit once (unit), ToV 10.0 a hex once (hex), St-Lô 9.1 B any
    number of times (no). Attacks are declared and resolved one by one here; the first has no effect."""
    m = attack_module()
    every_cell(m, "-", ResultCode(name="No effect"))
    m.rules.combat.declare_all_first = False
    m.rules.combat.defend_once = once
    s = in_combat(m)
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    second = Declare(attackers=("b_3",), hex="0504")
    assert (second in legal_actions(m, s)) is again
    if again:
        s, entry = apply(m, s, second)
        assert entry.text.startswith("attack declared: Blue b_3 regt on Red r_1 regt in 0504")
    else:
        with pytest.raises(ActionError, match=r"Red r_1 regt is already attacked this turn at 0504 — 9\.1"):
            apply(m, s, second)


def test_9_every_unit_of_an_attacked_stack_counts_as_attacked_when_each_unit_defends_once():
    """DoM §9 "a defending unit may only be attacked once" (``defend_once: unit``): an attack on
    0504 attacks r_1 and r_2 both; with r_1 gone afterwards, r_2 may not be attacked again."""
    m = attack_module()
    s = resolved_one_by_one(m)
    s, _ = state_apply(m, s, Eliminate(pieces=["r_1"]))
    assert not [a for a in legal_actions(m, s) if isinstance(a, Declare) and a.hex == "0504"]
    with pytest.raises(ActionError, match=r"Red r_2 regt is already attacked this turn at 0504 — 9\.1"):
        apply(m, s, Declare(attackers=("b_3",), hex="0504"))


def test_9_one_attack_at_a_time_when_attacks_are_not_all_declared_first():
    m = attack_module()
    m.rules.combat.declare_all_first = False
    s = in_combat(m)
    s, _ = apply(m, s, Declare(attackers=("b_2",), hex="0504"))
    assert not [a for a in legal_actions(m, s) if isinstance(a, Declare)]
    with pytest.raises(ActionError, match=r"resolve the attack on 0504 first \(attacks are declared and resolved "
                                          r"one by one\) — 9\.1"):
        apply(m, s, Declare(attackers=("b_1",), hex="0405"))


def test_st_lo_14_2_a_unit_whose_status_forbids_attacking_is_refused_and_not_offered():
    from hexwright.runtime.engine import prepared, with_engine_state

    m = attack_module()
    m.rules.statuses = {"pinned": StatusDef(name="Pinned", effects=StatusEffects(may_attack=False), section="14.2")}
    tx = prepared(m, in_combat(m))
    s = with_engine_state(tx.state, tx.data.model_copy(update={"seq": tx.data.seq.model_copy(
        update={"statuses": {"b_1": ("pinned",)}})}))
    assert available_attackers(m, s, "0504") == ["b_2", "b_3"]
    assert all("b_1" not in d.attackers for d in legal_actions(m, s) if isinstance(d, Declare))
    with pytest.raises(ActionError, match=r"Blue b_1 regt may not attack: Pinned — 14\.2 at 0504 — 9\.1"):
        apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))


def unordered_b3_at_combat(enforcement: dict[str, str] | None = None):
    """ToV 4.3 on the combat module: blue orders its 1st and 3rd divisions, and b_3 (2nd
    division) stands in 0503 next to 0504; the module and the state at its combat step."""
    from combat_modules import combat_module

    from hexwright.runtime.engine import Choose

    m = combat_module()
    if enforcement is not None:
        m.rules.enforcement = enforcement
    m.scenarios["act"].setup = [p for p in m.scenarios["act"].setup if p.piece != "b_3"] + [
        Placement(piece="b_3", hex="0503")]
    s = initial_state(m, "act", 0)
    for f in ("b_d1", "b_d3"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    s, _ = apply(m, s, EndPhase())
    return m, s


def test_tov_4_3_a_unit_the_activation_does_not_order_may_not_attack():
    """Blue orders its 1st and 3rd divisions: b_3 (2nd division, next to 0504 here) is not activated."""
    m, s = unordered_b3_at_combat()
    assert all("b_3" not in d.attackers for d in legal_actions(m, s) if isinstance(d, Declare))
    with pytest.raises(ActionError, match=r"b_3 regt may not attack: not activated"):
        apply(m, s, Declare(attackers=("b_1", "b_3"), hex="0504"))


def test_9_a_unit_that_attacked_and_resolved_may_not_attack_again_in_the_phase():
    """DoM §9: each unit attacks once per combat phase — also when attacks are declared and
    resolved one by one (no activation counts them): b_1, resolved against 0504, is not offered
    against 0405 (next to it only) and is refused there."""
    m = attack_module()
    s = resolved_one_by_one(m)
    assert engine_state(s).attacked == ("b_1",)
    assert not any(isinstance(a, Declare) and "b_1" in a.attackers for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"Blue b_1 regt already attacks this turn at 0405 — 9\.1"):
        apply(m, s, Declare(attackers=("b_1",), hex="0405"))


def test_tov_4_3_with_the_combat_step_at_warn_a_unit_not_ordered_attacks_with_an_override_logged():
    """The step's enforcement ``warn`` (``step.fight``): b_3 (2nd division, not ordered) is offered
    and may attack, and the declaration logs the broken constraint as an override."""
    m, s = unordered_b3_at_combat({"step.fight": "warn"})
    assert Declare(attackers=("b_1", "b_3"), hex="0504") in legal_actions(m, s)
    s, entry = apply(m, s, Declare(attackers=("b_1", "b_3"), hex="0504"))
    assert "override: Blue b_3 regt may not attack: not activated" in entry.text


def test_9_2_the_resolution_cites_the_crts_own_section_else_the_combat_rules_section():
    """The log of a resolution cites the CRT's section (its table number) when it has one, and
    the combat rules' section (9.1 here) when it has none."""
    m = attack_module()
    every_cell(m, "-", ResultCode(name="No effect"))
    m.tables.crts["crt"].section = ""
    s, _ = apply(m, in_combat(m), Declare(attackers=("b_1",), hex="0405"))
    assert apply(m, s, Resolve(hex="0405"))[1].text.endswith("(No effect) — 9.1")
    m.tables.crts["crt"].section = "Table 3"
    assert apply(m, s, Resolve(hex="0405"))[1].text.endswith("(No effect) — Table 3")
