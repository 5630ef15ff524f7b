"""HQ activation rolls and the HQ phase (``runtime/engine/hq.py``) as module data, on the
operations module of ``operations_modules`` (after St-Lô 6.1, 6.4, 7.1 E, 19.0): what the
log says, which HQs rest, and what a failed roll or a return leaves."""

from __future__ import annotations

import pytest
from operations_modules import HQ_ROLL, operations_module, rigged

from hexwright.runtime.engine import Choose, EndPhase, Roll, apply, engine_state, is_over
from hexwright.runtime.engine.hq import morale
from hexwright.runtime.model.operations import MoraleRecovery
from hexwright.runtime.model.rules_config import RoadLeg
from hexwright.runtime.model.sequence import StatusDef
from hexwright.runtime.state import ActionError, initial_state


def _with_morale(s, **values):
    data = engine_state(s)
    return s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"morale": values})})})


def _attempt(m, s, hq: str, die: int):
    s, _ = apply(m, s, Choose(option="activate", target=hq))
    return apply(m, rigged(s, die), Roll())


def _hq_phase(m, s):
    """Pass the operations left; the HQ phase runs by itself. Its log and the state after."""
    turn = s.turn
    while s.turn == turn and not is_over(s):
        s, entry = apply(m, s, Choose(option="pass"))
    return s, entry.text


def test_6_1_g_a_status_without_a_name_is_cited_by_its_id():
    """The AA status is declared with no name: the second failed roll's loss of 2 names it ``aa``."""
    m = operations_module()
    m.rules.statuses["aa"] = StatusDef(name="", section="6.4")
    s, _ = _attempt(m, initial_state(m, "ops", 1), "b_hq", 6)
    _, entry = _attempt(m, s, "b_hq", 6)
    assert "rolled 6 against morale 4, morale 4 → 2 (aa) — 6.1" in entry.text


def test_6_1_the_roll_is_refused_when_no_hq_was_chosen():
    """A roll step with no HQ choice before it: the roll names what is missing."""
    m = operations_module()
    m.rules.sequence.phases["operations"] = [HQ_ROLL]
    with pytest.raises(ActionError, match="no HQ chosen to activate — 6.1"):
        apply(m, initial_state(m, "ops", 1), Roll())


def test_6_1_j_a_failed_roll_leaves_the_side_no_points_whatever_the_pools_floor():
    """Not activated: the side's TAPs are 0 — not the pool's floor, here below zero."""
    m = operations_module()
    m.rules.pools["tap"].min = -3
    s, entry = _attempt(m, initial_state(m, "ops", 1), "b_hq", 6)
    assert engine_state(s).seq.pools["tap"]["blue"] == 0 and "Blue Tactical action points: 0" in entry.text


def test_7_1_e_an_hq_back_in_its_box_leaves_no_note_of_where_it_came_from():
    """Placed from its display by the roll, back there when its activation ends: the state keeps
    no record of a return still owed (a save holds the same as before the activation's roll)."""
    m = operations_module()
    s, _ = _attempt(m, initial_state(m, "ops", 1), "b_hq", 1)
    assert engine_state(s).seq.hq_home == {"b_hq": "dd_blue"}
    s, _ = apply(m, s, EndPhase())
    assert s.pieces["b_hq"].at.id == "dd_blue" and engine_state(s).seq.hq_home == {}


def test_19_0_the_hq_phase_says_what_each_hq_gets():
    """b_hq, AA side up, is flipped back; b_hq2, whose companies trace no line of communication
    (a road leg of 4 hexes at most and no road), keeps its morale; red's HQ, below its printed 7, gains 2; an HQ at its printed morale is not
    named."""
    m = operations_module()
    m.rules.supply.road_leg = RoadLeg(max_hexes=4)
    s, _ = _attempt(m, initial_state(m, "ops", 1), "b_hq", 6)  # b_hq: AA side up, morale 4
    s, text = _hq_phase(m, _with_morale(s, b_hq=4, b_hq2=3, r_hq=4))
    assert "Blue b_hq regt: rested side up, morale 4 — 19.0" in text
    assert "Blue b_hq2 regt: morale stays 3, no line of communication for Blue b_c1 co, Blue b_c2 co — 19.0" in text
    assert "Red r_hq regt: morale 4 → 6 — 19.0" in text
    s, text = _hq_phase(m, s)
    assert "Blue b_hq regt: morale 4 → 5 — 19.0" in text and "Red r_hq regt: morale 6 → 7 — 19.0" in text
    s, text = _hq_phase(m, s)  # the last turn: both at their printed morale now
    assert "b_hq regt" not in text and "r_hq" not in text and "Blue b_hq2 regt: morale stays 3" in text


def test_19_0_the_hq_phase_rests_only_the_sides_it_names_and_hqs_still_in_play():
    m = operations_module()
    m.rules.sequence.phases["hq"] = [MoraleRecovery(id="rest", name="Headquarters phase", sides=["blue"],
                                                    status="aa", gain=2, section="19.0")]
    s, text = _hq_phase(m, _with_morale(initial_state(m, "ops", 1), b_hq=3, r_hq=3))
    assert morale(m, s, "b_hq") == 5 and morale(m, s, "r_hq") == 3 and "r_hq" not in text


def test_19_0_an_hq_phase_that_traces_no_line_rests_every_hq():
    """``trace: none``: b_hq2 gains though b_c2 could not trace a line of communication."""
    m = operations_module()
    m.rules.supply.road_leg = RoadLeg(max_hexes=4)
    m.rules.sequence.phases["hq"] = [MoraleRecovery(id="rest", name="Headquarters phase", status="aa", gain=2,
                                                    trace="none", section="19.0")]
    s, text = _hq_phase(m, _with_morale(initial_state(m, "ops", 1), b_hq2=3))
    assert morale(m, s, "b_hq2") == 5 and "Blue b_hq2 regt: morale 3 → 5 — 19.0" in text


def test_6_1_an_hqs_morale_is_read_from_the_face_it_shows():
    """St-Lô 6.1: b_hq's full face prints morale 5, its reduced face 3 — turned over, it rolls
    against 3; a one-step HQ turned over (past its only face) still reads that face's 5; an HQ
    that prints no morale has 0."""
    from hexwright.runtime.model import StepValues
    from hexwright.runtime.state import SetStep
    from hexwright.runtime.state import apply as state_apply

    m = operations_module()
    s = initial_state(m, "ops", 1)
    assert morale(m, s, "b_hq") == 5
    one_step = m.model_copy(deep=True)
    m.pieces.pieces["b_hq"].steps.append(StepValues(morale=3, movement=1))
    turned, _ = state_apply(m, s, SetStep(piece="b_hq", step=1))
    assert morale(m, s, "b_hq") == 5 and morale(m, turned, "b_hq") == 3
    turned, _ = state_apply(one_step, s, SetStep(piece="b_hq", step=1))
    assert morale(one_step, turned, "b_hq") == 5
    one_step.pieces.pieces["b_hq"].steps[0].morale = None
    assert morale(one_step, s, "b_hq") == 0
