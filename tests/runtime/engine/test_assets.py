"""Assets attached to combat units as module data (``rules.json`` ``assets``) on a synthetic
module (after St-Lô 5.0 B, 5.3, 9.3, 9.3.1, 9.3.3, 9.4.1–9.4.3, 9.4.5, 9.5 A–D)."""

from __future__ import annotations

import pytest
from operations_modules import assets_module, rigged

from hexwright.runtime.engine import Advance, Declare, Resolve, apply, engine_state, legal_actions
from hexwright.runtime.engine.attacks import attack_odds
from hexwright.runtime.state import ActionError, initial_state

M4S = ("b_m4_1", "b_m4_2", "b_m4_3")


def declared(m, *assets: str):
    s = initial_state(m, "fight", 1)
    s, entry = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=assets))
    return s, entry


def test_9_5_b_three_m4s_against_anti_tank_seven_give_plus_three_and_the_engineer_one_more():
    """9.5 A–C: 11 against 2 is 5-1; armour 15 + 3 against anti-tank 7 + 5: +6, halved +3 (9.4.1 C);
    the engineer +1 (9.4.2); the DRM is capped at +5 (9.4.5)."""
    m = assets_module()
    s, entry = declared(m, *M4S, "b_eng")
    assert {s.hex_of(a) for a in (*M4S, "b_eng")} == {"0303"}
    assert engine_state(s).seq.attached == dict.fromkeys((*M4S, "b_eng"), "b_inf")
    assert "assigned to Blue b_inf bn — 9.3" in entry.text
    assert attack_odds(m, s, ("b_inf",), "0304").column_label == "5:1"
    s, entry = apply(m, rigged(s, 3, 5, 4), Resolve(hex="0304"))
    assert entry.dice == (3, 5, 4)
    assert "armour differential 18 − 12 = +6 (rolled 3 and 5) — 9.3" in entry.text
    assert "DRM +4" in entry.text  # +3 armour superiority, +1 engineers


def test_9_4_1_e_a_differential_of_minus_three_costs_one_armoured_asset():
    m = assets_module()
    s, _ = declared(m, "b_m4_1")
    s, entry = apply(m, rigged(s, 1, 6, 4), Resolve(hex="0304"))  # 5 + 1 − (7 + 6) = −7: two, but only one
    assert "= -7" in entry.text and s.pieces["b_m4_1"].at.kind == "eliminated"
    assert "b_m4_1" not in engine_state(s).seq.attached


def test_9_4_3_defending_armour_gives_minus_one_only_when_the_attacker_has_none():
    from hexwright.runtime.state import Location, MovePieces
    from hexwright.runtime.state import apply as state_apply

    m = assets_module()
    s = initial_state(m, "fight", 1)
    s, _ = state_apply(m, s, MovePieces(pieces=("r_m10",), to=Location.hex("0304")))
    assert ("defending armour", -1) in [(x.source, x.drm) for x in attack_odds(m, s, ("b_inf",), "0304").drms]
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1",)))
    assert "defending armour" not in [x.source for x in attack_odds(m, s, ("b_inf",), "0304").drms]


def test_9_3_1_a_battalion_takes_no_more_than_three_major_assets_and_only_from_the_asset_box():
    m = assets_module()
    with pytest.raises(ActionError, match=r"assets: more than 3 major asset\(s\) for Blue b_inf bn — 9\.3"):
        declared(m, *M4S, "b_m4_4")
    with pytest.raises(ActionError, match="r_m10 .* belongs to another formation|not available"):
        declared(m, "r_m10")


def test_5_3_assets_of_an_eliminated_unit_go_to_the_holding_box_before_any_advance():
    """5.3, 9.5 D: the asset escapes to the holding box; 5.0 B, 9.2.6 A: the attacker's assets advance with it."""
    m = assets_module("D7")
    m.scenarios["fight"].setup = [p for p in m.scenarios["fight"].setup if p.piece != "r_rcn"]
    s = initial_state(m, "fight", 1)
    data = engine_state(s)
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"attached": {"r_gun": "r_bn"}})})})
    m.rules.combat.losses.order = [["inf"], ["recon"]]  # the attached asset is not taken as a loss here
    m.rules.combat.losses.immune = ["hq", "asset"]
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1",)))
    s, entry = apply(m, rigged(s, 6, 1, 6), Resolve(hex="0304"))
    assert s.pieces["r_bn"].at.kind == "eliminated" and s.pieces["r_gun"].at.id == "red_holding"
    assert entry.text.endswith("; Red r_gun regt 0304 → red_holding (its unit eliminated — 9.3)")
    assert Advance(unit="b_inf", path=("0304",)) in legal_actions(m, s)
    s, _ = apply(m, s, Advance(unit="b_inf", path=("0304",)))
    assert s.hex_of("b_m4_1") == "0304"


def _asset_phase_module():
    from hexwright.runtime.model import Phase
    from hexwright.runtime.model.sequence import AssetPhase

    m = assets_module()
    m.rules.assets.division_boxes = {"b_div": "blue_assets", "r_div": "red_assets"}
    m.rules.assets.holding_boxes = {"r_div": "red_holding"}
    for a in ("b_eng", "r_gun", "b_m4_1"):
        m.pieces.pieces[a].steps.append(m.pieces.pieces[a].steps[0].model_copy())
    m.meta.sequence.insert(0, Phase(id="assets", name="Assets", kind="other", section="3.1.4"))
    m.rules.sequence.phases["assets"] = [AssetPhase(id="asset_phase", must_return=["engineer"], section="3.1.4")]
    return m


def test_3_1_4_availability_then_reassignment_engineers_and_held_assets_back_to_their_division():
    """3.1.4.1: assets in the division box turn up; 3.1.4.2 A, C, 5.2, 5.4: engineers on the map and
    assets in the holding box go back on their To Division side; other attached assets stay."""
    from hexwright.runtime.engine import prepared, with_engine_state
    from hexwright.runtime.state import Location, MovePieces, SetStep
    from hexwright.runtime.state import apply as state_apply

    m = _asset_phase_module()
    s = initial_state(m, "fight", 1)
    for act in (SetStep(piece="b_m4_1", step=1), MovePieces(pieces=("b_eng", "b_m4_2"), to=Location.hex("0303")),
                MovePieces(pieces=("r_gun",), to=Location.box("red_holding"))):
        s, _ = state_apply(m, s, act)
    data = engine_state(s)
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"attached": {"b_eng": "b_inf", "b_m4_2": "b_inf"}})})})
    tx = prepared(m, s)
    s = with_engine_state(tx.state, tx.data)
    assert s.pieces["b_m4_1"].step == 0  # available again
    assert s.pieces["b_eng"].at.id == "blue_assets" and s.pieces["b_eng"].step == 1
    assert s.pieces["r_gun"].at.id == "red_assets" and s.pieces["r_gun"].step == 1
    assert s.hex_of("b_m4_2") == "0303" and engine_state(s).seq.attached == {"b_m4_2": "b_inf"}
    with pytest.raises(ActionError, match="b_eng .* not available"):
        apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_eng",)))



@pytest.mark.parametrize(("unit", "armour", "drm"), [("r_m10", 1, True), ("r_m10", 0, False), ("r_gun", 3, False)])
def test_9_4_3_only_a_defending_armour_asset_with_armour_gives_the_drm(unit, armour, drm):
    """A major asset (the armour class) of armour 1 counts; one of armour 0 does not, nor a minor
    asset however much armour it prints."""
    from hexwright.runtime.state import Location, MovePieces
    from hexwright.runtime.state import apply as state_apply

    m = assets_module()
    m.pieces.pieces[unit].steps[0].armor = armour
    s = initial_state(m, "fight", 1)
    s, _ = state_apply(m, s, MovePieces(pieces=(unit,), to=Location.hex("0304")))
    drms = [(x.source, x.drm) for x in attack_odds(m, s, ("b_inf",), "0304").drms]
    assert (("defending armour", -1) in drms) is drm


def test_9_4_1_e_a_differential_of_exactly_minus_three_costs_an_armoured_asset():
    m = assets_module()
    s, _ = declared(m, "b_m4_1")
    s, entry = apply(m, rigged(s, 1, 2, 4), Resolve(hex="0304"))  # 5 + 1 − (7 + 2) = −3
    assert "armour differential 6 − 9 = -3" in entry.text and s.pieces["b_m4_1"].at.kind == "eliminated"


def test_9_4_1_c_a_differential_of_exactly_the_minimum_gives_its_drm():
    """+2, the minimum, halved: +1 (9.4.1 C)."""
    m = assets_module()
    s, _ = declared(m, "b_m4_1")
    _, entry = apply(m, rigged(s, 5, 1, 4), Resolve(hex="0304"))  # 5 + 5 − (7 + 1) = +2
    assert "armour differential 10 − 8 = +2" in entry.text and "DRM +1" in entry.text


@pytest.mark.parametrize(("turned", "differential"), [("r_bn", "8 − 8 = +0"), ("r_gun", "8 − 10 = -2")])
def test_9_4_1_b_a_defender_on_its_back_adds_the_anti_tank_of_the_face_it_shows(turned, differential):
    """r_bn on its reduced face, which prints no anti-tank: only r_gun's 5 counts. r_gun prints
    one face; turned over (step 1, past it) it still adds that face's 5."""
    m = assets_module()
    m.scenarios["fight"].setup = [p.model_copy(update={"step": 1}) if p.piece == turned else p
                                  for p in m.scenarios["fight"].setup]
    s, _ = declared(m, "b_m4_1")
    _, entry = apply(m, rigged(s, 3, 3, 4), Resolve(hex="0304"))
    assert f"armour differential {differential}" in entry.text


def test_5_3_an_orphaned_asset_without_a_holding_box_is_detached_where_it_stands():
    """r_gun belongs to no formation with a holding box: its unit gone, it stays in 0304, attached to none."""
    m = assets_module("D7")
    m.pieces.pieces["r_gun"].formation = None
    m.scenarios["fight"].setup = [p for p in m.scenarios["fight"].setup if p.piece != "r_rcn"]
    s = initial_state(m, "fight", 1)
    data = engine_state(s)
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"attached": {"r_gun": "r_bn"}})})})
    m.rules.combat.losses.order = [["inf"], ["recon"]]
    m.rules.combat.losses.immune = ["hq", "asset"]
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1",)))
    s, _ = apply(m, rigged(s, 6, 1, 6), Resolve(hex="0304"))
    assert s.pieces["r_bn"].at.kind == "eliminated" and s.hex_of("r_gun") == "0304"
    assert "r_gun" not in engine_state(s).seq.attached
