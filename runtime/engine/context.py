"""What the engine reads off a state: the phase, who acts, units and their reach."""

from __future__ import annotations

from hexwright.runtime.model import Module, Phase
from hexwright.runtime.model.rules import RulesConfig
from hexwright.runtime.rules import ReachResult, reach
from hexwright.runtime.state import GameState

from .data import EngineState, engine_state, optional_on


def phase_of(module: Module, state: GameState) -> Phase | None:
    seq = module.meta.sequence
    return seq[state.phase] if 0 <= state.phase < len(seq) else None


def phase_side(module: Module, state: GameState) -> str | None:
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


def movers(module: Module, state: GameState, data: EngineState | None = None) -> list[str]:
    """Units of the phase's side that may still move this phase: on the map or in an entry box."""
    data = data or engine_state(state)
    side = phase_side(module, state)
    out = []
    for pid in sorted(state.pieces):
        if side_of(module, pid) != side or pid in data.moved:
            continue
        at = state.pieces[pid].at
        if at.kind == "hex" or (entry_box(module, state, pid) and arrival_turn(module, state, pid) <= state.turn):
            out.append(pid)
    return out


def unit_reach(module: Module, state: GameState, unit: str, rules: RulesConfig, **kwargs) -> ReachResult:
    """``runtime.rules.reach`` for ``unit`` where it stands (a hex or its entry box)."""
    at = state.pieces[unit].at
    box = at.id if at.kind == "box" else None
    return reach(module, state.occupancy(), unit, box=box, optional_rules=optional_on(state), steps=state.steps(),
                 rules=rules, **kwargs)


def with_level(rules: RulesConfig, rule: str, level: str) -> RulesConfig:
    return rules.model_copy(update={"enforcement": {**rules.enforcement, rule: level}})
