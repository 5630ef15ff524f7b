"""A chit drawn from the cup (``engine/chits.py``, after Traces of Victory 4.3 and 11.1): its
owner acts, its draws are counted with the HQs it activates, it leads to its procedure by
chit id before kind, and its owner may skip it for the ``skip`` procedure where allowed."""

from __future__ import annotations

import pytest
from sequence_modules import chit_module

from hexwright.runtime.engine import Choose, Draw, Move, PutChit, apply, legal_actions, prepared, to_act
from hexwright.runtime.state import ActionError, initial_state


def drawing(m, *cup: str):
    """The first draw of turn 1, with ``cup`` holding exactly these chits (red to act after the fill)."""
    s = initial_state(m, "chits", 1)
    s, _ = apply(m, s, PutChit(chit="red_i"))
    assert legal_actions(m, s) == [Draw()] and to_act(m, s) == "red"
    return s.model_copy(update={"cups": {"cup": tuple(cup)}})


def draw_step(m):
    return m.rules.sequence.phases["action"][0].steps[0]


def test_tov_4_3_the_chits_owner_acts_and_its_draws_count_with_the_hqs_it_activates():
    m = chit_module()
    s, entry = apply(m, drawing(m, "blue_i"), Draw())
    seq = prepared(m, s).data.seq
    assert to_act(m, s) == "blue" and seq.why == "drew Blue I" and "Blue to act: drew Blue I" in entry.text
    assert seq.chit == "blue_i" and seq.chit_draws == {"b_hq": 1, "blue_i": 1}
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_hq", "b_1", "b_2"}


def test_tov_11_1_a_second_chit_of_the_same_hq_is_its_second_draw():
    m = chit_module()
    s = drawing(m, "blue_i")
    s = s.model_copy(update={"engine": prepared(m, s).data.model_copy(update={
        "seq": prepared(m, s).data.seq.model_copy(update={"chit_draws": {"b_hq": 1, "blue_ii": 1}})})})
    s, entry = apply(m, s, Draw())
    assert prepared(m, s).data.seq.chit_draws == {"b_hq": 2, "blue_i": 1, "blue_ii": 1}
    assert "arrival blue_second_draw" in entry.text


def test_tov_8_0_a_chit_of_no_side_is_played_by_the_side_acting_before():
    m = chit_module()
    s, entry = apply(m, drawing(m, "supply"), Draw())
    assert entry.text.startswith("drew Supply from Cup; Red to act: drew Supply; supply check: every unit in supply")
    assert prepared(m, s).data.seq.chit_draws == {"supply": 1}


def test_a_procedure_named_for_the_chit_comes_before_the_one_for_its_kind():
    m = chit_module()
    draw_step(m).by_chit = {"blue_i": "supply_check"}
    s, entry = apply(m, drawing(m, "blue_i", "blue_ii"), Draw())
    if s.drawn[-1] == "blue_i":
        assert "supply check" in entry.text and prepared(m, s).data.seq.activation is None
    else:
        assert "supply check" not in entry.text and prepared(m, s).data.seq.activation is not None
    s, entry = apply(m, drawing(m, "blue_i"), Draw())
    assert "supply check" in entry.text and prepared(m, s).data.seq.activation is None


def test_a_chit_with_no_procedure_does_nothing_and_the_draws_go_on():
    m = chit_module()
    draw_step(m).by_kind = {"supply": "supply_check"}
    s, entry = apply(m, drawing(m, "blue_i", "red_ii"), Draw())
    name = m.pieces.chits[s.drawn[-1]].name
    assert f"{name}: nothing to do" in entry.text
    assert legal_actions(m, s) == [Draw()] and s.turn == 1
    s, entry = apply(m, s, Draw())
    assert "nothing to do; Action phase ends: the cup is empty" in entry.text and s.turn == 2


def test_a_chit_id_with_no_chit_declared_is_named_by_its_id_and_does_nothing():
    m = chit_module()
    s, entry = apply(m, drawing(m, "mystery"), Draw())
    assert entry.text.startswith("drew mystery from Cup; Red to act: drew mystery; mystery: nothing to do")
    assert prepared(m, s).data.seq.chit_draws == {"mystery": 1}


def skip_module(*sides: str):
    m = chit_module()
    draw_step(m).skip, draw_step(m).skip_sides = "supply_check", list(sides)
    draw_step(m).section = "4.3"
    return m


def test_tov_4_3_the_owner_of_a_chit_may_skip_it_for_the_skip_procedure():
    m = skip_module("red")
    s, _ = apply(m, drawing(m, "red_i"), Draw())
    assert legal_actions(m, s) == [Choose(option="play"), Choose(option="skip")] and to_act(m, s) == "red"
    with pytest.raises(ActionError, match="play or skip Red I"):
        apply(m, s, Choose(option="pass"))
    with pytest.raises(ActionError, match="play or skip Red I"):
        apply(m, s, Choose(option="play", target="r_hq"))
    with pytest.raises(ActionError, match="play or skip the chit drawn first"):
        apply(m, s, Draw())
    skipped, entry = apply(m, s, Choose(option="skip"))
    assert "Red I skipped — 4.3" in entry.text and "supply check" in entry.text
    assert prepared(m, skipped).data.seq.activation is None and not prepared(m, skipped).data.seq.pending_skip
    played, entry = apply(m, s, Choose(option="play"))
    assert "skipped" not in entry.text and prepared(m, played).data.seq.activation.hq == "r_hq"


def test_only_the_sides_named_may_skip_and_no_sides_named_means_every_side():
    m = skip_module("red")
    s, _ = apply(m, drawing(m, "blue_i"), Draw())
    assert prepared(m, s).data.seq.activation.hq == "b_hq"
    m = skip_module()
    s, _ = apply(m, drawing(m, "blue_i"), Draw())
    assert legal_actions(m, s) == [Choose(option="play"), Choose(option="skip")] and to_act(m, s) == "blue"
    s, entry = apply(m, s, Choose(option="skip"))
    assert "Blue I skipped — 4.3" in entry.text
