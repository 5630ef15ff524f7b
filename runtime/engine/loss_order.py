"""Combat losses taken in an order of unit kinds, and the advance into a hex left empty
(St-Lô 9.2.4–9.2.6), as module data: ``rules.json`` ``combat.losses``,
``combat.advance_when_vacated``."""

from __future__ import annotations

from hexwright.runtime.model.rules_config import LossRules
from hexwright.runtime.state import piece_name

from . import relocation
from .data import Frame
from .losses import steps_left
from .transaction import Tx


def loss_order(tx: Tx, rules: LossRules, units: tuple[str, ...]) -> list[str]:
    """``units`` that may lose steps, in the order they take them: group by group, the types
    no group names last; within a group the unit with the most steps left first, then by id."""
    m = tx.module
    groups = [set(g) for g in rules.order]

    def rank(unit: str) -> tuple[int, int, str]:
        kind = m.pieces.pieces[unit].unit_type
        group = next((i for i, g in enumerate(groups) if kind in g), len(groups))
        return group, -steps_left(tx, unit), unit

    return sorted((u for u in units if m.pieces.pieces[u].unit_type not in rules.immune
                   and tx.state.hex_of(u) is not None), key=rank)


def first_group(tx: Tx, rules: LossRules, units: tuple[str, ...]) -> tuple[str, ...]:
    """The units of ``units`` in the first group of the loss order that has any (immune types never)."""
    ordered = loss_order(tx, rules, units)
    if not ordered:
        return ()
    groups = [set(g) for g in rules.order]

    def group(unit: str) -> int:
        kind = tx.module.pieces.pieces[unit].unit_type
        return next((i for i, g in enumerate(groups) if kind in g), len(groups))

    return tuple(sorted(u for u in ordered if group(u) == group(ordered[0])))


def take_losses(tx: Tx, rules: LossRules, units: tuple[str, ...], steps: int) -> None:
    """``steps`` lost in all by ``units`` (9.2.4 A–C); immune units keep theirs (9.2.5)."""
    left = steps
    for unit in loss_order(tx, rules, units):
        while left and tx.state.hex_of(unit) is not None:
            relocation.lose_step(tx, unit)
            left -= 1
        if not left:
            break
    if left:
        tx.say(f"{left} step(s) more than the units have: ignored" + (f" — {rules.section}" if rules.section else ""))
    spared = [u for u in units if tx.module.pieces.pieces[u].unit_type in rules.immune and tx.state.hex_of(u)]
    if spared and steps:
        tx.say(f"{', '.join(piece_name(tx.module, u) for u in spared)} never lose steps in combat"
               + (f" — {rules.section}" if rules.section else ""))


def vacated_advance(tx: Tx, hexes: list[str], attackers: tuple[str, ...], side: str) -> Frame | None:
    """The attackers may advance into a defending hex the attack leaves empty (9.2.6 A): the
    frame is offered once the losses are taken and assets gone (5.3); a hex an enemy unit still
    holds is not offered (9.2.5: an HQ left there) and with none the frame ends by itself."""
    if not tx.rules.combat.advance_when_vacated:
        return None
    movers = tuple(a for a in attackers if tx.state.hex_of(a) is not None)
    return Frame(proc="advance", side=side, units=movers, hex=hexes[0], vacated=tuple(hexes),
                 result="attacker") if movers else None
