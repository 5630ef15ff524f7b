"""The sequence of play as a hierarchical state machine.

The top level is the module's sequence (``module.meta.sequence``: phases with a side and
a kind), repeated each turn up to the scenario's last turn (DoM §4: US movement, US
combat, DE movement, DE combat). Inside a phase, procedures are called and return on the
engine's frame stack (:class:`~.data.Frame`, top last):

``attack`` (after a ``resolve``) → ``retreat`` of each unit that must retreat (§9.3) →
``advance`` of one unit (§9.5) → back to the phase; ``end_phase`` → ``stacking`` for each
overstacked hex (§6), its owner eliminating the excess → the next phase (§4) or, after the
last phase of the last turn, the end of the game with its victory level (§10.3).

:func:`settle` runs every step that needs no choice (a retreat with no legal path
eliminates the unit, §9.3; an advance nobody can make is skipped; a finished attack
returns) and stops where a player must choose.
"""

from __future__ import annotations

from hexwright.runtime.rules import RetreatOptions, Ruling, advance_paths, retreat_paths, stacking_violations
from hexwright.runtime.rules.board import make_board
from hexwright.runtime.rules.stacking import stacking_problem
from hexwright.runtime.state import Eliminate, Location, MovePieces, NextPhase, piece_name

from . import arrivals, asset_choices, assets, combat_choices, losses, relocation
from .actions import Advance, Decline, EliminateExcess, EngineAction, Retreat, Roll
from .context import hex_of, in_play, phase_of, side_of
from .control import passed
from .data import Frame, with_engine_state
from .overstack import checked_at_end_of
from .restrictions import retreated_to
from .runner import advance
from .statuses import clear_status
from .transaction import Tx
from .victory import end_of_turn_scoring, verdict


def _pop(tx: Tx) -> Frame:
    top = tx.data.frames[-1]
    tx.set(frames=tx.data.frames[:-1])
    return top


def _on_map(tx: Tx, units: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(u for u in units if tx.state.hex_of(u) is not None)


def _retreated(tx: Tx, unit: str, start: str, path: tuple[str, ...]) -> None:
    """Book a finished retreat (or elimination): the advance frame below learns what was vacated."""
    frames = list(tx.data.frames)
    top = frames[-1]
    if len(frames) >= 2 and frames[-2].proc == "advance":
        adv = frames[-2]
        frames[-2] = adv.model_copy(update={"vacated": tuple(sorted(set(adv.vacated) | {start})),
                                            "path": path if top.result == "defender" else adv.path})
    rest = tuple(u for u in top.units if u != unit)
    if rest:
        frames[-1] = top.model_copy(update={"units": rest})
    else:
        frames.pop()
    tx.set(frames=tuple(frames))


def retreat_options(tx: Tx, frame: Frame) -> tuple[str, RetreatOptions]:
    unit = _on_map(tx, frame.units)[0]
    return unit, retreat_paths(tx.module, tx.state.occupancy(), unit, frame.length, rules=tx.rules,
                               control=tx.state.control, within=in_play(tx.module, tx.state))


def vacated(tx: Tx, frame: Frame) -> tuple[str, ...]:
    """The hexes an advance frame may enter: those vacated by retreats and eliminations, and
    the attacked hex once it is empty however it emptied (step losses: ToV 10.5)."""
    if frame.hex and not tx.state.stack(Location.hex(frame.hex)) and frame.hex not in frame.vacated:
        return tuple(sorted(frame.vacated + (frame.hex,)))
    return frame.vacated


WITH_STACK = "with_stack"
"""The ``result`` of an advance frame for the HQs that may follow a unit's advance (ToV 10.5)."""


def _is_hq(tx: Tx, unit: str) -> bool:
    return tx.module.pieces.unit_types[tx.module.pieces.pieces[unit].unit_type].is_hq


def _hqs_following(tx: Tx, frame: Frame) -> list[Advance]:
    """The HQs of a ``with_stack`` frame advancing along the path of the unit they stood with."""
    whole = make_board(tx.module, tx.state.occupancy())
    here = whole.hm.idx(frame.path[-1])
    out = []
    for hq in _on_map(tx, frame.units):
        board = whole.without(hq)
        enemy = any(board.units[p].side != frame.side for p in board.by_hex.get(here, []))
        if not enemy and not stacking_problem(board, tx.rules.stacking, whole.units[hq], here):
            out.append(Advance(unit=hq, path=frame.path))
    return out


def advance_options(tx: Tx, frame: Frame) -> list[Advance]:
    if frame.result == WITH_STACK:
        return _hqs_following(tx, frame)
    out: list[Advance] = []
    occ = tx.state.occupancy()
    enemy = {h for p, h in occ.items() if side_of(tx.module, p) != frame.side}
    taken = set(occ.values()) if tx.rules.combat.advance.units == "one" else enemy
    limits = in_play(tx.module, tx.state)
    for unit in _on_map(tx, frame.units):
        for hex in vacated(tx, frame):
            if hex in taken:
                continue
            for path in advance_paths(tx.module, occ, unit, hex, retreat_path=frame.path, rules=tx.rules,
                                      within=limits):
                out.append(Advance(unit=unit, path=path))
    return sorted(set(out), key=lambda a: (a.unit, len(a.path), a.path))


def settle(tx: Tx) -> None:
    """Run the procedures and steps that need no choice; stop at the first that does."""
    while not tx.data.over:
        if tx.rules.assets is not None:
            assets.orphans(tx)  # St-Lô 5.3: at once, before any advance
        if not tx.data.frames:
            advance(tx)
            if not tx.data.frames:
                return
            continue
        top = tx.data.frames[-1]
        if top.proc == "retreat":
            if not _on_map(tx, top.units):
                _pop(tx)
                continue
            unit, opts = retreat_options(tx, top)
            if opts.eliminated and tx.rules.enforcement_of("retreat") == "enforce":
                start = hex_of(tx.state, unit)
                why = "; ".join(r.text.split(": ", 1)[-1] for r in opts.rulings) or "no legal retreat path"
                if relocation.relocates(tx, unit):
                    tx.say(f"{piece_name(tx.module, unit)}: {why} at {start} — {tx.rules.combat.retreat.section}")
                    relocation.destroy(tx, (unit,))
                else:
                    tx.do(Eliminate(pieces=(unit,)))
                    tx.texts[-1] += f" ({why} at {start} — {tx.rules.combat.retreat.section})"
                _retreated(tx, unit, start, ())
                continue
            return
        if top.proc == "relocate":
            if relocation.settle_forced(tx, top):
                return
            continue
        if top.proc == "enter":
            if arrivals.settle_entry(tx, top):
                return
            continue
        if top.proc == "advance":
            if tx.rules.enforcement_of("advance") == "enforce" and not advance_options(tx, top):
                _pop(tx)
                continue
            if not _on_map(tx, top.units) or not vacated(tx, top):
                _pop(tx)
                continue
            return
        if top.proc == "losses":
            if losses.settle_losses(tx, top):
                return
            continue
        if top.proc == "roll":
            if not _on_map(tx, top.units):
                _pop(tx)
                continue
            return
        if top.proc == "support":
            if not any(d.hex == top.hex for d in tx.data.declared):
                _pop(tx)
                continue
            return
        if top.proc == "fire":
            from .fire_combat import legal_combat_fires

            if not any(d.hex == top.hex for d in tx.data.declared) or not legal_combat_fires(tx, top):
                _pop(tx)
                continue
            return
        if top.proc in asset_choices.PROCS:
            if asset_choices.settle(tx, top):
                return
            continue
        if top.proc == "attack":
            _pop(tx)
            continue
        if top.proc == "stacking":
            over = dict(stacking_violations(tx.module, tx.state.occupancy(), tx.rules))
            if top.hex not in over:
                _pop(tx)
                continue
            return
        if top.proc == "end_phase":
            _pop(tx)
            finish_phase(tx)
            continue
        return


def apply_retreat(tx: Tx, act: Retreat) -> None:
    top = tx.data.top
    sec = tx.rules.combat.retreat.section
    if top is None or top.proc != "retreat":
        tx.refuse("no retreat is due", sec)
    unit, opts = retreat_options(tx, top)
    if act.unit != unit:
        tx.refuse(f"{piece_name(tx.module, unit)} retreats now, not {piece_name(tx.module, act.unit)}", sec)
    start = hex_of(tx.state, unit)
    if act.path not in [p.hexes for p in opts.paths]:
        why = "no legal retreat path" if opts.eliminated else \
            f"not a legal retreat of {top.length} hex(es) (legal: {'; '.join('→'.join(p.hexes) for p in opts.paths)})"
        tx.check("retreat", why, sec, act.path[-1])
        occ = tx.state.occupancy()
        enemy = {h for p, h in occ.items() if side_of(tx.module, p) != side_of(tx.module, unit)}
        if set(act.path) & enemy:
            tx.refuse("a unit never enters a hex held by the enemy", sec)
    tx.do(MovePieces(pieces=(unit,), to=Location.hex(act.path[-1])))
    tx.texts[-1] += f" (retreat{' via ' + ', '.join(act.path[:-1]) if len(act.path) > 1 else ''})"
    retreated_to(tx, unit, act.path[-1])
    act_now = tx.data.seq.activation
    if act_now is not None and unit not in act_now.retreated:
        tx.set(seq=tx.data.seq.model_copy(update={"activation": act_now.model_copy(
            update={"retreated": act_now.retreated + (unit,)})}))
    tx.state = passed(tx.state, side_of(tx.module, unit), act.path, tx.module)
    _retreated(tx, unit, start, act.path)


def apply_advance(tx: Tx, act: Advance) -> None:
    top = tx.data.top
    sec = tx.rules.combat.advance.section
    if top is None or top.proc != "advance":
        tx.refuse("no advance after combat is open", sec)
    open_hexes = vacated(tx, top)
    if act not in advance_options(tx, top):
        if act.unit not in top.units or tx.state.hex_of(act.unit) is None:
            tx.refuse(f"{piece_name(tx.module, act.unit)} took no part in this combat", sec)
        tx.check("advance", f"{'→'.join(act.path)} is not a legal advance", sec, act.path[-1])
        occ = tx.state.occupancy()
        if act.path[-1] in occ.values():
            tx.refuse(f"{act.path[-1]} is occupied", sec)
    start = tx.state.hex_of(act.unit)
    tx.do(MovePieces(pieces=(act.unit,), to=Location.hex(act.path[-1])))
    tx.texts[-1] += " (advance after combat" + (" with its stack)" if top.result == WITH_STACK else ")")
    assets.follow(tx, act.unit)  # St-Lô 9.2.6 A: with its assets, on a line of their own
    tx.state = passed(tx.state, side_of(tx.module, act.unit), act.path, tx.module)
    _pop(tx)
    if tx.rules.combat.advance.units == "any":  # ToV 10.5: all, some or none of the attackers
        rest = tuple(u for u in top.units if u != act.unit)
        if rest:
            tx.set(frames=tx.data.frames + (top.model_copy(update={"units": rest, "vacated": open_hexes}),))
    if top.result == WITH_STACK:
        return
    hqs = tuple(p for p in tx.state.stack(Location.hex(start or "")) if _is_hq(tx, p) and p not in top.units
                and side_of(tx.module, p) == top.side) if tx.rules.combat.advance.hqs_with_stack and start else ()
    if hqs and not _is_hq(tx, act.unit):  # ToV 10.5: "HQs may advance with any combat units they are stacked with"
        tx.set(frames=tx.data.frames + (Frame(proc="advance", side=top.side, units=hqs, vacated=(act.path[-1],),
                                              path=act.path, result=WITH_STACK),))
    losses.mark_advanced(tx, act.unit)


def apply_decline(tx: Tx, act: Decline) -> None:
    top = tx.data.top
    if top is not None and top.proc == "fire":
        _pop(tx)
        fire = tx.rules.fire
        mission = fire.missions.get(top.result) if fire is not None else None
        tx.say(f"no {mission.name if mission is not None else top.result}")
        return
    if top is None or top.proc != "advance":
        tx.refuse("no advance after combat is open", tx.rules.combat.advance.section)
    _pop(tx)
    tx.say("no advance after combat")


def apply_eliminate_excess(tx: Tx, act: EliminateExcess) -> None:
    top = tx.data.top
    sec = tx.rules.stacking.section
    if top is None or top.proc != "stacking":
        tx.refuse("no hex is over the stacking limit", sec)
    if act.unit not in tx.module.pieces.pieces or tx.state.hex_of(act.unit) != top.hex \
            or side_of(tx.module, act.unit) != top.side:
        tx.refuse(f"choose a {tx.module.pieces.sides[top.side].name} unit in {top.hex}", sec, top.hex)
    tx.do(Eliminate(pieces=(act.unit,)))
    tx.texts[-1] += f" (over the stacking limit in {top.hex} — {sec})"


def begin_end_of_phase(tx: Tx) -> None:
    """A phase's steps are done: stacking is checked (§6), then the phase ends (§4)."""
    m = tx.module
    phase = phase_of(m, tx.state)
    frames = [Frame(proc="end_phase")]
    if checked_at_end_of(tx, phase):
        level = tx.rules.enforcement_of("stacking")
        problems = stacking_violations(m, tx.state.occupancy(), tx.rules) if level != "off" else []
        for hex, problem in reversed(problems):
            owner = side_of(m, tx.state.stack(Location.hex(hex))[0])
            if level == "enforce":
                frames.append(Frame(proc="stacking", side=owner, hex=hex))
                tx.rule(_stack_ruling(tx, hex, problem, owner))
            else:
                tx.check("stacking", problem, tx.rules.stacking.section, hex)
    tx.set(frames=tx.data.frames + tuple(frames))


def _stack_ruling(tx: Tx, hex: str, problem: str, owner: str) -> Ruling:
    return Ruling("stacking", f"{problem}: {tx.module.pieces.sides[owner].name} eliminates the excess",
                  tx.rules.stacking.section, hex)


def finish_phase(tx: Tx) -> None:
    m, s = tx.module, tx.state
    seq = m.meta.sequence
    tx.set(moved=(), declared=(), resolving=False, attacked=(), defended=())
    tx.set(seq=tx.data.seq.model_copy(update={"frames": (), "activation": None, "chit": "", "hq": "", "formations": (),
                                              "defended_hexes": ()}))
    last = s.phase >= len(seq) - 1
    if last and tx.data.seq.interdicted:  # ToV 7.2: the markers go back at the end of the turn
        tx.set(seq=tx.data.seq.model_copy(update={"interdicted": ()}))
    if last:
        for status, decl in sorted(tx.module.rules.statuses.items()):
            if decl.cleared_at_turn_end:
                clear_status(tx, status)
        data, texts = end_of_turn_scoring(m, s, tx.data)
        tx.data = data
        for t in texts:
            tx.say(t)
    if last and s.turn >= m.scenarios[s.scenario].last_turn:
        v = verdict(m, with_engine_state(s, tx.data))
        text = v.text(m)
        tx.set(over=True, outcome=text)
        tx.say(f"end of turn {s.turn}: game over — {text}")
        return
    tx.do(NextPhase())


def legal_choices(tx: Tx) -> list[EngineAction]:
    top = tx.data.top
    if top is None:
        return []
    if top.proc == "retreat":
        unit, opts = retreat_options(tx, top)
        return [Retreat(unit=unit, path=p.hexes) for p in opts.paths]
    if top.proc == "advance":
        return [*advance_options(tx, top), Decline()]
    if top.proc == "stacking":
        return [EliminateExcess(unit=u) for u in sorted(tx.state.stack(Location.hex(top.hex)))
                if side_of(tx.module, u) == top.side]
    if top.proc == "relocate":
        return list(relocation.legal_relocations(tx))
    if top.proc == "enter":
        return list(arrivals.legal_entries(tx, top))
    if top.proc == "losses":
        return list(losses.legal_losses(tx, top))
    if top.proc == "roll":
        return [Roll()]
    if top.proc == "support":
        return list(combat_choices.legal_support(tx, top))
    if top.proc == "fire":
        from .fire_combat import legal_combat_fires

        return [*legal_combat_fires(tx, top), Decline()]
    if top.proc in ("fire_hit", "disorganize"):
        from .fire_results import legal_picks

        return list(legal_picks(tx, top))
    if top.proc in asset_choices.PROCS:
        return asset_choices.legal(tx, top)
    return []

