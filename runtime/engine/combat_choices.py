"""What the players add to one combat (``rules.json`` ``combat``): the attacker's combat
intensity (ToV 10.2.3) and air points (ToV 7.1) named in :class:`Declare`, the defender's air
points (a ``support`` frame once the attack is declared), and the rolls owed after the result
(intensity, attacker casualties: ToV 10.3), as ``roll`` frames for :mod:`.losses`."""

from __future__ import annotations

from hexwright.runtime.model import ResultCode
from hexwright.runtime.rules import Modifier

from .actions import Declare, Support
from .data import Declared, Frame
from .transaction import Tx


def modifiers(tx: Tx, intensity: int = 0, air: int = 0, defense_air: int = 0) -> list[Modifier]:
    """The column shifts of the players' choices, with their sections."""
    cr = tx.rules.combat
    out: list[Modifier] = []
    if air and cr.air_support is not None:
        out.append(Modifier("air ground support", air * cr.air_support.attack_shift, 0, cr.air_support.section))
    if intensity and cr.intensity is not None:
        out.append(Modifier("combat intensity", intensity, 0, cr.intensity.section))
    if defense_air and cr.air_support is not None:
        out.append(Modifier("air support (defence)", defense_air * cr.air_support.defense_shift, 0,
                            cr.air_support.section))
    return out


def declared_modifiers(tx: Tx, dec: Declared) -> list[Modifier]:
    return modifiers(tx, dec.intensity, dec.air, dec.defense_air)


def pool_left(tx: Tx, side: str) -> int:
    air = tx.rules.combat.air_support
    if air is None or side != air.side:
        return 0
    return tx.data.seq.pools.get(air.pool, {}).get(side, 0)


def spend(tx: Tx, side: str, points: int) -> None:
    air = tx.rules.combat.air_support
    if air is None or not points:
        return
    from .steps import set_pool_value

    set_pool_value(tx, air.pool, side, pool_left(tx, side) - points)


def check_declare(tx: Tx, act: Declare, side: str) -> None:
    """Refuse an intensity the rules do not offer, or air points the side cannot spend."""
    cr = tx.rules.combat
    if act.intensity:
        shifts = [lv.shift for lv in cr.intensity.levels] if cr.intensity is not None else []
        if act.intensity not in shifts:
            offered = ", ".join(f"+{s}" for s in shifts) or "none in this game"
            tx.refuse(f"no combat intensity of +{act.intensity} (offered: {offered})",
                      cr.intensity.section if cr.intensity is not None else cr.section)
    if act.air:
        air = cr.air_support
        if air is None or air.side != side:
            tx.refuse("this side has no air support to spend on an attack", air.section if air else cr.section)
        assert air is not None
        if act.air > air.max_per_hex:
            tx.refuse(f"at most {air.max_per_hex} air point(s) per attacked hex", air.section, act.hex)
        if act.air > pool_left(tx, side):
            tx.refuse(f"only {pool_left(tx, side)} air point(s) left this turn", air.section, act.hex)


def variants(tx: Tx, side: str) -> list[tuple[int, int]]:
    """Every (intensity, air) an attack of ``side`` may be declared with now, (0, 0) first."""
    cr = tx.rules.combat
    levels = [0] + ([lv.shift for lv in cr.intensity.levels] if cr.intensity is not None else [])
    air = cr.air_support
    points = [0] + (list(range(1, min(air.max_per_hex, pool_left(tx, side)) + 1)) if air is not None else [])
    return [(i, a) for a in points for i in levels]


def support_frame(tx: Tx, hex: str, defender_side: str) -> Frame | None:
    """The defender's air support choice, when it has points and the rules give it a shift."""
    air = tx.rules.combat.air_support
    if air is None or not air.defense_shift or pool_left(tx, defender_side) <= 0:
        return None
    return Frame(proc="support", side=defender_side, hex=hex)


def legal_support(tx: Tx, frame: Frame) -> list[Support]:
    air = tx.rules.combat.air_support
    most = min(air.max_per_hex, pool_left(tx, frame.side)) if air is not None else 0
    return [Support(points=n) for n in range(most + 1)]


def apply_support(tx: Tx, act: Support) -> None:
    top = tx.data.top
    air = tx.rules.combat.air_support
    sec = air.section if air is not None else ""
    if top is None or top.proc != "support" or air is None:
        tx.refuse("no air support is to be chosen now", sec)
    assert top is not None and air is not None
    if act.points > min(air.max_per_hex, pool_left(tx, top.side)):
        tx.refuse(f"at most {min(air.max_per_hex, pool_left(tx, top.side))} air point(s) on this defence", sec,
                  top.hex)
    tx.set(frames=tx.data.frames[:-1], declared=tuple(
        d.model_copy(update={"defense_air": act.points}) if d.hex == top.hex else d for d in tx.data.declared))
    if act.points:
        spend(tx, top.side, act.points)
        tx.say(f"air support for the defence of {top.hex}: {act.points} point(s)" + (f" — {sec}" if sec else ""))
    else:
        tx.say(f"no air support for the defence of {top.hex}")


def rolls_after(tx: Tx, dec: Declared, result: ResultCode, side: str, attackers: tuple[str, ...]) -> list[Frame]:
    """The ``roll`` frames owed after the result, the first to roll last: the casualty checks
    of the result's ``casualty_check`` effects, then the intensity roll (ToV 10.2.3, 10.3)."""
    cr = tx.rules.combat
    out: list[Frame] = []
    intensity = cr.intensity
    lost = any(e.who == "defender" and e.what in ("step_loss", "eliminate") for e in result.effects)
    if dec.intensity and intensity is not None and (intensity.roll_when == "always" or lost):
        out.append(Frame(proc="roll", side=side, hex=dec.hex, units=attackers, length=dec.intensity,
                         result="intensity"))
    if cr.casualty is not None:
        for eff in result.effects:
            if eff.what == "casualty_check" and eff.who == "attacker":
                out += [Frame(proc="roll", side=side, hex=dec.hex, units=attackers, result="casualty")
                        for _ in range(eff.amount)]
    return out
