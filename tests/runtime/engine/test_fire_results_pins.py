"""What a fire's result does when the loss order finds no unit or names none, and fires out of
their place (``engine/fire.py``, ``engine/fire_results.py``), on the synthetic fire modules of
``tests/support/fire_modules.py`` (after St-Lô 10.4, 14.1.2, 15.0 D; not St-Lô)."""

from __future__ import annotations

import pytest
from fire_modules import choices_fire_module, combat_fire_module, fire_module
from operations_modules import rigged

from hexwright.runtime.engine import (
    Choose,
    EndPhase,
    Fire,
    LoseStep,
    Pick,
    apply,
    engine_state,
    legal_actions,
    to_act,
)
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.data import with_engine_state
from hexwright.runtime.state import ActionError, initial_state

DL_ON_0508 = Fire(mission="barrage", target="0508", op="b_op", op_hex="0505", units=("b_a1", "b_a2"),
                  intensities=("rapid", "rapid"))  # 32: column 16-47, where a 6 is DL


def _start(m, scenario="fire", phase="operations"):
    s = initial_state(m, scenario, 3)
    for _ in range(20):
        if m.meta.sequence[s.phase].id == phase and legal_actions(m, s):
            return s
        s, _ = apply(m, s, EndPhase())
    raise AssertionError(phase)


def test_14_1_2_a_loss_order_that_names_no_unit_in_the_hex_costs_no_step():
    m = fire_module()
    m.rules.fire.missions["barrage"].loss_order = [["hq"]]
    s, entry = apply(m, rigged(_start(m), 6), DL_ON_0508)
    assert entry.text.endswith("0508: Disrupted — 14.1.2; no unit there may take the step loss — 14.1.2")
    assert all(s.pieces[u].step == 0 for u in ("r_inf", "r_inf2", "r_rec"))
    assert engine_state(s).top is None


def test_14_1_2_without_a_loss_order_the_owner_picks_among_every_unit_in_the_hex():
    m = fire_module()
    m.rules.fire.missions["barrage"].loss_order = []
    s, entry = apply(m, rigged(_start(m), 6), DL_ON_0508)
    assert "Red allocates 1 step loss(es) — 14.1.2" in entry.text
    top = engine_state(s).top
    assert (top.proc, top.side, top.units, top.length) == ("losses", "red", ("r_inf", "r_inf2", "r_rec"), 1)


def test_15_0_d_nothing_is_picked_without_a_strike_on_own_units_waiting():
    m = fire_module()
    with pytest.raises(ActionError, match="nothing to pick now"):
        apply(m, _start(m), Pick(target="0508"))


def test_10_4_a_combat_mission_is_not_fired_in_an_operation():
    """On-call fire supports an attack once declared (10.4): a step that allows any mission refuses it."""
    m = combat_fire_module()
    m.rules.sequence.phases["operations"][0].mission = None
    s = _start(m, "clash")
    with pytest.raises(ActionError, match=r"On-call fire is fired in a combat, once the attack is declared — 10\.4"):
        apply(m, s, Fire(mission="on_call", target="0506", op="b_op", op_hex="0505", units=("b_a1",),
                         intensities=("normal",), supports="b_inf"))


# -- what each part of a result does, and says (St-Lô 14.1.1–14.1.3, 15.0 C–D, 16.0 B, 22.1.2) ------

BARRAGE_8 = Fire(mission="barrage", target="0508", op="b_op", op_hex="0505", units=("b_a1",),
                 intensities=("normal",))  # 8: column 1-15, where a 5 is P and a 6 is D


def _holding(s, statuses):
    data = engine_state(s)
    return with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update={"statuses": statuses})}))


def _choices(m):
    tx = prepared(m, initial_state(m, "choices", 3))
    return with_engine_state(tx.state, tx.data)


def test_14_1_1_a_pin_marks_the_hex_once_in_the_log_and_costs_no_step():
    """A P on three units: one line for the hex, none per unit, and no step loss to allocate."""
    m = fire_module()
    s, entry = apply(m, rigged(_start(m), 5), BARRAGE_8)
    assert entry.text.endswith("Barrage Table: rolls 5, column 1-15: P (pinned) — 14.1; 0508: Pinned — 14.1.1")
    assert all(engine_state(s).seq.statuses[u] == ("pinned",) for u in ("r_inf", "r_inf2", "r_rec"))
    assert engine_state(s).top is None


def test_14_1_1_a_pin_on_a_hex_where_any_unit_is_pinned_disrupts_them_all():
    """Only r_inf is pinned (the others came in after): the hex counts as pinned, so a P disrupts every unit."""
    m = fire_module()
    s, entry = apply(m, rigged(_holding(_start(m), {"r_inf": ("pinned",)}), 5), BARRAGE_8)
    assert entry.text.endswith("0508: Disrupted (was pinned) — 14.1.1")
    assert all(engine_state(s).seq.statuses[u] == ("disrupted",) for u in ("r_inf", "r_inf2", "r_rec"))


def test_14_1_3_a_disruption_on_a_hex_where_any_unit_is_disrupted_has_no_further_effect():
    m = fire_module()
    s, entry = apply(m, rigged(_holding(_start(m), {"r_inf": ("disrupted",)}), 6), BARRAGE_8)
    assert entry.text.endswith("0508: Disrupted (already disrupted: no further effect) — 14.1.1")
    assert all(engine_state(s).seq.statuses[u] == ("disrupted",) for u in ("r_inf", "r_inf2", "r_rec"))


def test_14_1_2_a_lone_unit_takes_the_step_loss_without_a_choice_cited_once():
    """r_rec2 alone in 0308: nobody is asked, its loss is logged with the result's section, and the
    recon group after the (empty) infantry group takes only the one step."""
    m = fire_module()
    s, entry = apply(m, rigged(_start(m), 6), Fire(mission="barrage", target="0308", op="b_op", op_hex="0505",
                                                   units=("b_a1", "b_a2"), intensities=("rapid", "rapid")))
    assert entry.text.endswith("column 16-47: DL (disrupted, step loss) — 14.1; 0308: Disrupted — 14.1.2; "
                               "Red r_rec2 regt loses its last step: eliminated in 0308 — 14.1.2")
    assert engine_state(s).top is None


def test_14_1_2_the_step_loss_of_a_group_of_several_waits_for_the_owner_and_touches_no_other_group():
    """Two infantry in 0508: red allocates the step; until then no unit has lost one, the recon never."""
    m = fire_module()
    s, entry = apply(m, rigged(_start(m), 6), DL_ON_0508)
    assert entry.text.endswith("0508: Disrupted — 14.1.2; Red allocates 1 step loss(es) — 14.1.2")
    assert [s.pieces[u].step for u in ("r_inf", "r_inf2", "r_rec")] == [0, 0, 0]
    s, _ = apply(m, s, LoseStep(unit="r_inf2"))
    assert s.pieces["r_inf2"].at.kind == "eliminated" and s.pieces["r_inf"].step == 0 and s.hex_of("r_rec") == "0508"
    assert engine_state(s).top is None


def test_16_0_b_an_enemy_with_no_initiative_yet_is_lowered_from_0_and_the_log_cites_the_result():
    m = fire_module()
    m.rules.pools["initiative"].initial = {"blue": 0}  # red holds no value in the pool
    s, entry = apply(m, rigged(_start(m, phase="interdiction"), 6),
                     Fire(mission="interdiction", units=("b_gs", "b_a1"), intensities=("maximum", "normal")))
    # 3 × 3 + 1 = 10: column 4+, a 6 is 1
    assert "Long-Range Table: rolls 6, column 4+: 1 — 16.0; Red Initiative level: -1 (−1 — 16.0 B)" in entry.text
    assert engine_state(s).seq.pools["initiative"] == {"blue": 0, "red": -1}


def test_15_0_c_a_strike_that_hits_own_units_does_nothing_to_the_target_whatever_else_its_result_holds():
    """The F result also pins here: the firer's own units are hit *instead* — none is in range, so
    nothing happens, and the red units in the target hex are not pinned."""
    m = fire_module()
    m.rules.fire.tables["barrage"].results["F"].pin = True
    s, entry = apply(m, rigged(_start(m, phase="air"), 1),
                     Fire(mission="air_strike", target="0508", op="b_op", op_hex="0505"))
    assert entry.text.endswith("column Air: F (own units hit) — 14.1; no own unit within 2 hexes of 0508: "
                               "no effect — 15.0")
    assert engine_state(s).seq.statuses == {}


def _strike_on_own_units(m):
    s, _ = apply(m, _choices(m), Choose(option="air_strike"))
    s, _ = apply(m, rigged(s, 1), Fire(mission="air_strike", target="0508", op="b_op", op_hex="0505"))
    return s  # a 1 reads F on the Air column: red picks 0506 or 0607


def test_15_0_d_the_picked_hex_suffers_the_result_and_nothing_else_happens():
    m = choices_fire_module()
    s, entry = apply(m, _strike_on_own_units(m), Pick(target="0607"))
    assert entry.text.startswith("Red picks 0607 — 15.0 D; the strike hits own units at 0607; 0607: Disrupted "
                                 "— 14.1.2; Blue b_inf2 bn loses its last step: eliminated in 0607 — 14.1.2; → ")
    assert engine_state(s).seq.statuses == {"b_inf2": ("disrupted",)}


def test_15_0_d_a_mission_without_a_section_cites_none_when_the_hex_is_picked():
    m = choices_fire_module()
    m.rules.fire.missions["air_strike"].section = ""
    s = _strike_on_own_units(m)
    with pytest.raises(ActionError, match=r"^0508 is not a hex to pick now \(one of 0506, 0607\)$"):
        apply(m, s, Pick(target="0508"))
    _, entry = apply(m, s, Pick(target="0607"))
    assert entry.text.startswith("Red picks 0607; the strike hits own units at 0607;")


def test_14_1_2_22_1_2_a_result_that_costs_a_step_and_disorganizes_leaves_both_choices_to_the_owner():
    """A barrage that also disorganizes (a module may give both to one result): red picks the firing
    unit disorganized among the tied, named by their names, and still allocates the step loss after."""
    m = choices_fire_module()
    m.rules.fire.missions["barrage"].disorganizes = True
    m.rules.fire.tables["barrage"].results["DL"].initiative = 1
    s, _ = apply(m, _choices(m), Choose(option="barrage"))
    s, entry = apply(m, rigged(s, 6), DL_ON_0508.model_copy(update={"units": ("b_a1", "b_a2")}))
    assert "Red allocates 1 step loss(es) — 14.1.2; Red picks which unit is disorganized" in entry.text
    assert legal_actions(m, s) == [Pick(target="r_a1"), Pick(target="r_a2"), Pick(target="r_a3")]
    with pytest.raises(ActionError, match=r"r_inf is not a unit to pick now \(one of Red r_a1 regt, Red r_a2 regt, "
                                          r"Red r_a3 regt\) — 14\.1"):
        apply(m, s, Pick(target="r_inf"))
    s, _ = apply(m, s, Pick(target="r_a2"))
    assert engine_state(s).seq.statuses["r_a2"] == ("disorganized",)
    assert to_act(m, s) == "red" and legal_actions(m, s) == [LoseStep(unit="r_inf"), LoseStep(unit="r_inf2")]
