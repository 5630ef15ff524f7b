"""HQs relocated when destroyed or cut off, as module data (``hq_relocation.when_destroyed``,
``when_out_of_supply``), on a synthetic module (after Traces of Victory 2.3, 8.1, 12.2): the
owner picks a hex at least N hexes from where the HQ was, out of enemy ZOC, tracing supply;
the relocation is a procedure with real legal actions, logged, undoable, scored."""

from __future__ import annotations

import pytest
from sequence_modules import attack_hq
from sequence_modules import relocation_module as module

from hexwright.runtime.engine import (
    ENGINE,
    Choose,
    Declare,
    EndPhase,
    Relocate,
    Resolve,
    apply,
    engine_state,
    legal_actions,
    scores,
    to_act,
    to_step,
)
from hexwright.runtime.model.sequence import FixedSide, SupplyCheck
from hexwright.runtime.state import ActionError, Game, Location, initial_state


def test_2_3_an_hq_destroyed_in_combat_is_relocated_by_its_owner():
    m = module()
    s, entry = attack_hq(m)
    assert "r_hq" in entry.text and "destroyed: to be relocated — 2.3" in entry.text
    assert s.pieces["r_hq"].at == Location.off("unavailable")  # out of its hex at once
    assert engine_state(s).top.proc == "relocate" and to_act(m, s) == "red"
    acts = legal_actions(m, s)
    spots = [a.to for a in acts]
    assert acts and all(isinstance(a, Relocate) and a.unit == "r_hq" for a in acts)
    assert "0909" in spots and "0808" in spots  # red's source; the HQ's old setup hex, 3 from 0505
    assert all(h not in spots for h in ("0605", "0606", "0706"))  # under 3 hexes from 0505
    with pytest.raises(ActionError, match=r"at least 3 hexes away \(here 1\)"):
        apply(m, s, Relocate(unit="r_hq", to="0605"))
    with pytest.raises(ActionError, match="the HQ to relocate now"):
        apply(m, s, Relocate(unit="r_1", to="0909"))
    s, entry = apply(m, s, Relocate(unit="r_hq", to="0909"))
    assert s.hex_of("r_hq") == "0909" and "(HQ relocated: destroyed — 2.3)" in entry.text
    assert engine_state(s).frames == () and to_act(m, s) == "blue"
    assert [(sc.points, sc.detail) for sc in scores(m, s) if sc.section == "2.3"] == [(2, "r_hq relocated")]


def test_2_3_relocation_hexes_are_out_of_enemy_zoc_and_trace_supply():
    m = module()
    s, _ = attack_hq(m)
    spots = {a.to for a in legal_actions(m, s)}
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    blue = [h for p, h in s.occupancy().items() if m.pieces.pieces[p].side == "blue"]
    near_blue = {h for h in (f"{c:02d}{r:02d}" for c in range(1, 10) for r in range(1, 10))
                 if any(grid.distance(scheme.parse(h, grid), scheme.parse(b, grid)) <= 1 for b in blue)}
    assert spots and not spots & near_blue  # every unit exerts a ZOC on its six neighbours here
    assert "0101" in spots
    cut = s.model_copy(update={"pieces": {**s.pieces, "b_4": s.pieces["b_4"].model_copy(
        update={"at": Location.hex("0202")})}})
    # 0101 is out of b_4's ZOC, but its only neighbours 0102 and 0201 are in it: no supply line from there
    assert "0101" not in {a.to for a in legal_actions(m, cut)}


def test_12_2_an_hq_losing_its_last_step_is_relocated_one_with_a_step_left_is_reduced():
    m = module("DS")
    s, _ = attack_hq(m)
    assert s.pieces["r_hq"].step == 1 and s.hex_of("r_hq") == "0505" and engine_state(s).frames == ()
    s, entry = attack_hq(m, step=1)
    assert "loses its last step: to be relocated" in entry.text and s.pieces["r_hq"].step == 1
    assert to_act(m, s) == "red" and s.pieces["r_hq"].at == Location.off("unavailable")


def test_without_when_destroyed_the_hq_is_eliminated():
    m = module(destroyed=False)
    s, _ = attack_hq(m)
    assert s.pieces["r_hq"].at == Location.off("eliminated") and engine_state(s).frames == ()


def test_2_3_with_no_legal_hex_the_hq_is_eliminated():
    m = module()
    m.rules.hq_relocation.min_distance = 20
    s, entry = attack_hq(m)
    assert s.pieces["r_hq"].at == Location.off("eliminated") and "no hex to relocate it to — 2.3" in entry.text


def test_warn_lets_a_too_close_relocation_through_with_an_override():
    m = module()
    m.rules.enforcement = {"movement": "warn"}
    s, _ = attack_hq(m)
    s, entry = apply(m, s, Relocate(unit="r_hq", to="0605"))
    assert s.hex_of("r_hq") == "0605" and "override: Red r_hq regt cannot be relocated to 0605" in entry.text


def test_2_3_8_1_an_hq_a_supply_check_finds_cut_off_is_relocated():
    """The red HQ in 0101, walled off from red's sources by b_4's ZOC (0202), is relocated by red."""
    m = module(cut_off=True)
    m.rules.sequence.phases["red_orders"].insert(0, SupplyCheck(id="supply", name="Supply check", side=FixedSide(
        side="red"), sides=["red"], status="out_of_supply", section="8.1"))
    setup = m.scenarios["act"].setup
    m.scenarios["act"].setup = [p.model_copy(update={"hex": {"r_hq": "0101", "b_4": "0202"}.get(p.piece, p.hex)})
                                for p in setup]
    s = initial_state(m, "act", 1)
    s, entry = apply(m, s, Choose(option="pass"))
    assert "r_hq regt: Out of supply" in entry.text and "cannot trace supply: to be relocated" in entry.text
    assert s.hex_of("r_hq") == "0101" and to_act(m, s) == "red"
    acts = legal_actions(m, s)
    assert acts and all(isinstance(a, Relocate) for a in acts)
    s, entry = apply(m, s, acts[0])
    assert s.hex_of("r_hq") == acts[0].to and "HQ relocated: cannot trace supply" in entry.text


def test_the_relocation_is_in_the_log_undone_and_replayed():
    game = Game(module(), "act", 1, engine=ENGINE)
    for action in (Choose(option="divisions", target="b_d1"), Choose(option="divisions", target="b_d2"), EndPhase(),
                   Declare(attackers=("b_1",), hex="0505"), Resolve(hex="0505")):
        game.do(to_step(action))
    game.do(to_step(Relocate(unit="r_hq", to="0909")))
    assert game.state.hex_of("r_hq") == "0909"
    game.undo()
    assert game.state.pieces["r_hq"].at == Location.off("unavailable") and engine_state(game.state).top.proc == "relocate"
    game.redo()
    assert game.state.hex_of("r_hq") == "0909"


def _put(s, **where):
    return s.model_copy(update={"pieces": {**s.pieces, **{p: s.pieces[p].model_copy(update={"at": Location.hex(h)})
                                                           for p, h in where.items()}}})


def test_2_3_5_0_an_hq_may_be_relocated_into_a_hex_of_friendly_units_within_the_stacking_limits():
    """2.3 sets the distance, the enemy ZOC and the supply line, nothing on the hex's own units;
    5.0 (two combat units and one HQ, never two HQs) decides: the HQ may join one or two of its
    combat units (0808, 0909), not another HQ (0709); with HQs counting towards the limit, not
    two combat units either."""
    from builders import add_unit

    from hexwright.runtime.model.rules_config import StackingRules

    m = module()
    m.rules.stacking = StackingRules(limit=2, hq_counts=False, max_hq=1, check_at="end_of_move", section="5.0")
    add_unit(m, "r_hq2", "red", "hq", combat=1, movement=6, formation="r_d2", reduced=0)
    s, _ = attack_hq(m)
    s = _put(s, r_1="0808", r_2="0909", r_new="0909", r_hq2="0709")
    spots = {a.to for a in legal_actions(m, s)}
    assert {"0808", "0909", "0908"} <= spots and "0709" not in spots
    with pytest.raises(ActionError, match="cannot be relocated to 0709"):
        apply(m, s, Relocate(unit="r_hq", to="0709"))
    after, entry = apply(m, s, Relocate(unit="r_hq", to="0909"))
    assert sorted(p for p, h in after.occupancy().items() if h == "0909") == ["r_2", "r_hq", "r_new"]
    assert "HQ relocated: destroyed" in entry.text
    m.rules.stacking.hq_counts = True
    spots = {a.to for a in legal_actions(m, s)}
    assert "0808" in spots and "0909" not in spots


def test_2_3_an_hq_is_never_relocated_into_a_hex_of_enemy_units_even_with_the_rules_relaxed():
    m = module()
    m.rules.hq_relocation.not_in_ezoc = m.rules.hq_relocation.trace_supply = False
    m.rules.enforcement = {"movement": "warn"}
    s, _ = attack_hq(m)
    spots = {a.to for a in legal_actions(m, s)}
    assert "0106" in spots and "0107" not in spots  # b_4 stands in 0107; its ZOC and supply lines no matter here
    with pytest.raises(ActionError, match="b_4 .* is in 0107: opposing units never share a hex"):
        apply(m, s, Relocate(unit="r_hq", to="0107"))
