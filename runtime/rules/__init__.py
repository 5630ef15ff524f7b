"""The rules engine: pure functions computing movement, ZOC, stacking, supply, line of
sight and combat from module data (no Qt; stdlib, pydantic and networkx only).

Every function takes the :class:`~runtime.model.Module` (whose ``rules`` is the
``rules.json`` configuration, overridable with ``rules=``) and plain positions — an
``occupancy`` mapping piece id → hex label — and returns sorted, deterministic results.
See ``docs/rules-engine.md``.
"""

from .board import Board, Unit, make_board
from .cache import clear as clear_cache
from .cache import invalidate
from .combat import CombatOdds, CombatOutcome, Modifier, column_for, combat_odds, crt_cell, resolve
from .command import command_radius
from .drop import DropHex, drop_problems, drop_zone
from .judge import MoveJudgement, judge_move
from .los import Observation, observe
from .movement import ExitOption, ReachedHex, ReachResult, move_cost, reach
from .movement_graph import MovementGraph, movement_graph
from .retreat import RetreatOptions, RetreatPath, advance_paths, retreat_paths
from .rulings import Ruling, enforcement
from .stacking import stacking_violations
from .supply import SupplyResult, source_hexes, supply
from .zoc import enemy_zoc, exerts_zoc, zoc_of_side

__all__ = [
    "Board", "CombatOdds", "CombatOutcome", "DropHex", "ExitOption", "Modifier", "MoveJudgement", "MovementGraph",
    "Observation", "ReachResult", "ReachedHex", "RetreatOptions", "RetreatPath", "Ruling", "SupplyResult", "Unit",
    "advance_paths", "clear_cache", "column_for", "combat_odds", "command_radius", "crt_cell", "drop_problems",
    "drop_zone", "enemy_zoc", "enforcement", "exerts_zoc", "invalidate", "judge_move", "make_board", "move_cost",
    "movement_graph", "observe", "reach", "resolve", "retreat_paths", "source_hexes", "stacking_violations",
    "supply", "zoc_of_side",
]
