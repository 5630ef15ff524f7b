"""Fire in a combat refused out of its place (``engine/fire_combat.py``, ``engine/fire.py``), on the
synthetic module ``combat_fire_module`` of ``tests/support/fire_modules.py`` (after St-Lô 10.4
on-call and 10.5 defensive fire; not St-Lô): the mission the combat waits for, its target hex,
the unit supported, and the defensive fire's supported types."""

from __future__ import annotations

import pytest
from fire_modules import combat_fire_module, declared_attack

from hexwright.runtime.engine import Fire, apply, engine_state
from hexwright.runtime.state import ActionError

ON_CALL = Fire(mission="on_call", target="0506", op="b_op", op_hex="0505", units=("b_a1",), intensities=("normal",),
               supports="b_inf")


@pytest.fixture(scope="module")
def m():
    return combat_fire_module()


@pytest.mark.parametrize(("fire", "refusal"), [
    (ON_CALL.model_copy(update={"mission": "defend"}),
     r"defend is not fired now \(the combat on 0506 waits for on_call\)"),
    (ON_CALL.model_copy(update={"target": "0505"}), r"On-call fire observes 0506 in this combat at 0505 — 10\.4"),
    (ON_CALL.model_copy(update={"supports": "r_inf"}), r"On-call fire supports one of Blue b_inf bn — 10\.4"),
])
def test_10_4_on_call_fire_is_the_combats_mission_on_its_hex_for_its_attacker(m, fire, refusal):
    s = declared_attack(m)
    with pytest.raises(ActionError, match=refusal):
        apply(m, s, fire)
    assert engine_state(s).seq.missions == {}


def test_10_5_defensive_fire_supports_only_the_units_types_it_names(m):
    """``supported_types``: the defend mission supports infantry; a red recon unit is refused."""
    from hexwright.runtime.engine.core import prepared
    from hexwright.runtime.engine.fire import plan

    recon = m.model_copy(deep=True)
    recon.pieces.pieces["r_inf"].unit_type = "rec"
    s = declared_attack(recon)
    defend = Fire(mission="defend", target="0505", op="r_op", op_hex="0506", units=("r_a1",),
                  intensities=("normal",), supports="r_inf")
    p = plan(prepared(recon, s), defend, "red")
    assert p.problem == "Defensive fire does not support Red r_inf regt (only inf)"
    near = m.model_copy(deep=True)
    near.rules.fire.missions["defend"].op_near = "formation"  # the OP's place does not depend on the unit named
    p = plan(prepared(near, declared_attack(near)), defend.model_copy(update={"supports": "b_inf"}), "red")
    assert p.problem == "Defensive fire: name the unit of red on the map that the fire supports"


def test_10_4_on_call_fire_is_offered_once_per_order_from_the_place_of_the_highest_ov(m):
    """11.3: the attacker's OP is offered where it sees the defender best — 0505, level 8 next to
    the level-0 target (OV 4) — and each unit and intensity is offered once, not once per place."""
    from collections import Counter

    from hexwright.runtime.engine import legal_actions

    s = declared_attack(m)
    offered = [a for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert offered and {a.op_hex for a in offered} == {"0505"}
    orders = Counter((a.target, a.units, a.intensities) for a in offered)
    assert set(orders.values()) == {1}
    assert {(u, i) for _t, u, i in orders} == {((a,), (i,)) for a in ("b_a1", "b_a2")
                                               for i in ("normal", "rapid", "maximum")}


def test_10_5_a_defensive_fire_not_bound_to_the_supported_units_designation_is_offered_by_any_battery():
    """``same_formation_as_supported`` false (and ``firers`` any): red's battery of another
    division supports r_inf too; with the rule, only r_div's battery does (10.5.3)."""
    from builders import add_unit

    from hexwright.runtime.engine import Decline, legal_actions
    from hexwright.runtime.model import Formation, Placement

    for bound, batteries in ((False, {"r_a1", "r_a2"}), (True, {"r_a1"})):
        mod = combat_fire_module()
        mod.pieces.formations["r_div2"] = Formation(name="Red second division", side="red")
        add_unit(mod, "r_a2", "red", "art", combat=0, movement=0, formation="r_div2")
        v = mod.pieces.pieces["r_a2"].steps[0]
        v.support, v.defensive, v.long_range, v.fire_missions = 2, 2, 1, 4
        mod.scenarios["clash"].setup.append(Placement(piece="r_a2", box="r_dd"))
        mod.rules.fire.missions["defend"].firers = "any"
        mod.rules.fire.missions["defend"].same_formation_as_supported = bound
        s, _ = apply(mod, declared_attack(mod), Decline())
        offered = [a for a in legal_actions(mod, s) if isinstance(a, Fire)]
        assert {u for a in offered for u in a.units} == batteries
