"""HQ relocation (ToV 2.3, ``rules.json`` ``hq_relocation``): a hex at least ``min_distance``
hexes away, out of enemy ZOC, tracing supply; each relocation is recorded for the
``relocate_hq`` VP rules.

* Voluntary: instead of moving, the activated HQ may be relocated (a ``relocate`` action in
  an actions step that allows it).
* Forced: an HQ that is destroyed in combat or loses its last step (``when_destroyed``:
  ToV 2.3, 8.1, 12.2) leaves its hex at once and comes back on its last step where its owner
  relocates it; an HQ found out of supply by a supply check (``when_out_of_supply``: ToV 2.3)
  is relocated by its owner. Either is a ``relocate`` procedure on the engine's frame stack,
  measured from the hex the HQ was in; with no legal hex the HQ is eliminated.
"""

from __future__ import annotations

from hexwright.runtime.rules import make_board, supply, zoc_of_side
from hexwright.runtime.rules.stacking import stacking_problem
from hexwright.runtime.state import Eliminate, Location, MovePieces, StepLoss, check_hex, piece_name

from . import runner
from .actions import Relocate
from .context import side_of
from .data import Frame
from .transaction import Tx


def _distance(tx: Tx, a: str, b: str) -> int:
    grid = tx.module.map.grid.hex_grid()
    scheme = tx.module.map.grid.labels.scheme()
    return grid.distance(scheme.parse(a, grid), scheme.parse(b, grid))


def legal_hexes(tx: Tx, unit: str, start: str) -> list[str]:
    """Every hex ``unit`` may be relocated to from ``start``, sorted: far enough, out of enemy
    ZOC, tracing supply, as ``hq_relocation`` says; empty, or holding friendly units it may stack
    with (``rules.json`` ``stacking``: ToV 2.3 says nothing of the hex's units, 5.0 lets an HQ
    join two combat units but not another HQ); never a hex with enemy units."""
    rel = tx.rules.hq_relocation
    if rel is None:
        return []
    side = side_of(tx.module, unit)
    occ = {p: h for p, h in tx.state.occupancy().items() if p != unit}
    board = make_board(tx.module, occ)
    me = make_board(tx.module, {unit: start}, {unit: tx.state.pieces[unit].step}).units[unit]
    check_stacking = tx.rules.enforcement_of("stacking") != "off"
    ezoc: set[str] = set()
    if rel.not_in_ezoc:
        for other in tx.module.pieces.sides:
            if other != side:
                ezoc |= {board.hm.labels[i] for i in zoc_of_side(board, tx.rules.zoc, other)}
    supplied = set(supply(tx.module, occ, side, control=tx.state.control, rules=tx.rules).length) \
        if rel.trace_supply else None
    out = []
    for i, label in enumerate(board.hm.labels):
        if label in ezoc or (supplied is not None and label not in supplied):
            continue
        here = board.by_hex.get(i)
        if here and (any(board.units[u].side != side for u in here)
                     or (check_stacking and stacking_problem(board, tx.rules.stacking, me, i))):
            continue
        if _distance(tx, start, label) >= rel.min_distance:
            out.append(label)
    return sorted(out)


def relocation_hexes(tx: Tx, unit: str) -> list[str]:
    """Every hex the activated HQ ``unit`` may be relocated to now, sorted ([] if none or not allowed)."""
    act = tx.data.seq.activation
    start = tx.state.hex_of(unit)
    if tx.rules.hq_relocation is None or act is None or act.hq != unit or start is None or unit in tx.data.moved:
        return []
    return legal_hexes(tx, unit, start)


# -- forced relocation -------------------------------------------------------------------------------


def relocates(tx: Tx, unit: str) -> bool:
    """``unit`` is an HQ that ``hq_relocation`` relocates instead of losing it."""
    rel = tx.rules.hq_relocation
    return rel is not None and rel.when_destroyed and _is_hq(tx, unit)


def _forced(tx: Tx, unit: str, start: str, why: str) -> None:
    rel = tx.rules.hq_relocation
    sec = rel.section if rel is not None else ""
    side = side_of(tx.module, unit)
    tx.set(frames=(Frame(proc="relocate", side=side, units=(unit,), hex=start, result=why),) + tx.data.frames)
    tx.say(f"{piece_name(tx.module, unit)} {why}: to be relocated" + (f" — {sec}" if sec else ""))


def destroy(tx: Tx, units: tuple[str, ...]) -> None:
    """Eliminate ``units`` (a combat result, a retreat with no path); an HQ that is relocated
    instead leaves its hex now and waits for its owner to relocate it (ToV 2.3)."""
    kept = tuple(u for u in units if not relocates(tx, u))
    if kept:
        tx.do(Eliminate(pieces=kept))
    for unit in units:
        if unit not in kept:
            start = tx.state.hex_of(unit) or ""
            tx.do(MovePieces(pieces=(unit,), to=Location.off("unavailable")))
            tx.texts.pop()  # logged as "destroyed" below, not as a move
            _forced(tx, unit, start, "destroyed")


def lose_step(tx: Tx, unit: str) -> None:
    """One step lost; an HQ on its last step is relocated instead of eliminated (ToV 8.1, 12.2)."""
    piece = tx.module.pieces.pieces[unit]
    if relocates(tx, unit) and tx.state.pieces[unit].step >= len(piece.steps) - 1:
        start = tx.state.hex_of(unit) or ""
        tx.do(MovePieces(pieces=(unit,), to=Location.off("unavailable")))
        tx.texts.pop()
        _forced(tx, unit, start, "loses its last step")
        return
    tx.do(StepLoss(piece=unit))


def cut_off(tx: Tx, unit: str) -> None:
    """A supply check found the HQ ``unit`` out of supply: its owner relocates it (ToV 2.3)."""
    rel = tx.rules.hq_relocation
    start = tx.state.hex_of(unit)
    if rel is None or not rel.when_out_of_supply or start is None or not _is_hq(tx, unit):
        return
    if any(f.proc == "relocate" and unit in f.units for f in tx.data.frames):
        return
    _forced(tx, unit, start, "cannot trace supply")


def _is_hq(tx: Tx, unit: str) -> bool:
    rel = tx.rules.hq_relocation
    piece = tx.module.pieces.pieces.get(unit)
    if piece is None:
        return False
    if rel is not None and rel.hq_types:
        return piece.unit_type in rel.hq_types
    unit_type = tx.module.pieces.unit_types.get(piece.unit_type)
    return unit_type is not None and unit_type.is_hq


def forced_hexes(tx: Tx, frame: Frame) -> list[str]:
    return legal_hexes(tx, frame.units[0], frame.hex) if frame.hex else []


def settle_forced(tx: Tx, frame: Frame) -> bool:
    """True when the relocation waits for its owner; with no legal hex the HQ is eliminated."""
    if forced_hexes(tx, frame):
        return True
    unit = frame.units[0]
    rel = tx.rules.hq_relocation
    tx.set(frames=tx.data.frames[:-1])
    tx.do(Eliminate(pieces=(unit,)))
    tx.texts[-1] += f" (no hex to relocate it to{' — ' + rel.section if rel is not None and rel.section else ''})"
    return False


# -- the action ---------------------------------------------------------------------------------------


def _record(tx: Tx, unit: str) -> None:
    seq = tx.data.seq
    tx.set(seq=seq.model_copy(update={"relocated": seq.relocated + (unit,)}))


def _apply_forced(tx: Tx, act: Relocate, frame: Frame) -> None:
    rel = tx.rules.hq_relocation
    sec = rel.section if rel is not None else ""
    unit = frame.units[0]
    if act.unit != unit:
        tx.refuse(f"{piece_name(tx.module, unit)} is the HQ to relocate now, not {piece_name(tx.module, act.unit)}",
                  sec)
    check_hex(tx.module, act.to)
    if act.to not in forced_hexes(tx, frame):
        tx.check("movement", f"{piece_name(tx.module, unit)} cannot be relocated to {act.to}: "
                             f"{_why(tx, frame.hex, act.to)}", sec, act.to)
        _no_enemy_in(tx, unit, act.to, sec)
    tx.set(frames=tx.data.frames[:-1])
    tx.do(MovePieces(pieces=(unit,), to=Location.hex(act.to)))
    tx.texts[-1] += f" (HQ relocated: {frame.result}{' — ' + sec if sec else ''})"
    _record(tx, unit)


def _no_enemy_in(tx: Tx, unit: str, to: str, sec: str) -> None:
    """Refused whatever the enforcement: an HQ relocated into a hex with enemy units."""
    side = side_of(tx.module, unit)
    enemy = sorted(p for p, h in tx.state.occupancy().items() if h == to and side_of(tx.module, p) != side)
    if enemy:
        tx.refuse(f"{piece_name(tx.module, enemy[0])} is in {to}: opposing units never share a hex", sec, to)


def _why(tx: Tx, start: str, to: str) -> str:
    rel = tx.rules.hq_relocation
    assert rel is not None
    if start and _distance(tx, start, to) < rel.min_distance:
        return f"at least {rel.min_distance} hexes away (here {_distance(tx, start, to)})"
    return "a hex out of enemy ZOC that traces supply, with no enemy unit and room in its stack"


def apply_relocate(tx: Tx, act: Relocate) -> None:
    rel = tx.rules.hq_relocation
    sec = rel.section if rel is not None else ""
    top = tx.data.top
    if top is not None and top.proc == "relocate":
        _apply_forced(tx, act, top)
        return
    runner.require(tx, "relocate", "relocating an HQ")
    if rel is None:
        tx.refuse("this game has no HQ relocation")
    assert rel is not None
    if act.unit not in tx.state.pieces:
        tx.refuse(f"no unit {act.unit!r} in this game")
    activation = tx.data.seq.activation
    if activation is None or activation.hq != act.unit:
        tx.refuse(f"{piece_name(tx.module, act.unit)} is not the HQ activated now", sec)
    check_hex(tx.module, act.to)
    if act.to not in relocation_hexes(tx, act.unit):
        start = tx.state.hex_of(act.unit) or ""
        why = "it has moved already" if act.unit in tx.data.moved else _why(tx, start, act.to)
        tx.check("movement", f"{piece_name(tx.module, act.unit)} cannot be relocated to {act.to}: {why}", sec, act.to)
        _no_enemy_in(tx, act.unit, act.to, sec)
    tx.do(MovePieces(pieces=(act.unit,), to=Location.hex(act.to)))
    tx.texts[-1] += f" (HQ relocated{' — ' + sec if sec else ''})"
    _record(tx, act.unit)
    tx.set(moved=tuple(sorted(set(tx.data.moved) | {act.unit})))


def legal_relocations(tx: Tx) -> list[Relocate]:
    top = tx.data.top
    if top is not None and top.proc == "relocate":
        return [Relocate(unit=top.units[0], to=h) for h in forced_hexes(tx, top)]
    act = tx.data.seq.activation
    if act is None or not act.hq:
        return []
    return [Relocate(unit=act.hq, to=h) for h in relocation_hexes(tx, act.hq)]
