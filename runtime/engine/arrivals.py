"""Arrivals (``rules.json`` ``arrivals``): groups of units triggered by a turn, by the Nth
draw of a chit (ToV 11.1) or by a die roll (St-Lô 18.1), the groups of a queue in their
order, one per success; placed on their entry hexes or in their box, delayed while every
entry hex is blocked (St-Lô 18.2.1), with the VP they cost or earn (ToV 11.3). A group with
``choose_hex`` is placed by its owner, unit by unit, on the entry hexes it may enter (ToV 11.2:
"on any Supply Source hex"): an ``enter`` procedure on the engine's frame stack whose legal
actions are one :class:`Enter` per hex, for its next unit."""

from __future__ import annotations

from hexwright.runtime.model.sequence import AfterTrigger, ArrivalGroup, ArrivalsStep, Step
from hexwright.runtime.rules import make_board, stacking_violations, zoc_of_side
from hexwright.runtime.rules.supply import source_hexes
from hexwright.runtime.state import Location, MovePieces, check_hex, piece_name

from . import runner
from .actions import Enter
from .data import Frame
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
        from .control import Control

        control = Control(tx.module, tx.state)
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


class _Entry:
    """Where the units of one group may be placed now: its entry hexes, the enemy ZOC it avoids."""

    def __init__(self, tx: Tx, group: ArrivalGroup) -> None:
        self.tx, self.group = tx, group
        self.hexes = entry_hexes(tx, group)
        self.ezoc = _enemy_zoc(tx, group.side) if group.not_in_ezoc else set()

    def problem(self, piece: str, hex: str, placed: dict[str, str]) -> str:
        """Why ``piece`` may not be placed in ``hex`` with the group's ``placed`` so far ("" if it may):
        no enemy unit, within the stacking limit by weight and exemptions (St-Lô 8.3, 18.2.1), out
        of an enemy ZOC when the group says so (ToV 11.2)."""
        tx = self.tx
        if hex not in self.hexes:
            return f"not one of its entry hexes ({', '.join(self.hexes)})"
        if hex in self.ezoc:
            return "in an enemy ZOC (friendly units do not negate it for placement)"
        occ = {**tx.state.occupancy(), **placed}
        if any(tx.module.pieces.pieces[p].side != self.group.side for p, h in occ.items() if h == hex):
            return "an enemy unit is there"
        trial = {**occ, piece: hex}
        if any(h == hex for h, _why in stacking_violations(tx.module, trial, tx.rules)):
            return "the stacking limit would be exceeded"
        return ""

    def first_free(self, pieces: list[str] | tuple[str, ...], placed: dict[str, str]) -> dict[str, str]:
        """``placed`` and each of ``pieces`` in turn on the first entry hex it may be placed in,
        as far as they go (the first piece with no room stops it)."""
        placed = dict(placed)
        for p in pieces:
            hex = next((h for h in self.hexes if not self.problem(p, h, placed)), None)
            if hex is None:
                break
            placed[p] = hex
        return placed

    def all_fit(self, pieces: list[str] | tuple[str, ...], placed: dict[str, str]) -> bool:
        """True if every one of ``pieces`` can still be placed, after ``placed`` (a search over the
        entry hexes: the first free hex for each in turn can miss a way that exists)."""
        if not pieces:
            return True
        first, rest = pieces[0], pieces[1:]
        return any(not self.problem(first, h, placed) and self.all_fit(rest, {**placed, first: h})
                   for h in self.hexes)

    def choices(self, pieces: tuple[str, ...]) -> list[str]:
        """The entry hexes the first of ``pieces`` may be placed in, leaving room for the others, sorted."""
        first, rest = pieces[0], pieces[1:]
        return sorted(h for h in self.hexes if not self.problem(first, h, {}) and self.all_fit(rest, {first: h}))


def place(tx: Tx, gid: str, group: ArrivalGroup) -> bool:
    """Bring ``group`` in; False if its entry is blocked and it waits (delayed). With ``choose_hex``
    its owner places the units one by one (an ``enter`` procedure, :func:`apply_enter`)."""
    pieces = [p for p in group.pieces if p in tx.state.pieces]
    seq = tx.data.seq
    where: dict[str, str] = {}
    entry = _Entry(tx, group)
    if entry.hexes:
        to_place = [p for p in pieces if p not in group.boxes]
        where = entry.first_free(to_place, {})
        complete = len(where) == len(to_place) or (group.choose_hex and entry.all_fit(to_place, {}))
        if not complete and group.delay_when_blocked:
            if gid not in seq.delayed:
                runner.seq_set(tx, delayed=tuple(sorted(seq.delayed + (gid,))))
            tx.say(f"arrival {gid} delayed: every entry hex ({', '.join(entry.hexes)}) is blocked"
                   + (f" — {group.section}" if group.section else ""))
            return False
        if group.choose_hex and where:
            chosen = tuple(to_place) if complete else tuple(p for p in to_place if p in where)
            tx.set(frames=(Frame(proc="enter", side=group.side, units=chosen, result=gid),) + tx.data.frames)
            where = {}
    for p in pieces:
        if any(f.proc == "enter" and p in f.units for f in tx.data.frames):
            continue  # placed by its owner
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


# -- the owner's choice of entry hex (``choose_hex``) ------------------------------------------------


def _waiting(tx: Tx, frame: Frame) -> tuple[str, ...]:
    """The frame's units still off the map."""
    return tuple(u for u in frame.units if u in tx.state.pieces and tx.state.hex_of(u) is None)


def entry_choices(tx: Tx, frame: Frame) -> list[str]:
    """The hexes the next unit of an ``enter`` procedure may be placed in, sorted."""
    group = tx.module.rules.arrivals.get(frame.result)
    units = _waiting(tx, frame)
    return _Entry(tx, group).choices(units) if group is not None and units else []


def settle_entry(tx: Tx, frame: Frame) -> bool:
    """True while a unit waits for its owner to place it; the procedure ends when every unit is
    placed or, should none of the entry hexes take the next one, with the others left where they wait."""
    if entry_choices(tx, frame):
        return True
    left = _waiting(tx, frame)
    tx.set(frames=tx.data.frames[:-1])
    if left:
        group = tx.module.rules.arrivals.get(frame.result)
        sec = f" — {group.section}" if group is not None and group.section else ""
        tx.say(f"no entry hex left for {', '.join(piece_name(tx.module, u) for u in left)}{sec}")
    return False


def legal_entries(tx: Tx, frame: Frame) -> list[Enter]:
    units = _waiting(tx, frame)
    return [Enter(unit=units[0], to=h) for h in entry_choices(tx, frame)] if units else []


def apply_enter(tx: Tx, act: Enter) -> None:
    """The owner places the next arriving unit on an entry hex of its choice (ToV 11.2)."""
    top = tx.data.top
    if top is None or top.proc != "enter":
        tx.refuse("no arriving unit waits to be placed")
    assert top is not None
    group = tx.module.rules.arrivals[top.result]
    sec = group.section
    units = _waiting(tx, top)
    if act.unit != units[0]:
        tx.refuse(f"{piece_name(tx.module, units[0])} is the unit to place now, not "
                  f"{piece_name(tx.module, act.unit) if act.unit in tx.module.pieces.pieces else act.unit}", sec)
    check_hex(tx.module, act.to)
    entry = _Entry(tx, group)
    why = entry.problem(act.unit, act.to, {})
    if why == "an enemy unit is there":
        tx.refuse(f"{piece_name(tx.module, act.unit)} cannot enter at {act.to}: {why}", sec, act.to)
    if not why and act.to not in entry.choices(units):
        why = "the other units arriving with it would have no room"
    if why:
        tx.check("entry", f"{piece_name(tx.module, act.unit)} cannot enter at {act.to}: {why}", sec, act.to)
    tx.do(MovePieces(pieces=(act.unit,), to=Location.hex(act.to)))
    tx.texts[-1] += f" (enters the map{' — ' + sec if sec else ''})"


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
