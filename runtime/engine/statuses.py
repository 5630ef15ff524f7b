"""Unit statuses held by the engine (activated, pinned, disrupted, out of supply,
entrenched, and whatever a module declares in ``rules.json`` ``statuses``) and what they
do to movement and combat, read from the module's data."""

from __future__ import annotations

from fractions import Fraction

from hexwright.runtime.model import Module
from hexwright.runtime.model.sequence import StatusDef
from hexwright.runtime.rules import Modifier
from hexwright.runtime.state import GameState, Location, piece_name

from .data import engine_state
from .transaction import Tx


def statuses_of(module: Module, state: GameState, unit: str) -> list[tuple[str, StatusDef]]:
    """The declared statuses ``unit`` has now."""
    held = engine_state(state).seq.statuses.get(unit, ())
    return [(s, module.rules.statuses[s]) for s in held if s in module.rules.statuses]


def _set(tx: Tx, unit: str, held: tuple[str, ...]) -> None:
    statuses = dict(tx.data.seq.statuses)
    if held:
        statuses[unit] = held
    else:
        statuses.pop(unit, None)
    tx.set(seq=tx.data.seq.model_copy(update={"statuses": dict(sorted(statuses.items()))}))


def add_status(tx: Tx, unit: str, status: str, *, quiet: bool = False) -> None:
    held = tx.data.seq.statuses.get(unit, ())
    if status in held:
        return
    _set(tx, unit, tuple(sorted(held + (status,))))
    if not quiet:
        decl = tx.module.rules.statuses.get(status)
        tx.say(f"{piece_name(tx.module, unit)}: {decl.name if decl and decl.name else status}")


def entered(tx: Tx, units: tuple[str, ...], hex: str) -> None:
    """``units`` ended a move in ``hex``: they get every ``marks_hex`` status a unit of their side
    already there holds (St-Lô 14.2: a Pin or Disruption marker applies to the units that later
    end a move in its hex)."""
    m = tx.module
    marking = {s for s, d in m.rules.statuses.items() if d.marks_hex}
    if not marking or not units:
        return
    side = m.pieces.pieces[units[0]].side
    held = tx.data.seq.statuses
    here = [p for p in tx.state.stack(Location.hex(hex)) if p not in units and p in m.pieces.pieces
            and m.pieces.pieces[p].side == side]
    found = sorted({s for p in here for s in held.get(p, ()) if s in marking})
    for status in found:
        got = [u for u in units if status not in tx.data.seq.statuses.get(u, ())]
        for u in got:
            add_status(tx, u, status, quiet=True)
        if got:
            decl = m.rules.statuses[status]
            tx.say(f"{', '.join(piece_name(m, u) for u in got)}: {decl.name or status} (the marker in {hex})"
                   + (f" — {decl.section}" if decl.section else ""))


def remove_status(tx: Tx, unit: str, status: str) -> None:
    held = tx.data.seq.statuses.get(unit, ())
    if status in held:
        _set(tx, unit, tuple(s for s in held if s != status))


def clear_status(tx: Tx, status: str) -> None:
    units = [u for u, held in tx.data.seq.statuses.items() if status in held]
    for unit in units:
        remove_status(tx, unit, status)
    if units:
        decl = tx.module.rules.statuses.get(status)
        tx.say(f"{decl.name if decl and decl.name else status} removed from {len(units)} unit(s)")


def movement_allowance(module: Module, state: GameState, unit: str) -> Fraction | None:
    """The allowance after statuses (None: unchanged; 0: may not move)."""
    factor = Fraction(1)
    for _sid, decl in statuses_of(module, state, unit):
        if not decl.effects.may_move:
            return Fraction(0)
        factor *= Fraction(decl.effects.allowance_multiplier)
    if factor == 1:
        return None
    piece = module.pieces.pieces[unit]
    step = min(state.pieces[unit].step, len(piece.steps) - 1)
    return Fraction(piece.steps[step].movement or 0) * factor


def blocked_from(module: Module, state: GameState, unit: str, what: str) -> str:
    """The status that forbids ``what`` (move, attack, activate) to ``unit``, or ""."""
    for sid, decl in statuses_of(module, state, unit):
        e = decl.effects
        if (what == "move" and not e.may_move) or (what == "attack" and not e.may_attack) or \
                (what == "activate" and not e.may_be_activated):
            return f"{decl.name or sid}{' — ' + decl.section if decl.section else ''}"
    return ""


def defender_modifiers(module: Module, state: GameState, defenders: list[str]) -> list[Modifier]:
    """Shifts and DRMs for the attacker from the defenders' statuses (St-Lô 9.4.4), once per status."""
    out: dict[str, Modifier] = {}
    for unit in defenders:
        for sid, decl in statuses_of(module, state, unit):
            e = decl.effects
            if (e.defender_drm or e.defender_shift) and sid not in out:
                out[sid] = Modifier(source=decl.name or sid, shift=e.defender_shift, drm=e.defender_drm,
                                    section=decl.section, group=e.drm_group)
    return [out[k] for k in sorted(out)]
