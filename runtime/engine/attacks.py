"""Combat phase actions (DoM §9): declare every attack, then resolve them one by one,
each fully (retreats, advance) before the next.

Resolving rolls the CRT's dice from the state's generator and reads the result code's
effects (module data): ``retreat`` by ``attacker``/``defender`` pushes a retreat
procedure, ``advance`` an advance procedure under it, ``eliminate`` and ``step_loss``
happen at once. Procedures run on the engine's frame stack (:mod:`.sequence`).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from hexwright.runtime.model import Module
from hexwright.runtime.model.sequence import ActionKind
from hexwright.runtime.rules import CombatOdds, Modifier, combat_odds, resolve
from hexwright.runtime.rules.retreat import retreat_length
from hexwright.runtime.state import GameState, Location, piece_name
from hexwright.runtime.state.rng import roll

from . import asset_choices, assets, combat_choices, losses, relocation, runner
from . import assets as assets_of
from .actions import Declare, Resolve
from .context import hex_of, phase_of, phase_side, side_of, weather_now
from .data import Declared, Frame, engine_state, optional_on, rules_of
from .loss_order import take_losses, vacated_advance
from .markers import marker_modifiers
from .restrictions import attack_problem
from .statuses import add_status, blocked_from, defender_modifiers
from .transaction import Tx

_STATUS = {"pin": "pinned", "disrupt": "disrupted"}


def defending_hexes(tx: Tx, attackers: tuple[str, ...], hex: str) -> list[str]:
    """The hexes an attack on ``hex`` is made on: ``hex``, or with ``combat.all_adjacent`` every
    hex next to an attacker that holds a unit of another side (St-Lô 9.1.1), ``hex`` first."""
    if not tx.rules.combat.all_adjacent:
        return [hex]
    m, s = tx.module, tx.state
    sides = {side_of(m, a) for a in attackers}
    at = {h for a in attackers if (h := s.hex_of(a)) is not None}
    held = {h for p, h in s.occupancy().items() if side_of(m, p) not in sides}
    return [hex] + sorted(h for h in held if h != hex and any(_adjacent(tx, h, x) for x in at))


def odds_for(tx: Tx, attackers: tuple[str, ...], hex: str, chosen: list[Modifier] | None = None, *,
             armoured: bool | None = None, bonus: tuple[int, int] = (0, 0)) -> CombatOdds:
    """The odds now, with the players' choices for this combat (``chosen``: intensity, air), on
    every defending hex (``defending_hexes``)."""
    s = tx.state
    sides = {side_of(tx.module, a) for a in attackers}
    hexes = defending_hexes(tx, attackers, hex)
    mods = defender_modifiers(tx.module, s, [p for h in hexes for p in s.stack(Location.hex(h))
                                             if side_of(tx.module, p) not in sides])
    mods = [*mods, *(chosen or [])]
    mods += [x for h in hexes for x in marker_modifiers(tx.module, s, h)]
    mods += assets.combat_modifiers(tx, attackers, [p for h in hexes for p in defender_in(tx, h)], armoured)
    act = tx.data.seq.activation
    if act is not None and act.attack_drm and any(a in act.units for a in attackers):
        mods.append(Modifier(source=act.action or "action", drm=act.attack_drm))
    absent = act.retreated if act is not None and tx.rules.combat.retreated_add_no_defense else ()
    return combat_odds(tx.module, s.occupancy(), attackers, hex, optional_rules=optional_on(s), steps=s.steps(),
                       rules=tx.rules, weather=weather_now(tx.module, s), modifiers=mods, also=hexes[1:],
                       absent=absent, attack_bonus=bonus[0], defense_bonus=bonus[1])


def attacks_spent(tx: Tx, unit: str) -> str:
    """Why ``unit`` may not join another attack now ("" if it may): it is in an attack
    declared, or has made its attacks — in the activation running, ``Activation.attacks``
    and the step's ``attacks_per_unit`` (ToV 10.0: one; St-Lô 9.1 A: one per attack action,
    several per activation); otherwise one per phase (DoM §9)."""
    d = tx.data
    if any(unit in dec.attackers for dec in d.declared):
        return "already attacks this turn"
    act = d.seq.activation
    if act is None or unit not in act.units:
        return "already attacks this turn" if unit in d.attacked else ""
    if act.attacked.get(unit, 0) >= act.attacks:
        return f"has made its {act.attacks} attack(s) in this activation"
    step = runner.actions_step(tx.module, d.seq)
    if step is not None and step.attacks_per_unit is not None and \
            act.step_attacked.get(unit, 0) >= step.attacks_per_unit:
        return f"has made its {step.attacks_per_unit} attack(s) in this step"
    return ""


def _count_attacks(tx: Tx, attackers: tuple[str, ...]) -> None:
    act = tx.data.seq.activation
    inside = [a for a in attackers if act is not None and a in act.units]
    if act is not None and inside:
        counts, step = dict(act.attacked), dict(act.step_attacked)
        for a in inside:
            counts[a] = counts.get(a, 0) + 1
            step[a] = step.get(a, 0) + 1
        act = act.model_copy(update={"attacked": dict(sorted(counts.items())), "step_attacked": dict(sorted(step.items()))})
        tx.set(seq=tx.data.seq.model_copy(update={"activation": act}))
    tx.set(attacked=tuple(sorted(set(tx.data.attacked) | set(attackers))))


def _defended_already(tx: Tx, hex: str, defenders: list[str]) -> bool:
    """The hex (or a unit in it) may not be attacked again (``combat.defend_once``)."""
    d = tx.data
    if any(dec.hex == hex for dec in d.declared):
        return True
    once = tx.rules.combat.defend_once
    if once == "unit":
        return any(x in d.defended for x in defenders)
    return once == "hex" and hex in d.seq.defended_hexes


def may_attack(tx: Tx, unit: str, for_legal: bool = False) -> str:
    """Why ``unit`` may not attack now ("" if it may): not activated, or a status (St-Lô 9.1.3)."""
    step = runner.actions_step(tx.module, tx.data.seq)
    act = tx.data.seq.activation
    if step is not None and step.units == "activated" and (act is None or unit not in act.units):
        return "" if runner.step_level(tx, step) != "enforce" and for_legal else "not activated"
    if act is not None and act.attacks == 0 and unit in act.units:
        return "this activation allows no attack"
    if act is not None and act.participants is not None and unit in act.units and unit not in act.participants:
        return "does not take part in this action"
    return blocked_from(tx.module, tx.state, unit, "attack")


def attack_odds(module: Module, state: GameState, attackers: tuple[str, ...], hex: str, *,
                intensity: int = 0, air: int = 0, assets: tuple[str, ...] = ()) -> CombatOdds:
    """The odds of ``attackers`` on ``hex`` now, under the players' enforcement choices, with the
    combat intensity and air points the attacker would declare and the ``assets`` it would assign
    to its one attacking unit (St-Lô 9.3: engineers 9.4.2, no defending-armour DRM against armour
    9.4.3), as :func:`apply_declare` would place them (for the attack dialog; nothing changes)."""
    tx = Tx(module, state, engine_state(state), rules_of(module, state))
    if assets and tx.rules.assets is not None and len(attackers) == 1:
        assets_of.place(tx, tx.rules.assets, attackers[0], tuple(assets))
    return odds_for(tx, attackers, hex, combat_choices.modifiers(tx, intensity, air))


def air_points_for_attack(module: Module, state: GameState) -> int:
    """Air points the side to act may spend on one attack now (ToV 7.1: its pool, at most ``max_per_hex``)."""
    tx = Tx(module, state, engine_state(state), rules_of(module, state))
    air, side = tx.rules.combat.air_support, phase_side(module, state)
    if air is None or side != air.side:
        return 0
    return min(air.max_per_hex, combat_choices.pool_left(tx, side))


def assignable_assets(module: Module, state: GameState, unit: str) -> list[str]:
    """The assets ``unit`` may be assigned for its attack now, sorted (St-Lô 9.3; for the attack dialog)."""
    return assets.assignable(Tx(module, state, engine_state(state), rules_of(module, state)), unit)


def available_attackers(module: Module, state: GameState, hex: str) -> list[str]:
    """Units of the attacking side next to ``hex`` that may still attack, sorted: not those that
    :func:`may_attack` bars (not activated, a status: an HQ placed with its battalion, St-Lô 6.0 B)."""
    tx = Tx(module, state, engine_state(state), rules_of(module, state))
    side = phase_side(module, state)
    grid, scheme = module.map.grid.hex_grid(), module.map.grid.labels.scheme()
    target = scheme.parse(hex, grid)
    return sorted(pid for pid, label in state.occupancy().items()
                  if side_of(module, pid) == side and not attacks_spent(tx, pid)
                  and grid.distance(scheme.parse(label, grid), target) == 1 and not may_attack(tx, pid, for_legal=True))


def _number(odds: CombatOdds, value: Fraction) -> str:
    """A differential as ``ΔCF 3``; odds as a ratio, ``2:1``, ``5:2``, ``1:2``."""
    return f"ΔCF {value}" if odds.kind == "differential" else f"{value.numerator}:{value.denominator}"


def odds_text(odds: CombatOdds) -> str:
    raw = "" if odds.raw is None else _number(odds, odds.raw)
    capped = ""
    if odds.value is not None and odds.value != odds.raw:
        capped = f" → {odds.value}" if odds.kind == "differential" else f" → {_number(odds, odds.value)}"
    shifts = "".join(f", {m.source} {m.shift:+d}" for m in odds.shifts)
    drm = f", DRM {odds.drm:+d}" if odds.drm else ""
    return f"{raw}{capped}{shifts}{drm}: column {odds.column_label}"


def _adjacent(tx: Tx, a: str, b: str) -> bool:
    grid = tx.module.map.grid.hex_grid()
    scheme = tx.module.map.grid.labels.scheme()
    return grid.distance(scheme.parse(a, grid), scheme.parse(b, grid)) == 1


def _combat_phase(tx: Tx, kind: ActionKind = "declare") -> None:
    phase = phase_of(tx.module, tx.state)
    if tx.data.frames:
        tx.refuse(f"finish the {tx.data.frames[-1].proc} first", phase.section if phase else "")
    now = runner.waiting(tx.module, tx.data.seq)
    if not runner.allows(tx.module, tx.data.seq, kind) and now is not None and runner.step_level(tx, now) == "warn":
        runner.require(tx, kind, "attacking")
    elif not runner.allows(tx.module, tx.data.seq, kind):
        tx.refuse(f"attacks are made in a combat phase, not now ({phase.name if phase else 'no phase'})",
                  phase.section if phase else "")


def defender_in(tx: Tx, hex: str) -> list[str]:
    side = phase_side(tx.module, tx.state)
    return [p for p in tx.state.stack(Location.hex(hex)) if side_of(tx.module, p) != side]


def apply_declare(tx: Tx, act: Declare) -> None:
    m, d = tx.module, tx.data
    sec = m.rules.combat.section or ""
    _combat_phase(tx)
    side = phase_side(m, tx.state)
    if d.resolving and m.rules.combat.declare_all_first:
        tx.check("combat", "every attack is declared before the first is resolved", sec)
    if d.declared and not m.rules.combat.declare_all_first:
        tx.refuse(f"resolve the attack on {d.declared[0].hex} first (attacks are declared and resolved one by one)",
                  sec)
    defenders = defender_in(tx, act.hex)
    if not defenders:
        tx.refuse(f"no enemy unit in {act.hex} to attack", sec)
    if len(set(act.attackers)) != len(act.attackers):
        tx.refuse("a unit is named twice in the attack", sec)
    most = m.rules.combat.max_attackers
    if most is not None and len(act.attackers) > most:
        tx.check("combat", f"at most {most} unit(s) attack together", sec, act.hex)
    for a in act.attackers:
        at = tx.state.hex_of(a) if a in tx.state.pieces else None
        if at is None:
            tx.refuse(f"{a} is not on the map")
        if side_of(m, a) != side:
            tx.refuse(f"{piece_name(m, a)} is not the attacker's unit", sec)
        if not _adjacent(tx, at, act.hex):
            tx.check("combat", f"{piece_name(m, a)} is not adjacent to {act.hex}", sec, act.hex)
        barred = attack_problem(tx, a, act.hex)
        if barred is not None:
            tx.check("restriction", barred[0], barred[1], act.hex)
        spent = attacks_spent(tx, a)
        if spent:
            tx.check("combat", f"{piece_name(m, a)} {spent}", sec, act.hex)
        why = may_attack(tx, a)
        step = runner.actions_step(m, tx.data.seq)
        if why and step is not None and why == "not activated":
            runner.step_check(tx, step, f"{piece_name(m, a)} may not attack: {why}", act.hex)
        elif why:
            tx.check("combat", f"{piece_name(m, a)} may not attack: {why}", sec, act.hex)
    if _defended_already(tx, act.hex, defenders):
        tx.check("combat", f"{piece_name(m, defenders[0])} is already attacked this turn", sec, act.hex)
    attack_side = side_of(m, act.attackers[0])
    combat_choices.check_declare(tx, act, attack_side)
    if act.assets:
        if tx.rules.assets is None:
            tx.refuse("this game has no assets to assign", sec)
        assert tx.rules.assets is not None
        if len(act.attackers) != 1:
            tx.check("combat", "assets are assigned to one attacking unit", tx.rules.assets.section, act.hex)
        assets.assign(tx, tx.rules.assets, act.attackers[0], act.assets)
    odds = odds_for(tx, act.attackers, act.hex, combat_choices.modifiers(tx, act.intensity, act.air))
    if not odds.allowed:
        cited = next((r.section for r in odds.rulings if r.section), sec)
        tx.check("combat", "; ".join(r.text for r in odds.rulings) or "attack not allowed", cited, act.hex)
    names = ", ".join(piece_name(m, a) for a in act.attackers)
    tx.say(f"attack declared: {names} on {piece_name(m, defenders[0])} in {act.hex} ({odds_text(odds)})")
    combat_choices.spend(tx, attack_side, act.air)
    tx.set(declared=tuple(sorted(d.declared + (Declared(attackers=tuple(sorted(act.attackers)), hex=act.hex,
                                                         defender=defenders[0], intensity=act.intensity,
                                                         air=act.air),), key=lambda x: x.hex)))
    support = combat_choices.support_frame(tx, act.hex, side_of(m, defenders[0]))
    if support is not None:
        tx.set(frames=tx.data.frames + (support,))
    if tx.rules.fire is not None:
        from .fire_combat import combat_fire_frames

        tx.set(frames=tx.data.frames + combat_fire_frames(tx, act.hex))
    hexes = defending_hexes(tx, act.attackers, act.hex)
    defence = asset_choices.defence_frame(tx, act.hex, [p for h in hexes for p in defender_in(tx, h)])
    if defence is not None:  # 9.3 C: after the attacker's assets, the defender's
        tx.set(frames=tx.data.frames + (defence,))


def apply_resolve(tx: Tx, act: Resolve) -> None:
    m, d = tx.module, tx.data
    sec = m.rules.combat.section or ""
    _combat_phase(tx, "resolve")
    dec = next((x for x in d.declared if x.hex == act.hex), None)
    if dec is None:
        tx.refuse(f"no attack is declared on {act.hex}", sec)
    tx.set(declared=tuple(x for x in d.declared if x.hex != act.hex), resolving=True,
           defended=tuple(sorted(set(d.defended) | {dec.defender})))
    if m.rules.combat.defend_once == "hex":
        seq = tx.data.seq
        tx.set(seq=seq.model_copy(update={"defended_hexes": tuple(sorted(set(seq.defended_hexes) | {act.hex}))}))
    _count_attacks(tx, dec.attackers)
    attackers = tuple(a for a in dec.attackers if tx.state.hex_of(a) is not None)
    hexes = defending_hexes(tx, attackers, act.hex)
    defenders = [p for h in hexes for p in defender_in(tx, h)]
    tx.set(defended=tuple(sorted(set(tx.data.defended) | set(defenders))))  # DoM §9: each unit of the stack
    if not defenders or not attackers:
        tx.say(f"attack on {act.hex} called off: {'no defender left' if not defenders else 'no attacker left'}")
        return
    had_armour = bool(assets.armoured_assets(tx, list(attackers)))
    superiority, armour_lost = assets.armor_superiority(tx, attackers, defenders)
    odds = odds_for(tx, attackers, act.hex, combat_choices.declared_modifiers(tx, dec) +
                    ([superiority] if superiority is not None else []), armoured=had_armour,
                    bonus=(dec.fire_attack, dec.fire_defense))
    if not odds.allowed:
        tx.say(f"attack on {act.hex} called off: " + ("; ".join(r.text for r in odds.rulings) or "not possible"))
        return
    crt = m.tables.crts[odds.crt]
    count, faces = (int(x) for x in crt.dice.split("d"))
    dice, rng = roll(tx.state.rng, faces, count)
    tx.state = tx.state.model_copy(update={"rng": rng, "last_roll": tuple(dice)})
    tx.dice += dice
    outcome = resolve(m, odds, sum(dice))
    who = m.pieces.sides[side_of(m, attackers[0])].name
    rolled = " + ".join(str(x) for x in dice)
    mod = f" (modified {outcome.modified_roll})" if outcome.modified_roll != sum(dice) else ""
    where = crt.section or sec
    tx.say(f"{who} attacks {act.hex}: {odds_text(odds)}; rolls {rolled}{mod}: {outcome.code} "
           f"({outcome.result.name})" + (f" — {where}" if where else ""))
    attack_side, defend_side = side_of(m, attackers[0]), side_of(m, defenders[0])
    frames = [Frame(proc="attack", side=attack_side, hex=act.hex, attackers=attackers, defender=defenders[0],
                    result=outcome.code)]
    advance: Frame | None = None
    retreats: list[Frame] = []
    allocations: list[Frame] = []
    for eff in outcome.result.effects:
        units = attackers if eff.who == "attacker" else tuple(defenders)
        side = attack_side if eff.who == "attacker" else defend_side
        if eff.what == "retreat":
            alive = [u for u in units if tx.state.hex_of(u) is not None]
            length = retreat_length(m, tx.state.occupancy(), alive[0], eff.amount, rules=tx.rules) \
                if eff.who == "defender" and alive else eff.amount
            if length < eff.amount:
                rr = tx.rules.combat.retreat
                tx.say(f"{'no retreat' if not length else f'a retreat of {length}'} in {act.hex}"
                       + (f" — {rr.section}" if rr.section else ""))
            if length:
                retreats.append(Frame(proc="retreat", side=side, units=units, length=length, hex=act.hex,
                                      result=eff.who))
        elif eff.what == "advance":
            advance = Frame(proc="advance", side=side, units=units, hex=act.hex, result=eff.who)
        elif eff.what == "eliminate":
            on_map = tuple(u for u in units if tx.state.hex_of(u) is not None)
            vacated = tuple(sorted({hex_of(tx.state, u) for u in on_map}))
            if on_map:
                relocation.destroy(tx, on_map)
            if advance is not None:
                advance = advance.model_copy(update={"vacated": advance.vacated + vacated})
        elif eff.what == "step_loss" and tx.rules.combat.losses is not None and \
                tx.rules.combat.loss_allocation != "owner":
            take_losses(tx, tx.rules.combat.losses, units, eff.amount)
        elif eff.what == "step_loss":
            owed = losses.step_losses(tx, units, eff.amount, side, eff.who)
            if owed is not None:
                allocations.append(owed)
        elif eff.what == "casualty_check" and tx.rules.combat.casualty is not None:
            pass  # rolled after the advance (combat_choices.rolls_after)
        elif eff.what in ("pin", "disrupt") and _STATUS[eff.what] in m.rules.statuses:
            for u in units:
                if tx.state.hex_of(u) is not None:
                    add_status(tx, u, _STATUS[eff.what])
        else:
            tx.say(f"{eff.who} {eff.what}: not automated, apply it by hand")
    frames += combat_choices.rolls_after(tx, dec, outcome.result, attack_side, attackers)
    if advance is None:
        advance = vacated_advance(tx, hexes, attackers, attack_side)
    if advance is not None:
        frames.append(advance)
    frames += list(reversed(retreats))
    frames += list(reversed(allocations))  # 10.3: losses are allocated before retreating
    if armour_lost is not None:
        frames.append(armour_lost)  # 9.4.1 E–F: the attacker's choice first
    tx.set(frames=tx.data.frames + tuple(frames))


def legal_declares(tx: Tx) -> list[Declare]:
    m, d, s = tx.module, tx.data, tx.state
    side = phase_side(m, s)
    if d.declared and not m.rules.combat.declare_all_first:
        return []
    mine = {pid: h for pid in sorted(s.pieces) if side_of(m, pid) == side and (h := s.hex_of(pid)) is not None
            and not attacks_spent(tx, pid) and not may_attack(tx, pid, for_legal=True)}
    out: list[Declare] = []
    options = combat_choices.variants(tx, side) if side is not None else [(0, 0)]
    for label, stack in s.stacks_on_map().items():
        enemies = [p for p in stack if side_of(m, p) != side]
        if not enemies or _defended_already(tx, label, enemies):
            continue
        strict = tx.rules.enforcement_of("restriction") == "enforce"
        near = sorted(pid for pid, h in mine.items() if _adjacent(tx, h, label)
                      and not (strict and attack_problem(tx, pid, label)))
        most = m.rules.combat.max_attackers if tx.rules.enforcement_of("combat") == "enforce" else None
        for k in range(1, min(len(near), most or len(near)) + 1):
            for group in combinations(near, k):
                if m.rules.combat.all_adjacent and min(defending_hexes(tx, group, label)) != label:
                    continue  # the same attack on every adjacent enemy unit, named by its first hex
                plain = odds_for(tx, group, label).allowed
                for intensity, air in options:
                    # a choice only shifts right: allowed without it, allowed with it
                    if plain or ((intensity or air) and odds_for(
                            tx, group, label, combat_choices.modifiers(tx, intensity, air)).allowed):
                        out.append(Declare(attackers=group, hex=label, intensity=intensity, air=air))
    return out
