"""Moving a unit (``engine/moves.py``, DoM §8, ToV 9.0) on small synthetic modules: which unit
may move now and why one may not — a unit the game does not have, a procedure still open, its
moves in the activation made — and what the log says of a move."""

from __future__ import annotations

import pytest
from builders import add_unit, rules_module
from sequence_modules import activation_module, attack_hq, relocation_module

from hexwright.runtime.engine import Choose, Move, apply, legal_actions
from hexwright.runtime.model import Phase, Placement, Scenario
from hexwright.runtime.model.sequence import ActionsStep, SequenceRules
from hexwright.runtime.state import ActionError, initial_state


def move_module(**scenario: object):
    """Blue b_1 (4 MF) in 0102, red r_1 in 0707; one blue movement phase allowing moves and exits."""
    m = rules_module()
    m.meta.sequence = [Phase(id="move", name="Movement", side="blue", kind="movement", section="8.0")]
    m.rules.sequence = SequenceRules(phases={"move": [ActionsStep(id="m", allow=["move", "exit"])]})
    add_unit(m, "b_1", movement=4)
    add_unit(m, "b_2", movement=4)
    add_unit(m, "r_1", "red")
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue", setup=[
        Placement(piece="b_1", hex="0102"), Placement(piece="b_2", hex="0104"), Placement(piece="r_1", hex="0707")],
        **scenario)}
    return m, initial_state(m, "s", 1)


def test_a_unit_the_game_does_not_have_is_refused_by_name():
    """A unit the module lacks, and one it has but the scenario removed (not in the game)."""
    m, s = move_module(removed_pieces=["b_2"])
    assert "b_2" not in s.pieces
    with pytest.raises(ActionError, match=r"^no unit 'nobody' in this game$"):
        apply(m, s, Move(unit="nobody", to="0103"))
    with pytest.raises(ActionError, match=r"^no unit 'b_2' in this game$"):
        apply(m, s, Move(unit="b_2", to="0103"))
    assert not any(getattr(a, "unit", "") == "b_2" for a in legal_actions(m, s))


def test_no_unit_moves_while_a_procedure_is_open_tov_2_3():
    """An HQ relocation pending (the red HQ destroyed in combat): no move, of either side,
    until red has relocated it."""
    m = relocation_module()
    s, _ = attack_hq(m)
    for unit, to in (("r_1", "0604"), ("b_3", "0204")):
        with pytest.raises(ActionError, match=r"^finish the relocate first — 4\.3$"):
            apply(m, s, Move(unit=unit, to=to))


def test_4_3_a_unit_that_has_made_its_moves_in_the_activation_is_refused_for_that():
    """One move per unit in an activation: the second is refused naming the activation's
    limit, not the phase's."""
    m = activation_module()
    s = initial_state(m, "act", 1)
    for f in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    s, entry = apply(m, s, Move(unit="b_3", to="0204"))
    assert entry.text == "Blue b_3 regt 0304 → 0204 (2 MF)"
    assert not any(getattr(a, "unit", "") == "b_3" for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"^Blue b_3 regt has made its 1 move\(s\) in this activation — 9\.0$"):
        apply(m, s, Move(unit="b_3", to="0304"))


def test_4_3_an_activation_allowing_no_move_refuses_the_first():
    m = activation_module()
    m.rules.sequence.procedures["division_activation"][0].moves = 0
    s = initial_state(m, "act", 1)
    for f in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    assert not any(isinstance(a, Move) for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"^Blue b_3 regt has made its 0 move\(s\) in this activation — 9\.0$"):
        apply(m, s, Move(unit="b_3", to="0204"))


def test_8_1_a_hex_beyond_the_allowance_is_refused_as_too_far_with_the_cost_and_the_allowance():
    """b_1 has 4 MF; 0105 is three clear hexes (2 MF each) down the column."""
    m, s = move_module()
    with pytest.raises(ActionError, match=r"^too far: 6 MF needed, 4 MF available at 0105"):
        apply(m, s, Move(unit="b_1", to="0105"))


def test_11_2_a_unit_entering_from_its_box_on_its_arrival_turn_may_move_in_an_arrival_turn_mode():
    """Double movement (ToV 11.2) is for units on the turn they arrive: b_3 entering from the
    reinforcement box on its turn of arrival may use it, b_1 on the map may not, nor may b_3
    when it was due on an earlier turn."""
    from hexwright.runtime.model import Box, Reinforcement
    from hexwright.runtime.model.rules_config import MovementMode

    def module(turn: int):
        m, _ = move_module()
        m.map.boxes["reinf"] = Box(name="Reinforcements", kind="reinforcement", side="blue", entry_hexes=["0101"])
        m.rules.movement.modes = {"double": MovementMode(name="Double", allowance_multiplier="2",
                                                         arrival_turn_only=True, section="11.2")}
        m.rules.sequence.phases["move"][0].modes = ["double"]
        add_unit(m, "b_3", movement=4)
        m.scenarios["s"].reinforcements = [Reinforcement(piece="b_3", turn=turn, box="reinf")]
        s = initial_state(m, "s", 1)
        return m, s.model_copy(update={"turn": 2})

    m, s = module(2)
    assert Move(unit="b_3", to="0103", mode="double") in legal_actions(m, s)
    s2, entry = apply(m, s, Move(unit="b_3", to="0103", mode="double"))  # 6 MF: double its 4
    assert s2.hex_of("b_3") == "0103" and entry.text == "Blue b_3 regt Reinforcements → 0103 (6 MF via 0101, 0102) [Double]"
    assert not any(isinstance(a, Move) and a.unit == "b_1" and a.mode for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"Blue b_1 regt: Double only on the turn a unit arrives — 11\.2"):
        apply(m, s, Move(unit="b_1", to="0103", mode="double"))
    m, s = module(1)
    with pytest.raises(ActionError, match=r"Blue b_3 regt: Double only on the turn a unit arrives — 11\.2"):
        apply(m, s, Move(unit="b_3", to="0103", mode="double"))


def test_st_lo_17_0_a_mode_for_some_unit_types_is_refused_to_the_others():
    """A mode open to armour only: the armoured unit may move in it, the infantry may not."""
    from hexwright.runtime.model.rules_config import MovementMode

    m, s = move_module()
    add_unit(m, "b_arm", unit_type="arm", movement=4)
    m.scenarios["s"].setup.append(Placement(piece="b_arm", hex="0302"))
    m.rules.movement.modes = {"dash": MovementMode(name="Dash", allowance_multiplier="2", unit_types=["arm"],
                                                   section="17.0")}
    m.rules.sequence.phases["move"][0].modes = ["dash"]
    s = initial_state(m, "s", 1)
    modes = {(a.unit, a.mode) for a in legal_actions(m, s) if isinstance(a, Move)}
    assert ("b_arm", "dash") in modes and ("b_1", "dash") not in modes
    with pytest.raises(ActionError, match=r"^Blue b_1 regt: Dash is not open to a unit of its kind — 17\.0$"):
        apply(m, s, Move(unit="b_1", to="0103", mode="dash"))
    from hexwright.runtime.engine import ExitMap

    exits = [a for a in legal_actions(m, s) if isinstance(a, ExitMap)]  # listed once, with the move of no mode
    assert any(a.unit == "b_arm" for a in exits) and len(exits) == len(set(exits))


def test_8_1_3_a_unit_leaves_the_map_only_when_it_may_move():
    """An exit is a move: a unit of the other side, or one that has moved this phase, may not
    leave the map."""
    from hexwright.runtime.engine import ExitMap

    m, s = move_module()
    exit_b1 = next(a for a in legal_actions(m, s) if isinstance(a, ExitMap) and a.unit == "b_1")
    with pytest.raises(ActionError, match=r"^Red r_1 regt does not move in the Movement phase — 8\.0$"):
        apply(m, s, ExitMap(unit="r_1", hex="0707", edge=exit_b1.edge))
    s, _ = apply(m, s, Move(unit="b_1", to="0101"))
    with pytest.raises(ActionError, match=r"^Blue b_1 regt has already moved this phase"):
        apply(m, s, ExitMap(unit="b_1", hex="0101", edge=exit_b1.edge))


def test_8_1_3_an_exit_out_of_reach_is_refused_with_what_leaving_there_costs():
    """b_1 (4 MF, 0102) on the west edge: leaving from 0105 costs 8 MF, from 0104 6 MF; 0404
    is on no edge; in a game where no unit leaves the map, none may."""
    from hexwright.runtime.engine import ExitMap

    m, s = move_module()
    with pytest.raises(ActionError, match=r"^too far: leaving the map needs 8 MF, 4 MF available at 0105"):
        apply(m, s, ExitMap(unit="b_1", hex="0105", edge="west"))
    with pytest.raises(ActionError, match=r"^too far: leaving the map needs 6 MF, 4 MF available at 0104"):
        apply(m, s, ExitMap(unit="b_1", hex="0104", edge="west"))
    with pytest.raises(ActionError, match=r"^cannot leave the map across the west edge at 0404"):
        apply(m, s, ExitMap(unit="b_1", hex="0404", edge="west"))
    m, s = move_module()
    m.rules.movement.exit_allowed = False
    with pytest.raises(ActionError, match=r"^units may not leave the map in this game"):
        apply(m, s, ExitMap(unit="b_1", hex="0102", edge="west"))


def test_8_1_3_leaving_the_map_is_the_units_move_of_the_phase_and_is_recorded():
    from hexwright.runtime.engine import ExitMap, engine_state

    m, s = move_module()
    s, entry = apply(m, s, ExitMap(unit="b_1", hex="0102", edge="west"))
    assert entry.text == "Blue b_1 regt 0102 → exited across the west edge from 0102 (2 MF)"
    data = engine_state(s)
    assert data.moved == ("b_1",)
    assert [(x.unit, x.side, x.hex, x.edge, x.turn) for x in data.exits] == [("b_1", "blue", "0102", "west", 1)]


def test_st_lo_8_1_e_a_unit_with_two_moves_in_the_step_moves_twice_then_has_moved():
    """An activation of two moves a unit in a step allowing two (``moves_per_unit``): after
    the first the unit may move again and is not yet counted as moved in the phase."""
    from hexwright.runtime.engine import engine_state

    m = activation_module()
    act = m.rules.sequence.procedures["division_activation"][0]
    act.moves = 2
    act.steps[0] = act.steps[0].model_copy(update={"moves_per_unit": 2})
    s = initial_state(m, "act", 1)
    for f in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    s, _ = apply(m, s, Move(unit="b_3", to="0204"))
    assert any(isinstance(a, Move) and a.unit == "b_3" for a in legal_actions(m, s))
    assert "b_3" not in engine_state(s).moved
    s, _ = apply(m, s, Move(unit="b_3", to="0104"))
    assert not any(isinstance(a, Move) and a.unit == "b_3" for a in legal_actions(m, s))
    assert "b_3" in engine_state(s).moved


def test_st_lo_14_2_a_unit_whose_status_forbids_moving_is_offered_no_move_unless_movement_is_warned():
    """Pinned: an allowance of 0, and no move offered while movement is enforced — not even
    along a road that costs nothing here; with movement at ``warn`` that road is offered."""
    from builders import hexside_id

    from hexwright.runtime.engine import prepared
    from hexwright.runtime.model.map import HexsideData
    from hexwright.runtime.model.sequence import StatusDef, StatusEffects

    def pinned(level: str):
        m, s = move_module()
        m.map.hexsides[hexside_id(m, "0102", "0103")] = HexsideData(connections=["road"])
        m.tables.terrain_effects.connections["road"] = {"*": "0"}
        m.rules.statuses = {"pinned": StatusDef(name="Pinned", effects=StatusEffects(may_move=False), section="14.2")}
        m.rules.enforcement = {"movement": level}
        tx = prepared(m, s)
        seq = tx.data.seq.model_copy(update={"statuses": {"b_1": ("pinned",)}})
        return m, tx.state.model_copy(update={"engine": tx.data.model_copy(update={"seq": seq})})

    m, s = pinned("enforce")
    assert not any(isinstance(a, Move) and a.unit == "b_1" for a in legal_actions(m, s))
    assert any(isinstance(a, Move) and a.unit == "b_2" for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"^Blue b_1 regt may not move: Pinned — 14\.2"):
        apply(m, s, Move(unit="b_1", to="0103"))
    m, s = pinned("warn")
    assert [a for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == "b_1"] == [Move(unit="b_1", to="0103")]


def test_dom_6_a_move_onto_a_full_stack_is_judged_once_at_the_end_of_the_move():
    """Stacking limit 1, checked at the end of the phase: the move onto b_2 says once that the
    stack must be put right by then."""
    m, s = move_module()
    _, entry = apply(m, s, Move(unit="b_1", to="0104"))
    assert entry.text == ("Blue b_1 regt 0102 → 0104 (4 MF via 0103); over the stacking limit (2 > 1): "
                          "to be put right by the end of the phase at 0104")


def test_st_lo_8_2_a_mode_the_step_does_not_name_is_refused_there():
    from hexwright.runtime.model.rules_config import MovementMode

    m, s = move_module()
    m.rules.movement.modes = {"dash": MovementMode(name="Dash", allowance_multiplier="2", section="8.2")}
    m.rules.sequence.phases["move"][0] = m.rules.sequence.phases["move"][0].model_copy(update={"section": "8.0"})
    assert not any(isinstance(a, Move) and a.mode for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"^Dash is not allowed in this step — 8\.0$"):
        apply(m, s, Move(unit="b_1", to="0103", mode="dash"))


def test_the_first_move_of_a_game_logs_the_steps_run_before_it_then_the_move_with_its_cost():
    """A new game's first step is a supply check (ToV 8.1) that needs no choice: the first move
    runs it, and the log names the check, then the move with its cost — the cost on the move's
    line, not the check's."""
    from hexwright.runtime.engine import ExitMap
    from hexwright.runtime.model.rules_config import MovementMode
    from hexwright.runtime.model.sequence import StatusDef, SupplyCheck

    m, s = move_module()
    m.rules.movement.modes = {"dash": MovementMode(name="Dash", allowance_multiplier="2")}
    m.rules.sequence.phases["move"][0].modes = ["dash"]
    m.rules.statuses = {"out_of_supply": StatusDef(name="Out of supply", section="8.1")}
    m.rules.sequence.phases["move"].insert(0, SupplyCheck(id="supply", name="Supply check", sides=["red"],
                                                          section="8.1"))
    checked = "supply check: out of supply Red r_1 regt — 8.1; Red r_1 regt: Out of supply; "
    assert apply(m, s, Move(unit="b_1", to="0103"))[1].text == checked + "Blue b_1 regt 0102 → 0103 (2 MF)"
    assert apply(m, s, ExitMap(unit="b_1", hex="0102", edge="west"))[1].text == \
        checked + "Blue b_1 regt 0102 → exited across the west edge from 0102 (2 MF)"
    assert apply(m, s, Move(unit="b_1", to="0103", mode="dash"))[1].text == \
        checked + "Blue b_1 regt 0102 → 0103 (2 MF) [Dash]"


def test_st_lo_5_0_b_an_asset_attached_to_a_unit_moves_with_it():
    from operations_modules import assets_module

    from hexwright.runtime.engine import prepared
    from hexwright.runtime.state import Location

    m = assets_module()
    m.meta.sequence = [Phase(id="blue_move", name="Blue movement", side="blue", kind="movement", section="8.0")]
    m.scenarios["fight"].setup = [p for p in m.scenarios["fight"].setup if p.piece not in ("r_bn", "r_gun", "r_rcn")]
    tx = prepared(m, initial_state(m, "fight", 1))
    seq = tx.data.seq.model_copy(update={"attached": {"b_m4_1": "b_inf"}})
    pieces = {**tx.state.pieces, "b_m4_1": tx.state.pieces["b_m4_1"].model_copy(update={"at": Location.hex("0303")})}
    s = tx.state.model_copy(update={"pieces": pieces, "engine": tx.data.model_copy(update={"seq": seq})})
    s, _ = apply(m, s, Move(unit="b_inf", to="0203"))
    assert s.hex_of("b_inf") == s.hex_of("b_m4_1") == "0203" and s.hex_of("b_m4_2") is None
