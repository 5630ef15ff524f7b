"""Checking ``rules.json`` ``sequence``, ``statuses``, ``pools``, ``arrivals`` and
``control`` against the module: every phase, procedure, table, cup, chit, status, pool,
side, die, piece and box a step names must exist (``hexwright validate`` lists each)."""

from __future__ import annotations

from collections.abc import Iterable

from hexwright.runtime.model import Module
from hexwright.runtime.model.issues import ModuleIssue
from hexwright.runtime.model.sequence import (
    Activation,
    ArrivalsStep,
    Call,
    ChoiceStep,
    ClearStatuses,
    CupDraw,
    CupFill,
    EachSide,
    FixedSide,
    HqRoll,
    Initiative,
    Loop,
    Reorganize,
    SetPool,
    Step,
    SupplyCheck,
    TableRoll,
    declared_step_ids,
)

FILE = "rules.json"


def step_ids(module: Module) -> set[str]:
    """Ids of every declared step (``step.<id>`` in ``enforcement``)."""
    return declared_step_ids(module.rules.sequence)


def sequence_problems(module: Module) -> list[ModuleIssue]:
    r = module.rules
    sides = set(module.pieces.sides)
    procs = set(r.sequence.procedures)
    statuses = set(r.statuses)
    pools = set(r.pools)
    chits = set(module.pieces.chits)
    dice = set(module.meta.dice)
    out: list[ModuleIssue] = []

    def need(field: str, values: Iterable[str] | None, known: set[str], what: str) -> None:
        for v in values or []:
            if v not in known:
                out.append(ModuleIssue(FILE, field, f"unknown {what} {v!r}"))

    def check(steps: list[Step], where: str) -> None:
        for k, st in enumerate(steps):
            f = f"{where}.{k}"
            if isinstance(st.side, FixedSide):
                need(f"{f}.side.side", [st.side.side], sides, "side")
            if isinstance(st.side, EachSide):
                need(f"{f}.side.order", st.side.order, sides, "side")
            if st.optional_rule:
                need(f"{f}.optional_rule", [st.optional_rule], set(module.meta.optional_rules), "optional rule")
            if isinstance(st, (Loop, Activation)):
                check(st.steps, f"{f}.steps")
            if isinstance(st, Call):
                need(f"{f}.procedure", [st.procedure], procs, "procedure")
            if isinstance(st, ChoiceStep):
                for j, o in enumerate(st.options):
                    need(f"{f}.options.{j}.procedure", [o.procedure] if o.procedure else [], procs, "procedure")
                    need(f"{f}.options.{j}.sides", o.sides, sides, "side")
                    need(f"{f}.options.{j}.optional_rule", [o.optional_rule] if o.optional_rule else [],
                         set(module.meta.optional_rules), "optional rule")
            if isinstance(st, CupFill):
                need(f"{f}.cup", [st.cup], set(module.map.boxes), "box")
                need(f"{f}.sides", st.sides, sides, "side")
                need(f"{f}.always", st.always, chits, "chit")
                for side, sel in sorted(st.sides.items()):
                    need(f"{f}.sides.{side}.chits", sel.chits, chits, "chit")
                    for turn, special in sorted(sel.special.items()):
                        need(f"{f}.sides.{side}.special.{turn}", special, chits, "chit")
            if isinstance(st, CupDraw):
                need(f"{f}.cup", [st.cup], set(module.map.boxes), "box")
                need(f"{f}.by_chit", st.by_chit, chits, "chit")
                need(f"{f}.by_chit", st.by_chit.values(), procs, "procedure")
                need(f"{f}.by_kind", st.by_kind.values(), procs, "procedure")
                need(f"{f}.skip", [st.skip] if st.skip else [], procs, "procedure")
            if isinstance(st, Initiative):
                need(f"{f}.sides", st.sides, sides, "side")
                need(f"{f}.tie", [st.tie], sides, "side")
                need(f"{f}.die", [st.die], dice, "die")
                need(f"{f}.pool", [st.pool] if st.pool else [], pools, "pool")
            if isinstance(st, TableRoll):
                need(f"{f}.table", [st.table], set(module.tables.lookups), "lookup table")
                need(f"{f}.die", [st.die], dice, "die")
                need(f"{f}.pools", st.pools.values(), pools, "pool")
            if isinstance(st, ArrivalsStep):
                need(f"{f}.groups", st.groups, set(r.arrivals), "arrival group")
            if isinstance(st, SupplyCheck):
                need(f"{f}.status", [st.status] if st.status else [], statuses, "status")
                need(f"{f}.sides", st.sides, sides, "side")
                need(f"{f}.exempt_areas", st.exempt_areas, set(module.map.areas), "area")
            if isinstance(st, ClearStatuses):
                need(f"{f}.statuses", st.statuses, statuses, "status")
            if isinstance(st, SetPool):
                need(f"{f}.pool", [st.pool], pools, "pool")
            if isinstance(st, Activation):
                need(f"{f}.status", [st.status] if st.status else [], statuses, "status")
                need(f"{f}.select.exclude_statuses", st.select.exclude_statuses, statuses, "status")

    need("sequence.phases", r.sequence.phases, {p.id for p in module.meta.sequence}, "phase")
    for phase, steps in sorted(r.sequence.phases.items()):
        check(steps, f"sequence.phases.{phase}")
    for proc, steps in sorted(r.sequence.procedures.items()):
        check(steps, f"sequence.procedures.{proc}")
    for gid, g in sorted(r.arrivals.items()):
        need(f"arrivals.{gid}.side", [g.side], sides, "side")
        need(f"arrivals.{gid}.pieces", g.pieces, set(module.pieces.pieces), "piece")
        need(f"arrivals.{gid}.box", [g.box] if g.box else [], set(module.map.boxes), "box")
        if g.trigger.kind == "chit_draw":
            need(f"arrivals.{gid}.trigger.chit", [g.trigger.chit], chits | set(module.pieces.pieces), "chit or HQ")
        if g.trigger.kind == "die":
            need(f"arrivals.{gid}.trigger.die", [g.trigger.die], dice, "die")
    need("control.feature_types", r.control.feature_types, set(module.map.hex_feature_types), "hex feature type")
    out += loop_end_problems(module)
    out += nested_activation_problems(module)
    out += hq_step_problems(module)
    return out


def _named(value: object, names: set[str]) -> set[str]:
    """Every string in a step's data (nested lists and dicts, keys too) that is one of ``names``."""
    if isinstance(value, str):
        return {value} & names
    if isinstance(value, dict):
        return set().union(*(_named(k, names) | _named(v, names) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return set().union(*(_named(v, names) for v in value))
    return set()


def loop_end_problems(module: Module) -> list[ModuleIssue]:
    """An initiative roll that ends "the enclosing loop" (``end_loop_on``, St-Lô 3.2.6) must
    run inside one: in a loop's steps, or in a procedure called from within a loop. Outside,
    such a roll could only be rolled again, for ever.

    A procedure counts as called from a loop when any step inside a loop names it (in any
    field: a call, a choice's option, a chit's procedure), directly or through another
    procedure; a procedure no step names is not judged."""
    seq = module.rules.sequence
    names = set(seq.procedures)
    # (where, step) of every initiative with end_loop_on, and each procedure's callers' loop context
    found: list[tuple[str, str, bool]] = []  # (field, procedure or "", inside a loop)
    calls: dict[str, list[tuple[str, bool]]] = {n: [] for n in names}  # callee -> [(caller procedure or "", in loop)]

    def walk(steps: list[Step], where: str, owner: str, in_loop: bool) -> None:
        for k, st in enumerate(steps):
            f = f"{where}.{k}"
            if isinstance(st, Initiative) and st.end_loop_on is not None:
                found.append((f"{f}.end_loop_on", owner, in_loop))
            nested = st.steps if isinstance(st, (Loop, Activation)) else []
            data = st.model_dump(exclude={"steps"} if nested else None)
            for callee in _named(data, names):
                calls[callee].append((owner, in_loop or isinstance(st, Loop)))
            if nested:
                walk(nested, f"{f}.steps", owner, in_loop or isinstance(st, Loop))

    for phase, steps in sorted(seq.phases.items()):
        walk(steps, f"sequence.phases.{phase}", "", False)
    for proc, steps in sorted(seq.procedures.items()):
        walk(steps, f"sequence.procedures.{proc}", proc, False)
    looped: set[str] = set()
    changed = True
    while changed:  # a procedure is looped if a caller calls it from a loop or is itself looped
        changed = False
        for callee, callers in calls.items():
            if callee not in looped and any(in_loop or caller in looped for caller, in_loop in callers):
                looped.add(callee)
                changed = True
    out = []
    for field, owner, in_loop in found:
        if in_loop or owner in looped or (owner and not calls.get(owner)):
            continue
        out.append(ModuleIssue(FILE, field, "an initiative roll that ends the enclosing loop is not inside a loop "
                               "(nor in a procedure called from one): put it in a loop's steps or remove end_loop_on"))
    return out


def _calls(step: Step) -> list[str]:
    """The procedures ``step`` runs: a call's, a choice's options', a chit draw's."""
    if isinstance(step, Call):
        return [step.procedure]
    if isinstance(step, ChoiceStep):
        return [o.procedure for o in step.options if o.procedure]
    if isinstance(step, CupDraw):
        return [*step.by_chit.values(), *step.by_kind.values(), *([step.skip] if step.skip else [])]
    return []


Site = tuple[str, bool, bool]
"""Where a procedure is called from: the calling procedure ("" for a phase), whether the call is
inside an activation, whether an HQ has been chosen by then."""


def _walk_sequence(module: Module) -> tuple[list[tuple[str, Step, str, bool, bool]], dict[str, list[Site]]]:
    """Every step of the sequence of play as ``(field, step, owner, inside an activation, HQ
    chosen)`` — the owner is the procedure it is in ("" in a phase), an HQ is chosen after a
    choice step with an ``hq`` option in the same list — and every procedure's call sites."""
    seq = module.rules.sequence
    found: list[tuple[str, Step, str, bool, bool]] = []
    calls: dict[str, list[Site]] = {n: [] for n in seq.procedures}

    def walk(steps: list[Step], where: str, owner: str, inside: bool, hq: bool) -> None:
        for k, st in enumerate(steps):
            f = f"{where}.{k}"
            found.append((f, st, owner, inside, hq))
            if isinstance(st, ChoiceStep):  # an 'hq' option's procedure runs with the HQ it chose
                sites = [(o.procedure, o.kind == "hq") for o in st.options if o.procedure]
            else:
                sites = [(callee, False) for callee in _calls(st)]
            for callee, chooses in sites:
                if callee in calls:
                    calls[callee].append((owner, inside, hq or chooses))
            if isinstance(st, (Loop, Activation)):
                walk(st.steps, f"{f}.steps", owner, inside or isinstance(st, Activation), hq)
            # the HQ chosen stays chosen for the rest of the list
            hq = hq or (isinstance(st, ChoiceStep) and any(o.kind == "hq" for o in st.options))

    for phase, steps in sorted(seq.phases.items()):
        walk(steps, f"sequence.phases.{phase}", "", False, False)
    for proc, steps in sorted(seq.procedures.items()):
        walk(steps, f"sequence.procedures.{proc}", proc, False, False)
    return found, calls


def nested_activation_problems(module: Module) -> list[ModuleIssue]:
    """An activation may not run inside another: in its steps, or in a procedure called from
    within one (directly or through another procedure). The engine keeps one activation at a
    time, so the inner one's end would end the outer one too: the outer's later steps would
    order no unit, and the units only it ordered would keep its status."""
    found, calls = _walk_sequence(module)
    within = _sometimes(calls, 0)
    return [ModuleIssue(FILE, field, "an activation inside another activation (or in a procedure called from one): "
                                     "the inner one's end would end both; run them one after the other")
            for field, st, owner, inside, _hq in found if isinstance(st, Activation) and (inside or owner in within)]


def hq_step_problems(module: Module) -> list[ModuleIssue]:
    """Steps that act on an HQ must be reached with one: a reorganization (St-Lô 12.2) needs
    the HQ of a running activation — in an activation's steps, or in a procedure called from
    one; an HQ activation roll (6.1) needs an HQ chosen — after a choice step with an ``hq``
    option in its list, or in a procedure an ``hq`` option (or a call after one) runs. A
    procedure must be reached so by every call of it. Reached without, the first would stop the
    sequence with "no HQ is active" and the second offer a roll that is always refused."""
    found, calls = _walk_sequence(module)
    within, with_hq = _always(calls, 0), _always(calls, 1)
    never = {proc for proc, sites in calls.items() if not sites}  # never run: nothing to check
    out = []
    for field, st, owner, inside, hq in found:
        if owner in never:
            continue
        if isinstance(st, Reorganize) and not (inside or owner in within):
            out.append(ModuleIssue(FILE, field, "a reorganization outside an activation: it breaks down or builds up "
                                                "the units of the activated HQ, so put it in an activation's steps "
                                                "or in a procedure called from one"))
        if isinstance(st, HqRoll) and not (hq or owner in with_hq):
            out.append(ModuleIssue(FILE, field, "an HQ activation roll with no HQ chosen before it: put it after a "
                                                "choice step with an 'hq' option, or in the procedure such an option "
                                                "runs"))
    return out


def _sometimes(calls: dict[str, list[Site]], flag: int) -> set[str]:
    """The procedures some call reaches with ``flag`` (0: inside an activation, 1: an HQ chosen)
    true, directly or through a procedure that is."""
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for callee, sites in calls.items():
            if callee not in found and any(site[flag + 1] or site[0] in found for site in sites):
                found.add(callee)
                changed = True
    return found


def _always(calls: dict[str, list[Site]], flag: int) -> set[str]:
    """The procedures every call reaches with ``flag`` (0: inside an activation, 1: an HQ
    chosen) true, directly or from a procedure that is always reached so; a procedure
    nobody calls is in none (it never runs)."""
    found = {proc for proc, sites in calls.items() if sites}
    changed = True
    while changed:  # drop a procedure some call reaches without: then its own callees may lose it too
        changed = False
        for proc in sorted(found):
            if not all(site[flag + 1] or site[0] in found for site in calls[proc]):
                found.discard(proc)
                changed = True
    return found
