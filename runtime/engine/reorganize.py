"""Breakdown and buildup (St-Lô 12), as module data: the ``reorganize`` step.

A battalion breaks down into its own companies or substitute companies that take on its
designation (kept in the engine state, ``SeqState.designations``); companies build up into
the battalion again. Every change is a primitive move (``MovePieces``/``SetStep``), so undo,
saves and replays carry it.
"""

from __future__ import annotations

from hexwright.runtime.model.sequence import Reorganize
from hexwright.runtime.rules import command_radius
from hexwright.runtime.state import Location, MovePieces, SetStep, piece_name

from . import runner
from .hq import subordinates
from .transaction import Tx


def _size(tx: Tx, unit: str) -> str:
    return tx.module.pieces.pieces[unit].size


def battalion(tx: Tx, step: Reorganize, hq: str) -> str:
    return next((u for u in subordinates(tx.module, tx.data.seq, hq) if _size(tx, u) in step.battalion_sizes), "")


def _home(tx: Tx, hq: str) -> Location | None:
    """The HQ's box (St-Lô 12.1.1 B, 12.2 B: the HQ's box on the division display)."""
    box = tx.data.seq.hq_home.get(hq)
    if box is None and tx.state.pieces[hq].at.kind == "box":
        box = tx.state.pieces[hq].at.id
    return Location.box(box) if box else None


def substitutes(tx: Tx, step: Reorganize, unit: str) -> list[str]:
    """Companies a breakdown of ``unit`` may use: its own off the map, else substitutes from the
    boxes of its formation (or one above it) in order, waiting there or eliminated (12.2.1, 12.2.3)."""
    from .activation import in_formations

    m, seq = tx.module, tx.data.seq
    hq = seq.designations.get(unit, m.pieces.pieces[unit].hq) or ""
    own = [c for c in subordinates(m, seq, hq) if _size(tx, c) in step.company_sizes
           and tx.state.pieces[c].at.kind not in ("hex", "eliminated")]
    if len(own) >= step.companies:
        return own[: step.companies]
    formation = m.pieces.pieces[unit].formation
    boxes = next((b for f, b in sorted(step.substitute_boxes.items()) if in_formations(tx, formation, {f})), [])
    out: list[str] = []
    for box in boxes:
        waiting = [p for p in tx.state.stack(Location.box(box)) if p in m.pieces.pieces]
        fallen = [p for p, home in sorted(seq.substitutes.items()) if home == box
                  and tx.state.pieces[p].at.kind == "eliminated"]
        out += [p for p in waiting + fallen if p not in out and m.pieces.pieces[p].side == m.pieces.pieces[unit].side]
    return out[: step.companies]


def problem(tx: Tx, step: Reorganize) -> str:
    """Why the reorganization cannot be made now ("" if it can)."""
    act = tx.data.seq.activation
    hq = act.hq if act is not None else ""
    if not hq:
        return "no HQ is active"
    occ = tx.state.occupancy()
    if step.mode == "breakdown":
        unit = battalion(tx, step, hq)
        if unit not in occ:
            return "the battalion is not on the map"
        if tx.state.pieces[unit].step:
            return f"{piece_name(tx.module, unit)} has lost a step and may not break down"
        if len(substitutes(tx, step, unit)) < step.companies:
            return f"no {step.companies} companies are available"
        return ""
    companies = [c for c in subordinates(tx.module, tx.data.seq, hq) if c in occ and _size(tx, c) in step.company_sizes]
    if len(companies) < step.min_companies:
        return f"at least {step.min_companies} companies must be on the map"
    if step.radius is not None and hq in occ:
        inside = set(command_radius(tx.module, occ, hq, step.radius, blocked=True, rules=tx.rules))
        out = [c for c in companies if occ[c] not in inside]
        if out:
            return f"{', '.join(piece_name(tx.module, c) for c in out)} beyond the HQ's command radius"
    return ""


def reorganize(tx: Tx, step: Reorganize) -> None:
    why = problem(tx, step)
    cite = step.section
    if why:
        tx.refuse(f"{step.mode}: {why}", cite)
    act = tx.data.seq.activation
    assert act is not None
    (_breakdown if step.mode == "breakdown" else _buildup)(tx, step, act.hq)


def _swap(tx: Tx, gone: tuple[str, ...], new: tuple[str, ...]) -> None:
    """The activation running orders the new units instead of those that left the map; their
    assets go with them (12.1.3, 12.2.5)."""
    from .assets import transfer

    transfer(tx, gone, new)
    act = tx.data.seq.activation
    if act is None:
        return
    units = tuple(sorted((set(act.units) - set(gone)) | set(new)))
    runner.seq_set(tx, activation=act.model_copy(update={"units": units, "participants": None}))


def _breakdown(tx: Tx, step: Reorganize, hq: str) -> None:
    unit = battalion(tx, step, hq)
    hex = tx.state.hex_of(unit)
    assert hex is not None
    companies = substitutes(tx, step, unit)
    home = _home(tx, hq)
    tx.do(MovePieces(pieces=(unit,), to=home or Location.off("unavailable")))
    seq = tx.data.seq
    designations, subs = dict(seq.designations), dict(seq.substitutes)
    for c in companies:
        at = tx.state.pieces[c].at
        if tx.module.pieces.pieces[c].hq != hq:
            designations[c] = hq
            if at.kind == "box":
                subs[c] = at.id
        if tx.state.pieces[c].step:
            tx.do(SetStep(piece=c, step=0))
        tx.do(MovePieces(pieces=(c,), to=Location.hex(hex)))
    runner.seq_set(tx, designations=dict(sorted(designations.items())), substitutes=dict(sorted(subs.items())))
    _swap(tx, (unit,), tuple(companies))
    tx.say(f"{piece_name(tx.module, unit)} breaks down into {', '.join(piece_name(tx.module, c) for c in companies)}"
           + (f" — {step.section}" if step.section else ""))


def _buildup(tx: Tx, step: Reorganize, hq: str) -> None:
    occ = tx.state.occupancy()
    seq = tx.data.seq
    companies = [c for c in subordinates(tx.module, seq, hq) if c in occ and _size(tx, c) in step.company_sizes]
    unit = battalion(tx, step, hq)
    home = _home(tx, hq)
    for c in companies:
        back = seq.substitutes.get(c)
        to = Location.box(back) if back else home
        tx.do(MovePieces(pieces=(c,), to=to or Location.off("unavailable")))
    runner.seq_set(tx, designations={k: v for k, v in seq.designations.items() if k not in companies},
                   substitutes={k: v for k, v in seq.substitutes.items() if k not in companies})
    at = tx.state.hex_of(hq) or (occ.get(companies[0]) if companies else None)
    assert at is not None
    reduced = len(companies) < step.companies
    tx.do(SetStep(piece=unit, step=min(1 if reduced else 0, len(tx.module.pieces.pieces[unit].steps) - 1)))
    tx.do(MovePieces(pieces=(unit,), to=Location.hex(at)))
    _swap(tx, tuple(companies), (unit,))
    tx.say(f"{', '.join(piece_name(tx.module, c) for c in companies)} build up into {piece_name(tx.module, unit)}"
           + (" (reduced)" if reduced else "") + (f" — {step.section}" if step.section else ""))
