"""Step losses of a combat and the rolls after it (``rules.json`` ``combat``).

* ``loss_allocation: owner`` (ToV 10.3): a CRT ``step_loss`` of N against a stack is N steps in
  all, each allocated by the owning player (a ``losses`` frame waiting for :class:`LoseStep`);
  with one unit left to choose from, or no more steps than the loss, the engine takes them.
  ``each_unit`` (the default: DoM) takes N steps from every unit at once. With a loss order
  (``combat.losses``, St-Lô 9.2.4–9.2.5) the owner chooses within the first group of unit
  types left, never an immune type.
* The rolls after the result (``roll`` frames, the attacker's :class:`Roll`, dice from the
  game's generator and logged): combat intensity (ToV 10.2.3: one attacking unit, chosen by the
  attacker, loses a step on the level's faces) and the casualty check (ToV 10.3: on its faces,
  one attacking unit loses a step, one that advanced first).
"""

from __future__ import annotations

from hexwright.runtime.state import piece_name
from hexwright.runtime.state.rng import roll

from . import relocation
from .actions import LoseStep
from .data import Frame
from .transaction import Tx


def steps_left(tx: Tx, unit: str) -> int:
    return len(tx.module.pieces.pieces[unit].steps) - tx.state.pieces[unit].step


def _on_map(tx: Tx, units: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(u for u in units if tx.state.hex_of(u) is not None)


def step_losses(tx: Tx, units: tuple[str, ...], amount: int, side: str, why: str) -> Frame | None:
    """A CRT step loss of ``amount`` against ``units``: taken now (``each_unit``), or a frame
    for their owner to allocate (``owner``)."""
    if tx.rules.combat.loss_allocation == "owner":
        return Frame(proc="losses", side=side, units=units, length=amount, result=why)
    for u in units:
        for _ in range(amount):
            if tx.state.hex_of(u) is not None:
                relocation.lose_step(tx, u)
    return None


def _candidates(tx: Tx, units: tuple[str, ...]) -> tuple[str, ...]:
    """The units the owner may take the next step from: those on the map, or with a loss order
    (``combat.losses``, St-Lô 9.2.4–9.2.5) those of its first group left, immune types never."""
    on_map = _on_map(tx, units)
    if tx.rules.combat.losses is None:
        return on_map
    from .loss_order import first_group

    return first_group(tx, tx.rules.combat.losses, on_map)


def settle_losses(tx: Tx, frame: Frame) -> bool:
    """Take the losses nobody has to choose; True when the owner must choose a unit."""
    units = _candidates(tx, frame.units)
    left = frame.length
    while left > 0 and units and (len(units) == 1 or sum(steps_left(tx, u) for u in units) <= left):
        relocation.lose_step(tx, units[0])
        left -= 1
        units = _candidates(tx, frame.units)
    if left > 0 and units:
        _replace_top(tx, frame.model_copy(update={"units": units, "length": left}))
        return True
    tx.set(frames=tx.data.frames[:-1])
    return False


def _replace_top(tx: Tx, frame: Frame) -> None:
    tx.set(frames=tx.data.frames[:-1] + (frame,))


def legal_losses(tx: Tx, frame: Frame) -> list[LoseStep]:
    return [LoseStep(unit=u) for u in sorted(_candidates(tx, frame.units))]


def apply_lose_step(tx: Tx, act: LoseStep) -> None:
    top = tx.data.top
    sec = tx.rules.combat.loss_allocation_section or tx.rules.combat.section or ""
    if top is None or top.proc != "losses":
        tx.refuse("no step loss is to be allocated now", sec)
    assert top is not None
    units = _candidates(tx, top.units)
    if act.unit not in units:
        names = ", ".join(piece_name(tx.module, u) for u in units)
        order = tx.rules.combat.losses
        tx.refuse(f"{act.unit} cannot take this loss (one of: {names})",
                  order.section if order is not None and order.section else sec)
    relocation.lose_step(tx, act.unit)
    tx.texts[-1] += f" (step loss allocated by its owner — {sec})" if sec else " (step loss allocated by its owner)"
    left = top.length - 1
    rest = _on_map(tx, top.units)
    if left > 0 and _candidates(tx, rest):
        _replace_top(tx, top.model_copy(update={"units": rest, "length": left}))
    else:
        tx.set(frames=tx.data.frames[:-1])


# -- the rolls after the result -------------------------------------------------------------------


def mark_advanced(tx: Tx, unit: str) -> None:
    """``unit`` advanced after combat: the casualty rolls of this combat look to it first."""
    frames = tuple(f.model_copy(update={"advanced": f.advanced + (unit,)}) if f.proc == "roll" and
                   f.result == "casualty" else f for f in tx.data.frames)
    tx.set(frames=frames)


def _faces(tx: Tx, frame: Frame) -> tuple[str, list[int], str]:
    """The die, the faces that cost a step, and the section of a ``roll`` frame."""
    cr = tx.rules.combat
    if frame.result == "intensity" and cr.intensity is not None:
        level = next((lv for lv in cr.intensity.levels if lv.shift == frame.length), None)
        return cr.intensity.die, list(level.loss_on) if level else [], cr.intensity.section
    if frame.result == "casualty" and cr.casualty is not None:
        return cr.casualty.die, list(cr.casualty.loss_on), cr.casualty.section
    return "1d6", [], ""


def apply_combat_roll(tx: Tx) -> None:
    """The attacker rolls for the ``roll`` frame on top; a loss opens a ``losses`` frame."""
    top = tx.data.top
    assert top is not None and top.proc == "roll"
    die, faces, sec = _faces(tx, top)
    count, sides = (int(x) for x in die.split("d"))
    dice, rng = roll(tx.state.rng, sides, count)
    tx.state = tx.state.model_copy(update={"rng": rng, "last_roll": tuple(dice)})
    tx.dice += dice
    total = sum(dice)
    what = "combat intensity" if top.result == "intensity" else "attacker casualties"
    lost = total in faces
    tx.say(f"{what} roll: {total}" + (": one attacking unit loses a step" if lost else ": no loss") +
           (f" — {sec}" if sec else ""))
    tx.set(frames=tx.data.frames[:-1])
    if not lost:
        return
    units = _on_map(tx, top.units)
    first = _on_map(tx, tuple(u for u in top.advanced if u in units))
    casualty = tx.rules.combat.casualty
    if top.result == "casualty" and first and casualty is not None and casualty.advanced_first:
        units = first
    if units:
        tx.set(frames=tx.data.frames + (Frame(proc="losses", side=top.side, units=units, length=1,
                                              result=top.result),))
