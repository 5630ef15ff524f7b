"""Actions paid from a side pool as module data (a choice option's ``cost``), on a synthetic
module (after St-Lô 7.1–7.5, 8.1 E, 8.2, 9.4.4, 27.1 A–D, 27.2 D): the cost by the HQ's line
of communication and its units' command radius, first-and-only actions that take every
point, companies beyond the radius left out, the activation ending when the points run out."""

from __future__ import annotations

import pytest
from operations_modules import rigged, tactical_module

from hexwright.runtime.engine import Choose, Declare, EndPhase, Move, Roll, apply, engine_state, legal_actions
from hexwright.runtime.engine.attacks import attack_odds
from hexwright.runtime.model import Placement
from hexwright.runtime.state import ActionError, initial_state


def activated(hq: str, die: int, m=None, place: str = ""):
    """``hq`` activated with morale − ``die`` points (b_hq: morale 5; b_hq2: 6)."""
    m = m or tactical_module()
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target=hq))
    s, _ = apply(m, rigged(s, die), Roll())
    if place:
        s, _ = apply(m, s, Choose(option="place", target=place))
    return m, s


def taps(s) -> int:
    return engine_state(s).seq.pools["tap"]["blue"]


def options(m, s) -> list[str]:
    return [a.option for a in legal_actions(m, s) if isinstance(a, Choose)]


def test_27_1_a_movement_costs_one_then_two_once_the_battalion_starts_beyond_the_command_radius():
    """27.1 A: 4 TAPs; a movement (1), another (1) that ends beyond the HQ's radius, then a third
    from there costs 2 (7.4.2 A, 7.4.5: measured at the start of each action); at 0 the HQ goes back."""
    m, s = activated("b_hq", 1)
    assert taps(s) == 4 and s.pieces["b_hq"].at.id == "0303"
    assert options(m, s) == ["breakdown", "deliberate", "end", "entrench", "hasty", "movement", "strategic"]
    s, entry = apply(m, s, Choose(option="movement"))
    assert "Movement: 1 point(s), Blue b_bn bn — 7.1" in entry.text and taps(s) == 3
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_bn"}
    s, _ = apply(m, s, Move(unit="b_bn", to="0304"))
    with pytest.raises(ActionError, match="has made its 1 move"):
        apply(m, s, Move(unit="b_bn", to="0305"))  # one move per movement action (8.1 E: another action)
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Choose(option="movement"))
    assert taps(s) == 2
    s, _ = apply(m, s, Move(unit="b_bn", to="0306"))  # three hexes from the HQ: beyond its radius of 2
    s, _ = apply(m, s, EndPhase())
    s, entry = apply(m, s, Choose(option="movement"))
    assert "Movement: 2 point(s) (Blue b_bn bn beyond command radius)" in entry.text and taps(s) == 0
    s, _ = apply(m, s, Move(unit="b_bn", to="0307"))
    s, _ = apply(m, s, EndPhase())
    assert engine_state(s).seq.activation is None and s.pieces["b_hq"].at.id == "dd_blue"


def test_7_4_2_a_battalion_beyond_the_radius_may_not_make_a_deliberate_attack_nor_move_strategically():
    m, s = activated("b_hq", 1)
    s, _ = apply(m, s, Choose(option="movement"))
    s, _ = apply(m, s, Move(unit="b_bn", to="0306"))
    s, _ = apply(m, s, EndPhase())
    assert options(m, s) == ["breakdown", "end", "hasty", "movement"]  # 12.2 B: breakdown needs no radius
    with pytest.raises(ActionError, match=r"Deliberate attack: no unit may take part — 7\.1"):
        apply(m, s, Choose(option="deliberate"))


def test_27_1_b_strategic_movement_is_first_and_only_and_takes_every_point():
    """27.1 B, 7.1.2: 6 TAPs → 0; the HQ goes back; after any other action it is not open."""
    m, s = activated("b_hq", 1)
    s, entry = apply(m, s, Choose(option="strategic"))
    assert "Strategic movement: 4 point(s)" in entry.text and taps(s) == 0
    with pytest.raises(ActionError, match="a move in this step is made as: Strategic movement"):
        apply(m, s, Move(unit="b_bn", to="0304"))
    assert all(a.mode == "strategic" for a in legal_actions(m, s) if isinstance(a, Move))
    s, _ = apply(m, s, Move(unit="b_bn", to="0103", mode="strategic"))
    s, _ = apply(m, s, EndPhase())
    assert engine_state(s).seq.activation is None and s.pieces["b_hq"].at.id == "dd_blue"  # 7.1.2 C
    m, s = activated("b_hq", 1)
    s, _ = apply(m, s, Choose(option="movement"))
    s, _ = apply(m, s, EndPhase())
    with pytest.raises(ActionError, match=r"Strategic movement: only as the first and only action .* — 7\.1"):
        apply(m, s, Choose(option="strategic"))


def test_27_1_c_without_a_line_of_communication_an_action_costs_three():
    """27.1 C, 7.3.2: 5 TAPs, no LOC: movement costs 3; with 2 left no action is open but ending it."""
    m = tactical_module()
    m.rules.supply.max_length = 1  # the HQ at 0303 is two hexes from its depot
    m, s = activated("b_hq", 1, m)
    m.pieces.pieces["b_hq"].steps[0].morale = 5
    assert taps(s) == 4
    assert options(m, s) == ["breakdown", "end", "hasty", "movement"]  # 7.3.2 A: no strategic, no deliberate
    s, entry = apply(m, s, Choose(option="movement"))
    assert "Movement: 3 point(s) (no line of communication)" in entry.text and taps(s) == 1
    s, _ = apply(m, s, EndPhase())
    assert options(m, s) == ["end"]
    with pytest.raises(ActionError, match="Hasty attack: costs 3, 1 left"):
        apply(m, s, Choose(option="hasty"))
    s, _ = apply(m, s, Choose(option="end"))
    assert engine_state(s).seq.activation is None and s.pieces["b_hq"].at.id == "dd_blue"


def test_27_1_d_companies_beyond_the_radius_take_no_part_and_one_point_moves_the_others():
    """27.1 D, 7.4.3, 7.5: the company at 0209 is beyond the radius of the HQ at 0505; the two
    others move for one point."""
    m, s = activated("b_hq2", 1, place="0505")
    assert taps(s) == 5
    s, entry = apply(m, s, Choose(option="movement"))
    assert taps(s) == 4 and "Blue b_c1 co, Blue b_c2 co" in entry.text and "b_c3" not in entry.text
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_c1", "b_c2"}
    with pytest.raises(ActionError, match="b_c3 co does not take part in this action"):
        apply(m, s, Move(unit="b_c3", to="0208"))
    s, _ = apply(m, s, Move(unit="b_c1", to="0504"))
    s, _ = apply(m, s, Move(unit="b_c2", to="0605"))
    assert "strategic" not in options(m, apply(m, s, EndPhase())[0])  # 7.5.1: not for companies


def test_27_2_d_a_hasty_attack_costs_one_point_however_many_attacks_and_deliberate_adds_its_drm():
    """27.2 D: one TAP for several attacks (each company attacks once, 9.1.2 A); 9.4.4: a deliberate attack is +1."""
    m = tactical_module()
    m.scenarios["ops"].setup = [p for p in m.scenarios["ops"].setup if p.piece != "b_c1"] + [
        Placement(piece="b_c1", hex="0706")]
    m, s = activated("b_hq2", 1, m, place="0606")
    s, entry = apply(m, s, Choose(option="hasty"))
    assert taps(s) == 4 and "Hasty attack: 1 point(s), Blue b_c1 co, Blue b_c2 co" in entry.text
    assert {a.attackers for a in legal_actions(m, s) if isinstance(a, Declare)} == {("b_c1",), ("b_c2",)}
    with pytest.raises(ActionError, match="at most 1 unit"):  # 9.1 D: each attacks alone
        apply(m, s, Declare(attackers=("b_c1", "b_c2"), hex="0707"))
    assert attack_odds(m, s, ("b_c2",), "0707").drms == []
    m = tactical_module()
    m.scenarios["ops"].setup = [p for p in m.scenarios["ops"].setup if p.piece != "r_c"] + [
        Placement(piece="r_c", hex="0304")]
    m, s = activated("b_hq", 1, m)
    s, entry = apply(m, s, Choose(option="deliberate"))
    assert taps(s) == 2 and "Deliberate attack: 2 point(s)" in entry.text
    odds = attack_odds(m, s, ("b_bn",), "0304")
    assert [(x.source, x.drm) for x in odds.drms] == [("Deliberate attack", 1)]


def test_8_2_a_movement_mode_open_only_to_units_of_some_sizes():
    """8.2 / 7.5.1: strategic movement is for battalions; a mode names the sizes it is open to."""
    from hexwright.runtime.engine.moves import mode_problem
    from hexwright.runtime.engine.transaction import Tx

    m = tactical_module()
    m.rules.movement.modes["strategic"].sizes = ["II"]
    s = initial_state(m, "ops", 1)
    tx = Tx(m, s, engine_state(s), m.rules)
    assert mode_problem(tx, "b_bn", "strategic") == ""
    assert mode_problem(tx, "b_c1", "strategic") == "Strategic movement is not open to a unit of its kind"


def test_9_2_7_b_an_hq_whose_units_are_all_eliminated_may_not_be_activated():
    from hexwright.runtime.state import Eliminate
    from hexwright.runtime.state import apply as state_apply

    m = tactical_module()
    m.rules.sequence.phases["operations"][0].steps[0].options[0].hq_with_units = True
    s = initial_state(m, "ops", 1)
    assert Choose(option="activate", target="b_hq") in legal_actions(m, s)
    s, _ = state_apply(m, s, Eliminate(pieces=("b_bn",)))
    assert Choose(option="activate", target="b_hq") not in legal_actions(m, s)
    assert Choose(option="activate", target="b_hq2") in legal_actions(m, s)


def test_7_1_1_d_points_left_when_the_activation_ends_are_forfeit():
    m = tactical_module()
    m.rules.sequence.procedures["activation"][1].clear_pool = "tap"
    m, s = activated("b_hq", 1, m)
    s, _ = apply(m, s, Choose(option="movement"))
    s, _ = apply(m, s, EndPhase())
    assert taps(s) == 3
    s, entry = apply(m, s, Choose(option="end"))
    assert taps(s) == 0 and "Blue Tactical action points: 0" in entry.text


def test_8_2_a_unit_dropped_on_the_board_in_a_strategic_movement_action_moves_strategically():
    """The play window's drop (``action_for_drop``) in a step that allows only its modes moves in
    the step's mode, and the reach shaded while the unit is carried is that mode's."""
    from hexwright.runtime.engine import action_for_drop, reach_of
    from hexwright.runtime.state import Location

    m, s = activated("b_hq", 1)
    s, _ = apply(m, s, Choose(option="strategic"))
    assert action_for_drop(m, s, "b_bn", Location.hex("0103")) == Move(unit="b_bn", to="0103", mode="strategic")
    strategic = {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == "b_bn"}
    assert set(reach_of(m, s, "b_bn").hexes) - {s.hex_of("b_bn")} == strategic
