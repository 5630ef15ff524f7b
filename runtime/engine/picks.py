"""Choices that pick several of their candidates, one ``choose`` each (``ChoiceOption`` of kind
``formations`` or ``arrivals``): the formations an activation then orders (ToV 4.3 SHAEF /
OB West: "direct units of any two divisions"), or the arrival groups that come in (ToV 11.2:
"select units of one division from among the available reinforcements"; 11.3 reserves).

While a side picks, only that option's remaining candidates are legal, plus ending the
picking (``choose`` with no target) once ``min_count`` are picked. Each pick is logged and
undoable like every action; the picking ends by itself when ``count`` are picked or no
candidate is left."""

from __future__ import annotations

from hexwright.runtime.model.sequence import ChoiceOption, ChoiceStep
from hexwright.runtime.state import piece_name

from . import runner
from .actions import Choose
from .transaction import Tx

PICKED_KINDS = ("formations", "arrivals")


def _on_map(tx: Tx) -> set[str]:
    return set(tx.state.occupancy())


def formation_candidates(tx: Tx, option: ChoiceOption, side: str) -> list[str]:
    """Formations of ``side`` (of the option's echelons, among its list) with a unit on the map."""
    from .activation import in_formations

    m = tx.module
    on_map = _on_map(tx)
    out = []
    for fid, f in sorted(m.pieces.formations.items()):
        if f.side != side or (option.formations and fid not in option.formations):
            continue
        if option.echelons and f.echelon not in option.echelons:
            continue
        if any(p in on_map and m.pieces.pieces[p].side == side and in_formations(tx, m.pieces.pieces[p].formation, {fid})
               for p in sorted(tx.state.pieces)):
            out.append(fid)
    return out


def arrival_candidates(tx: Tx, option: ChoiceOption, side: str) -> list[str]:
    """Arrival groups of ``side`` with a choice trigger that are available now (ToV 11.2: from their turn)."""
    seq = tx.data.seq
    on_map = _on_map(tx)
    out = []
    for gid, g in sorted(tx.module.rules.arrivals.items()):
        t = g.trigger
        if g.side != side or t.kind != "choice" or (option.groups and gid not in option.groups):
            continue
        if gid in seq.arrived or gid in seq.delayed or t.from_turn > tx.state.turn:
            continue
        if all(p in on_map for p in t.after_on_map):
            out.append(gid)
    return out


def candidates(tx: Tx, option: ChoiceOption, side: str) -> list[str]:
    if option.kind == "formations":
        return formation_candidates(tx, option, side)
    return arrival_candidates(tx, option, side)


def _least(option: ChoiceOption, available: int) -> int:
    """How many must be picked before the picking may end."""
    least = option.count if option.min_count is None else option.min_count
    return min(least, available)


def pick_options(tx: Tx, option: ChoiceOption, side: str) -> list[Choose]:
    """The ``choose`` actions open for ``option``: its remaining candidates, and ending the picking."""
    seq = tx.data.seq
    picked = seq.picked if seq.picking == option.id else ()
    left = [c for c in candidates(tx, option, side) if c not in picked]
    out = [Choose(option=option.id, target=c) for c in left]
    if len(picked) >= _least(option, len(picked) + len(left)):
        out.append(Choose(option=option.id))
    return out


def _name(tx: Tx, option: ChoiceOption, item: str) -> str:
    if option.kind == "formations":
        f = tx.module.pieces.formations.get(item)
        return f.name if f is not None else item
    group = tx.module.rules.arrivals.get(item)
    return ", ".join(piece_name(tx.module, p) for p in group.pieces) if group is not None else item


def apply_pick(tx: Tx, step: ChoiceStep, option: ChoiceOption, act: Choose, who: str) -> None:
    """One pick (or the end of the picking, with no target); the picking ends by itself when
    ``count`` are picked or no candidate is left, and its result is applied."""
    seq = tx.data.seq
    side = seq.active
    if not seq.picking:
        runner.record_pass(tx, None)
    picked = seq.picked if seq.picking == option.id else ()
    if act.target:
        picked = picked + (act.target,)
        runner.seq_set(tx, picking=option.id, picked=picked)
        tx.say(f"{who} picks {_name(tx, option, act.target)} ({len(picked)} of up to {option.count})"
               + (f" — {step.section}" if step.section else ""))
        left = [c for c in candidates(tx, option, side) if c not in picked]
        if len(picked) < option.count and left:
            return
    runner.seq_set(tx, picking="", picked=())
    names = ", ".join(_name(tx, option, x) for x in picked) or "none"
    tx.say(f"{who} chooses {option.label or option.id}: {names}")
    if option.kind == "formations":
        runner.seq_set(tx, formations=tuple(sorted(picked)))
    else:
        from .arrivals import place

        for gid in picked:
            place(tx, gid, tx.module.rules.arrivals[gid])
    if option.procedure:
        runner.call(tx, option.procedure)
    else:
        runner.done(tx)
