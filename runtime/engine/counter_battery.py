"""Firing units disorganized by fire and rallied (``rules.json`` ``fire.disorganized``, a mission
with ``disorganizes``; St-Lô 22, optional: counter-battery fire).

A numeric result of a mission that ``disorganizes`` disorganizes that many of the enemy's firing
units: each time the one that has spent the most fire missions this turn, among those not
disorganized already (22.1.2 B–C); when several are tied their owner picks one (a
``disorganize`` frame answered by :class:`~.actions.Pick`). A disorganized unit holds the status
``fire.disorganized`` (its reverse side, 22.1.2 D), which forbids it to fire (22.2.1). In the
artillery rally phase (a ``reset_missions`` step with ``rally_on``) one roll is made for each
disorganized unit: on one of those numbers it rallies (22.2.2–22.2.3).
"""

from __future__ import annotations

from hexwright.runtime.model.sequence import ResetMissions
from hexwright.runtime.state import piece_name

from .data import Frame
from .fire import _cite, firing_units, rules_of
from .transaction import Tx


def candidates(tx: Tx, side: str) -> list[str]:
    """``side``'s firing units that counter-battery fire may disorganize next (22.1.2 B–C): of
    those not disorganized, the ones that have spent the most missions this turn."""
    fire = rules_of(tx)
    if fire is None or fire.disorganized is None:
        return []
    held = tx.data.seq.statuses
    spent = tx.data.seq.missions
    units = [u for u in firing_units(tx, side) if fire.disorganized not in held.get(u, ())]
    most = max((spent.get(u, 0) for u in units), default=0)
    return [u for u in units if spent.get(u, 0) == most]


def disorganize(tx: Tx, mid: str, firer: str, count: int) -> None:
    """``count`` of the enemy's firing units disorganized by ``firer``'s mission ``mid`` (22.1.1 B),
    one at a time; their owner picks among those tied (22.1.2 B)."""
    fire = rules_of(tx)
    assert fire is not None
    section = fire.missions[mid].section
    for enemy in sorted(s for s in tx.module.pieces.sides if s != firer):
        for left in range(count, 0, -1):
            tied = candidates(tx, enemy)
            if not tied:
                tx.say(f"no more {tx.module.pieces.sides[enemy].name} firing units to disorganize{_cite(section)}")
                break
            if len(tied) > 1:
                names = ", ".join(piece_name(tx.module, u) for u in tied)
                tx.say(f"{tx.module.pieces.sides[enemy].name} picks which unit is disorganized: {names} spent the "
                       f"most missions{_cite(section)}")
                tx.set(frames=tx.data.frames + (Frame(proc="disorganize", side=enemy, units=tuple(tied),
                                                      length=left, result=mid),))
                return
            disorganize_unit(tx, tied[0], section)


def disorganize_unit(tx: Tx, unit: str, section: str) -> None:
    from .statuses import add_status

    fire = rules_of(tx)
    assert fire is not None and fire.disorganized is not None
    add_status(tx, unit, fire.disorganized, quiet=True)
    spent = tx.data.seq.missions.get(unit, 0)
    tx.say(f"{piece_name(tx.module, unit)} is disorganized ({spent} mission(s) spent this turn){_cite(section)}")


def rally(tx: Tx, step: ResetMissions) -> None:
    """One roll for each disorganized firing unit: on ``step.rally_on`` it rallies (22.2.2)."""
    from .statuses import remove_status
    from .steps import roll_die

    fire = rules_of(tx)
    if fire is None or fire.disorganized is None or not step.rally_on:
        return
    held = tx.data.seq.statuses
    for unit in sorted(u for u, s in held.items() if fire.disorganized in s):
        die = roll_die(tx, step.die)
        ok = die in step.rally_on
        tx.say(f"{piece_name(tx.module, unit)} rolls {die} to rally: "
               f"{'rallies' if ok else 'stays disorganized'}{_cite(step.section)}")
        if ok:
            remove_status(tx, unit, fire.disorganized)
