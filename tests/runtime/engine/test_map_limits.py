"""A scenario's map limits enforced (``Scenario.map_limits``, an area of the hexes in play), on a
synthetic module after Traces of Victory 14.1 ("Forces are required to remain north of hex row
3000") and 14.2: no move, retreat or advance out of them; a unit that can retreat only out of
them is eliminated, as off the map."""

from __future__ import annotations

import pytest
from builders import add_unit, rules_module

from hexwright.runtime.engine import Move, apply, legal_actions
from hexwright.runtime.model import Area, Phase, Placement, Scenario
from hexwright.runtime.model.rules_config import CombatRules, RetreatRules, RulesConfig
from hexwright.runtime.rules import advance_paths, reach, retreat_paths
from hexwright.runtime.state import ActionError, initial_state

NORTH = [f"{c:02d}{r:02d}" for c in range(1, 8) for r in range(1, 5)]   # rows 01-04 of 7×7


def limited():
    m = rules_module(rules=RulesConfig(combat=CombatRules(retreat=RetreatRules(into_ezoc="allowed"))))
    m.map.areas["north"] = Area(name="14.1 map limits", kind="map_limits", hexes=NORTH)
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red")
    m.meta.sequence = [Phase(id="move", name="Movement", side="blue", kind="movement", section="9.0")]
    m.scenarios = {"s": Scenario(name="S", last_turn=1, first_side="blue", map_limits="north",
                                 setup=[Placement(piece="b", hex="0303")])}
    return m


def test_14_1_reach_never_enters_a_hex_out_of_the_limits():
    m = limited()
    free = reach(m, {"b": "0303"}, "b")
    kept = reach(m, {"b": "0303"}, "b", within=NORTH)
    assert "0306" in free.hexes and set(kept.hexes) <= set(NORTH) and "0304" in kept.hexes


def test_14_1_a_move_out_of_the_limits_is_refused_with_the_reason():
    m = limited()
    s = initial_state(m, "s", 1)
    moves = {a.to for a in legal_actions(m, s) if isinstance(a, Move)}
    assert moves and moves <= set(NORTH)
    with pytest.raises(ActionError, match=r"0305 is outside this scenario's map limits \(14\.1 map limits\)"):
        apply(m, s, Move(unit="b", to="0305"))
    s, _ = apply(m, s, Move(unit="b", to="0304"))
    assert s.hex_of("b") == "0304"


def test_14_1_a_retreat_only_out_of_the_limits_eliminates_and_no_advance_leaves_them():
    m = limited()
    occ = {"b": "0303", "r": "0304"}                 # red on the last row in play, blue north of it
    assert retreat_paths(m, occ, "r", 1).paths       # the whole map: south is open
    boxed = retreat_paths(m, occ, "r", 1, within=NORTH)
    assert all(p.hexes[-1] in NORTH for p in boxed.paths)
    assert all(h in NORTH for p in advance_paths(m, {"b": "0303"}, "b", "0304", within=NORTH) for h in p)
    for uid in ("b2", "b3", "b4", "b5"):
        add_unit(m, uid)
    hemmed = {"b": "0303", "b2": "0203", "b3": "0204", "b4": "0403", "b5": "0404", "r": "0304"}  # 0305 is left
    assert retreat_paths(m, hemmed, "r", 1).paths
    trapped = retreat_paths(m, hemmed, "r", 1, within=NORTH)
    assert trapped.eliminated and trapped.paths == []
