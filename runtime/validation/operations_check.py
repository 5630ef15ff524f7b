"""Checking what the operations capabilities of ``rules.json`` name (St-Lô 6, 7, 9.2, 13, 18):
HQ activation and HQ phase steps, costed options, entrenching, hex markers, CRT lines and
arrivals by box or after another group — every pool, status, marker, CRT, box and group
named must exist (``hexwright validate`` lists each)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hexwright.runtime.model import Module
from hexwright.runtime.model.issues import ModuleIssue
from hexwright.runtime.model.sequence import (
    ActionsStep,
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
            if isinstance(st, ActionsStep) and st.mission is not None:
                fire = r.fire.missions if r.fire is not None else {}
                need(f"{f}.mission", [st.mission], fire, "fire mission (rules.json fire.missions)")
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
    out += _fire_problems(module, need)
    group_of: dict[str, str] = {}
    for gid, g in sorted(r.arrivals.items()):
        need(f"arrivals.{gid}.boxes", g.boxes, g.pieces, "piece of the group")
        need(f"arrivals.{gid}.boxes", g.boxes.values(), module.map.boxes, "box")
        if isinstance(g.trigger, AfterTrigger):
            need(f"arrivals.{gid}.trigger.group", [g.trigger.group], r.arrivals, "arrival group")
        for p in g.pieces:  # a second group would bring it again, wherever it is by then
            if p in group_of:
                out.append(ModuleIssue(FILE, f"arrivals.{gid}.pieces", f"{p!r} arrives with group {group_of[p]!r} already"))
            group_of.setdefault(p, gid)
    return out


def _fire_problems(module: Module, need: Callable[[str, Iterable[str], Iterable[str], str], None]) -> list[ModuleIssue]:
    """What ``rules.json`` ``fire`` names must exist (St-Lô 10, 14–16)."""
    fire = module.rules.fire
    if fire is None:
        return []
    types = module.pieces.unit_types
    need("fire.unit_types", fire.unit_types, types, "unit type")
    need("fire.op_unit_types", fire.op_unit_types, types, "unit type")
    for field in ("pinned", "disrupted", "disorganized"):
        value = getattr(fire, field)
        need(f"fire.{field}", [value] if value else [], module.rules.statuses, "status")
    need("fire.initiative_pool", [fire.initiative_pool] if fire.initiative_pool else [], module.rules.pools, "pool")
    for mid, mission in sorted(fire.missions.items()):
        f = f"fire.missions.{mid}"
        need(f"{f}.op_unit_types", mission.op_unit_types, types, "unit type")
        need(f"{f}.always_fire", mission.always_fire, module.pieces.formations, "formation")
        need(f"{f}.pool", [mission.pool] if mission.pool else [], module.rules.pools, "pool")
        need(f"{f}.weather_drms", [w.side for w in mission.weather_drms], module.pieces.sides, "side")
        for j, group in enumerate(mission.loss_order):
            need(f"{f}.loss_order.{j}", group, types, "unit type")
    return []
