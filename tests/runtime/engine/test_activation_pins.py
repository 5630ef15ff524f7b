"""Which units an activation orders and what its end leaves (``runtime/engine/activation.py``),
as module data, on the activation module of ``sequence_modules`` (after ToV 2.3, 4.3 and
St-Lô 7.1.1, 7.4.1): formations under the ones named, the HQ's own formation or army, its
command range read from the face it shows, a radius that avoids enemy ZOC, the pool left
forfeit, and counts that start afresh once the activation is over."""

from __future__ import annotations

from builders import add_unit
from sequence_modules import MOVE_THEN_FIGHT, activation_module

from hexwright.runtime.engine import Choose, Declare, EndPhase, Move, apply, engine_state, legal_actions
from hexwright.runtime.model import Formation, Placement
from hexwright.runtime.model.sequence import ActionsStep, Activation, PhaseSide, PoolDef, UnitSelect
from hexwright.runtime.state import SetStep, initial_state
from hexwright.runtime.state import apply as state_apply


def _hq_select(m, **select: object) -> None:
    """Blue's HQ activation selects by the HQ's range, chosen, with ``select`` besides."""
    m.rules.sequence.procedures["hq_activation"][0].select = UnitSelect(by="hq_range", hq_from="choice",
                                                                        **select)  # type: ignore[arg-type]


def _place(m, **hexes: str) -> None:
    setup = [p for p in m.scenarios["act"].setup if p.piece not in hexes]
    m.scenarios["act"].setup = setup + [Placement(piece=p, hex=h) for p, h in sorted(hexes.items())]


def _activated(m, s=None) -> tuple[str, ...]:
    s = s or initial_state(m, "act", 1)
    s, _ = apply(m, s, Choose(option="hq", target="b_hq"))
    act = engine_state(s).seq.activation
    assert act is not None
    return act.units


# -- who is ordered (ToV 2.3, St-Lô 7.4.1) ------------------------------------------------------


def test_tov_2_3_only_formations_orders_the_units_of_the_formations_under_those_named():
    """Only the 1st Division's units: b_1 belongs to a regiment of it, b_2 to formations whose
    parents run in a circle (never under the division), b_3 to the 2nd Division."""
    m = activation_module()
    m.pieces.formations["b_d1_rgt"] = Formation(name="1st Regiment", side="blue", parent="b_d1")
    m.pieces.formations["loop_a"] = Formation(name="Loop A", side="blue", parent="loop_b")
    m.pieces.formations["loop_b"] = Formation(name="Loop B", side="blue", parent="loop_a")
    m.pieces.pieces["b_1"].formation = "b_d1_rgt"
    m.pieces.pieces["b_2"].formation = "loop_a"
    _hq_select(m, only_formations=["b_d1"])
    assert _activated(m) == ("b_1", "b_hq")


def test_tov_2_3_note_same_army_orders_only_the_units_whose_top_formation_is_the_hqs():
    """b_1 and b_2 are of the Blue Army's 1st Division; b_3's division belongs to another
    army, and b_4 stands in range in formations whose parents run in a circle: neither is
    ordered."""
    m = activation_module()
    m.pieces.formations["b_army2"] = Formation(name="Blue 2nd Army", side="blue", echelon="army")
    m.pieces.formations["b_d2"].parent = "b_army2"
    m.pieces.formations["loop_a"] = Formation(name="Loop A", side="blue", parent="loop_b")
    m.pieces.formations["loop_b"] = Formation(name="Loop B", side="blue", parent="loop_a")
    m.pieces.pieces["b_4"].formation = "loop_a"
    _place(m, b_4="0302")
    _hq_select(m, same="army")
    assert _activated(m) == ("b_1", "b_2", "b_hq")
    _hq_select(m)
    assert _activated(m) == ("b_1", "b_2", "b_3", "b_4", "b_hq")


def test_tov_2_3_note_same_formation_orders_only_the_units_of_the_hqs_own_formation():
    """The HQ belongs to the 1st Division: b_3, of the 2nd Division of the same army, is in
    range but not ordered."""
    m = activation_module()
    m.pieces.pieces["b_hq"].formation = "b_d1"
    _hq_select(m, same="formation")
    assert _activated(m) == ("b_1", "b_2", "b_hq")


def test_tov_2_3_the_command_range_is_read_from_the_face_the_hq_shows():
    """b_hq's full face has range 2; its reduced face none, so it orders only the units in its
    own hex (b_4 here), not those next to it (b_3 in 0304)."""
    m = activation_module()
    _place(m, b_4="0303")
    s = initial_state(m, "act", 1)
    assert _activated(m, s) == ("b_1", "b_2", "b_3", "b_4", "b_hq")
    reduced, _ = state_apply(m, s, SetStep(piece="b_hq", step=1))
    assert _activated(m, reduced) == ("b_4", "b_hq")


def test_tov_2_3_a_one_step_hq_showing_its_back_orders_by_its_printed_range():
    """A one-step HQ turned over (St-Lô 6.6 A: a failed roll flips it) shows a face with no
    values: its printed command range still counts."""
    m = activation_module()
    m.pieces.pieces["b_hq"].steps = m.pieces.pieces["b_hq"].steps[:1]
    back, _ = state_apply(m, initial_state(m, "act", 1), SetStep(piece="b_hq", step=1))
    assert _activated(m, back) == ("b_1", "b_2", "b_3", "b_hq")


def test_st_lo_7_4_1_a_command_radius_avoids_enemy_zoc_where_plain_distance_does_not():
    """r_2 in 0202 puts 0103 and 0203 in its ZOC; b_4 in 0102 is two hexes from the HQ, but
    only through them: out of a command radius (St-Lô), within a plain distance (ToV 2.3)."""
    m = activation_module()
    _place(m, r_2="0202", b_4="0102")
    _hq_select(m, range_kind="radius")
    assert _activated(m) == ("b_1", "b_2", "b_3", "b_hq")
    _hq_select(m, range_kind="distance")
    assert _activated(m) == ("b_1", "b_2", "b_3", "b_4", "b_hq")


def test_an_hq_activation_with_no_chit_drawn_orders_no_unit():
    """Red's activation takes its HQ from the chit drawn, and none was: no unit is ordered."""
    m = activation_module()
    m.rules.sequence.phases["red_orders"] = [Activation(
        id="red_hq", name="Red HQ activation", side=PhaseSide(), section="4.3", select=UnitSelect(by="hq_range"),
        steps=list(MOVE_THEN_FIGHT))]
    _, entry = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    assert "Red HQ activation: no unit — 4.3" in entry.text


# -- what the end leaves (St-Lô 7.1.1 D, ToV 4.3) -----------------------------------------------


def _with_pool(left: int):
    """Blue's HQ activation forfeits the tactical action points left when it ends."""
    m = activation_module()
    m.rules.pools = {"tap": PoolDef(name="TAP", initial={"blue": left}, section="7.1")}
    m.rules.sequence.procedures["hq_activation"][0].clear_pool = "tap"
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="hq", target="b_hq"))
    s, _ = apply(m, s, EndPhase())  # movement
    s, entry = apply(m, s, EndPhase())  # combat: the activation ends, red's begins
    assert "Red activation: Red r_1 regt, Red r_2 regt" in entry.text
    return s, entry


def test_st_lo_7_1_1_d_the_points_left_are_forfeit_when_the_activation_ends():
    s, entry = _with_pool(2)
    assert engine_state(s).seq.pools["tap"]["blue"] == 0 and "Blue TAP: 0" in entry.text


def test_st_lo_7_1_1_d_with_no_point_left_nothing_is_forfeit():
    s, entry = _with_pool(0)
    assert engine_state(s).seq.pools.get("tap", {}).get("blue", 0) == 0 and "TAP" not in entry.text


def test_tov_4_3_moves_and_attacks_count_per_activation_not_in_the_steps_after_it():
    """Red activates its side, r_2 moves, and the activation ends; in the phase's next step
    (declarations first, then resolution: ``declare_all_first``) r_2 may move again and red
    may declare attacks."""
    m = activation_module()
    m.rules.combat.declare_all_first = True
    m.rules.sequence.phases["red_orders"].append(
        ActionsStep(id="red_later", name="Red later", side=PhaseSide(), allow=["move", "declare", "resolve"]))
    add_unit(m, "r_3", "red", combat=3, movement=6)
    _place(m, r_3="0707")
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    s, _ = apply(m, s, Move(unit="r_3", to="0708"))
    assert not any(isinstance(a, Move) and a.unit == "r_3" for a in legal_actions(m, s))
    s, _ = apply(m, s, EndPhase())  # movement
    s, _ = apply(m, s, EndPhase())  # combat: the activation ends
    assert engine_state(s).seq.step == "Red later" and engine_state(s).seq.activation is None
    actions = legal_actions(m, s)
    assert any(isinstance(a, Move) and a.unit == "r_3" for a in actions)
    assert any(isinstance(a, Declare) for a in actions)
