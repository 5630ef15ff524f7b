"""Assets attached to combat units (St-Lô 5.0, 9.3, 9.4.1–9.4.3), as module data:
``rules.json`` ``assets``. Which unit each asset is assigned to is kept in the engine state
(``SeqState.attached``); the asset is a piece in its unit's hex, so it is stacked, shown,
undone and saved like any other. Armour superiority rolls the game's seeded dice, logged."""

from __future__ import annotations

from fractions import Fraction
from math import floor

from hexwright.runtime.model.common import parse_fraction
from hexwright.runtime.model.rules_config import AssetRules
from hexwright.runtime.model.sequence import AssetPhase
from hexwright.runtime.rules import Modifier
from hexwright.runtime.state import Location, MovePieces, SetStep, piece_name

from . import runner
from .data import Frame
from .transaction import Tx


def attached(tx: Tx, unit: str) -> list[str]:
    """The assets assigned to ``unit``, sorted."""
    return sorted(a for a, p in tx.data.seq.attached.items() if p == unit)


def asset_class(rules: AssetRules, tx: Tx, asset: str) -> str:
    """The class of ``asset`` (major, minor, engineer…; "" if it is no asset)."""
    return rules.classes.get(tx.module.pieces.pieces[asset].unit_type, "")


def _value(tx: Tx, unit: str, field: str) -> int:
    piece = tx.module.pieces.pieces[unit]
    values = piece.steps[min(tx.state.pieces[unit].step, len(piece.steps) - 1)]
    found: int | None = getattr(values, field)
    return found or 0


def assign_problem(tx: Tx, rules: AssetRules, parent: str, assets: tuple[str, ...]) -> str:
    """Why ``assets`` may not be assigned to the attacking ``parent`` now ("" if they may) (9.3–9.3.3)."""
    from .tactical import hq_traces

    m = tx.module
    if rules.attacker_max is not None and len(assets) > rules.attacker_max:
        return f"at most {rules.attacker_max} assets per attack"
    act = tx.data.seq.activation
    if rules.needs_loc and act is not None and act.hq and parent in act.units and not hq_traces(tx, act.hq):
        return f"{piece_name(m, act.hq)} traces no line of communication"
    return limits_problem(tx, rules, parent, assets)


def assignable(tx: Tx, parent: str) -> list[str]:
    """The assets the attacking ``parent`` may be assigned now, one by one (9.3, for the attack dialog)."""
    rules = tx.rules.assets
    if rules is None or parent not in tx.module.pieces.pieces:
        return []
    pool = sorted(a for box in rules.from_boxes for a in tx.state.stack(Location.box(box)))
    return [a for a in pool if not assign_problem(tx, rules, parent, (a,))]


def limits_problem(tx: Tx, rules: AssetRules, parent: str, assets: tuple[str, ...]) -> str:
    """Why ``assets`` may not go to ``parent`` ("" if they may): its type, the assets' box, side
    and formation, and the limits by size and class (9.3.1, 9.3.3)."""
    from .activation import in_formations

    m, s = tx.module, tx.state
    piece = m.pieces.pieces[parent]
    if rules.parent_types and piece.unit_type not in rules.parent_types:
        return f"{piece_name(m, parent)} may not be assigned assets"
    for a in assets:
        if a not in m.pieces.pieces or a not in s.pieces:
            return f"no asset {a!r}"
        at = s.pieces[a].at
        if asset_class(rules, tx, a) == "" or at.kind != "box" or at.id not in rules.from_boxes \
                or s.pieces[a].step or a in tx.data.seq.attached:
            return f"{piece_name(m, a)} is not available for assignment"
        if rules.same_formation and not in_formations(tx, piece.formation, {m.pieces.pieces[a].formation or ""}):
            return f"{piece_name(m, a)} belongs to another formation"
        if m.pieces.pieces[a].side != piece.side:
            return f"{piece_name(m, a)} belongs to the other side"
    return over_limits(tx, rules, parent, assets)


def over_limits(tx: Tx, rules: AssetRules, parent: str, assets: tuple[str, ...]) -> str:
    """Why ``parent`` may not hold ``assets`` on top of its own ("" if it may) (9.3.1 A)."""
    from .hq import subordinates

    m = tx.module
    piece = m.pieces.pieces[parent]
    hq = tx.data.seq.designations.get(parent, piece.hq) or ""
    group = subordinates(m, tx.data.seq, hq) if hq and rules.group_size else [parent]
    for who, size in (((parent,), piece.size), (tuple(group), rules.group_size)):
        limit = rules.limits.get(size or "", {})
        held = [x for u in who for x in attached(tx, u)] + list(assets)
        for cls, most in sorted(limit.items()):
            if sum(1 for x in held if asset_class(rules, tx, x) == cls) > most:
                return f"more than {most} {cls} asset(s) for {piece_name(m, parent) if len(who) == 1 else hq}"
    return ""


def assign(tx: Tx, rules: AssetRules, parent: str, assets: tuple[str, ...]) -> None:
    """Place ``assets`` under the attacking ``parent`` (9.3 A)."""
    why = assign_problem(tx, rules, parent, assets)
    if why:
        tx.check("combat", f"assets: {why}", rules.section)
    place(tx, rules, parent, assets)


def place(tx: Tx, rules: AssetRules, parent: str, assets: tuple[str, ...]) -> None:
    """Put ``assets`` under ``parent`` and attach them to it."""
    hex = tx.state.hex_of(parent)
    if hex is None or not assets:
        return
    tx.do(MovePieces(pieces=assets, to=Location.hex(hex)))
    runner.seq_set(tx, attached=dict(sorted({**tx.data.seq.attached, **dict.fromkeys(assets, parent)}.items())))
    tx.texts[-1] += f" (assigned to {piece_name(tx.module, parent)}{' — ' + rules.section if rules.section else ''})"


def follow(tx: Tx, parent: str) -> None:
    """Assets move with their unit (5.0 B)."""
    hex = tx.state.hex_of(parent)
    mine = tuple(a for a in attached(tx, parent) if tx.state.hex_of(a) != hex)
    if hex is not None and mine:
        tx.do(MovePieces(pieces=mine, to=Location.hex(hex)))


def orphans(tx: Tx) -> None:
    """Assets whose unit was eliminated go to their holding box at once (5.3)."""
    rules = tx.rules.assets
    if rules is None:
        return
    from .activation import in_formations

    for asset, parent in sorted(tx.data.seq.attached.items()):
        if tx.state.hex_of(parent) is not None:
            continue
        runner.seq_set(tx, attached={k: v for k, v in tx.data.seq.attached.items() if k != asset})
        formation = tx.module.pieces.pieces[asset].formation
        box = next((b for f, b in sorted(rules.holding_boxes.items()) if in_formations(tx, formation, {f})), None)
        if box is not None and tx.state.hex_of(asset) is not None:
            tx.do(MovePieces(pieces=(asset,), to=Location.box(box)))
            tx.texts[-1] += f" (its unit eliminated{' — ' + rules.section if rules.section else ''})"


def armoured_assets(tx: Tx, units: list[str]) -> list[str]:
    return [a for u in units for a in attached(tx, u) if _value(tx, a, "armor") > 0]


def combat_modifiers(tx: Tx, attackers: tuple[str, ...], defenders: list[str],
                     armoured: bool | None = None) -> list[Modifier]:
    """Engineers (9.4.2) and defending armour (9.4.3) DRMs; ``armoured``: the attacking unit had
    armoured assets before the armour superiority procedure (9.4.3 B), None: look now."""
    rules = tx.rules.assets
    if rules is None:
        return []
    out = []
    theirs = [x for u in attackers for x in attached(tx, u)]
    if rules.engineer_drm and any(asset_class(rules, tx, a) == rules.engineer_class for a in theirs):
        out.append(Modifier("engineers", drm=rules.engineer_drm, section=rules.section))
    had = armoured if armoured is not None else bool(armoured_assets(tx, list(attackers)))
    if rules.defending_armor_drm and not had and any(
            asset_class(rules, tx, d) == rules.armor_class and _value(tx, d, "armor") > 0 for d in defenders):
        out.append(Modifier("defending armour", drm=rules.defending_armor_drm, section=rules.section))
    return out


def armor_superiority(tx: Tx, attackers: tuple[str, ...], defenders: list[str]) -> tuple[Modifier | None, Frame | None]:
    """The armour differential procedure (9.4.1 B–F): two rolls, a DRM, or armoured assets lost:
    at once when there is nothing to choose, else the attacker's choice (a frame, 9.4.1 E–F)."""
    from .asset_choices import loss_frame
    from .steps import roll_die

    rules = tx.rules.assets
    sup = rules.armor_superiority if rules is not None else None
    armour = armoured_assets(tx, list(attackers))
    if sup is None or rules is None or not armour:
        return None, None
    mine, theirs = roll_die(tx, sup.die), roll_die(tx, sup.die)
    attack = sum(_value(tx, a, "armor") for a in armour) + mine
    defence = sum(_value(tx, d, "anti_tank") for d in defenders) + theirs
    diff = attack - defence
    tx.say(f"armour differential {attack} − {defence} = {diff:+d} (rolled {mine} and {theirs})"
           + (f" — {rules.section}" if rules.section else ""))
    lost = max((x.assets for x in sup.losses if diff <= x.at_most), default=0)
    frame = loss_frame(tx, armour, lost) if lost else None
    if diff >= sup.min_differential:
        return Modifier("armour superiority", drm=floor(Fraction(diff) * parse_fraction(sup.factor)),
                        section=rules.section), frame
    return None, frame


def _division_box(tx: Tx, rules: AssetRules, asset: str) -> str | None:
    from .activation import in_formations

    formation = tx.module.pieces.pieces[asset].formation
    return next((b for f, b in sorted(rules.division_boxes.items()) if in_formations(tx, formation, {f})), None)


def to_division(tx: Tx, rules: AssetRules, asset: str) -> None:
    box = _division_box(tx, rules, asset)
    if box is None:
        return
    runner.seq_set(tx, attached={k: v for k, v in tx.data.seq.attached.items() if k != asset})
    tx.do(MovePieces(pieces=(asset,), to=Location.box(box)))
    if len(tx.module.pieces.pieces[asset].steps) > 1:
        tx.do(SetStep(piece=asset, step=1))


def asset_phase(tx: Tx, step: AssetPhase) -> None:
    """Availability, then reassignment (3.1.4.1–3.1.4.2, 5.2, 5.4)."""
    rules = tx.rules.assets
    if rules is None:
        return
    for box in sorted(set(rules.division_boxes.values())):
        for asset in tx.state.stack(Location.box(box)):
            if tx.state.pieces[asset].step:
                tx.do(SetStep(piece=asset, step=0))
    held = {b for b in rules.holding_boxes.values()}
    for asset in sorted(tx.state.pieces):
        at = tx.state.pieces[asset].at
        if at.kind == "box" and at.id in held:
            to_division(tx, rules, asset)
    for asset in sorted(tx.data.seq.attached):
        if asset_class(rules, tx, asset) in step.must_return:
            to_division(tx, rules, asset)
    tx.say("assets: available ones turned up, reassigned ones back to their division"
           + (f" — {step.section}" if step.section else ""))
    if step.voluntary:
        from .asset_choices import reassign_frames

        reassign_frames(tx)


def transfer(tx: Tx, gone: tuple[str, ...], new: tuple[str, ...]) -> None:
    """Assets of units that left the map in a reorganization go to the new units, within the
    limits: to the one new unit (12.1.3), or among several as the owner wishes (12.2.5); one
    that fits nowhere goes back to its division (a frame, :mod:`.asset_choices`)."""
    from .asset_choices import split_frame

    moving = [a for u in gone for a in attached(tx, u)]
    if tx.rules.assets is None or not moving or not new:
        return
    runner.seq_set(tx, attached={k: v for k, v in tx.data.seq.attached.items() if k not in moving})
    tx.set(frames=tx.data.frames + (split_frame(tx, new, moving),))
