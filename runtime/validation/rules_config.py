"""Checking ``rules.json`` against the rest of the module: every id it names must exist.

A misspelt hexside feature in ``zoc.blocked_by_hexsides`` would otherwise silently do
nothing. :func:`rules_problems` lists every such reference as a :class:`ModuleIssue`
naming the file and field, for ``hexwright validate`` to report with the others.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import get_args

from hexwright.runtime.model import Module, Phase
from hexwright.runtime.model.issues import ModuleIssue
from hexwright.runtime.model.rules_config import RULE_IDS

from .operations_check import operations_problems
from .sequence_check import sequence_problems, step_ids

FILE = "rules.json"


def rules_problems(module: Module) -> list[ModuleIssue]:
    """Every reference in ``module.rules`` to an id the module does not define, sorted."""
    r = module.rules
    m = module.map
    hexsides = set(m.hexside_feature_types)
    terrain = set(m.terrain_types)
    features = set(m.hex_feature_types)
    unit_types = set(module.pieces.unit_types)
    optional = set(module.meta.optional_rules)
    out: list[ModuleIssue] = []

    def need(field: str, values: Iterable[str] | None, known: set[str], what: str) -> None:
        for v in values or []:
            if v not in known:
                out.append(ModuleIssue(FILE, field, f"unknown {what} {v!r}"))

    need("zoc.exerting_unit_types", r.zoc.exerting_unit_types, unit_types, "unit type")
    need("zoc.blocked_by_hexsides", r.zoc.blocked_by_hexsides, hexsides, "hexside feature")
    need("zoc.no_crossing_between_ezoc", r.zoc.no_crossing_between_ezoc, hexsides, "hexside feature")
    if r.zoc.withdrawal is not None:
        need("zoc.withdrawal.not_across_hexsides", r.zoc.withdrawal.not_across_hexsides, hexsides, "hexside feature")
        if r.zoc.withdrawal.optional_rule:
            need("zoc.withdrawal.optional_rule", [r.zoc.withdrawal.optional_rule], optional, "optional rule")
    sizes = {"•", "••", "•••", "I", "II", "III", "X", "XX", "XXX", "XXXX"}
    need("stacking.weights", r.stacking.weights, unit_types | sizes, "unit type or size")
    need("stacking.exempt_unit_types", r.stacking.exempt_unit_types, unit_types, "unit type")
    for mode_id, mode in sorted(r.movement.modes.items()):
        if mode.movement_class:
            need(f"movement.modes.{mode_id}.movement_class", [mode.movement_class],
                 set(module.pieces.movement_classes) | {t.movement_class for t in module.pieces.unit_types.values()},
                 "movement class")
    need("supply.blocked_by_hexsides", r.supply.blocked_by_hexsides, hexsides, "hexside feature")
    need("supply.blocked_by_terrain", r.supply.blocked_by_terrain, terrain, "terrain type")
    need("supply.source_feature_types", r.supply.source_feature_types, features, "hex feature type")
    if r.supply.road_leg is not None:
        need("supply.road_leg.connection_types", r.supply.road_leg.connection_types, set(m.connection_types),
             "connection type")
    need("los.blocking_terrain", r.los.blocking_terrain, terrain, "terrain type")
    need("los.blocking_features", r.los.blocking_features, features, "hex feature type")
    c = r.combat
    if c.crt is not None:
        need("combat.crt", [c.crt], set(module.tables.crts), "CRT")
    if c.formation_bonus is not None and c.formation_bonus.optional_rule:
        need("combat.formation_bonus.optional_rule", [c.formation_bonus.optional_rule], optional, "optional rule")
    for k, ov in enumerate(c.multiplier_overrides):
        need(f"combat.multiplier_overrides.{k}.feature", [ov.feature], terrain | features, "terrain or feature")
        need(f"combat.multiplier_overrides.{k}.across", ov.across, hexsides, "hexside feature")
    need("combat.terrain_benefits_side", c.terrain_benefits_side, terrain | features, "terrain or feature")
    need("combat.terrain_benefits_side", c.terrain_benefits_side.values(), set(module.pieces.sides), "side")
    need("combat.retreat.blocked_hexsides", c.retreat.blocked_hexsides, hexsides, "hexside feature")
    need("combat.retreat.hexsides_allowed_on_first_step", c.retreat.hexsides_allowed_on_first_step, hexsides,
         "hexside feature")
    need("combat.advance.blocked_hexsides", c.advance.blocked_hexsides, hexsides, "hexside feature")
    need("combat.advance.later_hex_terrain", c.advance.later_hex_terrain, terrain, "terrain type")
    kinds = set(get_args(Phase.model_fields["kind"].annotation))
    need("stacking.check_phases", r.stacking.check_phases, kinds, "phase kind")
    for k, drop in enumerate(r.drops):
        need(f"drops.{k}.box", [drop.box], set(m.boxes), "box")
        need(f"drops.{k}.units", drop.units, set(module.pieces.pieces), "piece")
        need(f"drops.{k}.terrain", drop.terrain, terrain, "terrain type")
        if drop.optional_rule:
            need(f"drops.{k}.optional_rule", [drop.optional_rule], optional, "optional rule")
    boxes = [d.box for d in r.drops]
    for box in sorted({b for b in boxes if boxes.count(b) > 1}):
        out.append(ModuleIssue(FILE, "drops", f"box {box!r} has more than one air drop"))
    need("enforcement", r.enforcement, set(RULE_IDS) | {f"step.{i}" for i in step_ids(module)}, "rule id")
    out += sequence_problems(module)
    out += operations_problems(module)
    return sorted(out)
