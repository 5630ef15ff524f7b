"""The fires a side may make, as legal actions (``rules.json`` ``fire``; St-Lô 10.2, 14.1, 15.0,
16.0, 22.1).

For each target hex an OP observes (11.3) — with the OP at the place that gives it the highest OV,
the one whose fire is strongest (any other place is accepted by :func:`.fire.apply_fire`) — every
order of firing units the rules allow: each combination of up to the mission's ``offer_units``
units (and its ``max_units``) that may fire with that OP, each at every intensity it may fire at
and afford (10.2, 10.1.1), whose summed value reads a column of the table; and every unit that may
fire, together, at each intensity (each at the strongest it affords up to it). With ``offer_units``
None, every combination. A mission paid from a pool offers nothing once the pool is empty (15.0).
"""

from __future__ import annotations

from itertools import combinations, product

from hexwright.runtime.model.fire import FireMission
from hexwright.runtime.model.sequence import ActionsStep
from hexwright.runtime.rules import observe_many

from .actions import Fire
from .context import phase_side
from .fire import FirePart, _column, _near_enemy_op, enemies_by_hex, firing_units, op_hexes, ops_of, rules_of, unit_part
from .transaction import Tx

Order = tuple[tuple[str, ...], tuple[str, ...], int]
"""Units, their intensities, and their summed value before the OV."""


def unit_orders(tx: Tx, mission: FireMission, side: str, units: list[str], op: str = "",
                supports: str = "") -> list[Order]:
    """The orders of ``units`` that may fire in ``mission`` with ``op`` (see the module's text)."""
    fire = rules_of(tx)
    assert fire is not None
    allowed = mission.intensities or list(fire.intensities)
    options: dict[str, list[FirePart]] = {}
    for u in units:
        parts = [p for i in allowed if isinstance(p := unit_part(tx, mission, side, u, i, 1, op, supports), FirePart)]
        if parts:
            options[u] = parts
    ready = sorted(options)
    bounds = [b for b in (mission.offer_units, mission.max_units) if b is not None]
    limit = min([len(ready), *bounds])
    out: list[Order] = []
    for k in range(1, limit + 1):
        for combo in combinations(ready, k):
            for picks in product(*(options[u] for u in combo)):
                out.append((combo, tuple(p.intensity for p in picks), sum(p.value for p in picks)))
    if len(ready) > limit and (mission.max_units is None or len(ready) <= mission.max_units):
        seen: set[tuple[str, ...]] = set()
        for level in sorted(allowed, key=lambda i: fire.intensities[i].multiplier):
            cap = fire.intensities[level].multiplier
            strongest = [max((p for p in options[u] if p.multiplier <= cap), key=lambda p: p.multiplier,
                             default=options[u][0]) for u in ready]
            key = tuple(p.intensity for p in strongest)
            if key not in seen:
                seen.add(key)
                out.append((tuple(ready), key, sum(p.value for p in strongest)))
    return out


def _reads_a_column(tx: Tx, mission: FireMission, total: int) -> bool:
    fire = rules_of(tx)
    return fire is None or mission.table is None or bool(_column(fire.tables[mission.table], mission, total))


def legal_fires(tx: Tx, step: ActionsStep) -> list[Fire]:
    """Every fire the acting side may make in ``step`` (see the module's text)."""
    fire = rules_of(tx)
    if fire is None or step.mission is None or step.mission not in fire.missions:
        return []
    mid = step.mission
    mission = fire.missions[mid]
    side = phase_side(tx.module, tx.state) or ""
    if mission.pool is not None and tx.data.seq.pools.get(mission.pool, {}).get(side, 0) <= 0:
        return []
    units = firing_units(tx, side) if mission.value is not None else []
    if mission.target == "none":
        return [Fire(mission=mid, units=u, intensities=i) for u, i, total in unit_orders(tx, mission, side, units)
                if _reads_a_column(tx, mission, total)]
    targets = sorted(enemies_by_hex(tx, side))
    ops = ops_of(tx, side) if mission.observed else [""]
    if mission.op_near == "unit_types":
        ops = ops[:1]  # any OP of the side stands for every other (15.0 A: its division does not matter)
    out: list[Fire] = []
    for op in ops:
        places = op_hexes(tx, mission, op) if op else []
        seen = observe_many(tx.module, places, targets, rules=tx.rules) if op else {}
        orders = unit_orders(tx, mission, side, units, op) if mission.value is not None else [((), (), 0)]
        if not orders:
            continue
        for target in targets:
            best = max(((o.value, place) for place in places if (o := seen[(place, target)]).visible),
                       default=None) if op else (1, "")
            if best is None or (op and _near_enemy_op(tx, mission, best[1], side)):
                continue
            ov = best[0] if op and mission.ov_multiplies else 1
            out += [Fire(mission=mid, target=target, op=op, op_hex=best[1], units=u, intensities=i)
                    for u, i, total in orders if _reads_a_column(tx, mission, total * ov)]
    return out
