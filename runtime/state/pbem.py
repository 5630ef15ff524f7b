"""Play by e-mail: a small file with only the actions since a given point, checked on both ends.

The sender exports the actions after position ``base`` together with the hash of the
state at ``base`` and of the state after them. The receiver's runtime checks that its
game is at that same state, replays the actions on a copy, checks the final hash, and
only then appends them, so a file that does not fit changes nothing.

In a game played by e-mail with dice chains (:mod:`runtime.state.dice`) the file also
lists the dice each of its actions rolled (``rolls``). The actions carry the reveals, so
the receiver recomputes every roll, checks each revealed link against the sender's
commitment, and refuses the file, naming the action, if a link or a listed roll does not
check. The file holds nothing that predicts the sender's next roll.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationError

from hexwright.runtime.storage import dumps

from .actions import Action, LogEntry
from .apply import apply
from .errors import ActionError, SaveError
from .game import Game
from .game_state import state_hash
from .save_file import parse_json_file, validation_message
from .state_model import StateModel

ACTIONS_SUFFIX = ".hwlog"
ACTIONS_FORMAT = "hexwright-actions"


class RollRecord(StateModel):
    """What action number ``action`` (1-based, in the whole log) drew: dice and/or a chit."""

    action: int = Field(ge=1)
    dice: tuple[int, ...] = ()
    drawn: str | None = None


class ActionsFile(StateModel):
    format: Literal["hexwright-actions"] = ACTIONS_FORMAT
    version: Literal[1, 2] = 1
    module_id: str = Field(max_length=64)
    module_hash: str = Field(max_length=80)
    scenario: str = Field(max_length=64)
    base: int = Field(ge=0)
    base_state_hash: str
    actions: tuple[Action, ...]
    final_state_hash: str
    rolls: tuple[RollRecord, ...] = ()


def export_actions(game: Game, since: int) -> bytes:
    """Canonical bytes of a log file holding the actions after position ``since``.

    By e-mail, first reveals the opening the local side owes an opponent who joined
    (:meth:`Game.settle_dice`), so that the opponent may roll once it has the file.
    """
    if not 0 <= since <= len(game.actions):
        raise ActionError(f"no position {since} in a log of {len(game.actions)} actions")
    game.settle_dice()
    by_email = game.state.rng.dice is not None
    rolls = tuple(RollRecord(action=i + 1, dice=e.dice, drawn=e.drawn)
                  for i, e in enumerate(game.entries[since:], start=since) if e.dice or e.drawn) if by_email else ()
    model = ActionsFile(
        version=2 if by_email else 1,
        rolls=rolls,
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
    claimed = {r.action: r for r in file.rolls}
    for offset, action in enumerate(new):
        number = file.base + already + offset + 1
        try:
            state, entry = apply(game.module, state, action, game.engine)
        except ActionError as exc:
            raise SaveError(f"{name}: action {number} does not apply: {exc}") from None
        record = claimed.pop(number, None)
        if (file.version == 2 or file.rolls) and (entry.dice or entry.drawn or record is not None):
            said = (record.dice, record.drawn) if record is not None else ((), None)
            if said != (entry.dice, entry.drawn):
                raise SaveError(f"{name}: action {number} ({entry.text}): the file says it rolled "
                                f"{_outcome(*said)}, but the revealed dice give {_outcome(entry.dice, entry.drawn)}: "
                                "the file was altered")
    if state.rng.dice is not None and state.rng.dice.fresh:
        raise SaveError(f"{name}: ends with a dice reveal for a roll but not the roll: the file was altered")
    if state_hash(state) != file.final_state_hash:
        raise SaveError(f"{name}: replaying its actions does not give the sender's final state")
    return game.extend(new)


def _outcome(dice: tuple[int, ...], drawn: str | None) -> str:
    parts = [" + ".join(str(d) for d in dice)] if dice else []
    if drawn:
        parts.append(f"chit {drawn}")
    return ", ".join(parts) or "nothing"
