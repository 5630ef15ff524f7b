"""Actions paid from a side pool (St-Lô 7.0–7.5: tactical actions paid in TAPs), as module
data: a choice option's ``cost`` (``runtime.model.sequence.ActionCost``).

When such an option is chosen inside an activation, the cost is worked out from the HQ's
line of communication (``runtime.rules.supply``, 7.3) and the command radius of its units
(``runtime.rules.command_radius``, 7.4), paid, and the units that take part are fixed for
the procedure the option runs (7.4.5: measured at the start of each action).
"""

from __future__ import annotations

from dataclasses import dataclass

from hexwright.runtime.model.sequence import ActionCost, ActionsStep, ChoiceOption, Reorganize
from hexwright.runtime.rules import command_radius, supply
from hexwright.runtime.state import piece_name

from . import runner
from .state_position import state_position
from .transaction import Tx


@dataclass(frozen=True)
class Priced:
    """An action's price now: its cost, the units taking part, and why it may not be chosen ("")."""

    cost: int
    units: tuple[str, ...]
    problem: str = ""
    notes: tuple[str, ...] = ()


def _pool(tx: Tx, cost: ActionCost) -> int:
    return tx.data.seq.pools.get(cost.pool, {}).get(tx.data.seq.active, 0)


def hq_traces(tx: Tx, hq: str) -> bool:
    """The HQ traces its side's line of communication (St-Lô 7.3.1)."""
    m = tx.module
    if hq not in m.pieces.pieces or tx.state.hex_of(hq) is None:
        return False
    return lines_of(tx, m.pieces.pieces[hq].side).get(hq, False)


def lines_of(tx: Tx, side: str) -> dict[str, bool]:
    """Each unit of ``side`` on the map → whether it traces its line of communication now
    (St-Lô 7.3.1; 9.3.2 A: a defending unit assigned assets)."""
    with state_position(tx.module, tx.state) as (pos, _stamp):
        return supply(tx.module, pos, side, control=tx.state.control, rules=tx.rules).units


def price(tx: Tx, cost: ActionCost) -> Priced:
    """What choosing an option with ``cost`` costs now, and who takes part (7.1–7.5)."""
    m, act = tx.module, tx.data.seq.activation
    if act is None:
        return Priced(0, (), "no activation is running")
    if cost.first_only and act.actions:
        return Priced(0, (), "only as the first and only action of an activation")
    occ = tx.state.occupancy()
    loc = hq_traces(tx, act.hq) if act.hq else True
    notes: list[str] = []
    base = cost.points
    if not loc:
        if not cost.without_loc_allowed:
            return Priced(0, (), f"{piece_name(m, act.hq)} traces no line of communication")
        if cost.without_loc is not None:
            base = cost.without_loc
        notes.append("no line of communication")
    inside: set[str] | None = None
    if cost.radius is not None and act.hq in occ:
        inside = set(command_radius(m, occ, act.hq, cost.radius, blocked=cost.range_kind == "radius", rules=tx.rules))
    units: list[str] = []
    price_ = base
    for unit in act.units:
        size = m.pieces.pieces[unit].size
        if unit not in occ or unit == act.hq or (cost.sizes and size not in cost.sizes):
            continue
        held = set(tx.data.seq.statuses.get(unit, ()))
        if held & set(cost.exclude_statuses) or (cost.with_statuses and not held & set(cost.with_statuses)):
            continue
        if inside is not None and occ[unit] not in inside:
            if not loc or size not in cost.out_of_command:
                continue
            price_ = max(price_, cost.out_of_command[size])
            notes.append(f"{piece_name(m, unit)} beyond command radius")
        units.append(unit)
    if not units:
        return Priced(price_, (), "no unit may take part")
    pool = _pool(tx, cost)
    need = max(price_, cost.points) if cost.all else price_
    if pool < need:
        return Priced(price_, tuple(units), f"costs {need}, {pool} left")
    return Priced(pool if cost.all else price_, tuple(units), "", tuple(notes))


def procedure_problem(tx: Tx, option: ChoiceOption) -> tuple[str, str]:
    """(why, section) when the procedure ``option`` runs cannot be done now: a reorganization
    whose conditions fail (St-Lô 12.1.1, 12.2 A, 12.2.1 C), a fire mission paid from a pool the
    side has no point left in (15.0: no air strike left this turn); ("", "") otherwise."""
    from .reorganize import problem

    steps = tx.module.rules.sequence.procedures.get(option.procedure or "", [])
    first = steps[0] if steps else None
    if isinstance(first, Reorganize):
        why = problem(tx, first)
        return why, first.section
    fire = tx.rules.fire
    if isinstance(first, ActionsStep) and first.mission is not None and fire is not None:
        mission = fire.missions.get(first.mission)
        pool = mission.pool if mission is not None else None
        if mission is not None and pool is not None and tx.data.seq.pools.get(pool, {}).get(tx.data.seq.active, 0) <= 0:
            decl = tx.rules.pools.get(pool)
            return f"no {decl.name if decl is not None else pool} left", mission.section
    return "", ""


def pay(tx: Tx, option: ChoiceOption) -> None:
    """Pay for ``option`` and fix the units taking part (refused with its section if it cannot be chosen)."""
    from .steps import set_pool_value

    cost = option.cost
    assert cost is not None
    found = price(tx, cost)
    name = option.label or option.id
    if found.problem:
        tx.refuse(f"{name}: {found.problem}", cost.section)
    why, section = procedure_problem(tx, option)
    if why:
        tx.refuse(f"{name}: {why}", section)
    act = tx.data.seq.activation
    assert act is not None
    side = tx.data.seq.active
    left = _pool(tx, cost) - found.cost
    set_pool_value(tx, cost.pool, side, left)
    why = f" ({', '.join(found.notes)})" if found.notes else ""
    tx.say(f"{name}: {found.cost} point(s){why}, {', '.join(piece_name(tx.module, u) for u in found.units)}"
           + (f" — {cost.section}" if cost.section else ""))
    runner.seq_set(tx, activation=act.model_copy(update={
        "actions": act.actions + 1, "participants": found.units, "action": name, "attack_drm": option.attack_drm,
        "step_moved": {}, "step_attacked": {}}))
    if cost.first_only and left:
        set_pool_value(tx, cost.pool, side, 0)


def open_options(tx: Tx, options: list[ChoiceOption]) -> list[ChoiceOption]:
    """Options whose cost can be paid now (those without a cost, always)."""
    return [o for o in options if (o.cost is None or not price(tx, o.cost).problem) and not procedure_problem(tx, o)[0]]
