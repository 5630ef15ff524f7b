"""The choices fire leaves to a side, the hex markers of fire and counter-battery fire, on the
synthetic module ``choices_fire_module`` of ``tests/support/fire_modules.py`` (after St-Lô 14.2,
15.0 D, 22; not St-Lô)."""

from __future__ import annotations

import pytest
from fire_modules import choices_fire_module
from operations_modules import rigged

from hexwright.runtime.engine import (
    Choose,
    EndPhase,
    Fire,
    Move,
    Pick,
    apply,
    engine_state,
    legal_actions,
    step_prompt,
    to_act,
)
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.data import with_engine_state
from hexwright.runtime.engine.fire import plan
from hexwright.runtime.state import ActionError, Location, initial_state

AIR = Fire(mission="air_strike", target="0508", op="b_op", op_hex="0505")
BARRAGE = Fire(mission="barrage", target="0508", op="b_op", op_hex="0505", units=("b_a1",), intensities=("normal",))


@pytest.fixture(scope="module")
def m():
    return choices_fire_module()


def _seq(s):
    return engine_state(s).seq


def _start(m, *, cb=False, weather=""):
    tx = prepared(m, initial_state(m, "choices", 3, {"cb": cb}))
    s = with_engine_state(tx.state, tx.data)
    if weather:
        data = engine_state(s)
        s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
            update={"conditions": {"weather": weather}})}))
    return s


def _spent(s, missions):
    data = engine_state(s)
    return with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update={"missions": missions})}))


def _to_phase(m, s, phase):
    for _ in range(20):
        if m.meta.sequence[s.phase].id == phase:
            return s
        s, _ = apply(m, s, EndPhase() if not any(isinstance(a, Choose) for a in legal_actions(m, s))
                     else Choose(option="pass"))
    raise AssertionError(phase)


def test_15_0_d_the_enemy_chooses_which_own_hex_the_strike_hits(m):
    """15.0 C–D: a US result with two US-occupied hexes within two hexes of the target: the German
    (here red) picks the hex that suffers the DL; the target and the other hex are unaffected."""
    s, _ = apply(m, _start(m), Choose(option="air_strike"))
    s, entry = apply(m, rigged(s, 1), AIR)  # a 1 reads F on the Air column: own units hit
    assert "Red chooses which hex of 0506, 0607 suffers DL" in entry.text
    assert to_act(m, s) == "red"
    assert legal_actions(m, s) == [Pick(target="0506"), Pick(target="0607")]
    labels = [label for label, _a in step_prompt(m, s).choices]
    assert labels == ["The strike hits 0506 (Blue b_inf bn)", "The strike hits 0607 (Blue b_inf2 bn)"]
    with pytest.raises(ActionError, match="0508 is not a hex to pick now"):
        apply(m, s, Pick(target="0508"))
    s, entry = apply(m, s, Pick(target="0607"))
    assert "picks 0607" in entry.text and "15.0 D" in entry.text
    assert "Disrupted" in entry.text and s.pieces["b_inf2"].at.kind == "eliminated"  # DL: its one step lost
    assert s.hex_of("b_inf") == "0506" and "b_inf" not in _seq(s).statuses
    assert not any(u.startswith("r_") for u in _seq(s).statuses)  # the target is unaffected (15.0 C)


def test_15_0_c_one_own_hex_in_range_is_hit_without_a_choice(m):
    s = _start(m)
    s = s.model_copy(update={"pieces": {**s.pieces, "b_inf": s.pieces["b_inf"].model_copy(
        update={"at": Location.hex("0503")})}})  # b_inf four hexes away: only b_inf2's hex is in range
    s, _ = apply(m, s, Choose(option="air_strike"))
    s, entry = apply(m, rigged(s, 1), Fire(mission="air_strike", target="0508", op="b_op", op_hex="0505"))
    assert "hits own units at 0607" in entry.text
    assert engine_state(s).top is None or engine_state(s).top.proc != "fire_hit"


def test_15_0_no_air_strike_is_offered_once_the_pool_is_spent(m):
    """15.0: the weather's number of strikes; with none left the operation is not offered."""
    s = _start(m)
    assert Choose(option="air_strike") in legal_actions(m, s)
    s, _ = apply(m, s, Choose(option="air_strike"))
    s, _ = apply(m, rigged(s, 4), AIR)  # 4: N
    assert _seq(s).pools["air"]["blue"] == 0
    s, _ = apply(m, _to_phase(m, s, "red_move"), EndPhase())  # the rally phase runs by itself
    assert s.turn == 2 and m.meta.sequence[s.phase].id == "ops"
    offered = legal_actions(m, s)
    assert Choose(option="barrage") in offered and Choose(option="air_strike") not in offered
    with pytest.raises(ActionError, match="not a choice now"):
        apply(m, s, Choose(option="air_strike"))


def test_14_2_a_unit_that_ends_a_move_in_a_pinned_hex_is_pinned(m):
    """14.2: the Pin marker applies to units that later end a move in its hex; not to a unit
    ending its move elsewhere."""
    s, _ = apply(m, _start(m), Choose(option="barrage"))
    s, _ = apply(m, rigged(s, 5), BARRAGE)  # 2 × 1 × OV 4 = 8: column 1-15, a 5 is P
    assert _seq(s).statuses["r_inf"] == ("pinned",)
    s = _to_phase(m, s, "red_move")
    assert Move(unit="r_rec2", to="0508") in legal_actions(m, s)
    moved, entry = apply(m, s, Move(unit="r_rec2", to="0508"))
    assert _seq(moved).statuses["r_rec2"] == ("pinned",)
    assert "Pinned (the marker in 0508)" in entry.text and "14.2" in entry.text
    assert entry.text.count("Pinned") == 1  # said once, with the marker, not again unit by unit
    elsewhere, _ = apply(m, s, Move(unit="r_rec2", to="0408"))
    assert "r_rec2" not in _seq(elsewhere).statuses


def test_14_2_a_status_that_does_not_mark_the_hex_stays_with_its_units(m):
    plain = m.model_copy(deep=True)
    plain.rules.statuses["pinned"].marks_hex = False
    s, _ = apply(plain, _start(plain), Choose(option="barrage"))
    s, _ = apply(plain, rigged(s, 5), BARRAGE)
    s = _to_phase(plain, s, "red_move")
    s, _ = apply(plain, s, Move(unit="r_rec2", to="0508"))
    assert "r_rec2" not in _seq(s).statuses


def test_22_counter_battery_is_an_operation_only_with_its_optional_rule(m):
    assert Choose(option="counter_battery") not in legal_actions(m, _start(m))
    assert Choose(option="counter_battery") in legal_actions(m, _start(m, cb=True))


def test_22_1_2_the_units_that_fired_most_are_disorganized_the_owner_picking_among_those_tied(m):
    """22.1: long-range values summed as for interdiction, the US weather DRM; a 2 disorganizes two
    units: r_a1 and r_a2 spent three missions each, r_a3 one; red picks which of the tied goes first,
    and the other follows (the most left); 22.1.2 C: a disorganized unit is never chosen again."""
    s = _spent(_start(m, cb=True, weather="clear"), {"r_a1": 3, "r_a2": 3, "r_a3": 1})
    s, _ = apply(m, s, Choose(option="counter_battery"))
    fire = Fire(mission="counter_battery", units=("b_gs", "b_a1"), intensities=("maximum", "normal"))
    s, entry = apply(m, rigged(s, 5), fire)  # 3 × 3 + 1 = 10: column 4+; 5 + 2 (clear) = 7: result 2
    assert "weather clear +2" in entry.text and "22.1" in entry.text
    assert _seq(s).pools["initiative"]["red"] == 0  # not an interdiction: no initiative lost
    assert to_act(m, s) == "red" and legal_actions(m, s) == [Pick(target="r_a1"), Pick(target="r_a2")]
    s, entry = apply(m, s, Pick(target="r_a2"))
    held = _seq(s).statuses
    assert held["r_a2"] == ("disorganized",) and held["r_a1"] == ("disorganized",) and "r_a3" not in held
    assert engine_state(s).top is None


def test_22_1_2_c_already_disorganized_units_are_passed_over(m):
    s = _spent(_start(m, cb=True, weather="clear"), {"r_a1": 3, "r_a2": 2, "r_a3": 1})
    data = engine_state(s)
    s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
        update={"statuses": {"r_a1": ("disorganized",)}})}))
    s, _ = apply(m, s, Choose(option="counter_battery"))
    s, entry = apply(m, rigged(s, 6), Fire(mission="counter_battery", units=("b_a1",), intensities=("normal",)))
    # 1: column 1-3; 6 + 2 = 8: result 2 — r_a2 (2 spent), then r_a3 (1)
    assert set(_seq(s).statuses) == {"r_a1", "r_a2", "r_a3"}
    assert entry.text.index("r_a2") < entry.text.index("r_a3")


def test_22_2_1_a_disorganized_unit_may_not_fire(m):
    s = _start(m)
    data = engine_state(s)
    s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
        update={"statuses": {"b_a1": ("disorganized",)}})}))
    s, _ = apply(m, s, Choose(option="barrage"))
    assert "may not fire: Disorganized" in plan(prepared(m, s), BARRAGE).problem
    assert not any(isinstance(a, Fire) and "b_a1" in a.units for a in legal_actions(m, s))
    with pytest.raises(ActionError, match="Disorganized"):
        apply(m, s, BARRAGE)


def test_22_2_2_rally_rolls_once_per_disorganized_unit_in_the_rally_phase(m):
    """22.2.2: 1-2 rallies, 3-6 stays (rolled again next turn, 22.2.3); missions reset too (10.1.2)."""
    s = _spent(_start(m), {"r_a1": 3})
    data = engine_state(s)
    s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
        update={"statuses": {"r_a1": ("disorganized",), "r_a2": ("disorganized",)}})}))
    s, _ = apply(m, s, Choose(option="pass"))
    s = _to_phase(m, s, "red_move")
    s, entry = apply(m, rigged(s, 2, 3), EndPhase())  # into the rally phase: r_a1 rolls 2, r_a2 3
    assert entry.dice == (2, 3)
    assert "r_a1 regt rolls 2 to rally: rallies — 22.2.2" in entry.text
    assert "r_a2 regt rolls 3 to rally: stays disorganized" in entry.text
    assert _seq(s).statuses == {"r_a2": ("disorganized",)} and _seq(s).missions == {}


def _oracle(m, s, mission, targets, place_of):
    """Every fire of ``mission`` that :func:`plan` accepts: each target with its OP at ``place_of``,
    every set of blue firing units, each at each intensity."""
    from itertools import combinations, product

    tx = prepared(m, s)
    units = ("b_a1", "b_a2", "b_far", "b_gs")
    found = set()
    for target in targets:
        for k in range(1, len(units) + 1):
            for combo in combinations(units, k):
                for levels in product(("normal", "rapid", "maximum"), repeat=k):
                    act = Fire(mission=mission, target=target, op="b_op" if target else "",
                               op_hex=place_of.get(target, ""), units=combo, intensities=levels)
                    if not plan(tx, act, "blue").problem:
                        found.add(act)
    return found


def test_14_1_the_legal_barrages_are_every_set_of_units_the_rules_allow_at_every_intensity(m):
    """10.2.3, 14.1 B: the complete set — each target the OP observes (at its best place), each set of
    units of the OP's division and the corps (never b_far, 14.1 B), each at each intensity it affords."""
    s, _ = apply(m, _spent(_start(m), {"b_a2": 4}), Choose(option="barrage"))  # b_a2: two missions left
    offered = {a for a in legal_actions(m, s) if isinstance(a, Fire)}
    places = {a.target: a.op_hex for a in offered}
    assert set(places) == {"0508", "0308"}
    expected = _oracle(m, s, "barrage", sorted(places), places)
    assert offered == expected
    assert len(expected) == 2 * (4 * 4 * 3 - 1)  # b_a1, b_gs: none or 3 intensities; b_a2: none, normal or rapid
    assert not any("b_far" in a.units for a in offered)


def test_16_0_interdiction_offers_every_combination_up_to_offer_units_and_all_together(m):
    """With ``offer_units`` 1: each unit alone at each intensity, and every unit together at each
    intensity; a pair of units, not offered, is still accepted."""
    bounded = m.model_copy(deep=True)
    bounded.rules.fire.missions["counter_battery"].offer_units = 1
    s, _ = apply(bounded, _start(bounded, cb=True), Choose(option="counter_battery"))
    offered = [a for a in legal_actions(bounded, s) if isinstance(a, Fire)]
    singles = {(a.units, a.intensities) for a in offered if len(a.units) == 1}
    assert len(singles) == 4 * 3
    together = [a for a in offered if len(a.units) > 1]
    assert {a.units for a in together} == {("b_a1", "b_a2", "b_far", "b_gs")}
    assert [a.intensities for a in together] == [(i,) * 4 for i in ("maximum", "normal", "rapid")]
    apply(bounded, rigged(s, 3), Fire(mission="counter_battery", units=("b_a1", "b_gs"),
                                      intensities=("rapid", "normal")))
    unbounded = [a for a in legal_actions(m, _to_cb(m)) if isinstance(a, Fire)]
    assert len(unbounded) == 4 ** 4 - 1  # every unit: none or one of three intensities


def _to_cb(m):
    s, _ = apply(m, _start(m, cb=True), Choose(option="counter_battery"))
    return s


def test_15_0_an_air_strike_is_offered_on_each_target_without_units(m):
    s, _ = apply(m, _start(m), Choose(option="air_strike"))
    offered = [a for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert sorted(a.target for a in offered) == ["0308", "0508"] and all(a.units == () for a in offered)
