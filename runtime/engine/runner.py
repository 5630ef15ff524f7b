"""Running the declared sequence of play (``rules.json`` ``sequence``, see
:mod:`runtime.model.sequence`): a stack of step lists in the engine state.

:func:`advance` runs every step that needs no choice (set a pool, clear statuses, a
supply check, the start of a loop or an activation, a procedure call) and stops at the
first step that waits for a player: engine actions, a choice, chits to put in a cup, or a
chance step waiting for its ``roll``/``draw``. When a phase's steps are done, the phase
ends (stacking, DoM §6) and the next phase begins (§4). The action handlers of the
waiting steps are in :mod:`.steps`.
"""

from __future__ import annotations

import functools

from hexwright.runtime.model import Module, Phase
from hexwright.runtime.model.sequence import (
    ActionKind,
    ActionsStep,
    Activation,
    ArrivalsStep,
    AssetPhase,
    Call,
    ClearStatuses,
    CupDraw,
    CupEmpty,
    CupFill,
    Enforcement,
    Entrench,
    FixedSide,
    Loop,
    MoraleRecovery,
    PhaseSide,
    PoolEmpty,
    Reorganize,
    ResetMissions,
    SetPool,
    Step,
    SupplyCheck,
    TableRoll,
    VictoryCheck,
)
from hexwright.runtime.rules import Ruling
from hexwright.runtime.state import ActionError, GameState

from .context import phase_of
from .seqdata import IDLE, SeqState, StepFrame
from .transaction import Tx

_BY_KIND: dict[str, list[ActionKind]] = {"movement": ["move", "drop", "exit"], "combat": ["declare", "resolve"]}


def phase_steps(module: Module, phase: Phase) -> list[Step]:
    """The steps a phase runs: declared, or those of its kind (movement: move, drop, exit;
    combat: declare, resolve; any other: only ending it)."""
    declared = module.rules.sequence.phases.get(phase.id)
    if declared is not None:
        return declared
    return list(_kind_steps(phase.kind, phase.section))


@functools.lru_cache(maxsize=256)
def _kind_steps(kind: str, section: str) -> tuple[Step, ...]:
    """The one step of an undeclared phase of ``kind`` (steps are frozen: built once)."""
    return (ActionsStep(allow=_BY_KIND.get(kind, []), side=PhaseSide(), section=section),)


def steps_of(module: Module, frame: StepFrame) -> list[Step]:
    kind, name = frame.root.split(":", 1)
    if kind == "phase":
        phase = next((p for p in module.meta.sequence if p.id == name), None)
        steps: list[Step] = phase_steps(module, phase) if phase is not None else []
    else:
        steps = module.rules.sequence.procedures.get(name, [])
    for i in frame.path:
        container = steps[i]
        assert isinstance(container, (Loop, Activation))
        steps = container.steps
    return steps


def current(module: Module, seq: SeqState) -> Step | None:
    """The step running at the top of the stack (None between phases)."""
    if not seq.frames:
        return None
    top = seq.frames[-1]
    steps = steps_of(module, top)
    return steps[top.index] if top.index < len(steps) else None


def waiting(module: Module, seq: SeqState) -> Step | None:
    """The step waiting for a player, if the top step has started and waits."""
    step = current(module, seq)
    return step if step is not None and seq.frames[-1].started else None


def step_level(tx: Tx, step: Step) -> Enforcement:
    if step.id is not None and f"step.{step.id}" in tx.rules.enforcement:
        return tx.rules.enforcement[f"step.{step.id}"]
    return step.enforcement


def step_name(step: Step) -> str:
    return step.name or (step.id or step.kind).replace("_", " ")


def _applies(tx: Tx, step: Step) -> bool:
    turn = tx.state.turn
    if (step.turns and turn not in step.turns) or turn in step.except_turns:
        return False
    if step.optional_rule is not None and not tx.state.optional_rules.get(step.optional_rule, False):
        return False
    return step_level(tx, step) != "off"


# -- the stack -----------------------------------------------------------------------------------


def seq_set(tx: Tx, **update: object) -> None:
    tx.set(seq=tx.data.seq.model_copy(update=update))


def set_top(tx: Tx, **update: object) -> None:
    frames = list(tx.data.seq.frames)
    frames[-1] = frames[-1].model_copy(update=update)
    seq_set(tx, frames=tuple(frames))


def push(tx: Tx, frame: StepFrame) -> None:
    if tx.data.seq.frames:
        set_top(tx, started=True)
    seq_set(tx, frames=tx.data.seq.frames + (frame,))


def call(tx: Tx, procedure: str) -> None:
    """Run a named procedure; the step calling it finishes when it returns."""
    if procedure not in tx.module.rules.sequence.procedures:
        tx.refuse(f"no procedure {procedure!r} in rules.json sequence.procedures")
    push(tx, StepFrame(root=f"proc:{procedure}"))


def done(tx: Tx) -> None:
    """The top step is finished: the next one of its list."""
    top = tx.data.seq.frames[-1]
    set_top(tx, index=top.index + 1, started=False, side_index=0)


def set_active(tx: Tx, side: str, why: str, *, quiet: bool = False) -> None:
    """Make ``side`` the side to act, logging why when it changes."""
    if side and (side != tx.data.seq.active or why != tx.data.seq.why):
        seq_set(tx, active=side, why=why)
        if tx.state.active_side != side:
            tx.state = tx.state.model_copy(update={"active_side": side})
        if quiet:
            return
        sides = tx.module.pieces.sides
        tx.say(f"{sides[side].name if side in sides else side} to act: {why}")


def acting_side(tx: Tx, step: Step) -> str:
    rule = step.side
    if isinstance(rule, FixedSide):
        return rule.side
    if isinstance(rule, PhaseSide):
        phase = phase_of(tx.module, tx.state)
        return (phase.side if phase is not None and phase.side else "") or tx.data.seq.active
    if rule.kind == "each":
        order = rule.order or list(tx.module.pieces.sides)
        i = tx.data.seq.frames[-1].side_index
        return order[i] if i < len(order) else ""
    return tx.data.seq.active or (tx.state.active_side or "")


def sides_of(tx: Tx, step: Step) -> list[str]:
    rule = step.side
    if rule.kind == "each":
        return rule.order or list(tx.module.pieces.sides)
    return [acting_side(tx, step)]


# -- loops ------------------------------------------------------------------------------------------


def _min_iterations(tx: Tx, loop: Loop) -> int:
    return loop.min_by_turn.get(str(tx.state.turn), loop.min_iterations)


def loop_ends(tx: Tx, loop: Loop, frame: StepFrame | None) -> str:
    """Why ``loop`` ends before its next iteration ("" if it goes on)."""
    iteration = frame.iteration if frame else 0
    sides = set(tx.module.pieces.sides)
    for cond in loop.until:
        if cond.kind == "count" and iteration >= cond.count:
            return f"{cond.count} iterations"
        if isinstance(cond, CupEmpty) and not tx.state.cups.get(cond.cup):
            return "the cup is empty"
        if cond.kind == "all_passed" and frame is not None and sides and sides <= set(frame.passed[-len(sides):]):
            return "every side passed in turn"
        if cond.kind == "die" and frame is not None and frame.stop:
            return "the initiative roll ended it"
        if isinstance(cond, PoolEmpty) and frame is not None and \
                tx.data.seq.pools.get(cond.pool, {}).get(tx.data.seq.active, 0) <= cond.below:
            decl = tx.module.rules.pools.get(cond.pool)
            return f"no {decl.name if decl is not None else cond.pool} left"
    if iteration >= loop.max_iterations:
        return f"the limit of {loop.max_iterations} iterations"
    return ""


def nearest_loop(tx: Tx) -> int | None:
    frames = tx.data.seq.frames
    return next((i for i in range(len(frames) - 1, -1, -1) if frames[i].loop), None)


def min_iterations_left(tx: Tx) -> bool:
    """True while the nearest loop has not run its minimum iterations (St-Lô 3.2.6)."""
    i = nearest_loop(tx)
    if i is None:
        return False
    frames = tx.data.seq.frames
    parent = frames[i - 1]
    container = steps_of(tx.module, parent)[parent.index]
    assert isinstance(container, Loop)
    return frames[i].iteration + 1 < _min_iterations(tx, container)


def stop_loop(tx: Tx, why: str) -> None:
    """End the nearest loop now (its remaining steps are skipped)."""
    i = nearest_loop(tx)
    if i is None:
        return
    frames = list(tx.data.seq.frames[: i + 1])
    frames[i] = frames[i].model_copy(update={"stop": True})
    seq_set(tx, frames=tuple(frames))
    tx.say(f"the loop ends: {why}")


def record_pass(tx: Tx, side: str | None) -> None:
    """A pass (``side``) or an operation (None) in the nearest loop."""
    i = nearest_loop(tx)
    if i is None:
        return
    frames = list(tx.data.seq.frames)
    passed = frames[i].passed + (side,) if side else ()
    frames[i] = frames[i].model_copy(update={"passed": passed})
    seq_set(tx, frames=tuple(frames))


# -- running ---------------------------------------------------------------------------------------


def _finish_list(tx: Tx) -> None:
    from .sequence import begin_end_of_phase

    frames = tx.data.seq.frames
    top = frames[-1]
    if top.loop and not top.stop:
        parent = frames[-2]
        loop = steps_of(tx.module, parent)[parent.index]
        assert isinstance(loop, Loop)
        again = top.model_copy(update={"index": 0, "started": False, "iteration": top.iteration + 1,
                                       "side_index": 0})
        why = loop_ends(tx, loop, again)
        if not why:
            seq_set(tx, frames=frames[:-1] + (again,))
            return
        tx.say(f"{step_name(loop)} ends: {why}")
    seq_set(tx, frames=frames[:-1])
    if not tx.data.seq.frames:
        begin_end_of_phase(tx)
        return
    parent = tx.data.seq.frames[-1]
    container = steps_of(tx.module, parent)[parent.index]
    if isinstance(container, Activation):
        from .activation import end_activation

        end_activation(tx, container)
    done(tx)


def _begin(tx: Tx, step: Step) -> None:
    """Start ``step``: run it if it needs no choice, else mark it waiting."""
    from . import activation, arrivals, steps

    top = tx.data.seq.frames[-1]
    if isinstance(step, Loop):
        why = loop_ends(tx, step, None)
        if why:
            tx.say(f"{step_name(step)} skipped: {why}")
            done(tx)
        else:
            push(tx, StepFrame(root=top.root, path=top.path + (top.index,), loop=True))
        return
    if isinstance(step, Activation):
        activation.begin_activation(tx, step)
        act = tx.data.seq.activation
        if step.skip_if_empty and act is not None and not act.units:
            activation.end_activation(tx, step)
            done(tx)
            return
        push(tx, StepFrame(root=top.root, path=top.path + (top.index,)))
        return
    if isinstance(step, Call):
        call(tx, step.procedure)
        return
    if isinstance(step, SetPool):
        steps.set_pool(tx, step)
    elif isinstance(step, ClearStatuses):
        steps.clear_statuses(tx, step)
    elif isinstance(step, SupplyCheck):
        steps.supply_check(tx, step)
    elif isinstance(step, VictoryCheck):
        steps.victory_check(tx, step)
    elif isinstance(step, Entrench):
        from .markers import entrench

        entrench(tx, step)
    elif isinstance(step, AssetPhase):
        from .assets import asset_phase

        asset_phase(tx, step)
    elif isinstance(step, Reorganize):
        from .reorganize import reorganize

        reorganize(tx, step)
    elif isinstance(step, ResetMissions):
        from .fire import reset_missions

        reset_missions(tx, step)
    elif isinstance(step, MoraleRecovery):
        from .hq import morale_recovery

        morale_recovery(tx, step)
    elif isinstance(step, TableRoll) and str(tx.state.turn) in step.fixed:
        steps.store_result(tx, step, step.fixed[str(tx.state.turn)], "")
    elif isinstance(step, ArrivalsStep) and not arrivals.begin_arrivals(tx, step):
        pass  # every arrival due came in: no roll to wait for
    elif isinstance(step, CupDraw) and not tx.state.cups.get(step.cup):
        tx.say(f"{step_name(step)}: the cup is empty")
    else:
        set_top(tx, started=True)
        if isinstance(step, ActionsStep):
            _begin_actions(tx)
        if isinstance(step, CupFill):
            steps.begin_fill(tx, step)
        else:
            side = acting_side(tx, step)
            if side != tx.data.seq.active:
                set_active(tx, side, step_name(step))
        return
    done(tx)


def _begin_actions(tx: Tx) -> None:
    """An actions step begins: inside an activation, its per-step attack counts start afresh
    (St-Lô 9.1 A: one attack per attack action), and a new round of declarations opens."""
    act = tx.data.seq.activation
    if act is not None and (act.step_attacked or act.step_moved):
        seq_set(tx, activation=act.model_copy(update={"step_attacked": {}, "step_moved": {}}))
    if act is not None and tx.data.resolving and not tx.data.declared:
        tx.set(resolving=False)


def _start_game(tx: Tx) -> None:
    """Pools at their initial values, conditions from the scenario (ToV 3.2: heavy overcast)."""
    pools = {p: dict(sorted(d.initial.items())) for p, d in sorted(tx.module.rules.pools.items()) if d.initial}
    scenario = tx.module.scenarios.get(tx.state.scenario)
    conditions = dict(sorted(scenario.conditions.items())) if scenario is not None else {}
    lasting = dict(sorted(scenario.lasting.items())) if scenario is not None else {}
    seq_set(tx, started=True, pools=pools, conditions=conditions, lasting=lasting)


def _enter_phase(tx: Tx) -> bool:
    phase = phase_of(tx.module, tx.state)
    if phase is None:
        return False
    if not tx.data.seq.started:
        _start_game(tx)
    seq_set(tx, frames=(StepFrame(root=f"phase:{phase.id}"),), activation=None, chit="", hq="", formations=(),
            picking="", picked=())
    if phase.side:
        set_active(tx, phase.side, phase.name, quiet=True)  # NextPhase logged the phase
    return True


def advance(tx: Tx) -> None:
    """Run the steps that need no choice; stop at the first that waits for a player."""
    for _ in range(100_000):
        if tx.data.over or tx.data.frames:
            return
        seq = tx.data.seq
        phase = phase_of(tx.module, tx.state)
        if seq.frames and (phase is None or seq.frames[0].root != f"phase:{phase.id}"):
            seq_set(tx, frames=())  # the phase was moved by hand: start it afresh
            continue
        if not seq.frames:
            if not _enter_phase(tx):
                return
            continue
        top = seq.frames[-1]
        steps_list = steps_of(tx.module, top)
        if top.stop or top.index >= len(steps_list):
            _finish_list(tx)
            continue
        step = steps_list[top.index]
        if top.started:
            seq_set(tx, step=step_name(step))
            return
        if not _applies(tx, step):
            done(tx)
            continue
        _begin(tx, step)
    raise RuntimeError("the sequence of play runs without end (a loop with no step that waits?)")


# -- what the step waiting allows ------------------------------------------------------------------


def actions_step(module: Module, seq: SeqState) -> ActionsStep | None:
    step = waiting(module, seq)
    return step if isinstance(step, ActionsStep) and not seq.pending_skip else None


def allows(module: Module, seq: SeqState, kind: ActionKind) -> bool:
    """True when the step waiting lets the acting side take actions of ``kind``."""
    step = actions_step(module, seq)
    return step is not None and kind in step.allow


def require(tx: Tx, kind: ActionKind, what: str) -> ActionsStep | None:
    """Refuse ``what`` unless the step waiting allows it (an override is logged when the
    step's enforcement is ``warn``)."""
    if tx.data.frames:
        tx.refuse(f"finish the {tx.data.frames[-1].proc} first")
    step = waiting(tx.module, tx.data.seq)
    if isinstance(step, ActionsStep) and kind in step.allow and not tx.data.seq.pending_skip:
        return step
    now = step_name(step) if step is not None else "no step"
    text = f"{what} not now ({now})"
    if step is not None and step_level(tx, step) == "warn":
        tx.rule(Ruling(f"step.{step.id or step.kind}", f"override: {text}", step.section))
        return None
    tx.refuse(text, step.section if step is not None else "")
    return None


def allows_now(module: Module, state: GameState, seq: SeqState, kind: ActionKind) -> bool:
    """:func:`allows` for a state the engine may not have entered yet (a new game: the
    phase's first step is what will wait)."""
    if seq.frames:
        return allows(module, seq, kind)
    phase = phase_of(module, state)
    steps = phase_steps(module, phase) if phase is not None else []
    return bool(steps) and isinstance(steps[0], ActionsStep) and kind in steps[0].allow


def step_check(tx: Tx, step: Step, text: str, hex: str = "") -> None:
    """A broken constraint of ``step`` (e.g. a unit not activated): refused, logged or let
    through by the step's enforcement level."""
    level = step_level(tx, step)
    rule = f"step.{step.id or step.kind}"
    if level == "enforce":
        raise ActionError(str(Ruling(rule, text, step.section, hex)))
    if level == "warn":
        tx.rule(Ruling(rule, f"override: {text}", step.section, hex))


def compact(tx: Tx) -> None:
    """Keep the step stack out of the state when it is what entering the phase afresh gives
    (a phase whose first step waits: The Drive on Metz always): such a state has the same
    JSON, and hash, as before the sequence was data. Reading it runs :func:`advance` again."""
    seq = tx.data.seq
    if seq == IDLE:
        return
    if tx.data.over:
        tx.set(seq=seq.model_copy(update={"frames": (), "active": "", "why": "", "step": "", "started": False}))
        if tx.data.seq == IDLE:
            tx.set(seq=IDLE)
        return
    scratch = Tx(tx.module, tx.state, tx.data.model_copy(update={"seq": IDLE, "frames": ()}), tx.rules)
    try:
        advance(scratch)
    except ActionError:
        return
    if scratch.data.seq == seq and scratch.state == tx.state and \
            scratch.data.model_copy(update={"frames": tx.data.frames}) == tx.data:
        tx.set(seq=IDLE)
