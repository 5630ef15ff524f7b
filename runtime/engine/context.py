"""What the engine reads off a state: the phase, who acts, units and their reach."""

from __future__ import annotations

import weakref
from fractions import Fraction

from hexwright.runtime.model import Module, Phase
from hexwright.runtime.model.common import parse_fraction
from hexwright.runtime.model.rules_config import RulesConfig
from hexwright.runtime.rules import ReachResult, reach
from hexwright.runtime.rules.cache import memo
from hexwright.runtime.state import ActionError, GameState

from .data import EngineState, engine_state, optional_on
from .state_position import state_position


def phase_of(module: Module, state: GameState) -> Phase | None:
    seq = module.meta.sequence
    return seq[state.phase] if 0 <= state.phase < len(seq) else None


def phase_side(module: Module, state: GameState) -> str | None:
    """The side acting in the current step: made active by the phase, a chit or initiative."""
    seq = engine_state(state).seq
    if seq.active and seq.frames:
        return seq.active
    phase = phase_of(module, state)
    return phase.side if phase is not None and phase.side else state.active_side


def to_act(module: Module, state: GameState) -> str | None:
    """The side whose choice the engine waits for: the top procedure's, else the phase's."""
    data = engine_state(state)
    if data.over:
        return None
    if data.top is not None and data.top.side:
        return data.top.side
    return phase_side(module, state)


def weather_now(module: Module, state: GameState) -> str | None:
    """The weather movement and combat read: a lasting condition in force (ToV 4.1.5 mud)
    that the terrain chart or the combat rules know, else the weather rolled (``weather``)."""
    seq = engine_state(state).seq
    known = set(module.tables.terrain_effects.weather) | set(module.rules.combat.weather_shifts)
    for cond, last in sorted(seq.lasting.items()):
        if last >= state.turn and cond in known:
            return cond
    current = seq.conditions.get("weather")
    return current if current in known else None


def hex_of(state: GameState, unit: str) -> str:
    """The hex ``unit`` stands in; ActionError if it is not on the map."""
    label = state.hex_of(unit)
    if label is None:
        raise ActionError(f"{unit} is not on the map")
    return label


def side_of(module: Module, piece: str) -> str:
    return module.pieces.pieces[piece].side


def arrival_turn(module: Module, state: GameState, piece: str) -> int:
    scenario = module.scenarios[state.scenario]
    for r in scenario.reinforcements:
        if r.piece == piece:
            return r.turn
    return scenario.first_turn


def entry_box(module: Module, state: GameState, piece: str) -> str | None:
    """The box ``piece`` waits in, if it is one the map can be entered from."""
    at = state.pieces[piece].at
    if at.kind != "box":
        return None
    box = module.map.boxes.get(at.id)
    if box is None or not box.entry_hexes or box.kind not in ("reinforcement", "arrival", "holding", "pool"):
        return None
    return at.id


def movers(module: Module, state: GameState, data: EngineState | None = None, *,
           activated_only: bool = False) -> list[str]:
    """Units of the acting side that may still move: on the map or in an entry box; with
    ``activated_only``, those of the activation running that have moves left."""
    data = data or engine_state(state)
    side = phase_side(module, state)
    return [pid for pid in sorted(state.pieces) if _moves_now(module, state, data, side, pid, activated_only)]


def is_mover(module: Module, state: GameState, unit: str, data: EngineState | None = None) -> bool:
    """``unit`` is one of :func:`movers` (asked of one unit, without going through every piece)."""
    data = data or engine_state(state)
    return unit in state.pieces and _moves_now(module, state, data, phase_side(module, state), unit, False)


def _moves_now(module: Module, state: GameState, data: EngineState, side: str | None, pid: str,
               activated_only: bool) -> bool:
    if side_of(module, pid) != side or pid in data.moved:
        return False
    act = data.seq.activation
    if activated_only and (act is None or pid not in act.units or act.moved.get(pid, 0) >= act.moves
                           or not takes_part(module, data, pid)):
        return False
    at = state.pieces[pid].at
    return at.kind == "hex" or bool(entry_box(module, state, pid) and arrival_turn(module, state, pid) <= state.turn)


def in_play(module: Module, state: GameState) -> frozenset[str] | None:
    """The hexes of the scenario's map limits (ToV 14.1, 14.2), None when the whole map is in play."""
    scenario = module.scenarios.get(state.scenario)
    if scenario is None or scenario.map_limits is None or scenario.map_limits not in module.map.areas:
        return None
    return frozenset(module.map.areas[scenario.map_limits].hexes)


def takes_part(module: Module, data: EngineState, unit: str) -> bool:
    """``unit`` takes part in the costed action running (St-Lô 7.4.3, 7.5.1) and has moves
    left in the actions step waiting (``moves_per_unit``, 8.1 E); True outside activations."""
    from .runner import actions_step

    act = data.seq.activation
    if act is None:
        return True
    if act.participants is not None and unit not in act.participants:
        return False
    step = actions_step(module, data.seq)
    return step is None or step.moves_per_unit is None or act.step_moved.get(unit, 0) < step.moves_per_unit


def unit_reach(module: Module, state: GameState, unit: str, rules: RulesConfig, *,
               allowance: Fraction | int | None = None, mode: str | None = None) -> ReachResult:
    """``runtime.rules.reach`` for ``unit`` where it stands (a hex or its entry box)."""
    from .statuses import movement_allowance

    at = state.pieces[unit].at
    box = at.id if at.kind == "box" else None
    if allowance is None:
        allowance = movement_allowance(module, state, unit)
        decl = rules.movement.modes.get(mode) if mode else None
        if allowance is not None and decl is not None:  # a status's allowance, in a mode that multiplies it
            allowance = (Fraction(decl.allowance) if decl.allowance is not None else Fraction(allowance)) \
                * parse_fraction(decl.allowance_multiplier) if allowance else allowance
    from .interdiction import surcharges

    enter, leave = surcharges(module, state, unit)
    free = rules.interdiction.free_across if rules.interdiction is not None else ()  # read from the rules: keyed by them
    optional, weather, within = optional_on(state), weather_now(module, state), in_play(module, state)
    step = state.pieces[unit].step  # reach reads the step of the unit moving only
    with state_position(module, state) as (pos, stamp):
        # Every input of reach by value (the module and the rules by identity, per revision; the
        # position by its stamp): a bot weighing a dozen moves of one unit in one position asks
        # the same question a dozen times.
        key = (unit, box, stamp, step, optional, allowance, mode, weather,
               tuple(sorted(enter.items())), tuple(sorted(leave.items())), within)
        return memo("reach", module, (rules,), key, lambda: reach(
            module, pos, unit, box=box, optional_rules=optional, steps={unit: step}, rules=rules,
            allowance=allowance, mode=mode, weather=weather, enter_surcharge=enter or None,
            leave_surcharge=leave or None, within=within, surcharge_free_across=free))


_levelled: dict[tuple[int, str, str], tuple[weakref.ref[RulesConfig], RulesConfig]] = {}


def with_level(rules: RulesConfig, rule: str, level: str) -> RulesConfig:
    """``rules`` with one rule's enforcement changed; the same object for the same question
    (so answers keyed on the rules' identity, like :func:`unit_reach`'s, are found again)."""
    key = (id(rules), rule, level)
    hit = _levelled.get(key)
    if hit is not None and hit[0]() is rules:
        return hit[1]
    made = rules.model_copy(update={"enforcement": {**rules.enforcement, rule: level}})
    if len(_levelled) > 256:
        _levelled.clear()
    _levelled[key] = (weakref.ref(rules), made)
    return made
