"""Breakdown and buildup, their conditions and where the units go (``engine/reorganize.py``), on the
synthetic tactical module of ``tests/support/operations_modules.py`` (after St-Lô 12.1–12.2.4; not
St-Lô): b_hq's battalion b_bn (0303) breaks down into the substitutes s1–s3 of ``subs_blue``; b_hq2's
battalion b_bn2 (on the display, two steps) builds up from b_c1 (0505), b_c2 (0606) and b_c3 (0209)."""

from __future__ import annotations

import pytest
from builders import add_unit
from operations_modules import HQ_ROLL, activate, options, tactical_module

from hexwright.runtime.engine import Choose, apply, engine_state, legal_actions
from hexwright.runtime.model import Phase, Placement
from hexwright.runtime.model.operations import Reorganize
from hexwright.runtime.state import ActionError, Location, SetStep, initial_state
from hexwright.runtime.state import apply as state_apply


def placed(m, **where: str):
    """``m`` with the pieces named set up at a hex, or in a box (``box:<id>``)."""
    setup = [p for p in m.scenarios["ops"].setup if p.piece not in where]
    setup += [Placement(piece=p, box=w[4:]) if w.startswith("box:") else Placement(piece=p, hex=w)
              for p, w in where.items()]
    m.scenarios["ops"].setup = setup
    return m


def not_placed(m):
    """``m`` whose HQ activation leaves the HQ in its box (``place_with_units`` false)."""
    m.rules.sequence.procedures["activation"][0] = HQ_ROLL.model_copy(update={"place_with_units": False})
    return m


def test_12_2_1_a_a_battalion_breaks_down_into_its_own_three_companies():
    """12.2.1 A: the counter mix holds b_bn2's three companies (on the display): they replace it in
    its hex, bearing their own designation; the battalion goes to the HQ's box (12.2 B)."""
    m = placed(tactical_module(), b_bn2="0505", b_c1="box:dd_blue", b_c2="box:dd_blue", b_c3="box:dd_blue")
    s = activate(m, initial_state(m, "ops", 1), "b_hq2")
    s, entry = apply(m, s, Choose(option="breakdown"))
    assert "Blue b_bn2 bn breaks down into Blue b_c1 co, Blue b_c2 co, Blue b_c3 co — 12.2" in entry.text
    assert {s.hex_of(c) for c in ("b_c1", "b_c2", "b_c3")} == {"0505"}
    assert s.pieces["b_bn2"].at == Location.box("dd_blue") and engine_state(s).seq.designations == {}


def test_12_2_1_a_company_of_the_battalion_already_on_the_map_is_not_one_of_its_three():
    """b_c1 is on the map: two own companies off it, and no substitutes for b_green: no breakdown."""
    m = placed(tactical_module(), b_bn2="0505", b_c1="0606", b_c2="box:dd_blue", b_c3="box:dd_blue")
    s = activate(m, initial_state(m, "ops", 1), "b_hq2", place="0505")
    assert "breakdown" not in options(m, s)
    with pytest.raises(ActionError, match=r"Breakdown: no 3 companies are available — 12\.2"):
        apply(m, s, Choose(option="breakdown"))


def test_12_2_3_a_substitute_bearing_another_battalions_designation_is_not_taken_from_the_map():
    """b_white's second battalion b_bn3 (HQ b_hq3) breaks down after b_bn took s1–s3: only s4 waits
    in the box, and the substitutes on the map are not eliminated ones to reuse (12.2.3)."""
    m = tactical_module()
    add_unit(m, "b_hq3", "blue", "hq", combat=0, movement=0)
    m.pieces.pieces["b_hq3"].steps[0].morale = 5
    add_unit(m, "b_bn3", "blue", combat=6, movement=3, size="II", formation="b_white")
    m.pieces.pieces["b_bn3"].hq = "b_hq3"
    add_unit(m, "s4", "blue", combat=1, movement=3, size="I", formation="b_white")
    placed(m, b_hq3="box:dd_blue", b_bn3="0404", s4="box:subs_blue")
    s = activate(m, initial_state(m, "ops", 1), "b_hq")
    s, _ = apply(m, s, Choose(option="breakdown"))
    assert {s.hex_of(c) for c in ("s1", "s2", "s3")} == {"0303"}
    s, _ = apply(m, s, Choose(option="end"))
    s = activate(m, s, "b_hq3")
    with pytest.raises(ActionError, match=r"Breakdown: no 3 companies are available — 12\.2"):
        apply(m, s, Choose(option="breakdown"))


def test_12_2_1_b_a_substitute_box_shared_by_both_sides_gives_a_battalion_only_its_sides_companies():
    """A red company waits in blue's substitute box with s1 and s2: b_bn has two substitutes, not three."""
    m = tactical_module()
    add_unit(m, "a_red", "red", combat=1, movement=3, size="I")
    placed(m, a_red="box:subs_blue")
    m.scenarios["ops"].setup = [p for p in m.scenarios["ops"].setup if p.piece != "s3"]
    s = activate(m, initial_state(m, "ops", 1), "b_hq")
    with pytest.raises(ActionError, match=r"Breakdown: no 3 companies are available — 12\.2"):
        apply(m, s, Choose(option="breakdown"))


def test_12_0_a_reorganization_outside_an_hq_activation_is_refused():
    """A module that runs a breakdown as a step of its own phase, with no HQ active: the game stops
    there with the reason (the Reorganization Action is an HQ's, 12.0)."""
    m = tactical_module()
    m.meta.sequence.insert(0, Phase(id="reorg", name="Reorganization", kind="other", section="12.0"))
    m.rules.sequence.phases["reorg"] = [Reorganize(id="r", mode="breakdown", section="12.2")]
    with pytest.raises(ActionError, match=r"^breakdown: no HQ is active — 12\.2$"):
        legal_actions(m, initial_state(m, "ops", 1))


def test_12_2_the_hqs_battalion_off_the_map_does_not_break_down():
    """A breakdown whose cost names no unit size, so that b_hq2's companies pay it: its battalion
    b_bn2 waits on the display."""
    m = tactical_module()
    choice = m.rules.sequence.procedures["activation"][1].steps[0].steps[0]
    choice.options = [o.model_copy(update={"cost": o.cost.model_copy(update={"sizes": []})}) if o.id == "breakdown"
                      else o for o in choice.options]
    s = activate(m, initial_state(m, "ops", 1), "b_hq2", place="0505")
    assert "breakdown" not in options(m, s)
    with pytest.raises(ActionError, match=r"Breakdown: the battalion is not on the map — 12\.2"):
        apply(m, s, Choose(option="breakdown"))


def test_12_1_1_a_buildup_needs_two_companies_on_the_map():
    m = placed(tactical_module(), b_c2="box:dd_blue", b_c3="box:dd_blue")
    s = activate(m, initial_state(m, "ops", 1), "b_hq2")
    assert "buildup" not in options(m, s)
    with pytest.raises(ActionError, match=r"Buildup: at least 2 companies must be on the map — 12\.1"):
        apply(m, s, Choose(option="buildup"))


def test_7_4_1_a_company_the_radius_reaches_only_through_the_enemy_is_beyond_it():
    """12.1.1 A with 7.4.1 A: b_c2 two hexes from the HQ at 0505, the hexes between held by red:
    beyond the HQ's command radius of 2."""
    m = placed(tactical_module(), b_c2="0705", b_c3="0506")
    for i, h in enumerate(("0604", "0605", "0606")):
        add_unit(m, f"r_wall{i}", "red", combat=1, movement=3, size="I")
        placed(m, **{f"r_wall{i}": h})
    s = activate(m, initial_state(m, "ops", 1), "b_hq2", place="0505")
    with pytest.raises(ActionError, match=r"b_c2 co beyond the HQ's command radius — 12\.1"):
        apply(m, s, Choose(option="buildup"))


def test_12_1_1_b_an_hq_left_in_its_box_builds_up_at_its_first_companys_hex():
    """The HQ activated in its box (not placed with its units): no command radius to be within; the
    battalion is placed in the hex of its first company, b_c1's 0505, at full strength (three)."""
    m = not_placed(tactical_module())
    s = activate(m, initial_state(m, "ops", 1), "b_hq2")
    assert s.pieces["b_hq2"].at == Location.box("dd_blue")
    s, entry = apply(m, s, Choose(option="buildup"))
    assert s.hex_of("b_bn2") == "0505" and s.pieces["b_bn2"].step == 0 and "(reduced)" not in entry.text
    assert {s.pieces[c].at for c in ("b_c1", "b_c2", "b_c3")} == {Location.box("dd_blue")}


def test_12_2_b_the_battalion_goes_to_the_box_the_hq_stands_in():
    m = not_placed(tactical_module())
    s = activate(m, initial_state(m, "ops", 1), "b_hq")
    s, _ = apply(m, s, Choose(option="breakdown"))
    assert s.pieces["b_bn"].at == Location.box("dd_blue")


def test_12_2_b_an_hq_with_no_box_sends_its_battalion_out_of_play():
    """b_hq set up on the map (no box of its own on the display): its battalion leaves the map,
    out of play until built up."""
    m = placed(tactical_module(), b_hq="0303")
    s = activate(m, initial_state(m, "ops", 1), "b_hq")
    s, entry = apply(m, s, Choose(option="breakdown"))
    assert s.pieces["b_bn"].at == Location.off("unavailable") and "breaks down" in entry.text


def test_12_2_3_a_substitute_comes_back_on_its_full_strength_side():
    """s1 (two steps) waits in the box on its reduced side: placed at the breakdown on its full side."""
    m = tactical_module()
    m.pieces.pieces["s1"].steps.append(m.pieces.pieces["s1"].steps[0].model_copy(update={"combat": 0}))
    s, _ = state_apply(m, initial_state(m, "ops", 1), SetStep(piece="s1", step=1))
    s = activate(m, s, "b_hq")
    s, _ = apply(m, s, Choose(option="breakdown"))
    assert s.hex_of("s1") == "0303" and s.pieces["s1"].step == 0


@pytest.mark.parametrize(("faces", "companies", "step"), [(2, 3, 0), (1, 2, 0), (2, 2, 1), (3, 2, 1)])
def test_12_1_2_the_battalion_built_up_from_three_is_full_from_two_reduced(faces, companies, step):
    """12.1.2 B–C: three companies give the full-strength side, two the reduced one (the second
    face, of a battalion of three faces too); a battalion of one face is placed on it either way."""
    m = placed(tactical_module(), b_c3="0506" if companies == 3 else "box:dd_blue")
    piece = m.pieces.pieces["b_bn2"]
    piece.steps = (piece.steps * 3)[:faces]
    s = activate(m, initial_state(m, "ops", 1), "b_hq2", place="0505")
    s, entry = apply(m, s, Choose(option="buildup"))
    assert s.hex_of("b_bn2") == "0505" and s.pieces["b_bn2"].step == step
    assert ("(reduced)" in entry.text) is (companies < 3)
