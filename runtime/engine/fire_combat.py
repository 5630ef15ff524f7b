"""Fire support inside a combat (``rules.json`` ``fire`` missions with ``combat``: St-Lô 10.4
on-call fire for the attacker, 10.5 defensive fire for the defender).

Once an attack is declared, each side in turn — the attacker first — may fire the mission
its side has for combat (a ``fire`` frame: a :class:`~.actions.Fire` or :class:`~.actions.Decline`);
its final fire value is added to the attacking or the defending strength when the attack is
resolved (:func:`runtime.rules.combat_odds` ``attack_bonus`` / ``defense_bonus``). The
attacker's OP stays in its hex until the combat is resolved (11.1.2), which the defender's OP
must keep away from (10.5.2 B-C). No die is rolled: the missions are spent.
"""

from __future__ import annotations

from hexwright.runtime.model.fire import FireMission
from hexwright.runtime.rules import observe_many
from hexwright.runtime.state import piece_name

from .actions import Fire
from .attacks import defender_in, defending_hexes
from .context import side_of
from .data import Declared, Frame
from .fire import describe, enemies_by_hex, firing_units, op_hexes, ops_of, plan, rules_of
from .fire_legal import unit_orders
from .transaction import Tx


def _mission(tx: Tx, frame: Frame) -> FireMission | None:
    fire = rules_of(tx)
    return fire.missions.get(frame.result) if fire is not None else None


def _declared(tx: Tx, hex: str) -> Declared | None:
    return next((d for d in tx.data.declared if d.hex == hex), None)


def combat_fire_frames(tx: Tx, hex: str) -> tuple[Frame, ...]:
    """The ``fire`` frames of the attack just declared on ``hex``: the defender's below, the
    attacker's on top (it chooses first); each closes by itself when nothing may be fired."""
    fire = rules_of(tx)
    dec = _declared(tx, hex)
    if fire is None or dec is None:
        return ()
    m = tx.module
    sides = {"attack": side_of(m, dec.attackers[0]), "defense": side_of(m, dec.defender)}
    out = []
    for kind in ("defense", "attack"):
        mid = next((k for k, mission in sorted(fire.missions.items()) if mission.combat == kind), None)
        if mid is not None:
            out.append(Frame(proc="fire", side=sides[kind], hex=hex, attackers=dec.attackers, defender=dec.defender,
                             result=mid))
    return tuple(out)


def _scope(tx: Tx, frame: Frame, mission: FireMission) -> tuple[list[str], list[str]]:
    """(target hexes, units that may be supported) of a combat fire."""
    m = tx.module
    attackers = [a for a in frame.attackers if tx.state.hex_of(a) is not None]
    if not attackers:
        return [], []
    hexes = defending_hexes(tx, tuple(attackers), frame.hex)
    if mission.combat == "attack":
        targets, supported = list(hexes), attackers
    else:
        targets = sorted({h for a in attackers if (h := tx.state.hex_of(a)) is not None})
        supported = [u for h in hexes for u in defender_in(tx, h)]
    if mission.supported_types:
        supported = [u for u in supported if m.pieces.pieces[u].unit_type in mission.supported_types]
    return targets, sorted(supported)


def legal_combat_fires(tx: Tx, frame: Frame) -> list[Fire]:
    """The fires the side of ``frame`` may make in this combat (each OP at its best place)."""
    fire, mission = rules_of(tx), _mission(tx, frame)
    if fire is None or mission is None or _declared(tx, frame.hex) is None:
        return []
    targets, supported = _scope(tx, frame, mission)
    side = frame.side
    enemies = enemies_by_hex(tx, side)
    units = firing_units(tx, side)
    out: list[Fire] = []
    for sup in supported:
        formation = tx.module.pieces.pieces[sup].formation
        mine = [u for u in units if not mission.same_formation_as_supported
                or tx.module.pieces.pieces[u].formation == formation]
        for op in ops_of(tx, side):
            orders = unit_orders(tx, mission, side, mine, op, sup)
            if not orders:
                continue
            places = {op: op_hexes(tx, mission, op, sup)}
            seen = observe_many(tx.module, places[op], targets, rules=tx.rules)
            for target in targets:
                ranked = sorted(((o.value, place) for place in places[op] if (o := seen[(place, target)]).visible),
                                reverse=True)
                for u, i, _total in orders:
                    for _value, place in ranked:  # the best place the enemy's OP leaves free (10.5.2 B-C)
                        act = Fire(mission=frame.result, target=target, op=op, op_hex=place, units=u, intensities=i,
                                   supports=sup)
                        if not plan(tx, act, side, places=places, seen=seen, enemies=enemies).problem:
                            out.append(act)
                            break
    return out


def apply_combat_fire(tx: Tx, act: Fire, frame: Frame) -> None:
    """Fire ``act`` in the combat of ``frame``: missions spent, the value kept for the resolution."""
    mission = _mission(tx, frame)
    dec = _declared(tx, frame.hex)
    if mission is None or dec is None or act.mission != frame.result:
        tx.refuse(f"{act.mission} is not fired now (the combat on {frame.hex} waits for {frame.result})")
    assert mission is not None and dec is not None
    targets, supported = _scope(tx, frame, mission)
    if act.target not in targets:
        tx.refuse(f"{mission.name} observes {' or '.join(targets) or 'no hex'} in this combat", mission.section,
                  act.target)
    if act.supports not in supported:
        names = ", ".join(piece_name(tx.module, u) for u in supported) or "no unit"
        tx.refuse(f"{mission.name} supports one of {names}", mission.section)
    p = plan(tx, act, frame.side)
    if p.problem:
        tx.refuse(p.problem, p.section, act.target)
    spent = dict(tx.data.seq.missions)
    for part in p.parts:
        spent[part.unit] = spent.get(part.unit, 0) + part.missions
    from . import runner

    runner.seq_set(tx, missions=dict(sorted(spent.items())))
    if mission.combat == "attack":
        update = {"fire_attack": dec.fire_attack + p.total, "attack_op": act.op_hex}
    else:
        update = {"fire_defense": dec.fire_defense + p.total}
    tx.set(frames=tx.data.frames[:-1], declared=tuple(d.model_copy(update=update) if d.hex == dec.hex else d
                                                     for d in tx.data.declared))
    who = "the attack" if mission.combat == "attack" else "the defence"
    tx.say(f"{mission.name} for {piece_name(tx.module, act.supports)}: {describe(tx, p)}; +{p.total} to {who}"
           + (f" — {mission.section}" if mission.section else ""))
