"""Pure computations over a position (module + where the pieces are); procedures over a game are ``runtime.engine``.

Reach, ZOC, stacking limits, supply, line of sight, odds and the CRT, retreat and advance
paths, drop zones: pure functions of module data (no Qt; stdlib, pydantic and networkx
only). No game, no log, no refusals: a rule set to ``off`` is left out of a computation,
but refusing or warning is the engine's (``runtime.engine.transaction``).

Every function takes the :class:`~runtime.model.Module` (whose ``rules`` is the
``rules.json`` configuration, overridable with ``rules=``) and plain positions — an
``occupancy`` mapping piece id → hex label — and returns sorted, deterministic results.
See ``docs/rules-engine.md``.
"""

from .board import Board, Unit, make_board
from .cache import clear as clear_cache
from .combat import (
    CombatOdds,
    CombatOutcome,
    Modifier,
    column_for,
    combat_odds,
    crt_cell,
    hex_drms,
    largest_per_group,
    resolve,
)
from .command import command_radius
from .drop import DropHex, drop_problems, drop_zone
from .los import Observation, observe, observe_many
from .movement import ExitOption, ReachResult, reach
from .movement_graph import MovementGraph, movement_graph
from .reached import ReachedHex
from .retreat import RetreatOptions, RetreatPath, advance_paths, retreat_paths
from .rulings import Ruling
from .stacking import stacking_problem_at, stacking_violations
from .supply import SupplyResult, source_hexes, supply
from .zoc import enemy_zoc, exerts_zoc, zoc_of_side

__all__ = [
    "Board", "CombatOdds", "CombatOutcome", "DropHex", "ExitOption", "Modifier", "MovementGraph",
    "Observation", "ReachResult", "ReachedHex", "RetreatOptions", "RetreatPath", "Ruling", "SupplyResult", "Unit",
    "advance_paths", "clear_cache", "column_for", "combat_odds", "command_radius", "crt_cell", "drop_problems",
    "drop_zone", "enemy_zoc", "exerts_zoc", "hex_drms", "largest_per_group", "make_board", "movement_graph", "observe", "observe_many", "reach", "resolve", "retreat_paths", "source_hexes", "stacking_problem_at", "stacking_violations",
    "supply", "zoc_of_side",
]
