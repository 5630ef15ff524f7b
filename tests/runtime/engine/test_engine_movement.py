"""Movement phase through the engine (DoM §8): ZOC, entry from boxes, leaving the map,
control by passage, enforcement levels. Positions are Figures 4–6 of the rulebook."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import (
    EndPhase,
    ExitMap,
    Move,
    SetEnforcement,
    apply,
    check_and_apply,
    control_map,
    engine_state,
    legal_actions,
    scores,
)
from hexwright.runtime.state import ActionError

from .dom_positions import dom, position


def test_s8_1_1_entering_enemy_zoc_stops_the_move_and_logs_the_ruling():
    m = dom()
    s = position({"us_7_ccr": "box:us_box_c", "de_462_fhnjkr": "0509", "de_3_8": "0609"})
    s2, entry = apply(m, s, Move(unit="us_7_ccr", to="0408"))
    assert s2.hex_of("us_7_ccr") == "0408"
    assert "7 MF" in entry.text  # Figure 4: 3 road hexes then the woods hex
    assert "stopped: enemy ZOC at 0408 — §8.1.1" in entry.text
    with pytest.raises(ActionError, match=r"stopped by enemy ZOC on the way at 0607 — §8\.1\.1"):
        apply(m, s, Move(unit="us_7_ccr", to="0607"))  # only reachable through the ZOC of 0509/0609
    assert Move(unit="us_7_ccr", to="0607") not in legal_actions(m, s)


def _next_turn_us_movement(m, s):
    for _ in range(4):
        s, _ = apply(m, s, EndPhase())
    return s


def test_s8_1_1_a_unit_may_not_leave_enemy_zoc_at_enforce_but_may_at_warn_with_a_logged_override():
    m = dom()
    s = position({"us_5_10": "0407", "de_462_1010": "0507"})
    s = _next_turn_us_movement(m, s)
    assert s.turn == 2 and s.hex_of("us_5_10") == "0407"
    assert not [a for a in legal_actions(m, s) if getattr(a, "unit", "") == "us_5_10"]
    with pytest.raises(ActionError, match=r"cannot leave enemy ZOC at 0407 — §8\.1\.1"):
        apply(m, s, Move(unit="us_5_10", to="0307"))
    warned, _ = apply(m, s, SetEnforcement(rule="zoc", level="warn"))
    moved, entry, rulings = check_and_apply(m, warned, Move(unit="us_5_10", to="0307"))
    assert moved.hex_of("us_5_10") == "0307"
    assert "override: cannot leave enemy ZOC at 0407 — §8.1.1" in entry.text
    assert [r.rule for r in rulings] == ["zoc"]
    off, _ = apply(m, s, SetEnforcement(rule="zoc", level="off"))
    moved, entry = apply(m, off, Move(unit="us_5_10", to="0307"))
    assert moved.hex_of("us_5_10") == "0307" and "override" not in entry.text


def test_s8_1_a_unit_moves_once_per_movement_phase():
    m = dom()
    s = position({"us_5_2": "box:us_box_b"})
    s, _ = apply(m, s, Move(unit="us_5_2", to="0307"))
    assert engine_state(s).moved == ("us_5_2",)
    with pytest.raises(ActionError, match=r"already moved this phase — §8\.1"):
        apply(m, s, Move(unit="us_5_2", to="0407"))


def test_s8_2_figure6_reinforcement_entry_costs_and_blocked_entry_hex():
    m = dom()
    s = position({"de_106": "box:de_north", "us_90_358": "0601"}, turn=2, phase="de_movement")
    moves = {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == "de_106"}
    assert {"0401", "0501", "0701", "0801", "0901"} <= moves and "0601" not in moves
    with pytest.raises(ActionError, match="opposing units never share a hex"):
        apply(m, s, Move(unit="de_106", to="0601"))
    _, entry = apply(m, s, Move(unit="de_106", to="0701"))
    assert "(2 MF)" in entry.text and "stopped: enemy ZOC at 0701 — §8.1.1" in entry.text
    for hex, cost in (("0401", "1"), ("0801", "1"), ("0501", "3"), ("0901", "2")):
        _, entry = apply(m, s, Move(unit="de_106", to=hex))
        assert f"({cost} MF)" in entry.text, entry.text


def test_s8_2_a_reinforcement_waits_for_its_turn():
    m = dom()
    s = position({"de_106": "box:de_north"}, turn=1, phase="de_movement")
    assert not [a for a in legal_actions(m, s) if getattr(a, "unit", "") == "de_106"]
    with pytest.raises(ActionError, match=r"arrives on turn 2 — §8\.2"):
        apply(m, s, Move(unit="de_106", to="0401"))


def test_s8_1_3_figure5_leaving_the_map_by_road_costs_1_mf_and_scores_exit_vp():
    m = dom()
    s = position({"us_90_357": "0904", "us_5_11": "0905"})
    exits = [a for a in legal_actions(m, s) if isinstance(a, ExitMap)]
    assert ExitMap(unit="us_5_11", hex="0905", edge="east") in exits
    assert ExitMap(unit="us_90_357", hex="0904", edge="east") in exits
    s2, entry = apply(m, s, ExitMap(unit="us_5_11", hex="0905", edge="east"))
    assert "1 MF, by road" in entry.text
    _, entry = apply(m, s, ExitMap(unit="us_90_357", hex="0904", edge="east"))
    assert "(4 MF)" in entry.text
    assert s2.pieces["us_5_11"].at.kind == "exited"
    assert [(x.side, x.points) for x in scores(m, s2)] == [("us", 5)]  # §10.1, Table 4
    with pytest.raises(ActionError, match="is not on the map nor in a box"):  # §8.1.3: no re-entry
        apply(m, s2, Move(unit="us_5_11", to="0905"))


def test_s7_control_by_last_passage():
    m = dom()
    s = position({"us_5_2": "box:us_box_b"})
    s, _ = apply(m, s, Move(unit="us_5_2", to="0307"))
    control = control_map(m, s)
    assert control["0106"] == control["0206"] == control["0307"] == "us"
    s = position({"us_5_2": "0307", "de_462_1010": "0701"}, turn=1, phase="de_movement")
    s = s.model_copy(update={"control": {"0206": "us"}})
    assert control_map(m, s)["0701"] == "de"  # the occupant controls its hex
    s, _ = apply(m, s, EndPhase())
    assert control_map(m, s)["0206"] == "us"  # nobody passed since


def test_s2_2_tactical_withdrawal_lets_an_armoured_unit_leave_enemy_zoc_when_on():
    m = dom()
    places = {"us_7_ccr": "0407", "de_462_1010": "0507"}
    off = position(places, turn=2)
    assert not [a for a in legal_actions(m, off) if getattr(a, "unit", "") == "us_7_ccr"]
    on = position(places, turn=2, optional_rules={"tactical_withdrawal": True})
    assert [a for a in legal_actions(m, on) if getattr(a, "unit", "") == "us_7_ccr"]


def test_s8_2_when_the_enemy_holds_every_entry_hex_the_unit_enters_at_the_closest_hex():
    m = dom()
    blockers = {"us_90_357": "0401", "us_90_358": "0501", "us_90_359": "0601", "us_5_2": "0701",
                "us_5_10": "0801", "us_5_11": "0901"}
    s = position({"de_106": "box:de_north", **blockers}, turn=2, phase="de_movement")
    moves = {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == "de_106"}
    assert moves and not moves & set(blockers.values())
    assert {"0301", "0302"} & moves  # the row behind the blocked hexes, next to the box's hexes
    _s2, entry = apply(m, s, Move(unit="de_106", to=sorted(moves)[0]))
    assert "every entry hex is blocked" in entry.text and "§8.2" in entry.text
