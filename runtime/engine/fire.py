"""Fire support (``rules.json`` ``fire``, :mod:`runtime.model.fire`): artillery and air fire
missions planned, checked, rolled and applied (St-Lô 10, 11, 14–16).

:func:`plan` works out a :class:`~.actions.Fire` without changing anything — where the OP may
stand and what it observes (11.1, 11.3), every firing unit's final fire value (10.3), the
column of their sum, the DRMs of the target hex and the weather — and says why it may not be
fired (``problem``, with its section). :func:`apply_fire` rolls the table's die from the game's
seeded generator and applies the result: pins and disruptions as unit statuses (14.1.1,
14.1.3, 14.2.2), step losses by the mission's loss order (14.1.2; the owner picks within a
group), the enemy's initiative lowered (16.0 B). Missions spent are kept per unit and turn
(``seq.missions``) and reset by a ``reset_missions`` step (10.1.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from hexwright.runtime.model.fire import FireMission, FireRules, FireTable
from hexwright.runtime.model.sequence import ResetMissions
from hexwright.runtime.rules import (
    Modifier,
    Observation,
    command_radius,
    hex_drms,
    largest_per_group,
    observe,
)
from hexwright.runtime.rules.hexmap import hex_map
from hexwright.runtime.state import Location, piece_name

from . import runner
from .actions import Fire
from .activation import in_formations
from .context import phase_side
from .transaction import Tx


@dataclass(frozen=True)
class FirePart:
    """One unit's final fire value (10.3): printed × intensity × OV."""

    unit: str
    value_name: str
    printed: int
    intensity: str
    multiplier: int
    missions: int
    ov: int
    value: int


@dataclass(frozen=True)
class FirePlan:
    """A fire worked out (nothing changed): ``problem`` says why it may not be fired ("" if it may)."""

    mission: str
    side: str
    target: str = ""
    op: str = ""
    op_hex: str = ""
    observation: Observation | None = None
    ov: int = 1
    parts: tuple[FirePart, ...] = ()
    total: int = 0
    column: str = ""
    drms: tuple[Modifier, ...] = ()
    notes: tuple[str, ...] = ()
    problem: str = ""
    section: str = ""

    @property
    def drm(self) -> int:
        return sum(m.drm for m in self.drms)


def rules_of(tx: Tx) -> FireRules | None:
    return tx.rules.fire


def _is_op(tx: Tx, piece: str, fire: FireRules) -> bool:
    return tx.module.pieces.pieces[piece].unit_type in fire.op_unit_types


def missions_left(tx: Tx, unit: str) -> int:
    """Fire missions ``unit`` has left this turn (10.1.1)."""
    piece = tx.module.pieces.pieces[unit]
    step = min(tx.state.pieces[unit].step, len(piece.steps) - 1) if unit in tx.state.pieces else 0
    return (piece.steps[step].fire_missions or 0) - tx.data.seq.missions.get(unit, 0)


def _in_play(tx: Tx, piece: str) -> bool:
    return piece in tx.state.pieces and tx.state.pieces[piece].at.kind not in ("eliminated", "unavailable", "exited")


def _fires_in_play(tx: Tx, unit: str, side: str) -> bool:
    fire = rules_of(tx)
    piece = tx.module.pieces.pieces.get(unit)
    return fire is not None and piece is not None and piece.side == side and piece.unit_type in fire.unit_types \
        and _in_play(tx, unit)


def _op_in_play(tx: Tx, op: str, side: str) -> bool:
    fire = rules_of(tx)
    piece = tx.module.pieces.pieces.get(op)
    return fire is not None and piece is not None and piece.side == side and _is_op(tx, op, fire) \
        and _in_play(tx, op)


def firing_units(tx: Tx, side: str) -> list[str]:
    """The side's units that fire (``fire.unit_types``) and are in play."""
    fire = rules_of(tx)
    if fire is None:
        return []
    m = tx.module
    return [p for p in sorted(tx.state.pieces) if p in m.pieces.pieces and m.pieces.pieces[p].side == side
            and m.pieces.pieces[p].unit_type in fire.unit_types
            and tx.state.pieces[p].at.kind not in ("eliminated", "unavailable", "exited")]


def ops_of(tx: Tx, side: str) -> list[str]:
    """The side's OPs (``fire.op_unit_types``) that are not out of play."""
    fire = rules_of(tx)
    if fire is None:
        return []
    m = tx.module
    return [p for p in sorted(tx.state.pieces) if p in m.pieces.pieces and m.pieces.pieces[p].side == side
            and _is_op(tx, p, fire) and tx.state.pieces[p].at.kind not in ("eliminated", "unavailable", "exited")]


def op_hexes(tx: Tx, mission: FireMission, op: str, supports: str = "") -> list[str]:
    """Where ``op`` may be placed for ``mission`` (11.1.1 A): within the command radius (7.4.1) of
    a unit of its own formation on the map — the active HQ (10.4 A) or the unit supported
    (10.5.2 A) when the mission says so — or of any unit of ``op_unit_types`` of its side."""
    fire = rules_of(tx)
    assert fire is not None
    m, s = tx.module, tx.state
    piece = m.pieces.pieces[op]
    occ = s.occupancy()
    wanted: set[str] = {f} if (f := piece.formation) else set()
    out: set[str] = set()
    for unit in sorted(occ):
        other = m.pieces.pieces.get(unit)
        if other is None or other.side != piece.side or _is_op(tx, unit, fire):
            continue
        if mission.op_near != "unit_types" and not in_formations(tx, other.formation, wanted):
            continue
        act = tx.data.seq.activation
        if mission.op_near == "active_hq" and (act is None or unit != act.hq):
            continue
        if mission.op_near == "supported" and unit != supports:
            continue
        if mission.op_near == "unit_types" and other.unit_type not in mission.op_unit_types:
            continue
        out.update(command_radius(m, occ, unit, fire.op_radius, blocked=True, control=s.control, rules=tx.rules))
    return sorted(out)


def enemy_units(tx: Tx, hex: str, side: str) -> list[str]:
    """The units of other sides in ``hex`` (OPs never count: 11.1.2)."""
    return enemies_by_hex(tx, side).get(hex, [])


def enemies_by_hex(tx: Tx, side: str) -> dict[str, list[str]]:
    """Hex → the units of other sides there (OPs never count: 11.1.2), for every such hex."""
    fire = rules_of(tx)
    m = tx.module
    out: dict[str, list[str]] = {}
    for p, h in tx.state.occupancy().items():
        piece = m.pieces.pieces.get(p)
        if piece is not None and piece.side != side and not (fire is not None and _is_op(tx, p, fire)):
            out.setdefault(h, []).append(p)
    return out


def _cite(section: str) -> str:
    return f" — {section}" if section else ""


def _column(table: FireTable, mission: FireMission, total: int) -> str:
    if mission.column is not None:
        return mission.column
    best = None
    for col in table.columns:
        if col.min_value is not None and col.min_value <= total and (best is None or col.min_value > best[0]):
            best = (col.min_value, col.label)
    return best[1] if best is not None else ""


def plan(tx: Tx, act: Fire, side: str | None = None, *, places: dict[str, list[str]] | None = None,
         seen: dict[tuple[str, str], Observation] | None = None,
         enemies: dict[str, list[str]] | None = None) -> FirePlan:
    """``act`` worked out for ``side`` (the side acting): observation, values, column, DRMs.
    ``places`` and ``seen``: where each OP may stand (:func:`op_hexes`) and what it observes from
    there, when already worked out."""
    fire = rules_of(tx)
    side = side or phase_side(tx.module, tx.state) or ""
    if fire is None:
        return FirePlan(act.mission, side, problem="this game has no fire support (rules.json fire)")
    mission = fire.missions.get(act.mission)
    if mission is None:
        return FirePlan(act.mission, side, problem=f"no fire mission {act.mission!r} (rules.json fire.missions: "
                                                   f"{', '.join(fire.missions)})")
    sec = mission.section
    base = FirePlan(act.mission, side, act.target, act.op, act.op_hex, section=sec)

    def bad(why: str, section: str = sec) -> FirePlan:
        return FirePlan(act.mission, side, act.target, act.op, act.op_hex, problem=why, section=section)

    m = tx.module
    enemies = enemies if enemies is not None else enemies_by_hex(tx, side)
    if mission.target == "hex" and not enemies.get(act.target):
        if act.target not in hex_map(m).index:
            return bad(f"no target hex {act.target!r}")
        return bad(f"{act.target} holds no enemy unit")
    ov, obs = 1, None
    if mission.observed:
        if not _op_in_play(tx, act.op, side):
            return bad(f"{act.op or 'no OP'} is not an OP of {side} in play", "11.1")
        allowed = places[act.op] if places is not None and act.op in places else \
            op_hexes(tx, mission, act.op, act.supports)
        if act.op_hex not in allowed:
            return bad(f"{piece_name(m, act.op)} may not be placed at {act.op_hex or '(no hex)'}: not within the "
                       f"command radius of a unit it may be placed near", "11.1.1")
        found = seen.get((act.op_hex, act.target)) if seen is not None else None
        obs = found if found is not None else observe(m, act.op_hex, act.target, rules=tx.rules)
        if not obs.visible:
            return bad(f"{piece_name(m, act.op)} at {act.op_hex} cannot observe {act.target}: {obs.reason}",
                       obs.section)
        if mission.ov_multiplies:
            ov = obs.value
        near = _near_enemy_op(tx, mission, act.op_hex, side)
        if near:
            return bad(near, "10.5.2 B-C")
    parts: list[FirePart] = []
    if len(act.units) != len(act.intensities):
        return bad("each firing unit needs its intensity")
    if len(set(act.units)) != len(act.units):
        return bad("a unit fires once in a fire")
    if mission.max_units is not None and len(act.units) > mission.max_units:
        return bad(f"{mission.name}: at most {mission.max_units} unit(s) fire")
    supported = m.pieces.pieces.get(act.supports)
    if mission.same_formation_as_supported and (supported is None or supported.side != side
                                                or tx.state.hex_of(act.supports) is None):
        return bad(f"{mission.name}: name the unit of {side} on the map that the fire supports")
    if mission.supported_types and supported is not None and supported.unit_type not in mission.supported_types:
        return bad(f"{mission.name} does not support {piece_name(m, act.supports)} (only "
                   f"{', '.join(mission.supported_types)})")
    if mission.value is None and act.units:
        return bad(f"no unit fires in {mission.name}")
    if mission.value is not None and not act.units:
        return bad(f"{mission.name}: name the units that fire")
    for unit, intensity in zip(act.units, act.intensities, strict=True):
        part = unit_part(tx, mission, side, unit, intensity, ov, act.op, act.supports)
        if isinstance(part, tuple):
            return bad(*part) if part[1] else bad(part[0])
        parts.append(part)
    total = sum(p.value for p in parts)
    column = ""
    drms: list[Modifier] = []
    notes: list[str] = []
    if mission.pool is not None and tx.data.seq.pools.get(mission.pool, {}).get(side, 0) <= 0:
        decl = tx.rules.pools.get(mission.pool)
        return bad(f"no {decl.name if decl is not None else mission.pool} left")
    if mission.table is not None:
        table = fire.tables[mission.table]
        column = _column(table, mission, total)
        if not column:
            return bad(f"a fire value of {total} is below every column of the {table.name}", table.section)
        if mission.hex_drm and mission.target == "hex":
            target_side = tx.module.pieces.pieces[enemies[act.target][0]].side
            from .markers import marker_modifiers

            here = hex_drms(m, act.target, target_side, tx.rules.combat) + \
                marker_modifiers(m, tx.state, act.target)
            drms, notes = largest_per_group([d for d in here if d.drm])
        weather = tx.data.seq.conditions.get("weather", "")
        drms += [Modifier(f"weather {w.weather}", 0, w.drm, sec) for w in mission.weather_drms
                 if w.side == side and w.weather == weather and w.drm]
    return FirePlan(act.mission, side, act.target, act.op, act.op_hex, obs, ov, tuple(parts), total, column,
                    tuple(drms), tuple(notes), "", base.section)


def unit_part(tx: Tx, mission: FireMission, side: str, unit: str, intensity: str, ov: int, op: str = "",
              supports: str = "") -> FirePart | tuple[str, str]:
    """``unit``'s final fire value in ``mission`` at ``intensity`` (10.3), or (why, section) it may
    not fire: not a firing unit of ``side`` in play, a status that forbids it (22.2.1), not of the
    OP's formation (14.1 B), not of the supported unit's (10.4 B), an intensity not allowed (10.2.2)
    or not affordable (10.1.1)."""
    from .statuses import blocked_from

    fire = rules_of(tx)
    assert fire is not None
    m = tx.module
    if not _fires_in_play(tx, unit, side):
        return f"{unit} is not a firing unit of {side} in play", ""
    why = blocked_from(m, tx.state, unit, "attack")
    if why:
        return f"{piece_name(m, unit)} may not fire: {why}", ""
    formation = m.pieces.pieces[unit].formation
    op_piece = m.pieces.pieces.get(op)
    op_form: set[str] = {f} if op_piece is not None and (f := op_piece.formation) else set()
    if mission.firers == "op_formation" and not (in_formations(tx, formation, op_form)
                                                 or formation in mission.always_fire):
        return (f"{piece_name(m, unit)} may not fire with {piece_name(m, op) if op else 'no OP'}: "
                f"only its formation's units and {', '.join(mission.always_fire) or 'no other'}"), ""
    supported = m.pieces.pieces.get(supports)
    if mission.same_formation_as_supported and supported is not None and formation != supported.formation:
        return (f"{piece_name(m, unit)} does not bear the regimental designation of {piece_name(m, supports)}",
                "10.4 B, 10.4.1, 10.5.3")
    level = fire.intensities.get(intensity)
    if level is None or (mission.intensities and intensity not in mission.intensities):
        allowed = mission.intensities or list(fire.intensities)
        return f"{mission.name}: intensity {intensity!r} not allowed ({', '.join(allowed)})", "10.2"
    left = missions_left(tx, unit)
    if left < level.missions:
        return (f"{piece_name(m, unit)}: {level.name or intensity} fire needs {level.missions} mission(s), "
                f"{left} left"), "10.1.1, 10.2"
    piece = m.pieces.pieces[unit]
    values = piece.steps[min(tx.state.pieces[unit].step, len(piece.steps) - 1)]
    assert mission.value is not None
    printed = getattr(values, mission.value) or 0
    return FirePart(unit, mission.value, printed, intensity, level.multiplier, level.missions, ov,
                    printed * level.multiplier * ov)


def _near_enemy_op(tx: Tx, mission: FireMission, op_hex: str, side: str) -> str:
    """Why ``op_hex`` is too near the enemy's OP in a combat declared (10.5.2 B-C), or ""."""
    if not mission.apart_from_enemy_op:
        return ""
    hm = hex_map(tx.module)
    m = tx.module
    for dec in tx.data.declared:
        attacker = m.pieces.pieces.get(dec.attackers[0]) if dec.attackers else None
        if not dec.attack_op or (attacker is not None and attacker.side == side):
            continue  # the attacker's own OP: only the enemy's keeps an OP apart
        if op_hex == dec.attack_op:
            return f"an OP may not stand in the enemy OP's hex {op_hex}"
        near = hm.grid.distance(hm.grid.hex_at(hm.idx(op_hex)), hm.grid.hex_at(hm.idx(dec.attack_op))) == 1
        # "unless that hex is occupied by one of the defender's units": the hex the OP is placed in
        # (the attacker's OP never stands where the defender's units are, 11.1.1 A)
        own = any(m.pieces.pieces[p].side == side for p in tx.state.stack(Location.hex(op_hex))
                  if p in m.pieces.pieces)
        if near and not own:
            return f"an OP may not stand next to the enemy OP at {dec.attack_op} unless own units are in its hex"
    return ""


def describe(tx: Tx, p: FirePlan) -> str:
    """The plan as one log line: observation, each value, the sum and its column."""
    m = tx.module
    fire = rules_of(tx)
    mission = fire.missions[p.mission] if fire is not None else None
    bits = []
    if p.observation is not None:
        o = p.observation
        bits.append(f"{piece_name(m, p.op)} at {p.op_hex} observes {p.target} ({o.reason}; OV {o.value}"
                    f"{_cite(o.section)})")
    for part in p.parts:
        name = fire.intensities[part.intensity].name if fire is not None else part.intensity
        ov = f" × OV {part.ov}" if p.observation is not None and mission is not None and mission.ov_multiplies else ""
        bits.append(f"{piece_name(m, part.unit)} {part.value_name.replace('_', '-')} {part.printed} × "
                    f"{part.multiplier} ({name or part.intensity}){ov} = {part.value}")
    if p.parts:
        bits.append(f"final fire value {p.total}" + _cite("10.3"))
    if p.column:
        bits.append(f"column {p.column}")
    return "; ".join(bits)


def _roll_row(table: FireTable, modified: int) -> int:
    """The row index of a modified roll (beyond the rows: the first or last)."""
    if modified <= table.rows[0]:
        return 0
    if modified >= table.rows[-1]:
        return len(table.rows) - 1
    return max(i for i, r in enumerate(table.rows) if r <= modified)


def apply_fire(tx: Tx, act: Fire) -> None:
    """Fire ``act`` in the actions step waiting (which must allow ``fire``)."""
    from .steps import roll_die, set_pool_value

    top = tx.data.top
    if top is not None and top.proc == "fire":
        from .fire_combat import apply_combat_fire

        apply_combat_fire(tx, act, top)
        return
    step = runner.require(tx, "fire", "fire")
    if step is not None and step.mission is not None and act.mission != step.mission:
        tx.refuse(f"this step fires {step.mission}, not {act.mission}", step.section)
    p = plan(tx, act)
    if p.problem:
        tx.refuse(p.problem, p.section, act.target)
    fire = rules_of(tx)
    assert fire is not None
    if fire.missions[act.mission].combat:
        tx.refuse(f"{fire.missions[act.mission].name} is fired in a combat, once the attack is declared",
                  fire.missions[act.mission].section)
    assert fire is not None
    mission = fire.missions[act.mission]
    spent = dict(tx.data.seq.missions)
    for part in p.parts:
        spent[part.unit] = spent.get(part.unit, 0) + part.missions
    runner.seq_set(tx, missions=dict(sorted(spent.items())))
    tx.say(f"{mission.name}" + (f" on {p.target}" if p.target else "") + ": " + describe(tx, p) + _cite(p.section))
    if mission.pool is not None:
        set_pool_value(tx, mission.pool, p.side, tx.data.seq.pools[mission.pool][p.side] - 1)
    if mission.table is not None:
        table = fire.tables[mission.table]
        die = roll_die(tx, table.die)
        modified = die + p.drm
        col = next(c for c in table.columns if c.label == p.column)
        code = col.cells[_roll_row(table, modified)]
        mods = ", ".join(f"{d.source} {d.drm:+d}" + (f" ({d.section})" if d.section else "") for d in p.drms)
        result = table.results[code]
        tx.say(f"{table.name}: rolls {die}" + (f", {mods} → {modified}" if p.drms else "") +
               f", column {p.column}: {code}" + (f" ({result.name})" if result.name else "") + _cite(table.section))
        from .fire_results import apply_result

        apply_result(tx, act.mission, code, p.target, p.side)
    if step is not None and step.once:
        runner.done(tx)


def reset_missions(tx: Tx, step: ResetMissions) -> None:
    """Every firing unit back to its 0 box (10.1.2)."""
    if tx.data.seq.missions:
        runner.seq_set(tx, missions={})
    tx.say(f"fire missions reset{_cite(step.section)}")
    from .counter_battery import rally

    rally(tx, step)


def _intensities(tx: Tx, fire: FireRules, mission: FireMission, unit: str) -> list[str]:
    left = missions_left(tx, unit)
    allowed = mission.intensities or list(fire.intensities)
    return [i for i in allowed if fire.intensities[i].missions <= left]
