"""What a fire table's result does (``rules.json`` ``fire`` tables' ``results``, St-Lô 14.1.1–14.2.2,
15.0 C–E, 16.0 B, 22.1.1): pins and disruptions as unit statuses of every unit in the target hex,
a step loss by the mission's loss order (the owner picks within a group, 14.1.2), the enemy's
initiative lowered, a strike that hits the firer's own units instead — in the hex the *enemy*
chooses when there are several (15.0 D: a ``fire_hit`` frame answered by :class:`~.actions.Pick`)
— and enemy firing units disorganized (:mod:`.counter_battery`)."""

from __future__ import annotations

from hexwright.runtime.model.fire import FireMission
from hexwright.runtime.state import piece_name

from .actions import Pick
from .data import Frame
from .fire import _cite, enemies_by_hex, enemy_units, rules_of
from .transaction import Tx


def apply_result(tx: Tx, mid: str, code: str, target: str, side: str) -> None:
    """What result ``code`` of mission ``mid``'s table does to ``target`` fired on by ``side``."""
    from .statuses import add_status, remove_status

    fire = rules_of(tx)
    assert fire is not None
    mission = fire.missions[mid]
    assert mission.table is not None
    result = fire.tables[mission.table].results[code]
    held = tx.data.seq.statuses
    units = enemy_units(tx, target, side) if target else []
    cite = _cite(result.section)
    if result.friendly:
        _friendly(tx, mid, target, side)
        return
    if (result.pin or result.disrupt) and units and fire.disrupted:
        pinned = fire.pinned is not None and any(fire.pinned in held.get(u, ()) for u in units)
        disrupt = result.disrupt or pinned  # 14.1.1 P: a second pin disrupts; 14.1.3 A: D on a pin
        status = fire.disrupted if disrupt else fire.pinned
        already = disrupt and any(fire.disrupted in held.get(u, ()) for u in units)
        for u in units:
            if fire.pinned:
                remove_status(tx, u, fire.pinned)
            if status:
                add_status(tx, u, status, quiet=True)
        name = tx.module.rules.statuses[status].name if status in tx.module.rules.statuses else status
        tx.say(f"{target}: {name}" + (" (already disrupted: no further effect)" if already else
                                      " (was pinned)" if disrupt and pinned else "") + cite)
    if result.step_loss and units:
        _step_loss(tx, mission, units, result.step_loss, result.section)
    if result.initiative and mission.disorganizes:
        from .counter_battery import disorganize

        disorganize(tx, mid, side, result.initiative)
    elif result.initiative and fire.initiative_pool:
        from .steps import set_pool_value

        for enemy in sorted(s for s in tx.module.pieces.sides if s != side):
            now = tx.data.seq.pools.get(fire.initiative_pool, {}).get(enemy, 0)
            set_pool_value(tx, fire.initiative_pool, enemy, now - result.initiative)
            tx.texts[-1] += f" (−{result.initiative}{cite})"


def _step_loss(tx: Tx, mission: FireMission, units: list[str], amount: int, section: str) -> None:
    """``amount`` steps lost in the hex, by the loss order's first group with units (14.1.2)."""
    from . import relocation

    m = tx.module
    groups = mission.loss_order or [sorted({m.pieces.pieces[u].unit_type for u in units})]
    for group in groups:
        cands = tuple(sorted(u for u in units if m.pieces.pieces[u].unit_type in group))
        if not cands:
            continue
        owner = m.pieces.pieces[cands[0]].side
        if len(cands) > 1:
            tx.say(f"{m.pieces.sides[owner].name} allocates {amount} step loss(es){_cite(section)}")
            tx.set(frames=tx.data.frames + (Frame(proc="losses", side=owner, units=cands, length=amount,
                                                  result="fire"),))
            return
        for _ in range(amount):
            alive = [u for u in cands if tx.state.hex_of(u) is not None]
            if alive:
                relocation.lose_step(tx, alive[0])
                tx.texts[-1] += _cite(section)
        return
    tx.say(f"no unit there may take the step loss{_cite(section)}")


def friendly_hexes(tx: Tx, mid: str, target: str, side: str) -> list[str]:
    """15.0 C: the hexes of ``side``'s units (OPs never count, 11.1.2) within the mission's
    ``friendly_range`` of ``target``, by label."""
    from hexwright.runtime.rules.hexmap import hex_map

    fire = rules_of(tx)
    assert fire is not None
    mission = fire.missions[mid]
    hm = hex_map(tx.module)
    centre = hm.grid.hex_at(hm.idx(target))
    enemy = _enemy_of(tx, side)
    return sorted(h for h in enemies_by_hex(tx, enemy)
                  if hm.grid.distance(centre, hm.grid.hex_at(hm.idx(h))) <= mission.friendly_range)


def _enemy_of(tx: Tx, side: str) -> str:
    return next((s for s in sorted(tx.module.pieces.sides) if s != side), side)


def _friendly(tx: Tx, mid: str, target: str, side: str) -> None:
    """15.0 C–E: a hex of the firer's own units within ``friendly_range`` suffers ``friendly_result``;
    with several, the enemy chooses which (15.0 D)."""
    fire = rules_of(tx)
    assert fire is not None
    mission = fire.missions[mid]
    mine = friendly_hexes(tx, mid, target, side)
    if not mine or not mission.friendly_result:
        tx.say(f"no own unit within {mission.friendly_range} hexes of {target}: no effect{_cite(mission.section)}")
        return
    enemy = _enemy_of(tx, side)
    if len(mine) > 1:
        tx.say(f"the strike hits own units: {tx.module.pieces.sides[enemy].name} chooses which hex of "
               f"{', '.join(mine)} suffers {mission.friendly_result}{_cite(mission.section + ' D' if mission.section else '')}")
        tx.set(frames=tx.data.frames + (Frame(proc="fire_hit", side=enemy, hex=target, units=tuple(mine),
                                              result=mid),))
        return
    _hit(tx, mid, mine[0], enemy)


def _hit(tx: Tx, mid: str, hex: str, chooser: str) -> None:
    fire = rules_of(tx)
    assert fire is not None
    tx.say(f"the strike hits own units at {hex}")
    apply_result(tx, mid, fire.missions[mid].friendly_result, hex, chooser)


def legal_picks(tx: Tx, frame: Frame) -> list[Pick]:
    """The hexes (``fire_hit``) or units (``disorganize``) the frame's side may pick."""
    return [Pick(target=t) for t in frame.units]


def apply_pick(tx: Tx, act: Pick) -> None:
    """The side of the frame on top picks ``act.target`` among the frame's ``units``."""
    top = tx.data.top
    if top is None or top.proc not in ("fire_hit", "disorganize"):
        tx.refuse("nothing to pick now")
    assert top is not None
    if act.target not in top.units:
        what = "hex" if top.proc == "fire_hit" else "unit"
        names = ", ".join(top.units if top.proc == "fire_hit" else (piece_name(tx.module, u) for u in top.units))
        tx.refuse(f"{act.target} is not a {what} to pick now (one of {names})", _section(tx, top))
    tx.set(frames=tx.data.frames[:-1])
    side_name = tx.module.pieces.sides[top.side].name
    if top.proc == "fire_hit":
        tx.say(f"{side_name} picks {act.target}{_cite(_section(tx, top))}")
        _hit(tx, top.result, act.target, top.side)
        return
    from .counter_battery import disorganize, disorganize_unit

    tx.say(f"{side_name} picks {piece_name(tx.module, act.target)}")
    disorganize_unit(tx, act.target, _section(tx, top))
    if top.length > 1:
        enemy = _enemy_of(tx, top.side)
        disorganize(tx, top.result, enemy, top.length - 1)


def _section(tx: Tx, frame: Frame) -> str:
    fire = rules_of(tx)
    mission = fire.missions.get(frame.result) if fire is not None else None
    if mission is None or not mission.section:
        return ""
    return mission.section + (" D" if frame.proc == "fire_hit" else "")
