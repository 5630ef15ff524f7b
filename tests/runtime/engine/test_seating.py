"""Seats by formation (``module.json`` ``seats``), on the synthetic activation module after Traces
of Victory 15.1 ("4-Player: One player each directs the Third Army, Seventh Army, German 19th
Army … German 1st Army"): with the optional rule in use the seat to act follows the units in
question; without it the game is played one seat per side."""

from __future__ import annotations

from sequence_modules import activation_module

from hexwright.runtime.engine import Choose, apply
from hexwright.runtime.engine.data import Frame, engine_state, with_engine_state
from hexwright.runtime.engine.seating import seat_of, seat_to_act, seats_in_play
from hexwright.runtime.engine.seqdata import Activated
from hexwright.runtime.model import Formation, OptionalRule
from hexwright.runtime.model.meta import Seat
from hexwright.runtime.state import initial_state
from hexwright.runtime.validation import check_module


def seated():
    """Blue's 3rd Division becomes the Second Army's; seats: First Army (b_army), Second Army
    (b_army2), Red (every red unit), with the optional rule ``four``."""
    m = activation_module()
    m.pieces.formations["b_army2"] = Formation(name="Blue Second Army", side="blue", echelon="army")
    m.pieces.formations["b_d3"].parent = "b_army2"
    m.meta.optional_rules["four"] = OptionalRule(name="Four players", section="15.1")
    m.meta.seats = {"first": Seat(name="First Army", side="blue", formations=["b_army"], optional_rules=["four"]),
                    "second": Seat(name="Second Army", side="blue", formations=["b_army2"], optional_rules=["four"]),
                    "red": Seat(name="Red", side="red", optional_rules=["four"])}
    return m


def with_seq(s, **update):
    data = engine_state(s)
    return with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update=update)}))


def test_15_1_no_seats_without_the_optional_rule():
    m = seated()
    s = initial_state(m, "act", 1)
    assert seats_in_play(m, s) == [] and seat_to_act(m, s) is None


def test_15_1_each_unit_and_formation_has_its_armys_seat():
    m = seated()
    s = initial_state(m, "act", 1, {"four": True})
    assert seats_in_play(m, s) == ["first", "second", "red"]
    assert [seat_of(m, s, x) for x in ("b_1", "b_hq", "b_4", "b_d3", "r_1")] == \
        ["first", "first", "second", "second", "red"]


def test_15_1_the_seat_to_act_follows_the_activation_the_procedure_and_the_chit():
    m = seated()
    s = initial_state(m, "act", 1, {"four": True})
    assert seat_to_act(m, s) == "first"                              # no army's step: the side's first seat
    assert seat_to_act(m, with_seq(s, activation=Activated(units=("b_4",)))) == "second"
    assert seat_to_act(m, with_seq(s, formations=("b_d3",))) == "second"
    data = engine_state(s)
    losses = with_engine_state(s, data.model_copy(update={"frames": (Frame(proc="losses", side="blue",
                                                                           units=("b_4",), length=1),)}))
    assert seat_to_act(m, losses) == "second"
    s, _ = apply(m, s, Choose(option="hq", target="b_hq"))
    assert seat_to_act(m, s) == "first"


def test_15_1_a_seat_names_known_sides_formations_and_rules():
    m = seated()
    m.meta.seats["second"] = Seat(name="X", side="green", formations=["nowhere"], optional_rules=["five"])
    problems = {(i.file, i.field, i.message) for i in check_module(m)}
    assert ("module.json", "seats.second.side", "unknown side 'green'") in problems
    assert ("module.json", "seats.second.formations.0", "unknown formation 'nowhere'") in problems
    assert ("module.json", "seats.second.optional_rules.0", "unknown optional rule 'five'") in problems


def test_15_1_a_loop_in_the_formations_parents_still_finds_the_seat():
    """A module from a stranger whose formations name each other as parents (b_d3 → b_army2 →
    b_d3): the seat of a unit there is still found, and nothing loops forever."""
    m = seated()
    m.pieces.formations["b_army2"].parent = "b_d3"
    s = initial_state(m, "act", 1, {"four": True})
    assert seat_of(m, s, "b_4") == "second" and seat_of(m, s, "b_1") == "first"


def test_15_1_a_side_with_one_seat_is_played_by_that_seat():
    from hexwright.runtime.engine import to_act

    m = seated()
    s, _ = apply(m, initial_state(m, "act", 1, {"four": True}), Choose(option="pass"))
    assert to_act(m, s) == "red" and seat_to_act(m, s) == "red"
