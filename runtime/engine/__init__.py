"""Procedures over a game (sequence of play, legal actions, enforcement, attacks, victory); computations over a position are ``runtime.rules``.

Pure (no Qt): on top of ``runtime.state`` (the game state, the log) and ``runtime.rules``
(movement, ZOC, combat, retreats… computed from module data). A game is given it
explicitly: ``Game(module, scenario, seed, engine=ENGINE)``; its part of the state is
:class:`EngineState`, read with :func:`engine_state`. See ``docs/rules-in-play.md``.

    from hexwright.runtime.engine import ENGINE, legal_actions, apply, to_step, Move
    state, entry = apply(module, state, Move(unit="us_5_10", to="0407"))
    game = Game(module, "campaign", seed, engine=ENGINE)
    game.do(to_step(Move(unit="us_5_10", to="0407")))      # the same, in a Game's log
"""

from .actions import (
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
    is_engine_action,
    sort_key,
    to_step,
)
from .attacks import air_points_for_attack, assignable_assets, attack_odds, available_attackers
from .context import movers, phase_of, phase_side, unit_reach, weather_now
from .control import control_map
from .core import ENGINE, Engine, apply, check_and_apply, is_over, legal_actions, prepared, to_act, view
from .data import Declared, EngineState, Frame, engine_state, rules_of, with_engine_state
from .drops import drop_of, droppers
from .fire_query import FireOptions, fire_options, fire_plan
from .intent import ReachView, action_for_drop, choices, offered_modes, reach_of, refusal
from .prompt import LISTED_FRAMES, StepPrompt, step_prompt
from .runner import allows_now, waiting
from .victory import Score, Verdict, scores, totals, verdict

__all__ = [
    "ENGINE",
    "LISTED_FRAMES",
    "Advance",
    "AssignAsset",
    "Choose",
    "Declare",
    "Declared",
    "Decline",
    "Draw",
    "Drop",
    "EliminateExcess",
    "EndPhase",
    "Engine",
    "EngineAction",
    "EngineState",
    "Enter",
    "ExitMap",
    "Fire",
    "FireOptions",
    "Frame",
    "Interdict",
    "LoseStep",
    "Move",
    "Pick",
    "PutChit",
    "ReachView",
    "ReassignAsset",
    "Relocate",
    "Resolve",
    "Retreat",
    "Roll",
    "Score",
    "SetEnforcement",
    "StepPrompt",
    "Support",
    "Verdict",
    "action_for_drop",
    "air_points_for_attack",
    "allows_now",
    "apply",
    "assignable_assets",
    "attack_odds",
    "available_attackers",
    "check_and_apply",
    "choices",
    "control_map",
    "drop_of",
    "droppers",
    "engine_state",
    "fire_options",
    "fire_plan",
    "from_step",
    "is_engine_action",
    "is_over",
    "legal_actions",
    "movers",
    "offered_modes",
    "phase_of",
    "phase_side",
    "prepared",
    "reach_of",
    "refusal",
    "rules_of",
    "scores",
    "sort_key",
    "step_prompt",
    "to_act",
    "to_step",
    "totals",
    "unit_reach",
    "verdict",
    "view",
    "waiting",
    "weather_now",
    "with_engine_state",
]
