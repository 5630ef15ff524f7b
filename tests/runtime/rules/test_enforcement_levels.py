"""Enforcement levels per rule, through the engine: enforce refuses, warn allows with an
override in the log, off skips (issue 6; DoM §6, §8.1.1 as the rules being broken)."""

import subprocess
import sys

import pytest
from builders import add_unit, rules_module

from hexwright.runtime.engine import Move, apply
from hexwright.runtime.model import Phase, Placement, Scenario
from hexwright.runtime.model.rules_config import RulesConfig, StackingRules, ZocRules
from hexwright.runtime.rules import reach
from hexwright.runtime.state import ActionError, GameState, initial_state


def module(**enforcement):
    m = rules_module(rules=RulesConfig(zoc=ZocRules(section="§8.1.1"), enforcement=enforcement,
                                       stacking=StackingRules(check_at="end_of_move", section="§6")))
    add_unit(m, "b", movement=4)
    add_unit(m, "b2")
    add_unit(m, "r", side="red")
    m.meta.sequence = [Phase(id="blue-move", name="Blue movement", side="blue", kind="movement"),
                       Phase(id="red-move", name="Red movement", side="red", kind="movement")]
    return m


def move_b(occupancy: dict[str, str], to: str, **enforcement) -> tuple[GameState, str]:
    """Blue's unit ``b`` moved to ``to`` by the engine, from ``occupancy`` in Blue's movement phase."""
    m = module(**enforcement)
    m.scenarios = {"s": Scenario(name="S", last_turn=3, first_side="blue",
                                 setup=[Placement(piece=p, hex=h) for p, h in occupancy.items()])}
    state, entry = apply(m, initial_state(m, "s", 1), Move(unit="b", to=to))
    return state, entry.text


ENGAGED = {"b": "0405", "r": "0406", "b2": "0101"}


def test_enforced_zoc_refuses_leaving_ezoc_dom_8_1_1():
    with pytest.raises(ActionError, match="^cannot leave enemy ZOC at 0405 — §8.1.1$"):
        move_b(ENGAGED, "0404")


def test_warned_zoc_allows_with_override():
    state, text = move_b(ENGAGED, "0404", zoc="warn")
    assert state.hex_of("b") == "0404" and "override: cannot leave enemy ZOC at 0405 — §8.1.1" in text


def test_zoc_off_is_not_checked():
    state, text = move_b(ENGAGED, "0404", zoc="off")
    assert state.hex_of("b") == "0404" and "override" not in text and "ZOC" not in text
    assert not reach(module(zoc="off"), {"b": "0403", "r": "0406"}, "b").hexes["0405"].stop


def test_stacking_enforce_warn_off_dom_6():
    occ = {"b": "0403", "b2": "0404", "r": "0101"}
    with pytest.raises(ActionError, match=r"over the stacking limit \(2 > 1\) at 0404 — §6"):
        move_b(occ, "0404")
    state, text = move_b(occ, "0404", stacking="warn")
    assert state.hex_of("b") == "0404" and "override: over the stacking limit (2 > 1) at 0404 — §6" in text
    state, text = move_b(occ, "0404", stacking="off")
    assert state.hex_of("b") == "0404" and "override" not in text


def test_out_of_range_move_refused_unless_movement_warns():
    occ = {"b": "0401", "r": "0707", "b2": "0101"}
    with pytest.raises(ActionError, match="too far: 8 MF needed, 4 MF available at 0405"):
        move_b(occ, "0405")
    state, text = move_b(occ, "0405", movement="warn")
    assert state.hex_of("b") == "0405" and "override: too far" in text


def test_legal_move_has_cost_and_path():
    state, text = move_b({"b": "0401", "r": "0707", "b2": "0101"}, "0403")
    assert state.hex_of("b") == "0403" and text == "Blue b regt 0401 → 0403 (4 MF via 0402)"


def test_rules_package_never_imports_qt():
    code = ("import sys, hexwright.runtime.rules, hexwright.runtime.model.rules_config, hexwright.runtime.cli.queries; "
            "sys.exit(1 if any(m.startswith('PySide6') for m in sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_rules_json_references_are_checked():
    from hexwright.runtime.model.rules_config import CombatRules, SupplyRules
    from hexwright.runtime.validation.rules_config import rules_problems

    m = rules_module(rules=RulesConfig(zoc=ZocRules(blocked_by_hexsides=["rivr"]),
                                       supply=SupplyRules(blocked_by_terrain=["lava"]),
                                       combat=CombatRules(crt="nope"), enforcement={"zoc": "warn", "zocc": "off"}))
    assert [str(p) for p in rules_problems(m)] == [
        "rules.json: combat.crt: unknown CRT 'nope'",
        "rules.json: enforcement: unknown rule id 'zocc'",
        "rules.json: supply.blocked_by_terrain: unknown terrain type 'lava'",
        "rules.json: zoc.blocked_by_hexsides: unknown hexside feature 'rivr'",
    ]
    assert rules_problems(rules_module()) == []


def test_drive_on_metz_rules_json_is_consistent():
    from pathlib import Path

    from hexwright.runtime.storage import load_module
    from hexwright.runtime.validation.rules_config import rules_problems

    dom = load_module(Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz").module
    assert rules_problems(dom) == []
