"""Activations (ToV 2.3, 4.3; St-Lô 6.0, 7.2.1): which units an activation orders and how
often each may move and attack in it, as data (``rules.json`` ``sequence`` ``activation``).

Units are chosen when the activation begins — by the HQ's command range (plain distance,
ToV 2.3, or a radius avoiding enemy units and unoccupied EZOC, St-Lô 7.4.1), by the HQ's
designation, by the formations a chit names, or the whole side — so a unit that leaves the
range stays activated and one that enters it later is not (ToV 2.3). Moves and attacks are
counted per activation: a new activation starts with none made."""

from __future__ import annotations

from hexwright.runtime.model.sequence import Activation
from hexwright.runtime.rules import command_radius
from hexwright.runtime.state import piece_name

from . import runner
from .seqdata import Activated
from .statuses import add_status, blocked_from, remove_status
from .transaction import Tx


def _top_formation(tx: Tx, formation: str | None) -> str | None:
    forms = tx.module.pieces.formations
    seen = set()
    while formation in forms and forms[formation].parent and formation not in seen:
        seen.add(formation)
        formation = forms[formation].parent
    return formation


def in_formations(tx: Tx, formation: str | None, wanted: set[str]) -> bool:
    forms = tx.module.pieces.formations
    seen = set()
    while formation is not None and formation not in seen:
        if formation in wanted:
            return True
        seen.add(formation)
        formation = forms[formation].parent if formation in forms else None
    return False


def _hq_of(tx: Tx, step: Activation) -> str:
    if step.select.hq_from == "choice":
        return tx.data.seq.hq
    if step.select.hq_from == "fixed":
        return step.select.hq if step.select.hq in tx.module.pieces.pieces else ""
    chit = tx.module.pieces.chits.get(tx.data.seq.chit)
    if chit is None:
        return ""
    return next((a for a in chit.activates if a in tx.module.pieces.pieces), "")


def select_units(tx: Tx, step: Activation, side: str) -> tuple[str, list[str]]:
    """(the HQ, the units activated), sorted."""
    m, s = tx.module, tx.state
    sel = step.select
    occ = s.occupancy()
    mine = [p for p in sorted(s.pieces) if m.pieces.pieces[p].side == side]
    hq = _hq_of(tx, step) if sel.by in ("hq_range", "designation") else ""
    if sel.by == "side":
        units = [p for p in mine if p in occ]
    elif sel.by == "arrivals":
        units = []
    elif sel.by == "area":
        area = m.map.areas.get(sel.area or "")
        hexes = set(area.hexes) if area is not None else set()
        units = [p for p in mine if occ.get(p) in hexes]
    elif sel.by == "formation":
        chit = m.pieces.chits.get(tx.data.seq.chit)
        named = tx.data.seq.formations if sel.formations_from == "choice" else (chit.activates if chit else [])
        wanted = {a for a in named if a in m.pieces.formations}
        units = [p for p in mine if p in occ and in_formations(tx, m.pieces.pieces[p].formation, wanted)]
    elif sel.by == "designation":
        from .hq import subordinates

        units = [p for p in subordinates(m, tx.data.seq, hq) if p in mine and p in occ]
    else:
        units = []
        if hq in occ:
            piece = m.pieces.pieces[hq]
            step_values = piece.steps[min(s.pieces[hq].step, len(piece.steps) - 1)]
            radius = sel.range if sel.range is not None else (step_values.command_range or 0)
            hexes = set(command_radius(m, occ, hq, radius, blocked=sel.range_kind == "radius", rules=tx.rules))
            units = [p for p in mine if occ.get(p) in hexes and p != hq]
    if hq and sel.same != "any":
        ref = m.pieces.pieces[hq].formation
        if sel.same == "formation":
            units = [p for p in units if m.pieces.pieces[p].formation == ref]
        else:
            top = _top_formation(tx, ref)
            units = [p for p in units if _top_formation(tx, m.pieces.pieces[p].formation) == top]
    if sel.only_formations:
        units = [p for p in units if in_formations(tx, m.pieces.pieces[p].formation, set(sel.only_formations))]
    hq_types = {t for t, ut in m.pieces.unit_types.items() if ut.is_hq}
    units = [p for p in units if m.pieces.pieces[p].unit_type not in hq_types or p == hq]
    if hq and sel.include_hq and hq in occ:
        units.append(hq)
    units = [p for p in units if not any(st in sel.exclude_statuses for st in tx.data.seq.statuses.get(p, ()))]
    if sel.unit_types:
        units = [p for p in units if m.pieces.pieces[p].unit_type in sel.unit_types]
    units = [p for p in units if not blocked_from(m, s, p, "activate")]
    units += [p for p in tx.data.seq.arriving if p not in units and m.pieces.pieces[p].side == side]
    return hq, sorted(set(units))


def begin_activation(tx: Tx, step: Activation) -> None:
    side = runner.acting_side(tx, step)
    hq, units = select_units(tx, step, side)
    runner.seq_set(tx, activation=Activated(hq=hq, units=tuple(units), moves=step.moves, attacks=step.attacks))
    tx.set(moved=(), attacked=(), defended=(), declared=(), resolving=False)
    runner.seq_set(tx, defended_hexes=())
    for unit in units:
        if step.status:
            add_status(tx, unit, step.status, quiet=True)
    head = f"{piece_name(tx.module, hq)} activates" if hq else f"{runner.step_name(step)}:"
    names = ", ".join(piece_name(tx.module, u) for u in units) or "no unit"
    tx.say(f"{head} {names}" + (f" — {step.section}" if step.section else ""))


def end_activation(tx: Tx, step: Activation) -> None:
    act = tx.data.seq.activation
    if act is not None and step.status:
        for unit in act.units:
            remove_status(tx, unit, step.status)
    if step.clear_pool and tx.data.seq.pools.get(step.clear_pool, {}).get(tx.data.seq.active):
        from .steps import set_pool_value

        set_pool_value(tx, step.clear_pool, tx.data.seq.active, 0)
    if act is not None and act.hq and step.return_hq:
        from .hq import return_hq

        return_hq(tx, act.hq)
    runner.seq_set(tx, activation=None, arriving=(), defended_hexes=())
    tx.set(moved=(), attacked=(), defended=(), declared=(), resolving=False)
