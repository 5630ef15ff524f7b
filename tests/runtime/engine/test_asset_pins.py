"""Which assets an attacking unit may be assigned (``engine/assets.py``), on the synthetic assets
module of ``tests/support/operations_modules.py`` (after St-Lô 9.3, 9.3.1, 9.3.3; not St-Lô):
every refusal names the asset or the unit and cites the module's section."""

from __future__ import annotations

import pytest
from operations_modules import assets_module

from hexwright.runtime.engine import AssignAsset, Declare, ReassignAsset, apply, engine_state
from hexwright.runtime.engine.attacks import assignable_assets
from hexwright.runtime.state import ActionError, SetStep, initial_state
from hexwright.runtime.state import apply as state_apply


def declare(m, *assets: str, s=None):
    s = s if s is not None else initial_state(m, "fight", 1)
    return apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=assets))


def test_9_3_the_assets_offered_are_those_of_the_units_side_and_formation_in_the_asset_boxes():
    m = assets_module()
    s = initial_state(m, "fight", 1)
    assert assignable_assets(m, s, "b_inf") == ["b_eng", "b_m4_1", "b_m4_2", "b_m4_3", "b_m4_4"]
    assert assignable_assets(m, s, "no_such_unit") == []
    s, _ = declare(m, "b_m4_1")
    assert "b_m4_1" not in assignable_assets(m, s, "b_inf")  # already attached, on the map


def test_9_3_only_the_modules_parent_types_take_assets():
    m = assets_module()
    m.rules.assets.parent_types = ["arm"]
    assert assignable_assets(m, initial_state(m, "fight", 1), "b_inf") == []
    with pytest.raises(ActionError, match=r"assets: Blue b_inf bn may not be assigned assets — 9\.3"):
        declare(m, "b_m4_1")


def test_9_3_b_an_attack_assigns_at_most_attacker_max_assets():
    m = assets_module()
    m.rules.assets.attacker_max = 2
    with pytest.raises(ActionError, match=r"assets: at most 2 assets per attack — 9\.3"):
        declare(m, "b_m4_1", "b_m4_2", "b_eng")
    s, _ = declare(m, "b_m4_1", "b_eng")
    assert engine_state(s).seq.attached == {"b_eng": "b_inf", "b_m4_1": "b_inf"}


@pytest.mark.parametrize(("assets", "refusal"), [
    (("zz",), r"assets: no asset 'zz' — 9\.3"),
    (("r_m10",), r"assets: Red r_m10 regt belongs to another formation — 9\.3"),
    (("b_eng", "b_eng"), r"assets: more than 1 engineer asset\(s\) for Blue b_inf bn — 9\.3"),
])
def test_9_3_1_an_asset_unknown_of_another_formation_or_over_the_limit_is_refused(assets, refusal):
    with pytest.raises(ActionError, match=refusal):
        declare(assets_module(), *assets)


def test_9_3_an_asset_of_the_other_side_is_refused_when_formations_do_not_matter():
    m = assets_module()
    m.rules.assets.same_formation = False
    with pytest.raises(ActionError, match=r"assets: Red r_m10 regt belongs to the other side — 9\.3"):
        declare(m, "r_m10")


def test_5_2_an_asset_on_its_reduced_face_is_not_available():
    """A reassigned asset shows its back (5.2) until it turns up again: it may not be assigned."""
    m = assets_module()
    s, _ = state_apply(m, initial_state(m, "fight", 1), SetStep(piece="b_m4_1", step=1))
    assert "b_m4_1" not in assignable_assets(m, s, "b_inf")
    with pytest.raises(ActionError, match=r"assets: Blue b_m4_1 regt is not available for assignment — 9\.3"):
        declare(m, "b_m4_1", s=s)



@pytest.mark.parametrize(("action", "what"), [
    (AssignAsset(asset="b_m4_1", unit="b_inf"), "asset assignment"),
    (ReassignAsset(asset="b_m4_1"), "reassignment"),
])
def test_9_3_c_3_1_4_2_an_asset_choice_is_made_only_when_it_is_asked(action, what):
    m = assets_module()
    with pytest.raises(ActionError, match=rf"no {what} is to be chosen now — 9\.3"):
        apply(m, initial_state(m, "fight", 1), action)


def test_9_3_assets_are_assigned_to_one_attacking_unit():
    """9.3 A: the assets go to the one attacking unit; an attack of two with assets is refused
    (with combat at ``warn``, let through with the assets under the first unit named)."""
    from builders import add_unit

    from hexwright.runtime.model import Placement

    m = assets_module()
    add_unit(m, "b_inf2", "blue", combat=3, movement=3, size="II", formation="b_div")
    m.scenarios["fight"].setup.append(Placement(piece="b_inf2", hex="0404"))
    s = initial_state(m, "fight", 1)
    with pytest.raises(ActionError, match=r"assets are assigned to one attacking unit at 0304 — 9\.3"):
        apply(m, s, Declare(attackers=("b_inf", "b_inf2"), hex="0304", assets=("b_m4_1",)))
    plain, _ = apply(m, s, Declare(attackers=("b_inf", "b_inf2"), hex="0304"))
    assert engine_state(plain).seq.attached == {}
    m.rules.enforcement = {"combat": "warn"}  # let through: the assets go with the first unit named
    s, entry = apply(m, s, Declare(attackers=("b_inf2", "b_inf"), hex="0304", assets=("b_m4_1",)))
    assert "override: assets are assigned to one attacking unit" in entry.text
    assert engine_state(s).seq.attached == {"b_m4_1": "b_inf2"} and s.hex_of("b_m4_1") == "0404"
