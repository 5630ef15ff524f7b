"""Breakdown into companies or substitute companies that take on the battalion's designation,
and buildup, as module data (the ``reorganize`` step) on a synthetic module (after St-Lô 12.1–12.2.4)."""

from __future__ import annotations

import pytest
from operations_modules import activate, options, tactical_module

from hexwright.runtime.engine import AssignAsset, Choose, Move, apply, engine_state, legal_actions, to_act
from hexwright.runtime.state import ActionError, Eliminate, SetStep, initial_state
from hexwright.runtime.state import apply as state_apply


def test_12_2_breakdown_puts_three_substitutes_in_the_battalions_hex_bearing_its_designation():
    """12.2 B, 12.2.1 A, 12.2.2: no companies of its own: three substitutes from the box; the
    battalion goes to the HQ's box; the substitutes act for its HQ."""
    m = tactical_module()
    s = activate(m, initial_state(m, "ops", 1), "b_hq")
    assert "breakdown" in options(m, s) and "buildup" not in options(m, s)
    s, entry = apply(m, s, Choose(option="breakdown"))
    assert "Blue b_bn bn breaks down into Blue s1 co, Blue s2 co, Blue s3 co — 12.2" in entry.text
    assert s.pieces["b_bn"].at.id == "dd_blue" and {s.hex_of(x) for x in ("s1", "s2", "s3")} == {"0303"}
    assert engine_state(s).seq.designations == {"s1": "b_hq", "s2": "b_hq", "s3": "b_hq"}
    s, _ = apply(m, s, Choose(option="movement"))  # the activation's units are the substitutes now
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"s1", "s2", "s3"}


def test_12_2_a_a_battalion_that_lost_a_step_may_not_break_down():
    m = tactical_module()
    s, _ = state_apply(m, initial_state(m, "ops", 1), SetStep(piece="b_bn", step=1))
    s = activate(m, s, "b_hq")
    assert "breakdown" not in options(m, s)
    with pytest.raises(ActionError, match=r"Breakdown: .*b_bn bn has lost a step and may not break down — 12\.2"):
        apply(m, s, Choose(option="breakdown"))


def test_12_1_buildup_of_two_companies_places_the_battalion_reduced_with_the_hq():
    """12.1.1 A: two companies on the map, both within the radius; 12.1.2 C: reduced side."""
    m = tactical_module()
    m.scenarios["ops"].setup = [p for p in m.scenarios["ops"].setup if p.piece != "b_c3"]
    s = activate(m, initial_state(m, "ops", 1), "b_hq2", place="0505")
    s, entry = apply(m, s, Choose(option="buildup"))
    assert s.hex_of("b_bn2") == "0505" and s.pieces["b_bn2"].step == 1
    assert s.pieces["b_c1"].at.id == "dd_blue" and s.pieces["b_c2"].at.id == "dd_blue"
    assert "(reduced) — 12.1" in entry.text


def test_12_1_1_buildup_needs_every_company_on_the_map_within_the_radius():
    m = tactical_module()  # b_c3 at 0209 is beyond the radius of an HQ at 0505
    s = activate(m, initial_state(m, "ops", 1), "b_hq2", place="0505")
    assert "buildup" not in options(m, s)
    with pytest.raises(ActionError, match=r"b_c3 co beyond the HQ's command radius — 12\.1"):
        apply(m, s, Choose(option="buildup"))


def test_12_2_3_an_eliminated_substitute_is_used_again_and_substitutes_go_back_to_their_box():
    m = tactical_module()
    s = activate(m, initial_state(m, "ops", 1), "b_hq")
    s, _ = apply(m, s, Choose(option="breakdown"))
    s, _ = apply(m, s, Choose(option="end"))
    s, _ = state_apply(m, s, Eliminate(pieces=("s1",)))
    s = activate(m, s, "b_hq")
    s, _ = apply(m, s, Choose(option="buildup"))
    assert s.pieces["s2"].at.id == "subs_blue" and s.hex_of("b_bn") == "0303" and s.pieces["b_bn"].step == 1
    assert engine_state(s).seq.designations == {"s1": "b_hq"}  # the eliminated one keeps its record
    s, _ = apply(m, s, Choose(option="end"))
    s, _ = state_apply(m, s, SetStep(piece="b_bn", step=0))
    s = activate(m, s, "b_hq")
    s, _ = apply(m, s, Choose(option="breakdown"))
    assert {s.hex_of(x) for x in ("s1", "s2", "s3")} == {"0303"}  # s1 back in play (12.2.3)


def test_12_2_5_and_12_1_3_assets_go_with_a_reorganization_within_the_limits():
    """12.2.5: the battalion's two major assets go to its companies as the owner wishes, one each
    (limit 1 a company): a choice of the owner's, asset by asset; 12.1.3: at buildup the companies'
    assets go to the battalion, with nothing to choose."""
    from builders import add_unit

    from hexwright.runtime.model import UnitType
    from hexwright.runtime.model.rules_config import AssetRules
    from hexwright.runtime.state import Location, MovePieces

    m = tactical_module()
    m.pieces.unit_types["major"] = UnitType(name="Major asset", symbol="armor", movement_class="foot", exerts_zoc=False)
    for a in ("t1", "t2"):
        add_unit(m, a, "blue", "major", combat=0, movement=3)
    m.rules.assets = AssetRules(classes={"major": "major"}, limits={"I": {"major": 1}, "II": {"major": 3}})
    s = initial_state(m, "ops", 1)
    s, _ = state_apply(m, s, MovePieces(pieces=("t1", "t2"), to=Location.hex("0303")))
    data = engine_state(s)
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"attached": {"t1": "b_bn", "t2": "b_bn"}})})})
    s = activate(m, s, "b_hq")
    s, _ = apply(m, s, Choose(option="breakdown"))
    assert engine_state(s).seq.attached == {} and to_act(m, s) == "blue"
    assert legal_actions(m, s) == [AssignAsset(asset="t1", unit=u) for u in ("s1", "s2", "s3")]
    s, _ = apply(m, s, AssignAsset(asset="t1", unit="s2"))
    assert legal_actions(m, s) == [AssignAsset(asset="t2", unit=u) for u in ("s1", "s3")]  # s2 holds its one major
    with pytest.raises(ActionError, match=r"assign .*t2.* to one of .* within the limits"):
        apply(m, s, AssignAsset(asset="t2", unit="s2"))
    s, entry = apply(m, s, AssignAsset(asset="t2", unit="s3"))
    assert engine_state(s).seq.attached == {"t1": "s2", "t2": "s3"} and "assigned to" in entry.text
    assert s.hex_of("t1") == "0303" and s.hex_of("t2") == "0303"
    s, _ = apply(m, s, Choose(option="buildup"))
    assert engine_state(s).seq.attached == {"t1": "b_bn", "t2": "b_bn"}
