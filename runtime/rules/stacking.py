"""Stacking limits (DoM §6, ToV 5.0, St-Lô 8.3), checked where a move, retreat or advance ends.

Each unit weighs ``rules.stacking.weights`` by unit type id, else by unit size, else 1;
exempt unit types weigh nothing; HQs count unless ``hq_counts`` is false and have their
own ``max_hq``. Units of different sides never share a hex, even in passing.
"""

from __future__ import annotations

from collections.abc import Mapping

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import RulesConfig, StackingRules

from .board import Board, Unit, make_board
from .position import Position


def unit_weight(unit: Unit, rules: StackingRules) -> int:
    if unit.piece.unit_type in rules.exempt_unit_types:
        return 0
    if unit.unit_type.is_hq and not rules.hq_counts:
        return 0
    if unit.piece.unit_type in rules.weights:
        return rules.weights[unit.piece.unit_type]
    return rules.weights.get(unit.piece.size, 1) if unit.piece.size else 1


def _problem(units: list[Unit], rules: StackingRules) -> str:
    sides = {u.side for u in units}
    if len(sides) > 1:
        return "units of opposing sides in one hex"
    if rules.limit is not None:
        weight = sum(unit_weight(u, rules) for u in units)
        if weight > rules.limit:
            return f"over the stacking limit ({weight} > {rules.limit})"
    if rules.max_hq is not None:
        hqs = sum(1 for u in units if u.unit_type.is_hq)
        if hqs > rules.max_hq:
            return f"too many HQs ({hqs} > {rules.max_hq})"
    return ""


def stacking_problem(board: Board, rules: StackingRules, unit: Unit, hex_index: int) -> str:
    """Why ``unit`` may not end in ``hex_index`` on ``board`` (which must not hold it), or ``""``."""
    here = [board.units[u] for u in board.by_hex.get(hex_index, [])]
    return _problem(here + [unit], rules)


def stacking_problem_of(here: list[Unit], rules: StackingRules, unit: Unit) -> str:
    """Why ``unit`` may not end in a hex holding ``here`` (not ``unit`` itself), or ``""``."""
    return _problem(here + [unit], rules)


def stacking_problem_at(pos: Position, hex_index: int, rules: StackingRules) -> str:
    """Why the units now in ``hex_index`` of ``pos`` break the stacking rules, or ``""``: one
    hex of :func:`stacking_violations`, read from a kept position instead of indexing every unit."""
    return _problem([pos.unit(u) for u in pos.by_hex.get(hex_index, ())], rules)


def stacking_violations(module: Module, occupancy: Mapping[str, str],
                        rules: RulesConfig | None = None) -> list[tuple[str, str]]:
    """``(hex, problem)`` for every hex breaking the stacking rules, sorted by hex."""
    board = make_board(module, occupancy)
    out = []
    for i in sorted(board.by_hex, key=lambda k: board.hm.labels[k]):
        problem = _problem([board.units[u] for u in board.by_hex[i]], (rules or module.rules).stacking)
        if problem:
            out.append((board.hm.labels[i], problem))
    return out
