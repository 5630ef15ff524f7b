"""Opponents and balance studies: policies that choose among the engine's legal actions.

Built only on the engine's public API (``legal_actions``, ``apply``, ``view``, ``to_act``,
``is_over``, the victory scores), so a bot plays any module the engine can play and obeys
every rule the module enforces. Qt-free; the play window's solitaire seats and the
``hexwright balance`` command use it.
"""

from .evaluation import Evaluator
from .greedy import GreedyPolicy
from .mcts import MctsPolicy
from .playout import GameRecord, InvariantViolation, play_game
from .policy import Decision, Policy, make_policy, parse_policies
from .random_policy import RandomPolicy
from .study import StudyReport, run_study

__all__ = [
    "Decision",
    "Evaluator",
    "GameRecord",
    "GreedyPolicy",
    "InvariantViolation",
    "MctsPolicy",
    "Policy",
    "RandomPolicy",
    "StudyReport",
    "make_policy",
    "parse_policies",
    "play_game",
    "run_study",
]
