"""Air drops in the movement phase (DoM §2.3, §8.2), from ``rules.json`` ``drops``.

A unit waiting in a drop box may be dropped on any hex of :func:`runtime.rules.drop_zone`
in a movement phase of its side, when the drop's optional rule is on. It lands — in enemy
ZOC if the module allows it — and, with ``stop_on_landing``, counts as moved for the
phase: it cannot move further that turn. It never goes back to the box, so it drops once
per game; after that it is a unit like any other. A hex outside the zone is refused with
the reason (rule ``drop``), or allowed with a logged override at ``warn``.
"""

from __future__ import annotations

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import AirDrop, RulesConfig
from hexwright.runtime.rules import drop_problems, drop_zone
from hexwright.runtime.state import GameState, Location, MovePieces, check_hex, piece_name

from .actions import Drop
from .context import phase_of, phase_side, side_of
from .control import passed
from .data import EngineState, optional_on
from .overstack import check_move_end
from .transaction import Tx


def drop_of(module: Module, state: GameState, unit: str, rules: RulesConfig) -> AirDrop | None:
    """The air drop ``unit`` waits for in its box, whether or not it may be made now."""
    p = state.pieces.get(unit)
    if p is None or p.at.kind != "box":
        return None
    drop = rules.drop_from(p.at.id)
    if drop is None or (drop.units and unit not in drop.units):
        return None
    return drop


def _in_play(drop: AirDrop, state: GameState) -> bool:
    return drop.optional_rule is None or drop.optional_rule in optional_on(state)


def droppers(module: Module, state: GameState, data: EngineState, rules: RulesConfig) -> list[str]:
    """Units of the phase's side that may be dropped now (movement phase, rule in play, not moved)."""
    from .runner import allows_now

    if not allows_now(module, state, data.seq, "drop") or data.frames or not rules.drops:
        return []
    side = phase_side(module, state)
    out = []
    for pid in sorted(state.pieces):
        if pid in data.moved or pid not in module.pieces.pieces or side_of(module, pid) != side:
            continue
        drop = drop_of(module, state, pid, rules)
        if drop is not None and _in_play(drop, state):
            out.append(pid)
    return out


def _optional_name(module: Module, rule: str) -> str:
    opt = module.meta.optional_rules.get(rule)
    return opt.name if opt is not None else rule


def apply_drop(tx: Tx, act: Drop) -> None:
    m, s = tx.module, tx.state
    if act.unit not in s.pieces or act.unit not in m.pieces.pieces:
        tx.refuse(f"no unit {act.unit!r} in this game")
    name = piece_name(m, act.unit)
    drop = drop_of(m, s, act.unit, tx.rules)
    if drop is None:
        cited = next((d.section for d in tx.rules.drops if act.unit in d.units), "")
        if s.pieces[act.unit].at.kind == "hex" and any(act.unit in d.units for d in tx.rules.drops):
            tx.refuse(f"{name} has been dropped already: a unit is dropped once", cited)
        tx.refuse(f"{name} is not waiting in a box it can be dropped from", cited)
    sec = drop.section
    if not _in_play(drop, s):
        tx.refuse(f"the {_optional_name(m, drop.optional_rule or '')} optional rule is not in play", sec)
    phase = phase_of(m, s)
    if tx.data.frames:
        tx.refuse(f"finish the {tx.data.frames[-1].proc} first", phase.section if phase else "")
    side = side_of(m, act.unit)
    from .runner import allows

    if not allows(m, tx.data.seq, "drop") or phase_side(m, s) != side:
        now = phase.name if phase else "no phase"
        tx.refuse(f"{name} is dropped in a {m.pieces.sides[side].name} movement phase, not now ({now})", sec)
    if act.unit in tx.data.moved:
        tx.check("movement", f"{name} has already moved this phase", tx.rules.movement.section)
    check_hex(m, act.to)
    occ = s.occupancy()
    for problem in drop_problems(m, occ, act.unit, act.to, drop, tx.rules):
        if problem.rule == "sequence":
            tx.refuse(problem.text, problem.section, problem.hex)
        tx.check("drop", problem.text, problem.section, problem.hex)
    landed = drop_zone(m, occ, act.unit, drop, tx.rules).get(act.to)
    tx.do(MovePieces(pieces=(act.unit,), to=Location.hex(act.to)))
    tx.texts[-1] += " (air drop)"
    if landed is not None:
        for r in landed.rulings:
            tx.rule(r)
    check_move_end(tx, act.to)
    tx.state = passed(tx.state, side, (act.to,), tx.module)
    if drop.stop_on_landing:
        tx.set(moved=tuple(sorted(set(tx.data.moved) | {act.unit})))


def legal_drops(tx: Tx, units: list[str]) -> list[Drop]:
    out: list[Drop] = []
    occ = tx.state.occupancy()
    for unit in units:
        drop = drop_of(tx.module, tx.state, unit, tx.rules)
        if drop is not None:
            out += [Drop(unit=unit, to=h) for h in drop_zone(tx.module, occ, unit, drop, tx.rules)]
    return out
