"""Recon units that move after an HQ's tactical actions, within its command radius, as module
data (an activation by HQ radius limited to unit types, skipped when empty; the HQ returned by
the last activation) on a synthetic module (after St-Lô 17.0 A, C, D)."""

from __future__ import annotations

import pytest
from operations_modules import recon_module, rigged

from hexwright.runtime.engine import Choose, EndPhase, Move, Roll, apply, engine_state, legal_actions
from hexwright.runtime.state import ActionError, initial_state


def after_actions(hq: str = "b_hq", place: str = ""):
    m = recon_module()
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target=hq))
    s, _ = apply(m, rigged(s, 1), Roll())
    if place:
        s, _ = apply(m, s, Choose(option="place", target=place))
    s, _ = apply(m, s, Choose(option="end"))
    return m, s


def test_17_0_c_recon_units_within_the_hqs_radius_move_once_its_tactical_actions_end():
    m, s = after_actions()
    act = engine_state(s).seq.activation
    assert act is not None and act.units == ("b_rcn",)  # not b_rcn2, beyond the radius
    assert s.pieces["b_hq"].at.id == "0303"  # the HQ stays until the recon units have moved
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_rcn"}
    with pytest.raises(ActionError, match="b_rcn2 co is not activated"):
        apply(m, s, Move(unit="b_rcn2", to="0108"))
    s, _ = apply(m, s, Move(unit="b_rcn", to="0306"))
    s, _ = apply(m, s, EndPhase())
    assert engine_state(s).seq.activation is None and s.pieces["b_hq"].at.id == "dd_blue"


def test_17_0_c_with_no_recon_unit_in_radius_the_step_is_skipped_and_the_hq_goes_back():
    m, s = after_actions("b_hq2", place="0606")
    assert engine_state(s).seq.activation is None and s.pieces["b_hq2"].at.id == "dd_blue"
    assert Choose(option="pass") in legal_actions(m, s)


def test_17_0_a_recon_units_take_no_part_in_tactical_actions():
    m = recon_module()
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    assert engine_state(s).seq.activation.units == ("b_bn",)
