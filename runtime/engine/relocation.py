"""HQ relocation (ToV 2.3): instead of moving, the activated HQ may be put on a hex at least
``min_distance`` hexes away, out of enemy ZOC, tracing supply (``rules.json``
``hq_relocation``); each relocation is recorded for the ``relocate_hq`` VP rules."""

from __future__ import annotations

from hexwright.runtime.rules import make_board, supply, zoc_of_side
from hexwright.runtime.state import Location, MovePieces, check_hex, piece_name

from . import runner
from .actions import Relocate
from .context import side_of
from .transaction import Tx


def _distance(tx: Tx, a: str, b: str) -> int:
    grid = tx.module.map.grid.hex_grid()
    scheme = tx.module.map.grid.labels.scheme()
    return grid.distance(scheme.parse(a, grid), scheme.parse(b, grid))


def relocation_hexes(tx: Tx, unit: str) -> list[str]:
    """Every hex the activated HQ ``unit`` may be relocated to now, sorted ([] if none or not allowed)."""
    rel = tx.rules.hq_relocation
    act = tx.data.seq.activation
    start = tx.state.hex_of(unit)
    if rel is None or act is None or act.hq != unit or start is None or unit in tx.data.moved:
        return []
    side = side_of(tx.module, unit)
    occ = {p: h for p, h in tx.state.occupancy().items() if p != unit}
    board = make_board(tx.module, occ)
    ezoc: set[str] = set()
    if rel.not_in_ezoc:
        for other in tx.module.pieces.sides:
            if other != side:
                ezoc |= {board.hm.labels[i] for i in zoc_of_side(board, tx.rules.zoc, other)}
    supplied = set(supply(tx.module, occ, side, control=tx.state.control, rules=tx.rules).length) \
        if rel.trace_supply else None
    taken = set(occ.values())
    out = []
    for label in board.hm.labels:
        if label in taken or label in ezoc or (supplied is not None and label not in supplied):
            continue
        if _distance(tx, start, label) >= rel.min_distance:
            out.append(label)
    return sorted(out)


def apply_relocate(tx: Tx, act: Relocate) -> None:
    rel = tx.rules.hq_relocation
    sec = rel.section if rel is not None else ""
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
        why = "it has moved already" if act.unit in tx.data.moved else \
            f"at least {rel.min_distance} hexes away (here {_distance(tx, start, act.to)})" \
            if start and _distance(tx, start, act.to) < rel.min_distance else \
            "an empty hex out of enemy ZOC that traces supply"
        tx.check("movement", f"{piece_name(tx.module, act.unit)} cannot be relocated to {act.to}: {why}", sec, act.to)
    tx.do(MovePieces(pieces=(act.unit,), to=Location.hex(act.to)))
    tx.texts[-1] += f" (HQ relocated{' — ' + sec if sec else ''})"
    seq = tx.data.seq
    tx.set(seq=seq.model_copy(update={"relocated": seq.relocated + (act.unit,)}),
           moved=tuple(sorted(set(tx.data.moved) | {act.unit})))


def legal_relocations(tx: Tx) -> list[Relocate]:
    act = tx.data.seq.activation
    if act is None or not act.hq:
        return []
    return [Relocate(unit=act.hq, to=h) for h in relocation_hexes(tx, act.hq)]
