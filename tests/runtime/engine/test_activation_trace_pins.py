"""Which units an activation orders and what it starts from (``runtime/engine/activation.py``),
on the activation module of ``sequence_modules`` (after ToV 2.3, 4.3, 10.0, 11.2 and
St-Lô 7.2.1): units bearing the HQ's designation that are on the map, no other HQ, the acting
side's arrivals only, the activated status while it runs, and moves, attacks and attacked
hexes counted afresh when it begins."""

from __future__ import annotations

from builders import add_unit
from sequence_modules import activation_module

from hexwright.runtime.engine import Choose, Declare, EndPhase, Move, Resolve, apply, engine_state, legal_actions
from hexwright.runtime.engine.statuses import statuses_of
from hexwright.runtime.model import Placement
from hexwright.runtime.model.sequence import (
    ActionsStep,
    ArrivalGroup,
    ArrivalsStep,
    PhaseSide,
    TurnTrigger,
    UnitSelect,
)
from hexwright.runtime.state import initial_state


def _hq_select(m, **select: object) -> None:
    """Blue's HQ activation selects as ``select`` says, the HQ chosen."""
    m.rules.sequence.procedures["hq_activation"][0].select = UnitSelect(hq_from="choice",
                                                                        **select)  # type: ignore[arg-type]


def _place(m, **hexes: str) -> None:
    setup = [p for p in m.scenarios["act"].setup if p.piece not in hexes]
    m.scenarios["act"].setup = setup + [Placement(piece=p, hex=h) for p, h in sorted(hexes.items())]


def _activate_b_hq(m, s=None):
    s, entry = apply(m, s or initial_state(m, "act", 1), Choose(option="hq", target="b_hq"))
    act = engine_state(s).seq.activation
    assert act is not None
    return s, act.units, entry


# -- who is ordered (St-Lô 7.2.1, ToV 2.3, 11.2) --------------------------------------------------


def test_st_lo_7_2_1_a_designation_orders_its_units_on_the_map_not_those_yet_to_come():
    """b_1 and b_4 bear b_hq's designation and stand on the map (b_4 far beyond any range:
    a designation has none); b_2 bears it too but is not in play yet (not placed): it is not
    ordered. b_3, of another designation, stands next to the HQ and is not ordered either."""
    m = activation_module()
    for unit in ("b_1", "b_2", "b_4"):
        m.pieces.pieces[unit].hq = "b_hq"
    m.scenarios["act"].setup = [p for p in m.scenarios["act"].setup if p.piece != "b_2"]
    _hq_select(m, by="designation")
    _s, units, entry = _activate_b_hq(m)
    assert units == ("b_1", "b_4", "b_hq")
    assert "Blue b_hq regt activates Blue b_1 regt, Blue b_4 regt, Blue b_hq regt — 2.3" in entry.text


def test_tov_2_3_an_hq_activation_orders_no_other_hq_in_its_command_range():
    """A second blue HQ stands one hex from b_hq, within its range of 2: it acts on its own
    activation only, not on b_hq's (the combat units around it are ordered, and b_hq itself)."""
    m = activation_module()
    add_unit(m, "b_hq2", "blue", "hq", combat=1, movement=6, formation="b_army")
    _place(m, b_hq2="0304")
    _s, units, entry = _activate_b_hq(m)
    assert units == ("b_1", "b_2", "b_3", "b_hq")
    assert "b_hq2" not in entry.text.split("activates")[1]


def test_tov_11_2_only_the_acting_sides_arrivals_join_its_activation():
    """Both sides' reinforcements come in at the start of blue's orders phase: blue's b_new
    (0101, far out of the HQ's range) moves with blue's activation; red's r_new (0909) does
    not, though it arrived in the same step — neither with an HQ activation nor with one
    that orders only arrivals."""
    m = activation_module()
    add_unit(m, "b_new", "blue", combat=3, movement=6, formation="b_d1")
    m.rules.arrivals = {
        "blue_new": ArrivalGroup(side="blue", pieces=["b_new"], hexes=["0101"], trigger=TurnTrigger(turn=1),
                                 section="11.1"),
        "red_new": ArrivalGroup(side="red", pieces=["r_new"], hexes=["0909"], trigger=TurnTrigger(turn=1),
                                section="11.1"),
    }
    m.rules.sequence.phases["blue_orders"].insert(0, ArrivalsStep(id="arrivals", name="Reinforcements",
                                                                  side=PhaseSide(), section="11.1"))
    s, units, entry = _activate_b_hq(m)
    assert s.hex_of("r_new") == "0909"
    assert units == ("b_1", "b_2", "b_3", "b_hq", "b_new")
    _hq_select(m, by="arrivals")
    _s, units, entry = _activate_b_hq(m)
    assert units == ("b_new",)
    assert "HQ activation: Blue b_new regt — 2.3" in entry.text


# -- what it starts from (ToV 2.3, 4.3, 10.0) -----------------------------------------------------


def test_tov_2_3_the_activated_units_hold_the_activated_status_while_the_activation_runs():
    """The units b_hq orders are marked Activated (the step's ``status``) until the activation
    ends; a unit out of range (b_4) never is."""
    m = activation_module()
    s, units, _entry = _activate_b_hq(m)
    assert units == ("b_1", "b_2", "b_3", "b_hq")
    for unit in units:
        assert [sid for sid, _d in statuses_of(m, s, unit)] == ["activated"]
    assert statuses_of(m, s, "b_4") == []
    s, _ = apply(m, s, EndPhase())  # movement
    s, _ = apply(m, s, EndPhase())  # combat: the activation ends
    assert engine_state(s).seq.activation is None
    assert all(statuses_of(m, s, u) == [] for u in units)


def test_tov_4_3_and_10_0_an_activation_begins_with_no_move_attack_or_attacked_hex_of_the_step_before():
    """Red plays a step of its own before its activation: r_3 moves, r_1 attacks b_1's hex
    0404. When the activation begins, r_3 may move again, and r_1 may attack 0404 again
    (ToV 10.0: each hex is attacked once per activation, not once per phase)."""
    m = activation_module()
    m.rules.sequence.phases["red_orders"].insert(0, ActionsStep(
        id="red_early", name="Red early", side=PhaseSide(), allow=["move", "declare", "resolve"]))
    add_unit(m, "r_3", "red", combat=3, movement=6)
    _place(m, r_3="0707")
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    s, _ = apply(m, s, Move(unit="r_3", to="0708"))
    s, _ = apply(m, s, Declare(attackers=("r_1",), hex="0404"))
    s, _ = apply(m, s, Resolve(hex="0404"))
    assert not any(isinstance(a, Move) and a.unit == "r_3" for a in legal_actions(m, s))
    assert not any(isinstance(a, Declare) for a in legal_actions(m, s))
    s, entry = apply(m, s, EndPhase())  # the early step: red's activation begins, its movement step
    assert "Red activation: Red r_1 regt, Red r_2 regt, Red r_3 regt — 4.3" in entry.text
    assert any(isinstance(a, Move) and a.unit == "r_3" for a in legal_actions(m, s))
    s, _ = apply(m, s, EndPhase())  # movement: the activation's combat step
    assert Declare(attackers=("r_1",), hex="0404") in legal_actions(m, s)
    s, entry = apply(m, s, Declare(attackers=("r_1",), hex="0404"))
    assert "attack declared: Red r_1 regt on Blue b_1 regt in 0404" in entry.text
