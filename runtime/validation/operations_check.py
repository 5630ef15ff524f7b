"""Checking what the operations capabilities of ``rules.json`` name (St-Lô 6, 7, 9.2, 13, 18):
HQ activation and HQ phase steps, costed options, entrenching, hex markers, CRT lines and
arrivals by box or after another group — every pool, status, marker, CRT, box and group
named must exist (``hexwright validate`` lists each)."""

from __future__ import annotations

from collections.abc import Iterable

from hexwright.runtime.model import Module
from hexwright.runtime.model.issues import ModuleIssue
from hexwright.runtime.model.sequence import (
    Activation,
    AfterTrigger,
    ChoiceStep,
    Entrench,
    HqRoll,
    Loop,
    MoraleRecovery,
    Reorganize,
    Step,
)

FILE = "rules.json"


def operations_problems(module: Module) -> list[ModuleIssue]:
    r = module.rules
    out: list[ModuleIssue] = []

    def need(field: str, values: Iterable[str], known: Iterable[str], what: str) -> None:
        have = set(known)
        out.extend(ModuleIssue(FILE, field, f"unknown {what} {v!r}") for v in values if v not in have)

    def check(steps: list[Step], where: str) -> None:
        for k, st in enumerate(steps):
            f = f"{where}.{k}"
            if isinstance(st, (Loop, Activation)):
                check(st.steps, f"{f}.steps")
            if isinstance(st, HqRoll):
                need(f"{f}.pool", [st.pool] if st.pool else [], r.pools, "pool")
                need(f"{f}.flip_to", [st.flip_to] if st.flip_to else [], r.statuses, "status")
                need(f"{f}.loss_with_status", st.loss_with_status, r.statuses, "status")
                for j, first in enumerate(st.first_attempt):
                    need(f"{f}.first_attempt.{j}.formations", first.formations, module.pieces.formations, "formation")
            if isinstance(st, MoraleRecovery):
                need(f"{f}.status", [st.status] if st.status else [], r.statuses, "status")
                need(f"{f}.sides", st.sides, module.pieces.sides, "side")
            if isinstance(st, Entrench):
                need(f"{f}.marker", [st.marker], r.hex_markers, "hex marker (rules.json hex_markers)")
                need(f"{f}.unit_types", st.unit_types, module.pieces.unit_types, "unit type")
                need(f"{f}.upgrade_features", st.upgrade_features, module.map.hex_feature_types, "hex feature type")
            if isinstance(st, Reorganize):
                need(f"{f}.substitute_boxes", st.substitute_boxes, module.pieces.formations, "formation")
                for form, boxes in sorted(st.substitute_boxes.items()):
                    need(f"{f}.substitute_boxes.{form}", boxes, module.map.boxes, "box")
            if isinstance(st, ChoiceStep):
                for j, o in enumerate(st.options):
                    if o.cost is not None:
                        need(f"{f}.options.{j}.cost.pool", [o.cost.pool], r.pools, "pool")

    for lists in (r.sequence.phases, r.sequence.procedures):
        for name, steps in sorted(lists.items()):
            check(steps, f"sequence.{'phases' if lists is r.sequence.phases else 'procedures'}.{name}")
    need("hex_markers", r.hex_markers, module.pieces.markers, "marker (pieces.json markers)")
    for j, line in enumerate(r.combat.crt_lines):
        need(f"combat.crt_lines.{j}.crt", [line.crt], module.tables.crts, "CRT")
    if r.assets is not None:
        a = r.assets
        need("assets.classes", a.classes, module.pieces.unit_types, "unit type")
        need("assets.parent_types", a.parent_types, module.pieces.unit_types, "unit type")
        need("assets.from_boxes", a.from_boxes, module.map.boxes, "box")
        need("assets.holding_boxes", a.holding_boxes, module.pieces.formations, "formation")
        need("assets.holding_boxes", a.holding_boxes.values(), module.map.boxes, "box")
        need("assets.division_boxes", a.division_boxes, module.pieces.formations, "formation")
        need("assets.division_boxes", a.division_boxes.values(), module.map.boxes, "box")
    for gid, g in sorted(r.arrivals.items()):
        need(f"arrivals.{gid}.boxes", g.boxes, g.pieces, "piece of the group")
        need(f"arrivals.{gid}.boxes", g.boxes.values(), module.map.boxes, "box")
        if isinstance(g.trigger, AfterTrigger):
            need(f"arrivals.{gid}.trigger.group", [g.trigger.group], r.arrivals, "arrival group")
    return out
