"""Game state, actions, the action log, saves and play by e-mail. Pure Python: no Qt.

* :mod:`runtime.state.game_state` — :class:`GameState` and :class:`Location`, frozen data;
* :mod:`runtime.state.actions` — the :data:`Action` union and :class:`LogEntry`;
* :mod:`runtime.state.apply` — ``apply(module, state, action, engine) -> (state, entry)``;
* :mod:`runtime.state.piece_table` — the pieces table ``apply`` makes, with the record of
  which pieces it replaced (``differences`` of two tables, read by the engine's kept position);
* :mod:`runtime.state.rules_engine` — :class:`RulesEngine`, what a game needs of the
  rules engine it is given (the state package never imports one);
* :mod:`runtime.state.setup` — ``initial_state(module, scenario, seed)``;
* :mod:`runtime.state.rng` — the counter-based dice generator;
* :mod:`runtime.state.game` — :class:`Game`: the log, replay, undo/redo, bookmarks;
* :mod:`runtime.state.save_file` — ``.hwsav`` saves; :mod:`runtime.state.pbem` — ``.hwlog`` files;
* :mod:`runtime.state.dice` — dice by e-mail (commit–reveal hash chains), their secrets in
  :mod:`runtime.state.dice_secret_file`; :mod:`runtime.state.seats` — who may act.
"""

from .actions import (
    ACTION_ADAPTER,
    Action,
    AddMarker,
    CommitDice,
    DrawChit,
    Eliminate,
    Flip,
    FlipMarker,
    LogEntry,
    MoveMarker,
    MovePieces,
    NextPhase,
    Note,
    RemoveMarker,
    ReturnChit,
    RevealDice,
    RollDice,
    RulesStep,
    SetActiveSide,
    SetControl,
    SetStep,
    SetTurn,
    StepLoss,
)
from .apply import apply, check_hex, check_location
from .dice import DiceSecret, new_secret
from .errors import ActionError, GameFileError, PacketAlreadyInGame, PacketError, SaveError
from .game import Bookmark, Branch, Game, replayed
from .game_state import EngineStateBase, GameState, LastMove, Location, MarkerState, PieceState, state_hash, state_json
from .module_hash import module_hash
from .names import location_name, phase_name, piece_name, step_values
from .pbem import ACTIONS_SUFFIX, append_actions, export_actions
from .rng import RngState, new_seed, roll
from .rules_engine import RulesEngine, is_random
from .save_file import SAVE_SUFFIX, LoadedGame, load_game, load_game_bytes, save_bytes, save_game
from .seats import seat_refusal
from .setup import initial_state

__all__ = [
    "ACTIONS_SUFFIX",
    "ACTION_ADAPTER",
    "SAVE_SUFFIX",
    "Action",
    "ActionError",
    "AddMarker",
    "Bookmark",
    "Branch",
    "CommitDice",
    "DiceSecret",
    "DrawChit",
    "Eliminate",
    "EngineStateBase",
    "Flip",
    "FlipMarker",
    "Game",
    "GameFileError",
    "GameState",
    "LastMove",
    "LoadedGame",
    "Location",
    "LogEntry",
    "MarkerState",
    "MoveMarker",
    "MovePieces",
    "NextPhase",
    "Note",
    "PacketAlreadyInGame",
    "PacketError",
    "PieceState",
    "RemoveMarker",
    "ReturnChit",
    "RevealDice",
    "RngState",
    "RollDice",
    "RulesEngine",
    "RulesStep",
    "SaveError",
    "SetActiveSide",
    "SetControl",
    "SetStep",
    "SetTurn",
    "StepLoss",
    "append_actions",
    "apply",
    "check_hex",
    "check_location",
    "export_actions",
    "initial_state",
    "is_random",
    "load_game",
    "load_game_bytes",
    "location_name",
    "module_hash",
    "new_secret",
    "new_seed",
    "phase_name",
    "piece_name",
    "replayed",
    "roll",
    "save_bytes",
    "save_game",
    "seat_refusal",
    "state_hash",
    "state_json",
    "step_values",
]
