"""Movement phase actions (DoM §8): moving a unit, entering from a box, leaving the map.

A unit moves once per phase, along the cheapest path ``runtime.rules.reach`` finds (ZOC,
terrain, roads, rivers as the module configures them); every hex it passes becomes its
side's (§7). A destination outside the reach is refused with the rule that stops it, or
allowed with a logged override when that rule is set to ``warn``.
"""

from __future__ import annotations

from fractions import Fraction

from hexwright.runtime.rules import ReachResult
from hexwright.runtime.state import GameState, Location, MovePieces, check_hex, piece_name

from . import runner
from .actions import ExitMap, Move
from .context import arrival_turn, entry_box, in_play, phase_of, phase_side, side_of, takes_part, unit_reach, with_level
from .control import passed
from .data import ExitRecord
from .overstack import at_move_end, check_move_end
from .restrictions import check_restrictions, restriction_problem
from .state_position import state_position
from .statuses import blocked_from
from .transaction import Tx

BIG = Fraction(1000)


def _mf(x: Fraction) -> str:
    return f"{x} MF"


def _check_mover(tx: Tx, unit: str) -> None:
    m, s = tx.module, tx.state
    phase = phase_of(m, s)
    if unit not in s.pieces or unit not in m.pieces.pieces:
        tx.refuse(f"no unit {unit!r} in this game")
    if tx.data.frames:
        tx.refuse(f"finish the {tx.data.frames[-1].proc} first", phase.section if phase else "")
    if not runner.allows(m, tx.data.seq, "move"):
        now = runner.waiting(m, tx.data.seq)
        step = runner.actions_step(m, tx.data.seq)
        if now is not None and runner.step_level(tx, now) == "warn":
            runner.require(tx, "move", "moving")
        else:
            tx.refuse(f"units move in a movement phase, not now ({phase.name if phase else 'no phase'}"
                      f"{': ' + runner.step_name(now) if now is not None and step is None else ''})",
                      phase.section if phase else "")
    if side_of(m, unit) != phase_side(m, s):
        tx.refuse(f"{piece_name(m, unit)} does not move in the {phase.name if phase else ''} phase",
                  phase.section if phase else "")
    status = blocked_from(m, s, unit, "move")
    if status:
        tx.check("movement", f"{piece_name(m, unit)} may not move: {status}", m.rules.movement.section)
    step = runner.actions_step(m, tx.data.seq)
    act = tx.data.seq.activation
    if step is not None and step.units == "activated" and (act is None or unit not in act.units):
        runner.step_check(tx, step, f"{piece_name(m, unit)} is not activated")
    if step is not None and act is not None and act.moved.get(unit, 0) >= act.moves and unit in act.units:
        runner.step_check(tx, step, f"{piece_name(m, unit)} has made its {act.moves} move(s) in this activation")
    if step is not None and act is not None and unit in act.units and not takes_part(m, tx.data, unit):
        why = "does not take part in this action" if act.participants is not None and unit not in act.participants \
            else f"has made its {step.moves_per_unit} move(s) in this action"
        runner.step_check(tx, step, f"{piece_name(m, unit)} {why}")
    check_restrictions(tx, unit, None)
    at = s.pieces[unit].at
    if at.kind != "hex" and entry_box(m, s, unit) is None:
        drop = tx.rules.drop_from(at.id) if at.kind == "box" else None
        if drop is not None:
            tx.refuse(f"{piece_name(m, unit)} enters by air drop: drop it on a hex, it does not move there",
                      drop.section)
        tx.refuse(f"{piece_name(m, unit)} is not on the map nor in a box it can enter from",
                  m.rules.movement.entry_section)
    if at.kind == "box":
        turn = arrival_turn(m, s, unit)
        if turn > s.turn:
            tx.check("entry", f"{piece_name(m, unit)} arrives on turn {turn}", m.rules.movement.entry_section)
    if unit in tx.data.moved:
        tx.check("movement", f"{piece_name(m, unit)} has already moved this phase", m.rules.movement.section)


def _why_not(tx: Tx, unit: str, target: str, result: ReachResult, mode: str | None = None) -> tuple[str, str, str, str]:
    """(rule, reason, section, hex) for a hex ``target`` outside ``result``."""
    m, rules = tx.module, tx.rules
    zsec, msec = rules.zoc.section, rules.movement.section
    from_box = result.start.startswith("box:")
    rule = "entry" if from_box else "movement"
    sec = rules.movement.entry_section if from_box else msec
    if any(r.rule == "zoc" and "cannot leave" in r.text for r in result.rulings):
        return "zoc", "cannot leave enemy ZOC", zsec, tx.state.hex_of(unit) or target
    if rules.enforcement_of("zoc") != "off":
        free = unit_reach(m, tx.state, unit, with_level(rules, "zoc", "off"), mode=mode)
        if target in free.hexes:
            return "zoc", "stopped by enemy ZOC on the way", zsec, target
    far = unit_reach(m, tx.state, unit, with_level(rules, "zoc", "off"), allowance=BIG, mode=mode)
    if target in far.hexes:
        return rule, f"too far: {_mf(far.hexes[target].cost)} needed, {_mf(result.allowance)} available", sec, target
    return rule, "out of reach", sec, target


def arrived_this_turn(tx: Tx, unit: str) -> bool:
    """Placed by an arrival group this turn, or entering from its box on its turn of arrival."""
    if tx.data.seq.entered.get(unit) == tx.state.turn:
        return True
    return entry_box(tx.module, tx.state, unit) is not None and arrival_turn(tx.module, tx.state, unit) == tx.state.turn


def mode_problem(tx: Tx, unit: str, mode: str) -> str:
    """Why ``unit`` may not move in ``mode`` now ("" if it may)."""
    decl = tx.rules.movement.modes[mode]
    if decl.arrival_turn_only and not arrived_this_turn(tx, unit):
        return f"{decl.name} only on the turn a unit arrives"
    piece = tx.module.pieces.pieces[unit]
    if (decl.sizes and piece.size not in decl.sizes) or (decl.unit_types and piece.unit_type not in decl.unit_types):
        return f"{decl.name} is not open to a unit of its kind"
    return ""


def _mode(tx: Tx, act: Move) -> str | None:
    step = runner.actions_step(tx.module, tx.data.seq)
    if not act.mode:
        if step is not None and step.modes_only:
            names = ", ".join(tx.rules.movement.modes[x].name for x in step.modes if x in tx.rules.movement.modes)
            tx.check("movement", f"a move in this step is made as: {names}", step.section)
        return None
    if act.mode not in tx.rules.movement.modes:
        tx.refuse(f"no movement mode {act.mode!r} in rules.json movement.modes", tx.rules.movement.section)
    decl = tx.rules.movement.modes[act.mode]
    if step is not None and act.mode not in step.modes:
        tx.check("movement", f"{decl.name} is not allowed in this step", step.section)
    problem = mode_problem(tx, act.unit, act.mode)
    if problem:
        tx.check("movement", f"{piece_name(tx.module, act.unit)}: {problem}", decl.section or tx.rules.movement.section)
    return act.mode


def _count_move(tx: Tx, unit: str) -> None:
    act = tx.data.seq.activation
    if act is not None and unit in act.units:
        moved = dict(act.moved)
        moved[unit] = moved.get(unit, 0) + 1
        step_moved = {**act.step_moved, unit: act.step_moved.get(unit, 0) + 1}
        tx.set(seq=tx.data.seq.model_copy(update={"activation": act.model_copy(
            update={"moved": moved, "step_moved": dict(sorted(step_moved.items()))})}))
        if moved[unit] < act.moves:
            return
    tx.set(moved=tuple(sorted(set(tx.data.moved) | {unit})))


def apply_move(tx: Tx, act: Move) -> None:
    m = tx.module
    _check_mover(tx, act.unit)
    mode = _mode(tx, act)
    state: GameState = tx.state
    side = side_of(m, act.unit)
    check_hex(m, act.to)
    check_restrictions(tx, act.unit, act.to)
    with state_position(m, state) as (pos, _stamp):
        enemy = [pid for pid in pos.by_hex.get(pos.hm.idx(act.to), ()) if side_of(m, pid) != side]
    if enemy:
        tx.refuse(f"{piece_name(m, enemy[0])} is in {act.to}: opposing units never share a hex",
                  m.rules.movement.section)
    limits = in_play(m, state)
    if limits is not None and act.to not in limits:
        area = m.map.areas[m.scenarios[state.scenario].map_limits or ""]
        tx.check("movement", f"{act.to} is outside this scenario's map limits ({area.name})", "", act.to)
    result = unit_reach(m, state, act.unit, tx.rules, mode=mode)
    reached = result.hexes.get(act.to)
    for r in result.rulings:
        if r.rule == "entry":
            tx.rule(r)  # e.g. every entry hex blocked: the closest free hex (§8.2)
    if reached is not None:
        path = reached.path
        for r in reached.rulings:
            if r.rule != "stacking":
                tx.rule(r)  # the stacking of the end hex is judged once the unit is there
        cost = f" ({_mf(reached.cost)}" + (f" via {', '.join(path[:-1])})" if len(path) > 1 else ")")
    else:
        tx.check(*_why_not(tx, act.unit, act.to, result, mode))
        path, cost = (act.to,), ""
    tx.do(MovePieces(pieces=(act.unit,), to=Location.hex(act.to)))
    tx.texts[-1] += cost
    if tx.data.seq.attached:
        from .assets import follow

        follow(tx, act.unit)  # St-Lô 5.0 B: assets move with their unit
    from .assets import attached
    from .statuses import entered

    entered(tx, (act.unit, *attached(tx, act.unit)), act.to)
    if mode:
        tx.texts[-1] += f" [{tx.rules.movement.modes[mode].name}]"
    check_move_end(tx, act.to)
    tx.state = passed(tx.state, side, path, tx.module)
    _count_move(tx, act.unit)


def apply_exit(tx: Tx, act: ExitMap) -> None:
    m = tx.module
    _check_mover(tx, act.unit)
    side = side_of(m, act.unit)
    result = unit_reach(m, tx.state, act.unit, tx.rules)
    option = next((e for e in result.exits if e.hex == act.hex and e.edge == act.edge), None)
    sec = m.rules.movement.exit_section
    if option is None:
        if not m.rules.movement.exit_allowed:
            tx.refuse("units may not leave the map in this game", sec)
        far = unit_reach(m, tx.state, act.unit, with_level(tx.rules, "zoc", "off"), allowance=BIG)
        known = next((e for e in far.exits if e.hex == act.hex and e.edge == act.edge), None)
        if known is None:
            edge = f"across the {act.edge} edge" if act.edge else "from here this move"
            tx.check("exit", f"cannot leave the map {edge}", sec, act.hex)
        else:
            tx.check("exit", f"too far: leaving the map needs {_mf(known.cost)}, {_mf(result.allowance)} available",
                     sec, act.hex)
        path: tuple[str, ...] = (act.hex,) if act.hex else ()
        cost = ""
    else:
        path = option.path if option.path else (act.hex,)
        road = ", by road" if option.by_road else ""
        cost = f" ({_mf(option.cost)}{road})"
    tx.do(MovePieces(pieces=(act.unit,), to=Location.off("exited")))
    tx.texts[-1] += f" across the {act.edge} edge from {act.hex}{cost}"
    tx.state = passed(tx.state, side, path, tx.module)
    record = ExitRecord(unit=act.unit, side=side, hex=act.hex, edge=act.edge, turn=tx.state.turn)
    tx.set(exits=tx.data.exits + (record,))
    _count_move(tx, act.unit)


def legal_moves(tx: Tx, units: list[str], modes: list[str] | None = None, *,
                modes_only: bool = False) -> list[Move | ExitMap]:
    out: list[Move | ExitMap] = []
    strict = tx.rules.enforcement_of("restriction") == "enforce"
    for unit in units:
        if blocked_from(tx.module, tx.state, unit, "move") and tx.rules.enforcement_of("movement") == "enforce":
            continue
        if strict and restriction_problem(tx, unit, None):
            continue
        usable = [x for x in (modes or []) if x in tx.rules.movement.modes]
        if tx.rules.enforcement_of("movement") == "enforce":
            usable = [x for x in usable if not mode_problem(tx, unit, x)]
        for mode in ([] if modes_only and tx.rules.enforcement_of("movement") == "enforce" else [""]) + usable:
            result = unit_reach(tx.module, tx.state, unit, tx.rules, mode=mode or None)
            ends = ((h, x) for h, x in sorted(result.hexes.items()))
            if at_move_end(tx) and tx.rules.enforcement_of("stacking") == "enforce":
                ends = ((h, x) for h, x in ends if x.can_end)
            out += [Move(unit=unit, to=h, mode=mode) for h, _x in ends
                    if not (strict and restriction_problem(tx, unit, h))]
            if not mode and not (strict and restriction_problem(tx, unit, "")):
                exits: list[ExitMap] = sorted({ExitMap(unit=unit, hex=e.hex, edge=e.edge) for e in result.exits},
                                              key=lambda a: (a.hex, a.edge))
                out += exits
    return out
