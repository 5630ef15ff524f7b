"""The owners' choices about assets as legal actions, on a synthetic module (after St-Lô
9.3 C, 9.3.2 A, 9.4.1 E–F, 3.1.4.2 B, 5.1): the defender's assets for an attack, the armoured
asset the attacker loses, voluntary reassignment in the asset phase. (The companies' assets
after a breakdown, 12.2.5: tests/runtime/engine/test_reorganization.py.)"""

from __future__ import annotations

import pytest
from operations_modules import assets_module, defence_module, rigged

from hexwright.runtime.engine import (
    AssignAsset,
    Declare,
    Decline,
    EliminateExcess,
    ReassignAsset,
    Resolve,
    apply,
    engine_state,
    legal_actions,
    prepared,
    to_act,
    with_engine_state,
)
from hexwright.runtime.state import ActionError, Location, MovePieces, initial_state
from hexwright.runtime.state import apply as state_apply


def test_9_3_c_after_the_attackers_assets_the_defender_assigns_one_major_and_one_minor():
    m = defence_module()
    s = initial_state(m, "fight", 1)
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1",)))
    assert to_act(m, s) == "red" and engine_state(s).top.proc == "assets"
    # r_gun and r_rcn defend too, but only infantry takes assets (9.3.3 D)
    assert legal_actions(m, s) == [AssignAsset(asset="r_at", unit="r_bn"), AssignAsset(asset="r_m10", unit="r_bn"),
                                   Decline()]
    with pytest.raises(ActionError, match="no attack is declared|finish the assets first|asset"):
        apply(m, s, Resolve(hex="0304"))
    s, entry = apply(m, s, AssignAsset(asset="r_m10", unit="r_bn"))
    assert s.hex_of("r_m10") == "0304" and engine_state(s).seq.attached["r_m10"] == "r_bn"
    assert "assigned to" in entry.text
    assert legal_actions(m, s) == [AssignAsset(asset="r_at", unit="r_bn"), Decline()]  # one major only
    s, _ = apply(m, s, AssignAsset(asset="r_at", unit="r_bn"))
    assert engine_state(s).top is None and to_act(m, s) == "blue"  # both used: the choice is over
    s, entry = apply(m, rigged(s, 3, 3, 4), Resolve(hex="0304"))
    # 9.4.1 B: the defender's anti-tank counts its new assets: r_bn 2 + r_gun 5 + M10 4 + gun 3 = 14
    assert "armour differential 8 − 17 = -9" in entry.text


def test_9_3_c_the_defender_may_assign_nothing_and_the_attack_goes_on():
    m = defence_module()
    s = initial_state(m, "fight", 1)
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304"))
    s, entry = apply(m, s, Decline())
    assert "no more assets for the defence" in entry.text and engine_state(s).top is None
    assert s.pieces["r_m10"].at == Location.box("red_assets") and Resolve(hex="0304") in legal_actions(m, s)


def test_9_3_2_a_a_defending_unit_without_a_line_is_assigned_nothing_and_no_choice_is_asked():
    m = defence_module(depot=False)
    s = initial_state(m, "fight", 1)
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304"))
    assert engine_state(s).top is None and legal_actions(m, s) == [Resolve(hex="0304")]
    m2 = defence_module()
    s2, _ = apply(m2, initial_state(m2, "fight", 1), Declare(attackers=("b_inf",), hex="0304"))
    with pytest.raises(ActionError, match=r"r_m10 .*may not be assigned to .*b_inf.*: it is not a defending unit at 0304 — 9\.3"):
        apply(m2, s2, AssignAsset(asset="r_m10", unit="b_inf"))


def test_9_4_1_e_the_attacker_chooses_which_armoured_asset_the_differential_costs():
    """Two M4s (armour 10) + 1 against anti-tank 4 (r_bn, set here) + 5 (r_gun) + 6: −4, one asset
    lost, the attacker's choice (9.4.1 E); the other stays attached."""
    m = assets_module()
    m.pieces.pieces["r_bn"].steps[0].anti_tank = 4
    s = initial_state(m, "fight", 1)
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1", "b_m4_2")))
    s, entry = apply(m, rigged(s, 1, 6, 4), Resolve(hex="0304"))
    assert "armour differential 11 − 15 = -4" in entry.text
    assert to_act(m, s) == "blue" and engine_state(s).top.proc == "asset_loss"
    assert legal_actions(m, s) == [EliminateExcess(unit="b_m4_1"), EliminateExcess(unit="b_m4_2")]
    with pytest.raises(ActionError, match="choose one of the armoured assets"):
        apply(m, s, EliminateExcess(unit="b_inf"))
    s, entry = apply(m, s, EliminateExcess(unit="b_m4_2"))
    assert "lost to the armour differential — 9.3" in entry.text
    assert s.pieces["b_m4_2"].at.kind == "eliminated" and s.hex_of("b_m4_1") == "0303"
    assert engine_state(s).seq.attached.get("b_m4_1") == "b_inf" and "b_m4_2" not in engine_state(s).seq.attached
    assert all(not isinstance(a, EliminateExcess) for a in legal_actions(m, s))


def _reassign_module():
    from hexwright.runtime.model import Phase
    from hexwright.runtime.model.sequence import AssetPhase

    m = assets_module()
    m.rules.assets.division_boxes = {"b_div": "blue_assets", "r_div": "red_assets"}
    for a in ("b_eng", "b_m4_2", "b_m4_3"):
        m.pieces.pieces[a].steps.append(m.pieces.pieces[a].steps[0].model_copy(update={"label": "To Division"}))
    m.meta.sequence.insert(0, Phase(id="assets", name="Assets", kind="other", section="3.1.4"))
    m.rules.sequence.phases["assets"] = [AssetPhase(id="asset_phase", must_return=["engineer"], voluntary=True,
                                                    section="3.1.4")]
    s = initial_state(m, "fight", 1)
    s, _ = state_apply(m, s, MovePieces(pieces=("b_eng", "b_m4_2", "b_m4_3"), to=Location.hex("0303")))
    data = engine_state(s)
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"attached": dict.fromkeys(("b_eng", "b_m4_2", "b_m4_3"), "b_inf")})})})
    tx = prepared(m, s)
    return m, with_engine_state(tx.state, tx.data)


def test_3_1_4_2_b_other_assets_are_reassigned_if_the_owner_wishes_one_by_one():
    m, s = _reassign_module()
    assert s.pieces["b_eng"].at == Location.box("blue_assets")  # 3.1.4.2 A: engineers always
    assert to_act(m, s) == "blue" and engine_state(s).top.proc == "reassign"
    assert legal_actions(m, s) == [ReassignAsset(asset="b_m4_2"), ReassignAsset(asset="b_m4_3"), Decline()]
    s, entry = apply(m, s, ReassignAsset(asset="b_m4_2"))
    assert "reassigned to its division by its owner" in entry.text
    assert s.pieces["b_m4_2"].at == Location.box("blue_assets") and s.pieces["b_m4_2"].step == 1  # 5.1: To Division
    with pytest.raises(ActionError, match="b_m4_2 is not an attached asset"):
        apply(m, s, ReassignAsset(asset="b_m4_2"))
    s, _ = apply(m, s, Decline())
    assert engine_state(s).seq.attached == {"b_m4_3": "b_inf"} and s.hex_of("b_m4_3") == "0303"
    assert engine_state(s).top is None


def test_the_phase_bar_lists_the_defenders_asset_choices():
    """The play window lists a procedure's choices that are not made on the board (step_prompt)."""
    from hexwright.runtime.engine import step_prompt

    m = defence_module()
    s, _ = apply(m, initial_state(m, "fight", 1), Declare(attackers=("b_inf",), hex="0304"))
    prompt = step_prompt(m, s)
    assert [label for label, _ in prompt.choices] == ["Assign Red r_at regt to Red r_bn bn",
                                                      "Assign Red r_m10 regt to Red r_bn bn", "No more assets"]
    assert [a for _, a in prompt.choices] == legal_actions(m, s)


def _declared_on_0304(m):
    s, _ = apply(m, initial_state(m, "fight", 1), Declare(attackers=("b_inf",), hex="0304"))
    return s


def test_9_3_c_the_defence_takes_no_more_assets_of_a_class_than_defender_max():
    """Two red majors wait: once the M10 is assigned (one major allowed), the second is not offered."""
    from builders import add_unit

    m = defence_module()
    add_unit(m, "r_m10b", "red", "major", combat=0, movement=3, formation="r_div")
    m.scenarios["fight"].setup.append(m.scenarios["fight"].setup[-1].model_copy(update={"piece": "r_m10b"}))
    s = _declared_on_0304(m)
    assert AssignAsset(asset="r_m10b", unit="r_bn") in legal_actions(m, s)
    s, _ = apply(m, s, AssignAsset(asset="r_m10", unit="r_bn"))
    assert legal_actions(m, s) == [AssignAsset(asset="r_at", unit="r_bn"), Decline()]
    with pytest.raises(ActionError, match=r"the defence has its assets of that class, or the unit traces no line"):
        apply(m, s, AssignAsset(asset="r_m10b", unit="r_bn"))


def test_9_3_c_an_asset_of_a_class_the_defence_may_not_take_is_not_offered():
    """A red engineer waits with the M10: defender_max names majors and minors only."""
    from builders import add_unit

    m = defence_module()
    add_unit(m, "r_eng", "red", "engineer", combat=0, movement=3, formation="r_div")
    m.scenarios["fight"].setup.append(m.scenarios["fight"].setup[-1].model_copy(update={"piece": "r_eng"}))
    assert legal_actions(m, _declared_on_0304(m)) == [AssignAsset(asset="r_at", unit="r_bn"),
                                                     AssignAsset(asset="r_m10", unit="r_bn"), Decline()]


def test_9_3_2_a_without_needs_loc_a_defending_unit_without_a_line_is_offered_assets():
    m = defence_module(depot=False)
    m.rules.assets.needs_loc = False
    assert legal_actions(m, _declared_on_0304(m)) == [AssignAsset(asset="r_at", unit="r_bn"),
                                                     AssignAsset(asset="r_m10", unit="r_bn"), Decline()]


def test_9_3_c_the_defender_who_stops_after_one_asset_is_not_asked_again():
    m = defence_module()
    s, _ = apply(m, _declared_on_0304(m), AssignAsset(asset="r_m10", unit="r_bn"))
    s, _ = apply(m, s, Decline())
    assert engine_state(s).top is None and legal_actions(m, s) == [Resolve(hex="0304")]
    assert s.pieces["r_at"].at == Location.box("red_assets")


def test_9_3_c_a_refused_assignment_names_the_asset_and_the_unit():
    m = defence_module()
    with pytest.raises(ActionError) as refused:
        apply(m, _declared_on_0304(m), AssignAsset(asset="r_m10", unit="b_inf"))
    assert str(refused.value) == "Red r_m10 regt may not be assigned to Blue b_inf bn: it is not a defending unit at 0304 — 9.3"


def test_9_4_1_e_f_armour_lost_with_nothing_to_choose_is_eliminated_at_once_before_the_combat_roll():
    """One M4 and a differential of −4, which costs one asset: the only one is lost as the
    differential is logged, before the CRT roll."""
    m = assets_module()
    s, _ = apply(m, initial_state(m, "fight", 1), Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1",)))
    s, entry = apply(m, rigged(s, 1, 3, 4), Resolve(hex="0304"))
    assert entry.text.startswith("armour differential 6 − 10 = -4 (rolled 1 and 3) — 9.3; Blue b_m4_1 regt eliminated "
                                 "(lost to the armour differential — 9.3); Blue attacks 0304: ")
    assert s.pieces["b_m4_1"].at.kind == "eliminated" and engine_state(s).top is None


def test_9_4_1_f_two_of_three_armoured_assets_lost_are_the_attackers_two_choices():
    """A differential of −15 costs two assets of three: blue picks one, then one of the two left;
    then the combat goes on — every defender lost (D7), blue may advance (9.2.6)."""
    from hexwright.runtime.engine import Advance

    m = assets_module("D7")
    m.pieces.pieces["r_bn"].steps[0].anti_tank = 20
    s, _ = apply(m, initial_state(m, "fight", 1),
                 Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1", "b_m4_2", "b_m4_3")))
    s, entry = apply(m, rigged(s, 1, 6, 4), Resolve(hex="0304"))
    assert "armour differential 16 − 31 = -15" in entry.text
    s, _ = apply(m, s, EliminateExcess(unit="b_m4_2"))
    assert legal_actions(m, s) == [EliminateExcess(unit="b_m4_1"), EliminateExcess(unit="b_m4_3")]
    s, _ = apply(m, s, EliminateExcess(unit="b_m4_3"))
    assert [s.pieces[a].at.kind for a in ("b_m4_1", "b_m4_2", "b_m4_3")] == ["hex", "eliminated", "eliminated"]
    assert not any(isinstance(a, EliminateExcess) for a in legal_actions(m, s))
    assert Advance(unit="b_inf", path=("0304",)) in legal_actions(m, s)


def test_3_1_4_2_b_the_log_ends_the_reassigned_assets_line_with_the_owners_choice():
    m, s = _reassign_module()
    _, entry = apply(m, s, ReassignAsset(asset="b_m4_2"))
    assert entry.text.endswith("(reassigned to its division by its owner — 9.3)")
