"""HQ relocation as module data (``engine/relocation.py``, ``rules.json`` ``hq_relocation``;
after Traces of Victory 2.3, 5.0, 8.1, 12.2), on the synthetic activation module: which hexes
are offered under each of the rule's conditions and the stacking enforcement, which units are
HQs (``hq_types``), what the log says, and HQs cut off together by one supply check."""

from __future__ import annotations

import pytest
from builders import add_unit
from sequence_modules import attack_hq
from sequence_modules import relocation_module as module

from hexwright.runtime.engine import (
    Choose,
    EndPhase,
    Relocate,
    apply,
    engine_state,
    legal_actions,
    to_act,
)
from hexwright.runtime.model.rules_config import StackingRules
from hexwright.runtime.model.sequence import FixedSide, SupplyCheck
from hexwright.runtime.state import ActionError, Location, initial_state

ALL = {f"{c:02d}{r:02d}" for c in range(1, 10) for r in range(1, 10)}


def put(s, **where: str):
    return s.model_copy(update={"pieces": {**s.pieces, **{p: s.pieces[p].model_copy(update={"at": Location.hex(h)})
                                                           for p, h in where.items()}}})


def spots(m, s) -> set[str]:
    acts = legal_actions(m, s)
    assert all(isinstance(a, Relocate) for a in acts)
    return {a.to for a in acts}


def near(m, hexes) -> set[str]:
    """The hexes of ``hexes`` and their neighbours (every unit here exerts a ZOC on its six)."""
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    return {h for h in ALL if any(grid.distance(scheme.parse(h, grid), scheme.parse(x, grid)) <= 1 for x in hexes)}


def test_2_3_out_of_enemy_zoc_keeps_the_hq_out_of_every_enemy_zoc_without_a_supply_line():
    """``not_in_ezoc`` alone (no supply line traced): no hex next to a blue unit is offered;
    without it, the hexes next to them are, but never a hex holding one."""
    m = module()
    m.rules.hq_relocation.trace_supply = False
    s, _ = attack_hq(m)
    blue = [h for p, h in s.occupancy().items() if m.pieces.pieces[p].side == "blue"]
    offered = spots(m, s)
    assert offered and not offered & near(m, blue)
    m.rules.hq_relocation.not_in_ezoc = False
    relaxed = spots(m, s)
    assert near(m, ["0107"]) - {"0107"} <= relaxed and not relaxed & set(blue)


def test_5_0_with_stacking_off_an_hq_may_be_relocated_onto_a_full_stack():
    """Stacking enforced: the HQ may not join two combat units when HQs count (5.0); with the
    stacking rule ``off`` the limit is not looked at."""
    m = module()
    m.rules.stacking = StackingRules(limit=2, hq_counts=True, check_at="end_of_move", section="5.0")
    s, _ = attack_hq(m)
    s = put(s, r_1="0909", r_2="0909")
    assert "0909" not in spots(m, s)
    m.rules.enforcement = {"stacking": "off"}
    assert "0909" in spots(m, s)


def test_2_3_the_log_says_the_hq_is_destroyed_or_lost_its_last_step_not_that_it_moved_off_the_map():
    m = module()
    _, entry = attack_hq(m)
    assert entry.text.endswith("DE (Defender eliminated) — 9.2; Red r_hq regt destroyed: to be relocated — 2.3")
    _, entry = attack_hq(module("DS"), step=1)
    assert entry.text.endswith("DS (Defender step loss) — 9.2; Red r_hq regt loses its last step: to be relocated — 2.3")


def test_2_3_hq_types_name_the_unit_types_relocated_instead_of_the_hq_flag():
    """``hq_types`` lists the unit types relocated: with ``["hq"]`` the red HQ is relocated; with
    ``["inf"]`` only infantry is, and the HQ is eliminated like any other unit."""
    m = module()
    m.rules.hq_relocation.hq_types = ["hq"]
    s, entry = attack_hq(m)
    assert "destroyed: to be relocated" in entry.text and engine_state(s).top.proc == "relocate"
    m.rules.hq_relocation.hq_types = ["inf"]
    s, entry = attack_hq(m)
    assert s.pieces["r_hq"].at == Location.off("eliminated") and engine_state(s).frames == ()
    assert "to be relocated" not in entry.text


def cut_off_module(*, sides: list[str], step_loss: bool):
    """Red's HQ in 0101 cut off by b_4's ZOC (0202); a second red HQ, r_a_hq, in 0102."""
    m = module(cut_off=True)
    add_unit(m, "r_a_hq", "red", "hq", combat=1, movement=6, formation="r_d2", reduced=0)
    m.rules.sequence.phases["red_orders"].insert(0, SupplyCheck(
        id="supply", name="Supply check", side=FixedSide(side="red"), sides=sides, step_loss=step_loss, section="8.1"))
    setup = m.scenarios["act"].setup
    m.scenarios["act"].setup = [p.model_copy(update={"hex": {"r_hq": "0101", "b_4": "0202"}.get(p.piece, p.hex)})
                                for p in setup]
    return m


def test_8_1_2_3_two_hqs_cut_off_by_one_supply_check_are_each_relocated_the_last_step_one_first():
    """r_a_hq, on its last step, loses it and leaves the map to be relocated (12.2); r_hq loses a
    step and is relocated from where it stands: two relocations, r_a_hq's first."""
    m = cut_off_module(sides=["red"], step_loss=True)
    m.scenarios["act"].setup.append(m.scenarios["act"].setup[0].model_copy(update={"piece": "r_a_hq", "hex": "0102"}))
    s = initial_state(m, "act", 1)
    s = s.model_copy(update={"pieces": {**s.pieces, "r_a_hq": s.pieces["r_a_hq"].model_copy(update={"step": 1})}})
    s, entry = apply(m, s, Choose(option="pass"))
    assert "Red r_a_hq regt loses its last step: to be relocated — 2.3" in entry.text
    assert "Red r_hq regt cannot trace supply: to be relocated — 2.3" in entry.text
    assert [(f.units, f.hex, f.result) for f in engine_state(s).frames] == [
        (("r_hq",), "0101", "cannot trace supply"), (("r_a_hq",), "0102", "loses its last step")]
    assert to_act(m, s) == "red" and {a.unit for a in legal_actions(m, s)} == {"r_a_hq"}
    s, _ = apply(m, s, Relocate(unit="r_a_hq", to="0909"))
    assert {a.unit for a in legal_actions(m, s)} == {"r_hq"} and s.pieces["r_hq"].step == 1


def test_8_1_a_side_listed_twice_in_a_supply_check_is_checked_once():
    """``sides: [red, red]``: the cut-off HQ is named once, loses one step and is relocated
    once (it lost two steps and waited for two relocations)."""
    m = cut_off_module(sides=["red", "red"], step_loss=True)
    s, entry = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    assert "supply check: out of supply Red r_hq regt — 8.1" in entry.text
    assert s.pieces["r_hq"].step == 1 and s.hex_of("r_hq") == "0101"
    assert [f.units for f in engine_state(s).frames] == [("r_hq",)]
    s, _ = apply(m, s, Relocate(unit="r_hq", to="0909"))
    assert engine_state(s).frames == () and s.hex_of("r_hq") == "0909"


def test_2_3_a_unit_that_is_not_an_hq_is_eliminated_not_relocated():
    m = module()
    s, entry = attack_hq(m, hex="0504")
    assert s.pieces["r_1"].at == Location.off("eliminated") and engine_state(s).frames == ()
    assert "to be relocated" not in entry.text


def test_2_3_an_hq_with_no_hex_to_go_to_is_eliminated_and_play_goes_on():
    """Cut off with no hex far enough (min_distance 20): eliminated, said on its own line, and
    the red activation after the supply check starts in the same action."""
    m = cut_off_module(sides=["red"], step_loss=False)
    m.rules.hq_relocation.min_distance = 20
    s, entry = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    assert entry.text.endswith("Red r_hq regt cannot trace supply: to be relocated — 2.3; "
                               "Red r_hq regt eliminated (no hex to relocate it to — 2.3); "
                               "Red activation: Red r_1 regt — 4.3")
    assert engine_state(s).frames == () and s.pieces["r_hq"].at == Location.off("eliminated")


def test_2_3_of_two_hqs_to_relocate_the_one_with_no_hex_far_enough_is_eliminated_the_other_waits():
    """min_distance 12: from 0101 the far corner (0909, 0809) is 12 hexes away, from 0102 nothing
    is; r_a_hq (last step, 0102) is eliminated, r_hq still waits for red to relocate it."""
    m = cut_off_module(sides=["red"], step_loss=True)
    m.rules.hq_relocation.min_distance = 12
    m.scenarios["act"].setup.append(m.scenarios["act"].setup[0].model_copy(update={"piece": "r_a_hq", "hex": "0102"}))
    s = initial_state(m, "act", 1)
    s = s.model_copy(update={"pieces": {**s.pieces, "r_a_hq": s.pieces["r_a_hq"].model_copy(update={"step": 1})}})
    s, entry = apply(m, s, Choose(option="pass"))
    assert "Red r_a_hq regt eliminated (no hex to relocate it to — 2.3)" in entry.text
    assert s.pieces["r_a_hq"].at == Location.off("eliminated")
    assert [f.units for f in engine_state(s).frames] == [("r_hq",)]
    assert {(a.unit, a.to) for a in legal_actions(m, s)} == {("r_hq", "0909"), ("r_hq", "0809")}


def test_2_3_a_forced_relocation_to_a_hex_label_that_is_not_one_is_refused_as_such():
    m = module()
    s, _ = attack_hq(m)
    with pytest.raises(ActionError, match=r"^hex label 'zz' is not a number of more than 2 digits$"):
        apply(m, s, Relocate(unit="r_hq", to="zz"))


def test_2_3_a_hex_far_enough_but_in_enemy_zoc_is_refused_for_that_not_for_its_distance():
    """0203 is exactly 3 hexes from 0505 (the minimum) and next to blue units."""
    m = module()
    s, _ = attack_hq(m)
    with pytest.raises(ActionError, match=r"cannot be relocated to 0203: a hex out of enemy ZOC that traces supply, "
                                          r"with no enemy unit and room in its stack at 0203 — 2\.3$"):
        apply(m, s, Relocate(unit="r_hq", to="0203"))


def test_2_3_the_activated_hq_is_relocated_only_in_a_step_that_allows_it():
    """The HQ activation's movement step allows ``relocate``; its combat step does not."""
    m = module()
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="hq", target="b_hq"))
    assert Relocate(unit="b_hq", to="0909") in legal_actions(m, s)
    fight, _ = apply(m, s, EndPhase())
    assert not any(isinstance(a, Relocate) for a in legal_actions(m, fight))
    with pytest.raises(ActionError, match=r"^relocating an HQ not now \(Combat\) — 10\.0$"):
        apply(m, fight, Relocate(unit="b_hq", to="0909"))
    s, entry = apply(m, s, Relocate(unit="b_hq", to="0909"))
    assert s.hex_of("b_hq") == "0909" and entry.text.endswith("(HQ relocated — 2.3)")


def test_2_3_a_voluntary_relocation_names_what_is_wrong_with_it():
    """In the HQ activation's movement step: a game with no HQ relocation, a unit the game does
    not have, a unit that is not the HQ activated, a hex label that is not one."""
    m = module()
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="hq", target="b_hq"))
    with pytest.raises(ActionError, match=r"^no unit 'nobody' in this game$"):
        apply(m, s, Relocate(unit="nobody", to="0909"))
    with pytest.raises(ActionError, match=r"^Blue b_1 regt is not the HQ activated now — 2\.3$"):
        apply(m, s, Relocate(unit="b_1", to="0909"))
    with pytest.raises(ActionError, match=r"^hex label 'zz' is not a number of more than 2 digits$"):
        apply(m, s, Relocate(unit="b_hq", to="zz"))
    m.rules.hq_relocation = None
    with pytest.raises(ActionError, match=r"^this game has no HQ relocation$"):
        apply(m, s, Relocate(unit="b_hq", to="0909"))


def test_a_relocation_pending_when_the_module_drops_hq_relocation_eliminates_the_hq():
    """A save waiting for a relocation, opened with the module edited to have no HQ relocation:
    no hex is offered, and the HQ is eliminated with no section to cite."""
    m = module()
    s, _ = attack_hq(m)
    edited = m.model_copy(deep=True)
    edited.rules.hq_relocation = None
    assert not any(isinstance(a, Relocate) for a in legal_actions(edited, s))
    s, entry = apply(edited, s, EndPhase())
    assert entry.text.startswith("Red r_hq regt eliminated (no hex to relocate it to); ")
    assert s.pieces["r_hq"].at == Location.off("eliminated")


def test_2_3_with_movement_only_warned_the_activated_hq_is_still_never_relocated_onto_enemy_units():
    m = module()
    m.rules.enforcement = {"movement": "warn"}
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="hq", target="b_hq"))
    with pytest.raises(ActionError, match=r"^Red r_1 regt is in 0504: opposing units never share a hex at 0504 — 2\.3$"):
        apply(m, s, Relocate(unit="b_hq", to="0504"))
    s, entry = apply(m, s, Relocate(unit="b_hq", to="0302"))  # too close, empty: let through with an override
    assert s.hex_of("b_hq") == "0302" and "override: Blue b_hq regt cannot be relocated to 0302" in entry.text
