"""HQ activation by a morale roll and the HQ phase (St-Lô 6.0, 19.0), as module data
(``rules.json`` ``sequence`` steps ``hq_roll`` and ``morale_recovery``).

An HQ's current morale is kept in the engine state where it differs from the printed
``morale`` (6.2 B); its "AA side" is a status the module names (6.4). The roll is chance
(the game's seeded generator, logged); a success sets the side's points pool (TAPs) and
places the HQ with a unit it commands, which goes back to its box when the activation ends.
"""

from __future__ import annotations

from hexwright.runtime.model import Module
from hexwright.runtime.model.sequence import HqRoll, MoraleRecovery
from hexwright.runtime.rules import supply
from hexwright.runtime.state import GameState, Location, MovePieces, piece_name

from . import runner
from .actions import Choose
from .data import engine_state
from .seqdata import SeqState
from .statuses import add_status, remove_status
from .transaction import Tx


def printed_morale(module: Module, state: GameState, hq: str) -> int:
    piece = module.pieces.pieces[hq]
    values = piece.steps[min(state.pieces[hq].step, len(piece.steps) - 1)]
    return values.morale or 0


def morale(module: Module, state: GameState, hq: str) -> int:
    """The HQ's current morale: the printed value until an attempt or a rest changed it (6.2 B)."""
    return engine_state(state).seq.morale.get(hq, printed_morale(module, state, hq))


def _morale(tx: Tx, hq: str) -> int:
    return tx.data.seq.morale.get(hq, printed_morale(tx.module, tx.state, hq))


def _set_morale(tx: Tx, hq: str, value: int) -> None:
    held = dict(tx.data.seq.morale)
    if value == printed_morale(tx.module, tx.state, hq):
        held.pop(hq, None)
    else:
        held[hq] = value
    runner.seq_set(tx, morale=dict(sorted(held.items())))


def _loss(tx: Tx, step: HqRoll, hq: str) -> tuple[int, str]:
    """Morale lost by this attempt, and why (6.1 F–G, 6.3)."""
    from .activation import in_formations

    if hq not in tx.data.seq.attempted:
        formation = tx.module.pieces.pieces[hq].formation
        for first in step.first_attempt:
            if in_formations(tx, formation, set(first.formations)):
                return first.loss, "first attempt"
    held = tx.data.seq.statuses.get(hq, ())
    for status, loss in sorted(step.loss_with_status.items()):
        if status in held:
            decl = tx.module.rules.statuses.get(status)
            return loss, decl.name if decl is not None and decl.name else status
    return step.loss, ""


def subordinates(module: Module, seq: SeqState, hq: str) -> list[str]:
    """The units bearing ``hq``'s designation: printed (``Piece.hq``) or taken on by a
    substitute company (St-Lô 12.2.2), sorted."""
    return sorted(p for p, piece in module.pieces.pieces.items() if seq.designations.get(p, piece.hq) == hq and p != hq)


def place_hexes(tx: Tx, hq: str) -> list[str]:
    """Hexes of the units ``hq`` commands, where it may be placed (6.1 I)."""
    occ = tx.state.occupancy()
    return sorted({occ[p] for p in subordinates(tx.module, tx.data.seq, hq) if p in occ})


def roll_activation(tx: Tx, step: HqRoll) -> None:
    """The activation attempt of the HQ chosen (6.1 B–J)."""
    from .steps import roll_die, set_pool_value

    m, seq = tx.module, tx.data.seq
    hq = seq.hq
    if hq not in m.pieces.pieces or hq not in tx.state.pieces:
        tx.refuse("no HQ chosen to activate", step.section)
    side = m.pieces.pieces[hq].side
    before = _morale(tx, hq)
    die = roll_die(tx, step.die)
    ok = die < before if step.success == "below" else die <= before
    loss, why = _loss(tx, step, hq)
    after = max(step.min_morale, min(before, before - loss))
    _set_morale(tx, hq, after)
    if hq not in seq.attempted:
        runner.seq_set(tx, attempted=tuple(sorted(tx.data.seq.attempted + (hq,))))
    name = piece_name(m, hq)
    cite = f" — {step.section}" if step.section else ""
    lost = f", morale {before} → {after}" + (f" ({why})" if why else "")
    if step.flip_to:
        add_status(tx, hq, step.flip_to, quiet=True)
    if not ok:
        tx.say(f"{name} not activated: rolled {die} against morale {before}{lost}{cite}")
        if step.pool:
            set_pool_value(tx, step.pool, side, 0)
        runner.set_top(tx, index=len(runner.steps_of(m, tx.data.seq.frames[-1])), started=False)
        return
    points = before - die
    tx.say(f"{name} activated: rolled {die} against morale {before}, {points} point(s){lost}{cite}")
    if step.pool:
        set_pool_value(tx, step.pool, side, points)
    at = tx.state.pieces[hq].at
    hexes = place_hexes(tx, hq) if step.place_with_units and at.kind != "hex" else []
    if len(hexes) > 1:
        runner.seq_set(tx, placing=hq)
        return
    if hexes:
        _place(tx, hq, hexes[0])
    runner.done(tx)


def _place(tx: Tx, hq: str, hex: str) -> None:
    at = tx.state.pieces[hq].at
    if at.kind == "box":
        runner.seq_set(tx, hq_home=dict(sorted({**tx.data.seq.hq_home, hq: at.id}.items())))
    tx.do(MovePieces(pieces=(hq,), to=Location(kind="hex", id=hex)))


def place_options(tx: Tx) -> list[Choose]:
    hq = tx.data.seq.placing
    return [Choose(option="place", target=h) for h in place_hexes(tx, hq)] if hq else []


def apply_place(tx: Tx, act: Choose, step: HqRoll) -> None:
    """The owner picks the hex of one of its units for the HQ just activated (6.1 I)."""
    hq = tx.data.seq.placing
    if act not in place_options(tx):
        hexes = ", ".join(place_hexes(tx, hq))
        tx.refuse(f"{piece_name(tx.module, hq)} is placed with a unit it commands ({hexes})", step.section, act.target)
    _place(tx, hq, act.target)
    runner.seq_set(tx, placing="")
    runner.done(tx)


def return_hq(tx: Tx, hq: str) -> None:
    """An HQ placed by its activation goes back to its box (St-Lô 7.1 E)."""
    home = tx.data.seq.hq_home.get(hq)
    if home is None:
        return
    runner.seq_set(tx, hq_home={k: v for k, v in tx.data.seq.hq_home.items() if k != hq})
    if tx.state.pieces[hq].at.kind == "hex":
        tx.do(MovePieces(pieces=(hq,), to=Location(kind="box", id=home)))


def _hqs(tx: Tx, sides: list[str]) -> list[str]:
    m = tx.module
    types = {t for t, ut in m.pieces.unit_types.items() if ut.is_hq}
    return [p for p in sorted(tx.state.pieces) if p in m.pieces.pieces and m.pieces.pieces[p].unit_type in types
            and m.pieces.pieces[p].side in sides and tx.state.pieces[p].at.kind not in ("eliminated", "unavailable")]


def morale_recovery(tx: Tx, step: MoraleRecovery) -> None:
    """The HQ phase (19.0 A–B)."""
    m = tx.module
    sides = step.sides or list(m.pieces.sides)
    occ = tx.state.occupancy()
    traced: dict[str, bool] = {}
    if step.trace == "loc":
        for side in sides:
            traced.update(supply(m, occ, side, control=tx.state.control, rules=tx.rules).units)
    cite = f" — {step.section}" if step.section else ""
    for hq in _hqs(tx, sides):
        name = piece_name(m, hq)
        if step.status and step.status in tx.data.seq.statuses.get(hq, ()):
            remove_status(tx, hq, step.status)
            tx.say(f"{name}: rested side up, morale {_morale(tx, hq)}{cite}")
            continue
        units = [p for p in subordinates(m, tx.data.seq, hq) if p in occ]
        cut = [u for u in units if not traced.get(u, step.trace == "none")]
        now = _morale(tx, hq)
        top = printed_morale(m, tx.state, hq)
        if cut:
            tx.say(f"{name}: morale stays {now}, no line of communication for "
                   f"{', '.join(piece_name(m, u) for u in sorted(cut))}{cite}")
        elif now < top:
            _set_morale(tx, hq, min(top, now + step.gain))
            tx.say(f"{name}: morale {now} → {min(top, now + step.gain)}{cite}")
