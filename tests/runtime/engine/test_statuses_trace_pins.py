"""Unit statuses as module data (``runtime/engine/statuses.py``), after St-Lô 8.2 and 14.2: a
status that marks its hex is given to the units that end a move where a unit of their side
holds it — not to the assets moving with the unit that holds it — and a movement mode's own
allowance holds while no status changes the unit's."""

from __future__ import annotations

from builders import add_unit, rules_module

from hexwright.runtime.engine import Move, apply, prepared, unit_reach
from hexwright.runtime.engine.statuses import statuses_of
from hexwright.runtime.model import Phase, Placement, Scenario
from hexwright.runtime.model.rules_config import MovementMode
from hexwright.runtime.model.sequence import StatusDef, StatusEffects
from hexwright.runtime.state import initial_state

STATUSES = {
    "disrupted": StatusDef(name="Disrupted", effects=StatusEffects(allowance_multiplier="1/2"), marks_hex=True,
                           section="14.2"),
    "alert": StatusDef(name="Alert", effects=StatusEffects(allowance_multiplier="1")),
}


def marker_module():
    """Blue b_1 (movement 6) at 0303 with the engineer asset b_eng; blue b_2 at 0505; blue
    b_gun (printed movement 0) at 0101; red r_1 far off at 0909; one blue movement phase."""
    m = rules_module(9, 9)
    add_unit(m, "b_1", "blue", movement=6)
    add_unit(m, "b_eng", "blue", movement=6, size="I")
    add_unit(m, "b_2", "blue", movement=6)
    add_unit(m, "b_gun", "blue", "art", movement=0)
    add_unit(m, "r_1", "red")
    m.rules.statuses = dict(STATUSES)
    m.rules.movement.modes = {"strategic": MovementMode(name="Strategic movement", allowance=8, section="8.2")}
    m.meta.sequence = [Phase(id="blue_move", name="Blue movement", side="blue", kind="movement", section="8.0")]
    m.scenarios = {"s": Scenario(name="S", last_turn=1, first_side="blue", setup=[
        Placement(piece="b_1", hex="0303"), Placement(piece="b_eng", hex="0303"), Placement(piece="b_2", hex="0505"),
        Placement(piece="b_gun", hex="0101"), Placement(piece="r_1", hex="0909")])}
    return m


def _with(m, *, attached: dict[str, str] | None = None, **held: tuple[str, ...]):
    """The scenario's start with these statuses held and assets attached (St-Lô 5.0 B)."""
    tx = prepared(m, initial_state(m, "s", 1))
    seq = tx.data.seq.model_copy(update={"statuses": dict(held), "attached": dict(attached or {})})
    return tx.state.model_copy(update={"engine": tx.data.model_copy(update={"seq": seq})})


def _held(m, s, unit: str) -> list[str]:
    return [sid for sid, _d in statuses_of(m, s, unit)]


def test_st_lo_14_2_a_marker_passes_to_units_ending_a_move_in_its_hex_not_to_the_asset_moving_with_its_holder():
    """b_1 is disrupted and moves to the empty 0304 with its engineer b_eng attached: b_eng
    ended its move in no marked hex, so it stays undisrupted (the marker went with b_1). Moving
    into 0505 instead, where b_2 holds the marker, b_eng is disrupted by it, and the log says so."""
    m = marker_module()
    s = _with(m, attached={"b_eng": "b_1"}, b_1=("disrupted",))
    moved, entry = apply(m, s, Move(unit="b_1", to="0304"))
    assert moved.hex_of("b_eng") == "0304"
    assert _held(m, moved, "b_1") == ["disrupted"] and _held(m, moved, "b_eng") == []
    assert "the marker in" not in entry.text
    s = _with(m, attached={"b_eng": "b_1"}, b_2=("disrupted",))
    moved, entry = apply(m, s, Move(unit="b_1", to="0505"))
    assert _held(m, moved, "b_1") == _held(m, moved, "b_eng") == ["disrupted"]
    assert "Blue b_1 regt, Blue b_eng co: Disrupted (the marker in 0505) — 14.2" in entry.text


def test_st_lo_8_2_a_modes_own_allowance_holds_while_no_status_changes_the_units():
    """Strategic movement has its own allowance (8): b_gun, printed with no movement, has 8 in
    that mode without a status and with one of multiplier 1; b_1 (printed 6) too."""
    m = marker_module()
    s = _with(m)
    assert unit_reach(m, s, "b_gun", m.rules).allowance == 0
    assert unit_reach(m, s, "b_gun", m.rules, mode="strategic").allowance == 8
    assert unit_reach(m, s, "b_1", m.rules, mode="strategic").allowance == 8
    alert = _with(m, b_gun=("alert",), b_1=("alert",))
    assert unit_reach(m, alert, "b_gun", m.rules, mode="strategic").allowance == 8
    assert unit_reach(m, alert, "b_1", m.rules).allowance == 6
