"""HQs relocated when destroyed or cut off, as module data (``hq_relocation.when_destroyed``,
``when_out_of_supply``), on a synthetic module (after Traces of Victory 2.3, 8.1, 12.2): the
owner picks a hex at least N hexes from where the HQ was, out of enemy ZOC, tracing supply;
the relocation is a procedure with real legal actions, logged, undoable, scored."""

from __future__ import annotations

import pytest
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


def attack_hq(m, seed: int = 1, step: int = 0):
    """Blue orders its 1st and 2nd divisions; b_1 (0404) attacks the red HQ in 0505."""
    s = initial_state(m, "act", seed)
    if step:
        pieces = dict(s.pieces)
        pieces["r_hq"] = pieces["r_hq"].model_copy(update={"step": step})
        s = s.model_copy(update={"pieces": pieces})
    for f in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    s, entry = apply(m, s, Resolve(hex="0505"))
    return s, entry


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
