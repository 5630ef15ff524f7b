"""What a fire's result does when the loss order finds no unit or names none, and fires out of
their place (``engine/fire.py``, ``engine/fire_results.py``), on the synthetic fire modules of
``tests/support/fire_modules.py`` (after St-Lô 10.4, 14.1.2, 15.0 D; not St-Lô)."""

from __future__ import annotations

import pytest
from fire_modules import combat_fire_module, fire_module
from operations_modules import rigged

from hexwright.runtime.engine import EndPhase, Fire, Pick, apply, engine_state, legal_actions
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
