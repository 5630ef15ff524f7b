"""The steps of the sequence that wait for a player — their legal actions and handlers —
and the ones that run by themselves (pools, statuses, supply checks, sudden death)."""

from __future__ import annotations

from math import ceil

from hexwright.runtime.model.common import parse_fraction
from hexwright.runtime.model.sequence import (
    ActionsStep,
    ArrivalsStep,
    ChoiceStep,
    CupDraw,
    CupFill,
    HqRoll,
    Initiative,
    Recover,
    SetPool,
    Step,
    SupplyCheck,
    TableRoll,
)
from hexwright.runtime.rules import supply
from hexwright.runtime.state import DrawChit, piece_name
from hexwright.runtime.state.rng import roll

from . import relocation, runner
from .actions import Choose, Draw, EndPhase, PutChit, Roll
from .picks import PICKED_KINDS, apply_pick, pick_options
from .statuses import add_status, clear_status
from .transaction import Tx


def _side_name(tx: Tx, side: str) -> str:
    sides = tx.module.pieces.sides
    return sides[side].name if side in sides else side


def _waiting(tx: Tx, kind: type, what: str) -> Step:
    step = runner.waiting(tx.module, tx.data.seq)
    if not isinstance(step, kind) or tx.data.frames:
        now = runner.step_name(step) if step is not None else "no step"
        tx.refuse(f"no {what} now (waiting: {now})")
    assert step is not None
    return step


def _die(tx: Tx, die: str) -> int:
    faces = tx.module.meta.dice.get(die)
    return faces.faces if faces is not None else 6


def roll_die(tx: Tx, die: str) -> int:
    """One die from the game's seeded generator, logged with the action."""
    return _roll(tx, die)[0]


def _roll(tx: Tx, die: str, count: int = 1) -> list[int]:
    results, rng = roll(tx.state.rng, _die(tx, die), count)
    tx.state = tx.state.model_copy(update={"rng": rng, "last_roll": tuple(results)})
    tx.dice += results
    return results


# -- ending an actions step ---------------------------------------------------------------------


def apply_end(tx: Tx, act: EndPhase) -> None:
    """End the actions step waiting (after the phase's last step, the phase ends: §4, §6)."""
    del act
    if tx.data.frames:
        tx.refuse(f"finish the {tx.data.frames[-1].proc} first")
    step = runner.waiting(tx.module, tx.data.seq)
    if not isinstance(step, ActionsStep):
        tx.refuse(f"nothing to end now: {runner.step_name(step) if step else 'no step'} waits for a choice")
    if tx.data.declared:
        tx.check("combat", f"declared attacks are not resolved yet ({', '.join(x.hex for x in tx.data.declared)})",
                 tx.module.rules.combat.section)
    if isinstance(step, ActionsStep) and step.must_attack:
        _must_attack(tx, step)
    runner.done(tx)
    if tx.module.rules.hex_markers:
        from .markers import remove_unheld

        remove_unheld(tx)


def still_to_attack(tx: Tx, step: ActionsStep) -> list[str]:
    """The units taking part that could still attack, when ``step`` says they must (St-Lô 9.1 B, 27.2 C)."""
    if not step.must_attack:
        return []
    from .attacks import legal_declares

    act = tx.data.seq.activation
    taking = set(act.participants if act is not None and act.participants is not None else
                 (act.units if act is not None else ()))
    return sorted({a for d in legal_declares(tx) for a in d.attackers if not taking or a in taking})


def _must_attack(tx: Tx, step: ActionsStep) -> None:
    """Every unit taking part that could still attack must (St-Lô 9.1 B, 27.2 C)."""
    due = still_to_attack(tx, step)
    if due:
        names = ", ".join(piece_name(tx.module, u) for u in due)
        tx.check("combat", f"{names} must still attack every adjacent enemy unit", step.section)


# -- choices ---------------------------------------------------------------------------------------


def hq_targets(tx: Tx, side: str, types: list[str]) -> list[str]:
    m = tx.module
    out = []
    for pid in sorted(tx.state.pieces):
        piece = m.pieces.pieces.get(pid)
        if piece is None or piece.side != side or tx.state.pieces[pid].at.kind in ("eliminated", "exited", "unavailable"):
            continue
        unit_type = m.pieces.unit_types.get(piece.unit_type)
        if (piece.unit_type in types) if types else (unit_type is not None and unit_type.is_hq):
            out.append(pid)
    return out


def _has_units(tx: Tx, hq: str) -> bool:
    """Some unit bearing ``hq``'s designation is still in play (St-Lô 9.2.7 B)."""
    from .hq import subordinates

    return any(tx.state.pieces[u].at.kind != "eliminated" for u in subordinates(tx.module, tx.data.seq, hq)
               if u in tx.state.pieces)


def choice_options(tx: Tx) -> list[Choose]:
    seq = tx.data.seq
    if seq.pending_skip:
        return [Choose(option="play"), Choose(option="skip")]
    step = runner.waiting(tx.module, seq)
    if not isinstance(step, ChoiceStep):
        return []
    side = seq.active
    if seq.picking:
        return [c for o in step.options if o.id == seq.picking for c in pick_options(tx, o, side)]
    out = []
    from .tactical import open_options

    for o in open_options(tx, step.options):
        if o.sides and side not in o.sides:
            continue
        if o.optional_rule is not None and not tx.state.optional_rules.get(o.optional_rule, False):
            continue
        if o.kind in PICKED_KINDS:
            out += pick_options(tx, o, side)
        elif o.kind == "hq":
            out += [Choose(option=o.id, target=h) for h in hq_targets(tx, side, o.hq_types)
                    if not o.hq_with_units or _has_units(tx, h)]
        else:
            out.append(Choose(option=o.id))
    return out


def apply_choose(tx: Tx, act: Choose) -> None:
    seq = tx.data.seq
    if seq.pending_skip:
        from .chits import decide_skip

        decide_skip(tx, act)
        return
    if seq.placing:
        from .hq import apply_place

        placing = _waiting(tx, HqRoll, "HQ to place")
        assert isinstance(placing, HqRoll)
        apply_place(tx, act, placing)
        return
    step = _waiting(tx, ChoiceStep, "choice")
    assert isinstance(step, ChoiceStep)
    costed = next((o for o in step.options if o.id == act.option and o.cost is not None), None)
    if costed is not None and not seq.picking:
        from .tactical import pay

        if act.target or (costed.sides and seq.active not in costed.sides):
            tx.refuse(f"{act.option} {act.target}".strip() + " is not a choice now", step.section)

        pay(tx, costed)  # refused with its section when it cannot be paid (St-Lô 7.1.1 B)
        seq = tx.data.seq
    if act not in choice_options(tx) and costed is None:
        legal = ", ".join(c.option + (f" {c.target}" if c.target else "") for c in choice_options(tx))
        tx.refuse(f"{act.option} {act.target}".strip() + f" is not a choice now (choices: {legal})", step.section)
    option = next(o for o in step.options if o.id == act.option)
    who = _side_name(tx, seq.active)
    if option.kind in PICKED_KINDS:
        apply_pick(tx, step, option, act, who)
        return
    if option.kind == "end":
        tx.say(f"{who} chooses {option.label or option.id}")
        runner.done(tx)
        runner.stop_loop(tx, option.label or option.id)
        return
    if option.kind == "pass":
        tx.say(f"{who} passes")
        runner.record_pass(tx, seq.active)
        runner.done(tx)
        return
    runner.record_pass(tx, None)
    if option.kind == "hq":
        runner.seq_set(tx, hq=act.target)
        tx.say(f"{who} chooses {option.label or option.id}: {piece_name(tx.module, act.target)}")
    else:
        tx.say(f"{who} chooses {option.label or option.id}")
    if option.procedure:
        runner.call(tx, option.procedure)
    else:
        runner.done(tx)


# -- cups -------------------------------------------------------------------------------------------


def selectable(tx: Tx, step: CupFill, side: str) -> list[str]:
    sel = step.sides.get(side)
    if sel is None:
        return []
    removed = set(tx.module.scenarios[tx.state.scenario].removed_chits)
    chits = list(sel.chits) + list(sel.special.get(str(tx.state.turn), []))
    return sorted(c for c in dict.fromkeys(chits) if c not in removed)


def _count(tx: Tx, step: CupFill, side: str) -> int | None:
    sel = step.sides.get(side)
    if sel is None:  # a side in the fill's order that puts no chits of its own
        return 0
    if sel.count is not None:
        return sel.count
    if sel.count_field is None:
        return None
    turn = next((t for t in tx.module.tables.turn_track.turns if t.number == tx.state.turn), None)
    value = turn.data.get(sel.count_field) if turn is not None else None
    return int(value) if value is not None else None


def still_to_put(tx: Tx, step: CupFill, side: str) -> int:
    chits = selectable(tx, step, side)
    inside = set(tx.state.cups.get(step.cup, ()))
    count = _count(tx, step, side)
    free = [c for c in chits if c not in inside]
    if count is None:
        return len(free)
    return min(count - (len(chits) - len(free)), len(free))


def _put(tx: Tx, cup: str, chits: list[str]) -> None:
    if not chits:
        return
    cups = dict(tx.state.cups)
    cups[cup] = tuple(sorted(cups.get(cup, ()) + tuple(chits)))
    tx.state = tx.state.model_copy(update={"cups": cups})


def begin_fill(tx: Tx, step: CupFill) -> None:
    if step.empty_first:
        cups = dict(tx.state.cups)
        cups[step.cup] = ()
        tx.state = tx.state.model_copy(update={"cups": cups, "drawn": ()})
    removed = set(tx.module.scenarios[tx.state.scenario].removed_chits)
    _put(tx, step.cup, [c for c in step.always if c not in removed])
    fill_progress(tx, step)


def fill_progress(tx: Tx, step: CupFill) -> None:
    """Move on to the next side that has chits to choose; put them all when there is no choice."""
    order = runner.sides_of(tx, step)
    while True:
        i = tx.data.seq.frames[-1].side_index
        if i >= len(order):
            cup = tx.state.cups.get(step.cup, ())
            tx.say(f"{runner.step_name(step)}: {len(cup)} chit(s) in the cup")
            runner.done(tx)
            return
        side = order[i]
        left = still_to_put(tx, step, side)
        free = [c for c in selectable(tx, step, side) if c not in tx.state.cups.get(step.cup, ())]
        if left > 0 and left < len(free):
            runner.set_active(tx, side, runner.step_name(step))
            return
        _put(tx, step.cup, free[:left] if left > 0 else [])
        runner.set_top(tx, side_index=i + 1)


def apply_put_chit(tx: Tx, act: PutChit) -> None:
    step = _waiting(tx, CupFill, "cup to fill")
    assert isinstance(step, CupFill)
    side = tx.data.seq.active
    if act.chit not in selectable(tx, step, side) or act.chit in tx.state.cups.get(step.cup, ()):
        tx.refuse(f"{_side_name(tx, side)} cannot put {act.chit} into the cup", step.section)
    _put(tx, step.cup, [act.chit])
    chit = tx.module.pieces.chits.get(act.chit)
    tx.say(f"{_side_name(tx, side)} puts {chit.name if chit else act.chit} into the cup")
    fill_progress(tx, step)


def put_options(tx: Tx) -> list[PutChit]:
    step = runner.waiting(tx.module, tx.data.seq)
    if not isinstance(step, CupFill):
        return []
    side = tx.data.seq.active
    inside = set(tx.state.cups.get(step.cup, ()))
    return [PutChit(chit=c) for c in selectable(tx, step, side) if c not in inside]


def apply_draw(tx: Tx, act: Draw) -> None:
    del act
    from .chits import after_draw

    step = _waiting(tx, CupDraw, "cup to draw from")
    assert isinstance(step, CupDraw)
    if tx.data.seq.pending_skip:
        tx.refuse("play or skip the chit drawn first", step.section)
    tx.do(DrawChit(cup=step.cup))
    after_draw(tx, step, tx.state.drawn[-1])


# -- rolls --------------------------------------------------------------------------------------------


def apply_roll(tx: Tx, act: Roll) -> None:
    del act
    from .arrivals import roll_arrivals

    step = runner.waiting(tx.module, tx.data.seq)
    if tx.data.frames or step is None:
        tx.refuse("no roll is due now")
    if tx.data.seq.placing:
        tx.refuse(f"place {piece_name(tx.module, tx.data.seq.placing)} first", step.section)
    if isinstance(step, Initiative):
        _initiative(tx, step)
    elif isinstance(step, HqRoll):
        from .hq import roll_activation

        roll_activation(tx, step)
    elif isinstance(step, Recover):
        recover(tx, step)
    elif isinstance(step, TableRoll):
        _table_roll(tx, step)
    elif isinstance(step, ArrivalsStep):
        roll_arrivals(tx, step)
    else:
        assert step is not None
        tx.refuse(f"no roll is due now (waiting: {runner.step_name(step)})")


def recover(tx: Tx, step: Recover) -> None:
    """One roll per hex of the units taking part that hold the statuses (St-Lô 14.3.1 B)."""
    from .statuses import remove_status

    act = tx.data.seq.activation
    units = (act.participants if act.participants is not None else act.units) if act is not None else ()
    wanted = set(step.statuses)
    by_hex: dict[str, list[str]] = {}
    for u in units:
        hex = tx.state.hex_of(u)
        if hex is not None and wanted & set(tx.data.seq.statuses.get(u, ())):
            by_hex.setdefault(hex, []).append(u)
    cite = f" — {step.section}" if step.section else ""
    for hex, here in sorted(by_hex.items()):
        die = _roll(tx, step.die)[0]
        ok = die in step.succeed_on
        names = ", ".join(piece_name(tx.module, u) for u in here)
        tx.say(f"recovery at {hex} rolls {die}: {'recovered' if ok else 'no change'} ({names}){cite}")
        for u in here if ok else []:
            for status in step.statuses:
                remove_status(tx, u, status)
    if not by_hex:
        tx.say(f"recovery: nothing to recover{cite}")
    runner.done(tx)


def _initiative(tx: Tx, step: Initiative) -> None:
    sides = step.sides or list(tx.module.pieces.sides)
    pools = tx.data.seq.pools.get(step.pool, {}) if step.pool else {}
    for _attempt in range(100):
        raw = {s: _roll(tx, step.die)[0] for s in sides}
        mod = {s: raw[s] + pools.get(s, 0) for s in sides}
        shown = ", ".join(f"{_side_name(tx, s)} {raw[s]}{pools.get(s, 0):+d}" if pools.get(s, 0) else
                          f"{_side_name(tx, s)} {raw[s]}" for s in sides)
        all_end = step.end_loop_on is not None and all(r == step.end_loop_on for r in raw.values())
        if all_end and runner.min_iterations_left(tx):
            tx.say(f"initiative: {shown} — every roll {step.end_loop_on} within the minimum: rolled again "
                   f"({step.section})")
            continue
        if all_end:
            tx.say(f"initiative: {shown}")
            runner.stop_loop(tx, f"every unmodified roll is {step.end_loop_on} ({step.section})")
            return
        best = max(mod.values())
        top = [s for s in sides if mod[s] == best]
        winner = top[0] if len(top) == 1 else step.tie
        tie = " (tie)" if len(top) > 1 else ""
        runner.done(tx)
        runner.set_active(tx, winner, f"won the initiative {shown}{tie}")
        return
    tx.refuse("initiative rolls never settled")


def store_result(tx: Tx, step: TableRoll, result: str, detail: str) -> None:
    seq = tx.data.seq
    conditions = dict(seq.conditions)
    conditions[step.store] = result
    lasting = dict(seq.lasting)
    for p in step.persist:
        if p.result == result:  # ToV 4.1.5: rain again while muddy "leaps over": mud to turn + turns - 1
            lasting[p.condition] = max(lasting.get(p.condition, 0), tx.state.turn + p.turns - 1)
    runner.seq_set(tx, conditions=dict(sorted(conditions.items())), lasting=dict(sorted(lasting.items())))
    held = [f"{c} to turn {t}" for c, t in sorted(lasting.items()) if t >= tx.state.turn]
    tx.say(f"{step.store}: {result}{detail}" + (f" ({', '.join(held)})" if held else "") +
           (f" — {step.section}" if step.section else ""))


def _table_roll(tx: Tx, step: TableRoll) -> None:
    table = tx.module.tables.lookups.get(step.table)
    if table is None:
        tx.refuse(f"no lookup table {step.table!r}")
    assert table is not None
    die = _roll(tx, step.die)[0]
    previous = tx.data.seq.conditions.get(step.store, "")
    drm = 0
    notes = []
    for mod in step.modifiers:
        if (mod.previous and previous not in mod.previous) or (mod.turns and tx.state.turn not in mod.turns):
            continue
        drm += mod.drm
        notes.append(f"{mod.drm:+d} {mod.note or ('after ' + previous if mod.previous else 'turn')}")
    keys = [int(r.key) for r in table.rows if r.key.lstrip("-").isdigit()]
    value = max(min(die + drm, max(keys)), min(keys)) if keys else die + drm
    row = next((r for r in table.rows if r.key == str(value)), None)
    if row is None:
        tx.refuse(f"{table.name} has no row {value}")
    assert row is not None
    detail = f" (rolled {die}{', ' + ', '.join(notes) if notes else ''} → {value} on {table.name})"
    store_result(tx, step, row.cells[step.column], detail)
    side = tx.data.seq.active
    scale = tx.module.scenarios[tx.state.scenario].pool_multipliers if tx.state.scenario in tx.module.scenarios \
        else {}
    for column, pool in step.pools.items():
        cell = row.cells[int(column)]
        if cell.lstrip("-").isdigit() and side:
            value = int(cell)
            if pool in scale:  # ToV 14.1: "only half ... (rounded up)"
                value = ceil(value * parse_fraction(scale[pool]))
                tx.say(f"{pool} × {scale[pool]} in this scenario, rounded up: {value}")
            set_pool_value(tx, pool, side, value)
    runner.done(tx)


# -- steps that run by themselves -------------------------------------------------------------------


def set_pool_value(tx: Tx, pool: str, side: str, value: int) -> None:
    decl = tx.module.rules.pools.get(pool)
    if decl is not None:
        value = max(decl.min, min(decl.max, value))
    pools = {k: dict(v) for k, v in tx.data.seq.pools.items()}
    pools.setdefault(pool, {})[side] = value
    runner.seq_set(tx, pools={k: dict(sorted(v.items())) for k, v in sorted(pools.items())})
    name = decl.name if decl is not None else pool
    tx.say(f"{_side_name(tx, side)} {name}: {value}")


def set_pool(tx: Tx, step: SetPool) -> None:
    values = step.by_turn.get(str(tx.state.turn), step.values)
    for side, value in sorted(values.items()):
        set_pool_value(tx, step.pool, side, value)


def clear_statuses(tx: Tx, step: Step) -> None:
    assert step.kind == "clear_statuses"
    for status in step.statuses:
        clear_status(tx, status)


def _exempt(tx: Tx, step: SupplyCheck, unit: str, hex: str | None, exempt: set[str]) -> bool:
    """In an exempt area (and of an exempt formation, when the step names some)."""
    from .activation import in_formations

    if hex not in exempt:
        return False
    wanted = set(step.exempt_formations)
    return not wanted or in_formations(tx, tx.module.pieces.pieces[unit].formation, wanted)


def supply_check(tx: Tx, step: SupplyCheck) -> None:
    """Every side traces at once, then the consequences are applied (ToV 8.1)."""
    m, s = tx.module, tx.state
    sides = list(dict.fromkeys(step.sides)) or list(m.pieces.sides)  # a side listed twice is checked once
    occ = s.occupancy()
    exempt = {h for a in step.exempt_areas if a in m.map.areas for h in m.map.areas[a].hexes}
    out: list[str] = []
    for side in sides:
        result = supply(m, occ, side, control=s.control, rules=tx.rules)
        out += [u for u, ok in sorted(result.units.items()) if not ok and not _exempt(tx, step, u, occ.get(u), exempt)]
    if not out:
        tx.say(f"supply check: every unit in supply — {step.section}")
        return
    tx.say(f"supply check: out of supply {', '.join(piece_name(m, u) for u in out)} — {step.section}")
    for unit in out:
        if step.status:
            add_status(tx, unit, step.status)
        if step.step_loss:
            relocation.lose_step(tx, unit)
        relocation.cut_off(tx, unit)


def victory_check(tx: Tx, step: Step) -> None:
    from .victory import sudden_death

    found = sudden_death(tx.module, tx.state, tx.rules)
    if found:
        tx.set(over=True, outcome=found)
        tx.say(f"game over — {found}" + (f" ({step.section})" if step.section else ""))


def legal_step_actions(tx: Tx) -> list[Choose | PutChit | Draw | Roll]:
    step = runner.waiting(tx.module, tx.data.seq)
    if tx.data.seq.pending_skip:
        return list(choice_options(tx))
    if tx.data.seq.placing:
        from .hq import place_options

        return list(place_options(tx))
    if isinstance(step, ChoiceStep):
        return list(choice_options(tx))
    if isinstance(step, CupFill):
        return list(put_options(tx))
    if isinstance(step, CupDraw):
        return [Draw()]
    if step is not None and step.kind in ("initiative", "table_roll", "arrivals", "hq_roll", "recover"):
        return [Roll()]
    return []


__all__ = ["apply_choose", "apply_draw", "apply_end", "apply_put_chit", "apply_roll", "legal_step_actions"]
