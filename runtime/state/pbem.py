"""Play by e-mail: a small signed file with only the actions since a given point, checked on both ends.

The sender exports the actions after position ``base`` together with the hashes of the
state and of the history (:mod:`.history`) at ``base`` and after them, and signs the packet
with its side's key (:mod:`.signing`). The receiver checks the signature against the key the
side published with its dice commitment, that its own history up to ``base`` is the
sender's, every new action by the seat rules the play window enforces
(:func:`.seats.packet_refusal`), replays them on a copy, checks the end state and history,
and only then appends them: a packet that does not fit changes nothing (PacketError), and
one already in the game is said so (PacketAlreadyInGame).

In a game played by e-mail with dice chains (:mod:`runtime.state.dice`) the file also
lists the dice each of its actions rolled (``rolls``). The actions carry the reveals, so
the receiver recomputes every roll, checks each revealed link against the sender's
commitment, and refuses the file, naming the action, if a link or a listed roll does not
check. The file holds nothing that predicts the sender's next roll.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from hexwright.runtime.storage import dumps

from .actions import Action, CommitDice, LogEntry
from .apply import apply
from .errors import ActionError, PacketAlreadyInGame, PacketError
from .game import Game
from .game_state import GameState, state_hash
from .history import history_next
from .rng import HEX64
from .save_file import REPLAY_FAILURES, failure_text, parse_json_file, validate_strictly
from .seats import packet_refusal
from .signing import SIGNATURE, fingerprint, sign, verify
from .state_model import StateModel

ACTIONS_SUFFIX = ".hwlog"
ACTIONS_FORMAT: Literal["hexwright-actions"] = "hexwright-actions"
PACKET_VERSION: Literal[3] = 3
"""Version 3: the sender, the history hashes and the signature; 2 added the rolls; 1 and 2 still load."""

Acting = Callable[[GameState], "str | None"]
"""Who is to act in a state (the play window's rules assistant: the engine's chooser, else the active side)."""


class RollRecord(StateModel):
    """What action number ``action`` (1-based, in the whole log) drew: dice and/or a chit."""

    action: int = Field(ge=1)
    dice: tuple[int, ...] = ()
    drawn: str | None = None


class ActionsFile(StateModel):
    format: Literal["hexwright-actions"] = ACTIONS_FORMAT
    version: Literal[1, 2, 3] = PACKET_VERSION
    module_id: str = Field(max_length=64)
    module_hash: str = Field(max_length=80)
    scenario: str = Field(max_length=64)
    base: int = Field(ge=0, le=10_000_000)
    base_state_hash: str = Field(max_length=80)
    actions: tuple[Action, ...] = Field(max_length=100_000)
    final_state_hash: str = Field(max_length=80)
    rolls: tuple[RollRecord, ...] = ()
    sender: str | None = Field(None, max_length=64)
    base_history_hash: str | None = Field(None, pattern=HEX64)
    history_hash: str | None = Field(None, pattern=HEX64)
    signature: str | None = Field(None, pattern=SIGNATURE)


@dataclass
class Imported:
    """What an import did: the new log entries, and the keys met for the first time (side → fingerprint)."""

    entries: list[LogEntry]
    new_keys: dict[str, str] = field(default_factory=dict)


def signed_bytes(file: ActionsFile) -> bytes:
    """What a signature covers: the canonical bytes of the packet without its signature."""
    return dumps(file.model_dump(mode="json", exclude={"signature"})).encode("utf-8")


def export_actions(game: Game, since: int) -> bytes:
    """Canonical bytes of a packet holding the actions after position ``since``.

    By e-mail, first reveals the opening the local side owes an opponent who joined
    (:meth:`Game.settle_dice`), so that the opponent may roll once it has the file; and
    signs the packet with the key made from this computer's dice secret.
    """
    if not 0 <= since <= len(game.actions):
        raise ActionError(f"no position {since} in a log of {len(game.actions)} actions")
    game.settle_dice()
    rolls = tuple(RollRecord(action=i + 1, dice=e.dice, drawn=e.drawn)
                  for i, e in enumerate(game.entries[since:], start=since) if e.dice or e.drawn)
    secret = game.dice_secret
    model = ActionsFile(
        rolls=rolls,
        module_id=game.module.meta.id,
        module_hash=game.module_hash,
        scenario=game.scenario,
        base=since,
        base_state_hash=state_hash(game.state_at(since)),
        actions=tuple(game.actions[since:]),
        final_state_hash=game.state_hash(),
        sender=secret.side if secret is not None else None,
        base_history_hash=game.history_hash(since),
        history_hash=game.history_hash(),
    )
    if secret is not None:
        model = model.model_copy(update={"signature": sign(secret.secret, signed_bytes(model))})
    return dumps(model.model_dump(mode="json")).encode("utf-8")


def parse_actions_file(data: bytes, name: str = "log") -> ActionsFile:
    raw = parse_json_file(name, data, PacketError)
    if not isinstance(raw, dict) or raw.get("format") != ACTIONS_FORMAT:
        raise PacketError(name, f"not a Hexwright actions file (no \"format\": \"{ACTIONS_FORMAT}\")")
    if isinstance(raw.get("version"), int) and raw["version"] > PACKET_VERSION:
        raise PacketError(name, f"made by a newer Hexwright (version {raw['version']}); please update",
                          field="version")
    file = validate_strictly(ActionsFile, raw, name, PacketError)
    if file.version >= 3 and (file.history_hash is None or file.base_history_hash is None):
        raise PacketError(name, "missing (a version 3 packet holds the hashes of its history)", field="history_hash")
    return file


def continues(game: Game, packet: ActionsFile) -> bool:
    """Whether ``packet`` continues ``game``: same module and scenario, and the same log and state at its start."""
    if (game.module.meta.id, game.scenario, game.module_hash) != (packet.module_id, packet.scenario,
                                                                  packet.module_hash):
        return False
    if packet.base > len(game.actions):
        return False
    if packet.base_history_hash is not None and game.history_hash(packet.base) != packet.base_history_hash:
        return False
    return state_hash(game.state_at(packet.base)) == packet.base_state_hash


def published_keys(actions: Iterable[Action]) -> dict[str, str]:
    """Each side's signing key, from its first dice commitment that carries one."""
    keys: dict[str, str] = {}
    for action in actions:
        if isinstance(action, CommitDice) and action.key is not None:
            keys.setdefault(action.side, action.key)
    return keys


def _check_signature(game: Game, file: ActionsFile, name: str) -> dict[str, str]:
    """Refuse a packet that a game played by e-mail cannot trust; returns the sender's key if it is new."""
    known = published_keys(game.actions)
    if file.signature is None or file.sender is None:
        if known:
            raise PacketError(name, "not signed, but this game is played by e-mail with signed packets "
                              f"({', '.join(sorted(known))} published keys): refused", field="signature")
        return {}
    if file.sender not in game.module.pieces.sides:
        raise PacketError(name, f"no side {file.sender!r} in the module", field="sender")
    key = known.get(file.sender)
    new = {}
    if key is None:
        key = published_keys(file.actions).get(file.sender)
        if key is None:
            if not known and not published_keys(file.actions):
                return {}  # a game by e-mail begun before keys existed: its sides published none
            raise PacketError(name, f"signed by {file.sender}, which has published no key in this game",
                              field="signature")
        new = {file.sender: fingerprint(key)}
    if not verify(key, signed_bytes(file), file.signature):
        raise PacketError(name, f"the signature is not {file.sender}'s: the packet was altered or forged "
                          f"(key {fingerprint(key)})", field="signature")
    return new


def _already_applied(game: Game, file: ActionsFile) -> bool:
    end = file.base + len(file.actions)
    if end > len(game.actions) or tuple(game.actions[file.base:end]) != file.actions:
        return False
    return file.history_hash is None or game.history_hash(end) == file.history_hash


def append_actions(game: Game, data: bytes, name: str = "log", acting: Acting | None = None) -> list[LogEntry]:
    """Check an opponent's packet against ``game`` and append its actions; see :func:`import_packet`."""
    return import_packet(game, data, name, acting).entries


def import_packet(game: Game, data: bytes, name: str = "log", acting: Acting | None = None) -> Imported:
    """Check an opponent's packet against ``game`` and append its new actions.

    Checked before anything changes: the signature (a game played by e-mail takes only
    packets signed by the sender's published key), the module and the history up to the
    packet's start, every new action by the seat rules the play window enforces (the
    sender acts only in its turn and only with its own pieces; ``acting`` says who is to
    act, by default the active side), the dice, and the end state. Actions already in the
    game (the packet starts earlier but agrees) are skipped; a packet wholly in the game
    raises PacketAlreadyInGame. Raises PacketError, changing nothing, when it does not fit.
    """
    file = parse_actions_file(data, name)
    if file.module_id != game.module.meta.id or file.scenario != game.scenario:
        raise PacketError(name, f"for {file.module_id}/{file.scenario}, not this game "
                          f"({game.module.meta.id}/{game.scenario})", field="module_id")
    if file.module_hash != game.module_hash:
        raise PacketError(name, "made with a different version of the module; load the sender's save instead",
                          field="module_hash")
    if game.replaying:
        raise PacketError(name, "go to the end of the log before appending an opponent's actions")
    new_keys = _check_signature(game, file, name)
    if file.base > len(game.actions):
        raise PacketError(name, f"starts after action {file.base}, but this game has only {len(game.actions)}: "
                          "an earlier file is missing", field="base")
    if file.base_history_hash is not None and game.history_hash(file.base) != file.base_history_hash:
        raise PacketError(name, f"the sender's log up to action {file.base} is not this game's: "
                          "one of the two was edited", field="base_history_hash")
    if state_hash(game.state_at(file.base)) != file.base_state_hash:
        raise PacketError(name, f"this game's state at action {file.base} is not the one the sender had",
                          field="base_state_hash")
    if _already_applied(game, file):
        end = file.base + len(file.actions)
        raise PacketAlreadyInGame(name, f"already in this game: its {len(file.actions)} action(s), up to action "
                                  f"{end}, were imported before; nothing to do")
    already = len(game.actions) - file.base
    if tuple(game.actions[file.base:]) != file.actions[:already]:
        raise PacketError(name, f"this game has actions after {file.base} that the sender does not have",
                          field="actions")
    new = file.actions[already:]
    _check_new_actions(game, file, new, file.base + already + 1, name, acting)
    return Imported(game.extend(new), new_keys)


def _check_new_actions(game: Game, file: ActionsFile, new: tuple[Action, ...], first: int, name: str,
                       acting: Acting | None) -> None:
    """Replay ``new`` on a copy of the state: seats, rules, dice, end state and history, all before appending."""
    state = game.state
    history = game.history_hash()
    claimed = {r.action: r for r in file.rolls}
    for offset, action in enumerate(new):
        number = first + offset
        if file.sender is not None:
            refusal = packet_refusal(game.module, state, action, file.sender,
                                     acting(state) if acting is not None else None)
            if refusal:
                raise PacketError(name, f"{action.kind} is not {file.sender}'s to do: {refusal}", action=number)
        try:
            state, entry = apply(game.module, state, action, game.engine)
        except REPLAY_FAILURES as exc:
            raise PacketError(name, f"{action.kind} does not apply: {failure_text(exc)}", action=number) from None
        history = history_next(history, action)
        record = claimed.pop(number, None)
        if (file.version >= 2 or file.rolls) and (entry.dice or entry.drawn or record is not None):
            said = (record.dice, record.drawn) if record is not None else ((), None)
            if said != (entry.dice, entry.drawn):
                raise PacketError(name, f"{entry.text}: the file says it rolled {_outcome(*said)}, but the revealed "
                                  f"dice give {_outcome(entry.dice, entry.drawn)}: the file was altered",
                                  action=number)
    if state.rng.dice is not None and state.rng.dice.fresh:
        raise PacketError(name, "ends with a dice reveal for a roll but not the roll: the file was altered",
                          field="actions")
    if state_hash(state) != file.final_state_hash:
        raise PacketError(name, "replaying its actions does not give the sender's final state",
                          field="final_state_hash")
    if file.history_hash is not None and history != file.history_hash:
        raise PacketError(name, "its history hash does not match its actions: the file was altered",
                          field="history_hash")


def _outcome(dice: tuple[int, ...], drawn: str | None) -> str:
    parts = [" + ".join(str(d) for d in dice)] if dice else []
    if drawn:
        parts.append(f"chit {drawn}")
    return ", ".join(parts) or "nothing"
