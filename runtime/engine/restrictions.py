"""Restrictions on units (``pieces.json`` ``restrictions`` and a scenario's own): may not
move before turn N (ToV 12.1), must stay in an area (ToV 12.7 Metz garrison) or a hex —
enforced like any rule (id ``restriction``), refused with the reason."""

from __future__ import annotations

from hexwright.runtime.model.pieces import Restriction
from hexwright.runtime.state import piece_name

from .transaction import Tx


def restrictions_of(tx: Tx, unit: str) -> list[Restriction]:
    piece = tx.module.pieces.pieces[unit]
    scenario = tx.module.scenarios[tx.state.scenario]
    return list(piece.restrictions) + list(scenario.restrictions.get(unit, []))


def restriction_problem(tx: Tx, unit: str, to: str | None) -> tuple[str, str] | None:
    """(reason, section) if moving ``unit`` (to hex ``to``; "" off the map; None: at all) breaks one."""
    name = piece_name(tx.module, unit)
    for r in restrictions_of(tx, unit):
        if r.until_retreated_out and unit in tx.data.seq.released:
            continue
        if r.kind == "no_move_before_turn" and r.turn is not None and tx.state.turn < r.turn:
            return f"{name} may not move before turn {r.turn}", r.section
        if to is None:
            continue
        if r.kind == "must_stay_in_hex" and r.hex and to != r.hex:
            return f"{name} must stay in {r.hex}", r.section
        if r.kind == "must_stay_in_area" and r.area:
            area = tx.module.map.areas.get(r.area)
            if area is not None and to not in area.hexes:
                return f"{name} must stay in {area.name or r.area}", r.section
    return None


def retreated_to(tx: Tx, unit: str, to: str) -> None:
    """A retreat that takes ``unit`` out of where a restriction kept it lifts that restriction
    when it says so (ToV 12.7: "unless a combat result drives it from Metz")."""
    for r in restrictions_of(tx, unit):
        if r.until_retreated_out and restriction_problem(tx, unit, to) is not None and unit not in tx.data.seq.released:
            seq = tx.data.seq
            tx.set(seq=seq.model_copy(update={"released": tuple(sorted(seq.released + (unit,)))}))
            tx.say(f"{piece_name(tx.module, unit)}: driven out by combat, no longer restricted"
                   + (f" — {r.section}" if r.section else ""))
            return


def check_restrictions(tx: Tx, unit: str, to: str | None) -> None:
    problem = restriction_problem(tx, unit, to)
    if problem is not None:
        tx.check("restriction", problem[0], problem[1], to or "")


def attack_problem(tx: Tx, unit: str, hex: str) -> tuple[str, str] | None:
    """(reason, section) if ``unit`` may not attack ``hex``: a must-stay restriction that
    covers attacks (St-Lô 8.4: a divisional boundary)."""
    for r in restrictions_of(tx, unit):
        if not r.attacks or (r.until_retreated_out and unit in tx.data.seq.released):
            continue
        if r.kind in ("must_stay_in_hex", "must_stay_in_area"):
            problem = restriction_problem(tx, unit, hex)
            if problem is not None:
                return f"{problem[0]}: it may not attack there", problem[1]
    return None
