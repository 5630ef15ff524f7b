"""Seats by formation (``module.json`` ``seats``, ToV 15.1): with an optional rule in use, a side
is played by several seats, each directing the units of its formations (ToV: one player per
army). The seat to act follows the units in question: those of the procedure on top (a unit to
retreat, a step loss to allocate), else the activation's HQ and units, else the HQ or the
formations a choice picked, else what the chit being played activates; otherwise the side's
first seat by id (the side's steps that belong to no army: weather, chit selection)."""

from __future__ import annotations

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState

from .context import to_act
from .data import engine_state


def seats_in_play(module: Module, state: GameState) -> list[str]:
    """The seats of the optional rules in use, in the module's order ([]: one seat per side)."""
    on = {rule for rule, used in state.optional_rules.items() if used}
    return [sid for sid, seat in module.meta.seats.items() if on & set(seat.optional_rules)]


def _chain(module: Module, formation: str | None) -> set[str]:
    out: set[str] = set()
    while formation is not None and formation not in out:
        out.add(formation)
        found = module.pieces.formations.get(formation)
        formation = found.parent if found is not None else None
    return out


def seat_of(module: Module, state: GameState, thing: str) -> str | None:
    """The seat in play that directs a unit or a formation ``thing`` (None: no seat does)."""
    piece = module.pieces.pieces.get(thing)
    formation = module.pieces.formations.get(thing)
    side = piece.side if piece is not None else formation.side if formation is not None else None
    chain = _chain(module, piece.formation if piece is not None else thing)
    seats = [sid for sid in seats_in_play(module, state) if module.meta.seats[sid].side == side]
    return next((sid for sid in seats if chain & set(module.meta.seats[sid].formations)),
                next((sid for sid in seats if not module.meta.seats[sid].formations), None))


def seat_to_act(module: Module, state: GameState) -> str | None:
    """The seat whose player acts now; None when the game is played one seat per side."""
    side = to_act(module, state)
    seats = [sid for sid in seats_in_play(module, state) if module.meta.seats[sid].side == side]
    if len(seats) <= 1:
        return seats[0] if seats else None
    data = engine_state(state)
    seq = data.seq
    things: list[str] = list(data.top.units) if data.top is not None else []
    if seq.activation is not None:
        things += [seq.activation.hq, *seq.activation.units]
    things += [seq.hq, *seq.formations]
    chit = module.pieces.chits.get(seq.chit)
    things += chit.activates if chit is not None else []
    for thing in things:
        found = seat_of(module, state, thing) if thing else None
        if found in seats:
            return found
    return seats[0]
