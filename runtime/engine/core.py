"""The engine's fixed API (after OpenSpiel): ``legal_actions``, ``apply``, ``view``,
``to_act``, ``is_over`` — pure functions of the module and a :class:`GameState`.

``apply`` validates an engine action against the rules at each rule's enforcement level
(``enforce``: refused with the reason and section, :class:`ActionError`; ``warn``: done,
the override logged; ``off``: done silently), applies it, runs the procedures that need no
choice, and returns the new state with one log entry holding every ruling
("stopped: enemy ZOC at 0407 — §8.1.1"). The input state is never changed.
"""

from __future__ import annotations

from pydantic import ValidationError

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import RULE_IDS
from hexwright.runtime.model.sequence import declared_step_ids
from hexwright.runtime.rules import Ruling
from hexwright.runtime.state import ActionError, GameState, LogEntry, RulesStep

from . import (
    arrivals,
    asset_choices,
    attacks,
    combat_choices,
    drops,
    fire,
    fire_legal,
    interdiction,
    losses,
    moves,
    relocation,
    runner,
    sequence,
    steps,
)
from .actions import (
    STEPS_WITH_DICE,
    Advance,
    AssignAsset,
    Choose,
    Declare,
    Decline,
    Draw,
    Drop,
    EliminateExcess,
    EndPhase,
    EngineAction,
    Enter,
    ExitMap,
    Fire,
    Interdict,
    LoseStep,
    Move,
    Pick,
    PutChit,
    ReassignAsset,
    Relocate,
    Resolve,
    Retreat,
    Roll,
    SetEnforcement,
    Support,
    from_step,
    sort_key,
)
from .context import movers
from .context import to_act as _to_act
from .data import engine_state, rules_of, with_engine_state
from .transaction import Tx


def _run(tx: Tx, action: EngineAction) -> None:
    """Apply one engine action (not :class:`SetEnforcement`) to ``tx``."""
    match action:
        case Move():
            moves.apply_move(tx, action)
        case Drop():
            drops.apply_drop(tx, action)
        case ExitMap():
            moves.apply_exit(tx, action)
        case Declare():
            attacks.apply_declare(tx, action)
        case Resolve():
            attacks.apply_resolve(tx, action)
        case Retreat():
            sequence.apply_retreat(tx, action)
        case Advance():
            sequence.apply_advance(tx, action)
        case Decline() if tx.data.top is not None and tx.data.top.proc in asset_choices.PROCS:
            asset_choices.apply_decline(tx)
        case Decline():
            sequence.apply_decline(tx, action)
        case EliminateExcess() if tx.data.top is not None and tx.data.top.proc == "asset_loss":
            asset_choices.apply_eliminate(tx, action)
        case EliminateExcess():
            sequence.apply_eliminate_excess(tx, action)
        case AssignAsset():
            asset_choices.apply_assign(tx, action)
        case ReassignAsset():
            asset_choices.apply_reassign(tx, action)
        case EndPhase():
            steps.apply_end(tx, action)
        case Relocate():
            relocation.apply_relocate(tx, action)
        case Enter():
            arrivals.apply_enter(tx, action)
        case Choose():
            steps.apply_choose(tx, action)
        case PutChit():
            steps.apply_put_chit(tx, action)
        case Draw():
            steps.apply_draw(tx, action)
        case Roll() if tx.data.top is not None and tx.data.top.proc == "roll":
            losses.apply_combat_roll(tx)
        case Roll():
            steps.apply_roll(tx, action)
        case LoseStep():
            losses.apply_lose_step(tx, action)
        case Support():
            combat_choices.apply_support(tx, action)
        case Interdict():
            interdiction.apply_interdict(tx, action)
        case Fire():
            fire.apply_fire(tx, action)
        case Pick():
            from .fire_results import apply_pick

            apply_pick(tx, action)
        case SetEnforcement():
            raise ActionError("enforcement is set by check_and_apply")


def _tx(module: Module, state: GameState) -> Tx:
    return Tx(module, state, engine_state(state), rules_of(module, state))


def prepared(module: Module, state: GameState) -> Tx:
    """The state with every step that needs no choice run (a new game enters its first phase)."""
    tx = _tx(module, state)
    sequence.settle(tx)
    return tx


def is_over(state: GameState) -> bool:
    return engine_state(state).over


def to_act(module: Module, state: GameState) -> str | None:
    """The side whose choice the engine waits for: a procedure's, else the step's (phase,
    chit drawn, initiative won)."""
    tx = prepared(module, state)
    return _to_act(module, with_engine_state(tx.state, tx.data))


def legal_actions(module: Module, state: GameState) -> list[EngineAction]:
    """Every action the side to act may take now, sorted (choices due first, then by kind and arguments).

    Enforcement choices (:class:`SetEnforcement`) are always open and not listed.
    """
    tx = prepared(module, state)
    if tx.data.over:
        return []
    state = with_engine_state(tx.state, tx.data)
    out: list[EngineAction] = []
    step = runner.actions_step(module, tx.data.seq)
    if tx.data.frames:
        out += sequence.legal_choices(tx)
    elif step is not None:
        only = step.units == "activated" and runner.step_level(tx, step) == "enforce"
        if "move" in step.allow or "exit" in step.allow:
            out += [a for a in moves.legal_moves(tx, movers(module, state, tx.data, activated_only=only), step.modes,
                                                 modes_only=step.modes_only) if a.name in step.allow]
        if "relocate" in step.allow:
            out += relocation.legal_relocations(tx)
        if "interdict" in step.allow:
            out += interdiction.legal_interdicts(tx)
        if "fire" in step.allow:
            out += fire_legal.legal_fires(tx, step)
        if "drop" in step.allow:
            out += drops.legal_drops(tx, drops.droppers(module, state, tx.data, tx.rules))
        if "declare" in step.allow and not (tx.data.resolving and tx.rules.combat.declare_all_first):
            out += attacks.legal_declares(tx)
        if "resolve" in step.allow:
            out += [Resolve(hex=d.hex) for d in tx.data.declared]
        if not tx.data.declared and not (tx.rules.enforcement_of("combat") == "enforce"
                                         and steps.still_to_attack(tx, step)):
            out.append(EndPhase())  # not while a unit must still attack (St-Lô 9.1 B): ending would be refused
    else:
        out += steps.legal_step_actions(tx)
    return sorted(out, key=sort_key)


def check_and_apply(module: Module, state: GameState, action: EngineAction) -> tuple[GameState, LogEntry, list[Ruling]]:
    """:func:`apply` that also returns the rulings made (the log entry's text holds them too)."""
    tx = _tx(module, state)
    actor = state.active_side
    if isinstance(action, SetEnforcement):
        if action.rule not in RULE_IDS and not (action.rule.startswith("step.") and action.rule[5:] in declared_step_ids(module.rules.sequence)):
            raise ActionError(f"no rule {action.rule!r} (rules: {', '.join(RULE_IDS)}, step.<step id>)")
        tx.set(enforcement=dict(sorted({**tx.data.enforcement, action.rule: action.level}.items())))
        tx.say(f"rule {action.rule}: {action.level}")
    else:
        if tx.data.over:
            raise ActionError("the game is over")
        sequence.settle(tx)
        if tx.data.over:
            raise ActionError("the game is over")
        # the side whose choice this is (a defender retreating, a chit's owner), not only the phase's
        actor = _to_act(module, with_engine_state(tx.state, tx.data)) or tx.state.active_side
        _run(tx, action)
        sequence.settle(tx)
    runner.compact(tx)
    new = with_engine_state(tx.state, tx.data)
    entry = LogEntry(kind="rules", text=tx.text(), turn=state.turn, phase=state.phase, side=actor,
                     dice=tuple(tx.dice))
    return new, entry, list(tx.rulings)


def apply(module: Module, state: GameState, action: EngineAction | RulesStep) -> tuple[GameState, LogEntry]:
    """The state after ``action`` and its log entry; ActionError (with the ruling) if refused."""
    if isinstance(action, RulesStep):
        try:
            engine_action = from_step(action)
        except ValidationError as exc:
            raise ActionError(f"not a rules action: {_step_problems(action, exc)}") from None
    else:
        engine_action = action
    new, entry, _ = check_and_apply(module, state, engine_action)
    return new, entry


def _step_problems(step: RulesStep, exc: ValidationError) -> str:
    """A rules step's validation errors on one line: ``move.x: unknown field``."""
    problems = []
    for err in exc.errors(include_url=False):
        if err["type"] == "union_tag_invalid":
            return f"no rules action {step.name!r}"
        where = ".".join(str(p) for p in err["loc"])
        problems.append(f"{where}: {'unknown field' if err['type'] == 'extra_forbidden' else err['msg']}")
    return "; ".join(problems)


def view(state: GameState, side: str | None) -> GameState:
    """What ``side`` may see: the contents of cups are hidden (chit ids become ``?``).

    The Drive on Metz hides nothing else; the engine's procedure data is public.
    """
    del side  # every side sees the same; kept for games with hidden units
    cups = {cup: tuple("?" for _ in chits) for cup, chits in state.cups.items()}
    return state.model_copy(update={"cups": cups})


class Engine:
    """The rules engine as a game's collaborator (:class:`runtime.state.RulesEngine`):
    ``Game(module, scenario, seed, engine=ENGINE)``."""

    def apply_step(self, module: Module, state: GameState, step: RulesStep) -> tuple[GameState, LogEntry]:
        return apply(module, state, step)

    def draws_dice(self, step: RulesStep) -> bool:
        return step.name in STEPS_WITH_DICE


ENGINE = Engine()
"""The engine to give a game (it holds no data: every call is a pure function of its arguments)."""
