"""Unit statuses as module data (``engine/statuses.py``): what a declared status does to
movement (ToV 8.1 halved out of supply; St-Lô 14.2 pinned units do not move), to attacks and
activation, and to the attacker's roll (St-Lô 9.4.4), and how they are given and cleared."""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import add_unit, dom_crt, rules_module

from hexwright.runtime.engine import Move, apply, attack_odds, legal_actions, prepared, unit_reach
from hexwright.runtime.engine.statuses import add_status, blocked_from, clear_status, remove_status, statuses_of
from hexwright.runtime.model import Phase, Placement, Scenario, StepValues
from hexwright.runtime.model.sequence import StatusDef, StatusEffects
from hexwright.runtime.state import ActionError, initial_state

STATUSES = {
    "pinned": StatusDef(name="Pinned", effects=StatusEffects(may_move=False, may_attack=False, defender_drm=1),
                        section="14.2"),
    "out_of_supply": StatusDef(name="Out of supply", effects=StatusEffects(allowance_multiplier="1/2"), section="8.1"),
    "tired": StatusDef(name="", effects=StatusEffects(allowance_multiplier="2/3", may_be_activated=False,
                                                      defender_shift=1)),
    "alert": StatusDef(name="Alert", effects=StatusEffects(allowance_multiplier="1")),
    "shaken": StatusDef(name="Shaken", effects=StatusEffects(defender_drm=2, defender_shift=-1), section="9.4.4"),
}


def status_module():
    m = rules_module(9, 9)
    add_unit(m, "b_1", "blue", movement=6)
    m.pieces.pieces["b_1"].steps.append(StepValues(combat=2, movement=3))
    add_unit(m, "b_2", "blue", movement=6)
    add_unit(m, "r_1", "red")
    add_unit(m, "r_2", "red")
    add_unit(m, "b_3", "blue", movement=6)
    m.tables.crts["crt"] = dom_crt()
    m.rules.statuses = dict(STATUSES)
    m.meta.sequence = [Phase(id="blue_move", name="Blue movement", side="blue", kind="movement", section="8.0"),
                       Phase(id="blue_combat", name="Blue combat", side="blue", kind="combat", section="9.0")]
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue",
                                 setup=[Placement(piece="b_1", hex="0303"), Placement(piece="b_2", hex="0404"), Placement(piece="b_3", hex="0101"),
                                        Placement(piece="r_1", hex="0504"), Placement(piece="r_2", hex="0504")])}
    return m


def holding(m, s, **held: tuple[str, ...]):
    """``s`` with units holding these statuses."""
    tx = prepared(m, s)
    seq = tx.data.seq.model_copy(update={"statuses": dict(held)})
    return tx.state.model_copy(update={"engine": tx.data.model_copy(update={"seq": seq})})


def allowance(m, s, unit: str):
    return unit_reach(m, s, unit, m.rules).allowance


def test_tov_8_1_out_of_supply_halves_the_allowance_of_the_units_current_step():
    m = status_module()
    s = initial_state(m, "s", 1)
    assert allowance(m, s, "b_1") == 6
    assert allowance(m, holding(m, s, b_1=("out_of_supply",)), "b_1") == 3
    reduced = holding(m, s, b_1=("out_of_supply",))
    reduced = reduced.model_copy(update={"pieces": {**reduced.pieces,
                                                    "b_1": reduced.pieces["b_1"].model_copy(update={"step": 1})}})
    assert allowance(m, reduced, "b_1") == Fraction(3, 2)


def test_multipliers_of_several_statuses_multiply_and_a_multiplier_of_1_changes_nothing():
    m = status_module()
    s = initial_state(m, "s", 1)
    assert allowance(m, holding(m, s, b_1=("out_of_supply", "tired")), "b_1") == 2
    assert allowance(m, holding(m, s, b_1=("alert",)), "b_1") == 6
    assert allowance(m, holding(m, s, b_1=("alert", "not_declared")), "b_1") == 6


@pytest.mark.parametrize("held", [("pinned",), ("out_of_supply", "pinned"), ("pinned", "tired")])
def test_st_lo_14_2_a_pinned_unit_may_not_move_whatever_else_it_holds(held):
    m = status_module()
    s = holding(m, initial_state(m, "s", 1), b_1=held)
    assert allowance(m, s, "b_1") == 0
    assert not any(isinstance(a, Move) and a.unit == "b_1" for a in legal_actions(m, s))
    assert any(isinstance(a, Move) and a.unit == "b_3" for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"b_1 regt may not move: Pinned — 14\.2"):
        apply(m, s, Move(unit="b_1", to="0304"))


def test_what_a_status_forbids_is_named_with_its_section_or_its_id():
    m = status_module()
    s = holding(m, initial_state(m, "s", 1), b_1=("pinned",), b_2=("tired", "out_of_supply"))
    assert blocked_from(m, s, "b_1", "move") == "Pinned — 14.2"
    assert blocked_from(m, s, "b_1", "attack") == "Pinned — 14.2"
    assert blocked_from(m, s, "b_1", "activate") == ""
    assert blocked_from(m, s, "b_2", "activate") == "tired"
    assert blocked_from(m, s, "b_2", "move") == blocked_from(m, s, "b_2", "attack") == ""
    assert [sid for sid, _d in statuses_of(m, s, "b_2")] == ["tired", "out_of_supply"]


def test_st_lo_9_4_4_defenders_statuses_give_the_attacker_drms_and_shifts_once_per_status():
    m = status_module()
    s = initial_state(m, "s", 1)
    plain = attack_odds(m, s, ("b_2",), "0504")
    held = holding(m, s, r_1=("pinned", "tired"), r_2=("pinned", "shaken"), b_2=("shaken",))
    odds = attack_odds(m, held, ("b_2",), "0504")
    ours = ("Pinned", "tired", "Shaken", "Out of supply")
    drms = [(x.source, x.drm, x.section) for x in odds.drms if x.source in ours]
    shifts = [(x.source, x.shift, x.section) for x in odds.shifts if x.source in ours]
    assert drms == [("Pinned", 1, "14.2"), ("Shaken", 2, "9.4.4")]
    assert shifts == [("Shaken", -1, "9.4.4"), ("tired", 1, "")]
    assert odds.drm == plain.drm + 3 and odds.total_shift == plain.total_shift
    other = attack_odds(m, holding(m, s, r_1=("out_of_supply",)), ("b_2",), "0504")
    assert (other.drms, other.shifts) == (plain.drms, plain.shifts)


def test_statuses_are_given_once_sorted_logged_and_cleared_with_a_count():
    m = status_module()
    tx = prepared(m, initial_state(m, "s", 1))
    add_status(tx, "b_1", "tired")
    add_status(tx, "b_1", "pinned")
    add_status(tx, "b_1", "pinned")
    add_status(tx, "b_2", "pinned", quiet=True)
    add_status(tx, "b_2", "unknown")
    assert tx.data.seq.statuses == {"b_1": ("pinned", "tired"), "b_2": ("pinned", "unknown")}
    assert tx.texts == ["Blue b_1 regt: tired", "Blue b_1 regt: Pinned", "Blue b_2 regt: unknown"]
    remove_status(tx, "b_2", "unknown")
    remove_status(tx, "b_2", "tired")
    assert tx.data.seq.statuses == {"b_1": ("pinned", "tired"), "b_2": ("pinned",)}
    clear_status(tx, "pinned")
    assert tx.data.seq.statuses == {"b_1": ("tired",)}
    assert tx.texts[-1] == "Pinned removed from 2 unit(s)"
    clear_status(tx, "shaken")
    assert tx.texts[-1] == "Pinned removed from 2 unit(s)"
    clear_status(tx, "tired")
    assert tx.data.seq.statuses == {} and tx.texts[-1] == "tired removed from 1 unit(s)"  # no name: its id
    add_status(tx, "b_2", "gone")
    clear_status(tx, "gone")
    assert tx.texts[-1] == "gone removed from 1 unit(s)"


def test_a_unit_without_statuses_keeps_the_allowance_of_its_movement_mode():
    """St-Lô 8.1: a mode may have its own allowance; a status of multiplier 1 changes nothing either."""
    from hexwright.runtime.model.rules_config import MovementMode

    m = status_module()
    m.rules.movement.modes = {"strategic": MovementMode(name="Strategic", allowance=12, section="8.1")}
    s = initial_state(m, "s", 1)
    assert unit_reach(m, s, "b_1", m.rules, mode="strategic").allowance == 12
    assert unit_reach(m, holding(m, s, b_1=("alert",)), "b_1", m.rules, mode="strategic").allowance == 12


def test_a_unit_with_no_movement_stays_at_0_whatever_its_statuses():
    m = status_module()
    add_unit(m, "b_gun", "blue", movement=0)
    m.scenarios["s"].setup.append(m.scenarios["s"].setup[0].model_copy(update={"piece": "b_gun", "hex": "0202"}))
    s = holding(m, initial_state(m, "s", 1), b_gun=("out_of_supply",))
    assert allowance(m, s, "b_gun") == 0


def test_tov_8_1_a_one_step_unit_turned_to_its_back_moves_on_its_only_face_out_of_supply():
    """A one-step unit shown on its back (a state the play window's "flip" allows) has only its
    one face: out of supply halves that face's allowance (6 → 3)."""
    m = status_module()
    s = holding(m, initial_state(m, "s", 1), b_2=("out_of_supply",))
    back = s.model_copy(update={"pieces": {**s.pieces, "b_2": s.pieces["b_2"].model_copy(update={"step": 1})}})
    assert allowance(m, back, "b_2") == 3
