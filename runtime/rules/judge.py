"""Judging a proposed move under the module's enforcement levels (enforce / warn / off).

The play window asks :func:`judge_move` when a unit is dropped on a hex: a legal move is
allowed; an illegal one is refused with its reasons when the broken rule is *enforced*,
or allowed with rulings the log records as an override when it is set to *warn*. Rules
set to *off* are not checked at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules import RulesConfig

from .movement import reach
from .rulings import Ruling


@dataclass
class MoveJudgement:
    unit: str
    target: str
    legal: bool
    allowed: bool
    """``legal``, or illegal only under rules set to warn (the move is an override)."""
    cost: Fraction | None = None
    path: tuple[str, ...] = ()
    rulings: list[Ruling] = field(default_factory=list)

    @property
    def override(self) -> bool:
        return self.allowed and not self.legal

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "target": self.target, "legal": self.legal, "allowed": self.allowed,
                "override": self.override, "cost": None if self.cost is None else str(self.cost),
                "path": list(self.path), "rulings": [str(r) for r in self.rulings]}


def _without(rules: RulesConfig, *rule_ids: str) -> RulesConfig:
    enforcement = dict(rules.enforcement)
    enforcement.update(dict.fromkeys(rule_ids, "off"))
    return rules.model_copy(update={"enforcement": enforcement})


def judge_move(module: Module, occupancy: Mapping[str, str], unit: str, target: str, *,
               rules: RulesConfig | None = None, **kwargs: Any) -> MoveJudgement:
    """May ``unit`` end a move in ``target`` now? (``kwargs`` as for :func:`reach`)."""
    rules = rules or module.rules
    r = reach(module, occupancy, unit, rules=rules, **kwargs)
    hit = r.hexes.get(target)
    if hit is not None:
        broken = [x for x in hit.rulings if x.rule == "stacking" and not hit.can_end]
        if not broken:
            return MoveJudgement(unit, target, True, True, hit.cost, hit.path, list(hit.rulings))
        allowed = rules.enforcement_of("stacking") != "enforce"
        return MoveJudgement(unit, target, False, allowed, hit.cost, hit.path, list(hit.rulings))
    # not reachable: is it ZOC that stops it, or movement itself (too far, prohibited)?
    rulings = list(r.rulings)
    if rules.enforcement_of("zoc") != "off":
        free = reach(module, occupancy, unit, rules=_without(rules, "zoc"), **kwargs).hexes.get(target)
        if free is not None:
            rulings.append(Ruling("zoc", "enemy ZOC prevents this move", rules.zoc.section, target))
            allowed = rules.enforcement_of("zoc") == "warn"
            return MoveJudgement(unit, target, False, allowed, free.cost, free.path, rulings)
    rulings.append(Ruling("movement", "not reachable with the movement available", rules.movement.section, target))
    return MoveJudgement(unit, target, False, rules.enforcement_of("movement") != "enforce", None, (), rulings)
