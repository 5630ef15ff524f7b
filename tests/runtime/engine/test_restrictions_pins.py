"""Restrictions on units (``engine/restrictions.py``), on a small synthetic module with one
movement phase: may not move before turn N (ToV 12.1), must stay in a hex or an area (ToV
12.7, the Metz garrison), from the piece and from the scenario, refused with the reason."""

from __future__ import annotations

import pytest
from builders import add_unit, rules_module

from hexwright.runtime.engine import Move, apply, legal_actions
from hexwright.runtime.model import Area, Phase, Placement, Scenario
from hexwright.runtime.model.pieces import Restriction
from hexwright.runtime.state import ActionError, initial_state


def garrison_module(*piece_rules: Restriction, scenario_rules: tuple[Restriction, ...] = ()):
    m = rules_module(9, 9)
    add_unit(m, "b_1", "blue", movement=6)
    add_unit(m, "b_2", "blue", movement=6)
    add_unit(m, "r_1", "red")
    m.pieces.pieces["b_1"].restrictions = list(piece_rules)
    m.map.areas["metz"] = Area(name="Metz", kind="city", hexes=["0303", "0304", "0403"])
    m.map.areas["fort"] = Area(name="", hexes=["0303"])
    m.meta.sequence = [Phase(id="blue_move", name="Blue movement", side="blue", kind="movement", section="8.0"),
                       Phase(id="red_move", name="Red movement", side="red", kind="movement", section="8.0")]
    m.scenarios = {"s": Scenario(name="S", last_turn=4, first_side="blue",
                                 restrictions={"b_1": list(scenario_rules)} if scenario_rules else {},
                                 setup=[Placement(piece="b_1", hex="0303"), Placement(piece="b_2", hex="0606"),
                                        Placement(piece="r_1", hex="0909")])}
    return m


def moves_of(m, s, unit: str) -> set[str]:
    return {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == unit}


def on_turn(s, turn: int):
    return s.model_copy(update={"turn": turn})


@pytest.mark.parametrize("where", ["piece", "scenario"])
def test_tov_12_1_no_move_before_turn_n_holds_until_turn_n_exactly(where):
    rule = Restriction(kind="no_move_before_turn", turn=3, section="12.1")
    m = garrison_module(rule) if where == "piece" else garrison_module(scenario_rules=(rule,))
    s = initial_state(m, "s", 1)
    for turn in (1, 2):
        assert moves_of(m, on_turn(s, turn), "b_1") == set()
        with pytest.raises(ActionError, match=r"b_1 regt may not move before turn 3 — 12\.1"):
            apply(m, on_turn(s, turn), Move(unit="b_1", to="0304"))
    assert "0304" in moves_of(m, on_turn(s, 3), "b_1")
    after, _ = apply(m, on_turn(s, 3), Move(unit="b_1", to="0304"))
    assert after.hex_of("b_1") == "0304"
    assert moves_of(m, s, "b_2")  # only the restricted unit


def test_a_restriction_with_no_turn_or_of_another_kind_restricts_nothing():
    m = garrison_module(Restriction(kind="no_move_before_turn"), Restriction(kind="other", area="fort", hex="0303"),
                        Restriction(kind="must_stay_in_hex"), Restriction(kind="must_stay_in_area"))
    s = initial_state(m, "s", 1)
    free = garrison_module()
    assert moves_of(m, s, "b_1") == moves_of(free, initial_state(free, "s", 1), "b_1") != set()
    after, _ = apply(m, s, Move(unit="b_1", to="0305"))
    assert after.hex_of("b_1") == "0305"


def test_tov_12_7_must_stay_in_an_area_moves_only_within_it():
    m = garrison_module(Restriction(kind="must_stay_in_area", area="metz", section="12.7"))
    s = initial_state(m, "s", 1)
    assert moves_of(m, s, "b_1") == {"0304", "0403"}
    with pytest.raises(ActionError, match=r"b_1 regt must stay in Metz at 0305 — 12\.7"):
        apply(m, s, Move(unit="b_1", to="0305"))
    after, _ = apply(m, s, Move(unit="b_1", to="0403"))
    assert after.hex_of("b_1") == "0403"


def test_an_area_without_a_name_is_named_by_its_id_and_an_unknown_area_restricts_nothing():
    m = garrison_module(Restriction(kind="must_stay_in_area", area="fort", section="12.7"))
    s = initial_state(m, "s", 1)
    assert moves_of(m, s, "b_1") == set()
    with pytest.raises(ActionError, match=r"b_1 regt must stay in fort at 0304 — 12\.7"):
        apply(m, s, Move(unit="b_1", to="0304"))
    m2 = garrison_module(Restriction(kind="must_stay_in_area", area="nowhere"))
    s2 = initial_state(m2, "s", 1)
    assert {"0304", "0305"} <= moves_of(m2, s2, "b_1")


def test_must_stay_in_a_hex_refuses_every_move_away():
    m = garrison_module(Restriction(kind="must_stay_in_hex", hex="0303", section="12.7"))
    s = initial_state(m, "s", 1)
    assert moves_of(m, s, "b_1") == set() and moves_of(m, s, "b_2")
    with pytest.raises(ActionError, match=r"b_1 regt must stay in 0303 at 0304 — 12\.7"):
        apply(m, s, Move(unit="b_1", to="0304"))


def test_a_restriction_at_warn_lets_the_move_through_and_logs_the_override():
    m = garrison_module(Restriction(kind="must_stay_in_hex", hex="0303", section="12.7"))
    m.rules.enforcement = {"restriction": "warn"}
    s = initial_state(m, "s", 1)
    assert "0304" in moves_of(m, s, "b_1")
    after, entry = apply(m, s, Move(unit="b_1", to="0304"))
    assert after.hex_of("b_1") == "0304" and "b_1 regt must stay in 0303" in entry.text


def _released(s, unit: str):
    from hexwright.runtime.engine import engine_state
    from hexwright.runtime.engine.data import with_engine_state

    data = engine_state(s)
    return with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update={"released": (unit,)})}))


def test_12_7_a_retreat_that_stays_inside_the_area_lifts_nothing():
    """ToV 12.7: only a combat result that *drives the garrison out* lifts its restriction; a
    retreat ending inside Metz (here every hex around 0504 is Metz) leaves it restricted."""
    from sequence_modules import activation_module

    from hexwright.runtime.engine import Choose, Declare, EndPhase, Resolve, Retreat
    from hexwright.runtime.engine.core import prepared
    from hexwright.runtime.engine.restrictions import restriction_problem

    m = activation_module()
    crt = m.tables.crts["crt"]
    crt.cells = [["D1"] * len(crt.columns) for _ in crt.rows]
    m.map.areas["metz"] = Area(name="Metz", hexes=["0504", "0404", "0405", "0503", "0505", "0604", "0605",
                                                   "0603", "0403"])
    m.scenarios["act"].restrictions = {"r_1": [Restriction(kind="must_stay_in_area", area="metz",
                                                           until_retreated_out=True, section="12.7")]}
    s = initial_state(m, "act", 1)
    for action in (Choose(option="divisions", target="b_d1"), Choose(option="divisions", target="b_d2"), EndPhase(),
                   Declare(attackers=("b_1",), hex="0504"), Resolve(hex="0504")):
        s, _ = apply(m, s, action)
    retreat = next(a for a in legal_actions(m, s) if isinstance(a, Retreat) and a.unit == "r_1")
    assert retreat.path[-1] in m.map.areas["metz"].hexes
    s, entry = apply(m, s, retreat)
    assert "no longer restricted" not in entry.text
    assert restriction_problem(prepared(m, s), "r_1", "0808") == ("Red r_1 regt must stay in Metz", "12.7")


def test_st_lo_8_4_a_boundary_on_attacks_holds_until_the_unit_is_driven_out():
    """A must-stay restriction that covers attacks (St-Lô 8.4) and lifts when a combat drives the
    unit out (``until_retreated_out``, ToV 12.7): no attack out of the area before, any after."""
    from hexwright.runtime.engine.core import prepared
    from hexwright.runtime.engine.restrictions import attack_problem

    rule = Restriction(kind="must_stay_in_area", area="metz", attacks=True, until_retreated_out=True, section="8.4.1")
    m = garrison_module(rule)
    s = initial_state(m, "s", 1)
    assert attack_problem(prepared(m, s), "b_1", "0505") == ("Blue b_1 regt must stay in Metz: it may not attack there",
                                                             "8.4.1")
    assert attack_problem(prepared(m, s), "b_1", "0304") is None  # inside the area
    assert attack_problem(prepared(m, s), "b_2", "0505") is None  # another unit
    released = _released(s, "b_1")
    assert attack_problem(prepared(m, released), "b_1", "0505") is None
