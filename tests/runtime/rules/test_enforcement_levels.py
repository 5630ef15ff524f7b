"""Enforcement levels per rule: enforce refuses, warn allows with an override, off skips
(issue 6; DoM §6, §8.1.1 as the rules being broken)."""

import subprocess
import sys

from builders import add_unit, rules_module

from hexwright.runtime.model.rules import RulesConfig, ZocRules
from hexwright.runtime.rules import judge_move, reach


def module(**enforcement):
    m = rules_module(rules=RulesConfig(zoc=ZocRules(section="§8.1.1"), enforcement=enforcement))
    add_unit(m, "b", movement=4)
    add_unit(m, "b2")
    add_unit(m, "r", side="red")
    return m


ENGAGED = {"b": "0405", "r": "0406", "b2": "0101"}


def test_enforced_zoc_refuses_leaving_ezoc_dom_8_1_1():
    j = judge_move(module(), ENGAGED, "b", "0404")
    assert not j.legal and not j.allowed
    assert "enemy ZOC prevents this move at 0404 — §8.1.1" in [str(r) for r in j.rulings]


def test_warned_zoc_allows_with_override():
    j = judge_move(module(zoc="warn"), ENGAGED, "b", "0404")
    assert not j.legal and j.allowed and j.override and j.cost == 2


def test_zoc_off_is_not_checked():
    m = module(zoc="off")
    assert judge_move(m, ENGAGED, "b", "0404").legal
    assert not reach(m, {"b": "0403", "r": "0406"}, "b").hexes["0405"].stop


def test_stacking_enforce_warn_off_dom_6():
    occ = {"b": "0403", "b2": "0404", "r": "0101"}
    assert not judge_move(module(), occ, "b", "0404").allowed
    warned = judge_move(module(stacking="warn"), occ, "b", "0404")
    assert warned.allowed and warned.override
    assert judge_move(module(stacking="off"), occ, "b", "0404").legal


def test_out_of_range_move_refused_unless_movement_warns():
    occ = {"b": "0401", "r": "0707", "b2": "0101"}
    j = judge_move(module(), occ, "b", "0405")
    assert not j.allowed and "not reachable" in str(j.rulings[-1])
    assert judge_move(module(movement="warn"), occ, "b", "0405").allowed


def test_legal_move_has_cost_and_path():
    j = judge_move(module(), {"b": "0401", "r": "0707", "b2": "0101"}, "b", "0403")
    assert j.legal and j.cost == 4 and j.path == ("0402", "0403")


def test_rules_package_never_imports_qt():
    code = ("import sys, hexwright.runtime.rules, hexwright.runtime.model.rules, hexwright.runtime.cli.queries; "
            "sys.exit(1 if any(m.startswith('PySide6') for m in sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_rules_json_references_are_checked():
    from hexwright.runtime.model.rules import CombatRules, SupplyRules
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
