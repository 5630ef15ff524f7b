"""Arrivals (``rules.json`` ``arrivals``): groups of units triggered by a turn, by the Nth
draw of a chit (ToV 11.1) or by a die roll (St-Lô 18.1), the groups of a queue in their
order, one per success; placed on their entry hexes or in their box, delayed while every
entry hex is blocked (St-Lô 18.2.1), with the VP they cost or earn (ToV 11.3)."""

from __future__ import annotations

from hexwright.runtime.model.sequence import AfterTrigger, ArrivalGroup, ArrivalsStep, Step
from hexwright.runtime.rules import make_board, stacking_violations, zoc_of_side
from hexwright.runtime.rules.supply import source_hexes
from hexwright.runtime.state import Location, MovePieces, piece_name

from . import runner
from .steps import _roll
from .transaction import Tx


def _groups(tx: Tx, step: ArrivalsStep | None) -> list[tuple[str, ArrivalGroup]]:
    groups = tx.module.rules.arrivals
    ids = step.groups if step is not None and step.groups else sorted(groups)
    return [(g, groups[g]) for g in ids if g in groups]


def entry_hexes(tx: Tx, group: ArrivalGroup) -> list[str]:
    """The group's entry hexes, then its side's supply sources when it enters there (ToV 11.2)."""
    sources = source_hexes(tx.module, tx.rules.supply, group.side) if group.at_sources else []
    if group.controlled_sources:
        from .control import control_map

        control = control_map(tx.module, tx.state)
        sources = [h for h in sources if control.get(h) == group.side]
    return list(dict.fromkeys(list(group.hexes) + sources))


def _enemy_zoc(tx: Tx, side: str) -> set[str]:
    """Hexes in an enemy ZOC, friendly units or not (ToV 11.2: they do not negate it for placement)."""
    board = make_board(tx.module, tx.state.occupancy())
    out: set[str] = set()
    for other in tx.module.pieces.sides:
        if other != side:
            out |= {board.hm.labels[i] for i in zoc_of_side(board, tx.rules.zoc, other)}
    return out


def _free_hex(tx: Tx, group: ArrivalGroup, piece: str, placed: dict[str, str]) -> str | None:
    """The first entry hex ``piece`` may be placed in: no enemy unit, within the stacking limit
    by weight and exemptions (St-Lô 8.3, 18.2.1), out of an enemy ZOC when the group says so."""
    occ = {**tx.state.occupancy(), **placed}
    ezoc = _enemy_zoc(tx, group.side) if group.not_in_ezoc else set()
    for hex in entry_hexes(tx, group):
        if hex in ezoc:
            continue
        if any(tx.module.pieces.pieces[p].side != group.side for p, h in occ.items() if h == hex):
            continue
        trial = {**occ, piece: hex}
        if not any(h == hex for h, _why in stacking_violations(tx.module, trial, tx.rules)):
            return hex
    return None


def place(tx: Tx, gid: str, group: ArrivalGroup) -> bool:
    """Bring ``group`` in; False if its entry is blocked and it waits (delayed)."""
    pieces = [p for p in group.pieces if p in tx.state.pieces]
    seq = tx.data.seq
    where: dict[str, str] = {}
    if entry_hexes(tx, group):
        placed: dict[str, str] = {}
        for p in pieces:
            if p in group.boxes:
                continue
            hex = _free_hex(tx, group, p, placed)
            if hex is None:
                if group.delay_when_blocked:
                    if gid not in seq.delayed:
                        runner.seq_set(tx, delayed=tuple(sorted(seq.delayed + (gid,))))
                    tx.say(f"arrival {gid} delayed: every entry hex ({', '.join(entry_hexes(tx, group))}) is blocked"
                           + (f" — {group.section}" if group.section else ""))
                    return False
                break
            where[p] = placed[p] = hex
    for p in pieces:
        box = group.boxes.get(p, group.box)
        to = Location.hex(where[p]) if p in where else Location.box(box) if box else None
        if to is not None:
            tx.do(MovePieces(pieces=(p,), to=to))
    seq = tx.data.seq
    runner.seq_set(tx, arrived=tuple(sorted(seq.arrived + (gid,))),
                   delayed=tuple(g for g in seq.delayed if g != gid),
                   arriving=tuple(sorted(set(seq.arriving) | set(pieces))),
                   entered=dict(sorted({**seq.entered, **dict.fromkeys(pieces, tx.state.turn)}.items())))
    names = ", ".join(piece_name(tx.module, p) for p in pieces)
    vp = f", {group.vp:+d} VP" if group.vp else ""
    tx.say(f"arrival {gid}: {names}{vp}" + (f" — {group.section}" if group.section else ""))
    return True


def _queue(gid: str, group: ArrivalGroup) -> str:
    return group.queue or gid


def _next_in_queues(tx: Tx, step: ArrivalsStep | None) -> dict[str, tuple[str, ArrivalGroup]]:
    """For each queue with a die trigger due this turn: its next group not yet triggered."""
    seq = tx.data.seq
    out: dict[str, tuple[str, ArrivalGroup]] = {}
    for gid, g in sorted(_groups(tx, step), key=lambda x: (x[1].order, x[0])):
        q = _queue(gid, g)
        if gid in seq.arrived or gid in seq.delayed or q in out:
            continue
        if g.trigger.kind == "die" and g.trigger.from_turn <= tx.state.turn:
            out[q] = (gid, g)
        elif g.queue:
            out[q] = ("", g)  # an earlier group of the queue waits for another trigger
    automatic = {_queue(gid, g) for gid, g in _groups(tx, step)
                 if isinstance(g.trigger, AfterTrigger) and _arrival_turn(tx, gid) == tx.state.turn}
    return {q: v for q, v in out.items() if v[0] and q not in automatic}  # 18.1.2 B: no roll that turn


def begin_arrivals(tx: Tx, step: ArrivalsStep) -> bool:
    """Place delayed and turn-triggered groups; True when a die roll is due."""
    runner.seq_set(tx, arriving=())
    for gid in tx.data.seq.delayed:
        group = tx.module.rules.arrivals.get(gid)
        if group is not None:
            place(tx, gid, group)
    for gid, g in _groups(tx, step):
        seq = tx.data.seq
        if gid in seq.arrived or gid in seq.delayed:
            continue
        t = g.trigger
        if (t.kind == "turn" and t.turn <= tx.state.turn) or (isinstance(t, AfterTrigger) and _arrival_turn(tx, t.group) is not None and \
                tx.state.turn >= (_arrival_turn(tx, t.group) or 0) + t.turns):
            place(tx, gid, g)
    return bool(_next_in_queues(tx, step))


def _arrival_turn(tx: Tx, gid: str) -> int | None:
    """The turn group ``gid`` arrived (None: not yet)."""
    group = tx.module.rules.arrivals.get(gid)
    if group is None or gid not in tx.data.seq.arrived:
        return None
    return min((tx.data.seq.entered[p] for p in group.pieces if p in tx.data.seq.entered), default=None)


def roll_arrivals(tx: Tx, step: Step) -> None:
    assert isinstance(step, ArrivalsStep)
    for _q, (gid, g) in sorted(_next_in_queues(tx, step).items()):
        assert g.trigger.kind == "die"
        rolled = _roll(tx, g.trigger.die)[0]
        sides = tx.module.pieces.sides
        who = sides[g.side].name if g.side in sides else g.side
        ok = rolled <= g.trigger.at_most
        tx.say(f"{who} arrivals roll {rolled}: {'arrive' if ok else 'none'} (1-{g.trigger.at_most})")
        if ok:
            place(tx, gid, g)
    runner.done(tx)


def arrive_by_chit(tx: Tx, keys: list[str]) -> None:
    counts = tx.data.seq.chit_draws
    for gid, g in _groups(tx, None):
        t = g.trigger
        if t.kind == "chit_draw" and t.chit in keys and counts.get(t.chit, 0) == t.nth \
                and gid not in tx.data.seq.arrived and gid not in tx.data.seq.delayed:
            place(tx, gid, g)
