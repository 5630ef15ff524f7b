"""Play by e-mail: a small file with only the actions since a given point, checked on both ends.

The sender exports the actions after position ``base`` together with the hash of the
state at ``base`` and of the state after them. The receiver's runtime checks that its
game is at that same state, replays the actions on a copy, checks the final hash, and
only then appends them, so a file that does not fit changes nothing.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationError

from runtime.storage import dumps

from .actions import Action, LogEntry
from .apply import apply
from .errors import ActionError, SaveError
from .game import Game
from .game_state import state_hash
from .save_file import parse_json_file, validation_message
from .state_model import StateModel

ACTIONS_SUFFIX = ".hwlog"
ACTIONS_FORMAT = "hexwright-actions"


class ActionsFile(StateModel):
    format: Literal["hexwright-actions"] = ACTIONS_FORMAT
    version: Literal[1] = 1
    module_id: str = Field(max_length=64)
    module_hash: str = Field(max_length=80)
    scenario: str = Field(max_length=64)
    base: int = Field(ge=0)
    base_state_hash: str
    actions: tuple[Action, ...]
    final_state_hash: str


def export_actions(game: Game, since: int) -> bytes:
    """Canonical bytes of a log file holding the actions after position ``since``."""
    if not 0 <= since <= len(game.actions):
        raise ActionError(f"no position {since} in a log of {len(game.actions)} actions")
    model = ActionsFile(
        module_id=game.module.meta.id,
        module_hash=game.module_hash,
        scenario=game.scenario,
        base=since,
        base_state_hash=state_hash(game.state_at(since)),
        actions=tuple(game.actions[since:]),
        final_state_hash=game.state_hash(),
    )
    return dumps(model.model_dump(mode="json")).encode("utf-8")


def parse_actions_file(data: bytes, name: str = "log") -> ActionsFile:
    raw = parse_json_file(name, data)
    if not isinstance(raw, dict) or raw.get("format") != ACTIONS_FORMAT:
        raise SaveError(f"{name}: not a Hexwright actions file (no \"format\": \"{ACTIONS_FORMAT}\")")
    try:
        return ActionsFile.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(validation_message(name, exc)) from None


def append_actions(game: Game, data: bytes, name: str = "log") -> list[LogEntry]:
    """Check an opponent's actions file against ``game`` and append its actions.

    Actions already in the game (the file starts earlier but agrees) are skipped. Raises
    SaveError, changing nothing, when the file is for another game or does not fit.
    """
    file = parse_actions_file(data, name)
    if file.module_id != game.module.meta.id or file.scenario != game.scenario:
        raise SaveError(f"{name}: for {file.module_id}/{file.scenario}, not this game ({game.module.meta.id}/{game.scenario})")
    if file.module_hash != game.module_hash:
        raise SaveError(f"{name}: made with a different version of the module; load the sender's save instead")
    if game.replaying:
        raise SaveError("go to the end of the log before appending an opponent's actions")
    if file.base > len(game.actions):
        raise SaveError(f"{name}: starts after action {file.base}, but this game has only {len(game.actions)}: "
                        "an earlier file is missing")
    if state_hash(game.state_at(file.base)) != file.base_state_hash:
        raise SaveError(f"{name}: this game's state at action {file.base} is not the one the sender had")
    already = len(game.actions) - file.base
    if tuple(game.actions[file.base:]) != file.actions[:already]:
        raise SaveError(f"{name}: this game has actions after {file.base} that the sender does not have")
    new = file.actions[already:]
    state = game.state
    for offset, action in enumerate(new):
        try:
            state, _ = apply(game.module, state, action)
        except ActionError as exc:
            raise SaveError(f"{name}: action {file.base + already + offset + 1} does not apply: {exc}") from None
    if state_hash(state) != file.final_state_hash:
        raise SaveError(f"{name}: replaying its actions does not give the sender's final state")
    game.redo_stack.clear()
    return game.extend(new)
