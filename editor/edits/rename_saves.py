"""Saved games and moves files after an id rename: their logs rewritten with the new ids (Qt-free).

A save (``.hwsav``) names units, sides and tables by id in its actions, its branches and
its players' seats, so a save played before a rename no longer replays against the renamed
module. :func:`renamed_save` rewrites one: every field that holds ids of the renamed kind
(the fields :mod:`.rename` walks in the module, and the actions' own: ``piece``, ``unit``,
``attackers``…) gets the new id, then the log is replayed against the renamed module, so the
new file is checked like any save and holds the hashes of the replayed game. A save that
does not replay (another module, a log the renamed module refuses) is refused with the
reason, and its file is left as it was. A moves file of play by e-mail (``.hwlog``) holds ids
in its actions too, and hashes of the game it continues: :func:`renamed_moves` rewrites both.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.model import Module
from hexwright.runtime.state import Game, PacketError, SaveError, save_game, state_hash
from hexwright.runtime.state.pbem import ACTIONS_SUFFIX, ActionsFile, continues, parse_actions_file
from hexwright.runtime.state.save_file import SaveFile, parse_save, read_game_file, replay_into, validation_message
from hexwright.runtime.storage import atomic_write_bytes, dumps

from .outcome import EditRefused
from .rename import REFS, Refs, replace_ids

Rename = tuple[str, str, str]
"""(kind, old, new) as :func:`.rename.renamed` takes them: ``unit``, ``side``, ``terrain``, ``crt``, ``lookup``."""

ACTION_FIELDS: dict[str, frozenset[str]] = {
    "unit": frozenset({"piece", "pieces", "unit", "attackers", "target"}),
    "side": frozenset({"side", "sides", "winner"}),
    "crt": frozenset({"crt"}),
    "lookup": frozenset({"table"}),
    "terrain": frozenset({"terrain"}),
}
"""Fields of the actions (manual and the engine's) that hold ids of each kind."""


def _in_log(kind: str) -> Refs:
    return Refs(REFS[kind].collection, REFS[kind].fields | ACTION_FIELDS[kind])


def renamed_save_model(saved: SaveFile, renames: Sequence[Rename], name: str = "save") -> SaveFile:
    """``saved`` with every rename applied, in order, to its log, branches and seats (not yet replayed)."""
    data: dict[str, Any] = saved.model_dump(mode="json")
    for kind, old, new in renames:
        refs = _in_log(kind)
        data["actions"] = replace_ids(data["actions"], refs, old, new)
        data["branches"] = replace_ids(data["branches"], refs, old, new)
        if kind == "side":
            data["players"] = {(new if side == old else side): who for side, who in data["players"].items()}
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        raise EditRefused(f"{name}: the renamed log is not a valid save: {validation_message(name, exc)}") from None


def _replayed(saved: SaveFile, module: Module, name: str) -> Game:
    """The game of ``saved`` replayed against ``module`` (ValueError, KeyError, SaveError if it does not)."""
    known = module.meta.optional_rules
    rules = {rule: on for rule, on in saved.optional_rules.items() if rule in known}
    game = Game(module, saved.scenario, saved.seed, optional_rules=rules or None, strict=saved.strict, engine=ENGINE)
    replay_into(game, saved.actions, name)
    return game


def _read_save(path: Path, module: Module) -> SaveFile:
    name = str(path)
    try:
        saved = parse_save(read_game_file(path), name)
    except SaveError as exc:
        raise EditRefused(str(exc)) from None
    if saved.module.id != module.meta.id:
        raise EditRefused(f"{name}: a game of the module {saved.module.id!r}, not {module.meta.id!r}")
    return saved


def renamed_save(path: Path, module: Module, renames: Sequence[Rename]) -> Game:
    """The game of the save at ``path`` with ``renames`` applied, replayed against ``module``
    (the module after the renames); EditRefused says why it cannot be (nothing is written)."""
    name = str(path)
    renamed = renamed_save_model(_read_save(path, module), renames, name)
    try:
        game = _replayed(renamed, module, name)
    except (SaveError, ValueError, KeyError) as exc:
        raise EditRefused(f"{name}: does not replay with the new ids, so it was left as it was: {exc}") from None
    game.players = dict(renamed.players)
    game.bookmarks = {b.index: b.note for b in renamed.bookmarks if 0 <= b.index <= len(game.actions)}
    game.branches = list(renamed.branches)
    return game


def renamed_moves(path: Path, before: Module, module: Module, renames: Sequence[Rename],
                  saves: Sequence[Path]) -> bytes:
    """The moves file (``.hwlog``) at ``path`` with ``renames`` applied: its actions, its sender, and
    the hashes it carries of the game it continues, computed again on that game renamed.

    The game is the first of ``saves`` (read as they are, with the old ids, against ``before``, the
    module before the renames) that the moves continue; its moves are then played on the renamed
    game, so the new file is checked as an import would check it. A signed file cannot be signed
    again by anyone but its sender, and a file whose game is not among ``saves`` cannot have its
    hashes computed: both are refused with the reason (nothing is written)."""
    name = str(path)
    try:
        packet = parse_actions_file(read_game_file(path, PacketError), name)
    except PacketError as exc:
        raise EditRefused(str(exc)) from None
    if packet.module_id != module.meta.id:
        raise EditRefused(f"{name}: moves of the module {packet.module_id!r}, not {module.meta.id!r}")
    if packet.signature is not None:
        raise EditRefused(f"{name}: signed by {packet.sender}, and only {packet.sender}'s computer can sign it "
                          "again, so it was left as it was: ask for these moves again from the updated save")
    for save in saves:
        try:
            saved = _read_save(save, module)
            if saved.scenario != packet.scenario:
                continue
            old = _replayed(saved, before, str(save))
            if not continues(old, packet.model_copy(update={"module_hash": old.module_hash})):
                continue  # the log and the state where the moves start decide (the module may have been edited since)
        except (EditRefused, SaveError, ValueError, KeyError):
            continue
        return _moves_on(renamed_save(save, module, renames), packet, renames, name)
    raise EditRefused(f"{name}: none of the saved games being updated is the game these moves continue, so "
                      "it was left as it was: add that game's save to the list")


def _moves_on(game: Game, packet: ActionsFile, renames: Sequence[Rename], name: str) -> bytes:
    """``packet`` renamed, its hashes taken from ``game`` (renamed) with its moves played on it."""
    data: dict[str, Any] = packet.model_dump(mode="json")
    for kind, old, new in renames:
        data["actions"] = replace_ids(data["actions"], _in_log(kind), old, new)
        if kind == "side" and data.get("sender") == old:
            data["sender"] = new
    try:
        actions = ActionsFile.model_validate(data).actions
        base, end = packet.base, packet.base + len(actions)
        if len(game.actions) < end:  # moves not yet imported in the save: played on the renamed game
            replay_into(game, actions[len(game.actions) - base:], name, first=len(game.actions) + 1)
    except (ValidationError, SaveError, ValueError, KeyError) as exc:
        raise EditRefused(f"{name}: does not replay with the new ids, so it was left as it was: {exc}") from None
    if tuple(game.actions[base:end]) != actions:
        raise EditRefused(f"{name}: the saved game has other moves after move {base}, so it was left as it was")
    data.update(actions=[a.model_dump(mode="json") for a in actions], module_hash=game.module_hash,
                base_state_hash=state_hash(game.state_at(base)), final_state_hash=state_hash(game.state_at(end)))
    if packet.history_hash is not None:
        data.update(base_history_hash=game.history_hash(base), history_hash=game.history_hash(end))
    return dumps(ActionsFile.model_validate(data).model_dump(mode="json")).encode("utf-8")


def rename_in_saves(paths: Sequence[Path], module: Module, renames: Sequence[Rename],
                    before: Module | None = None, games: Sequence[Path] = ()) -> dict[Path, str]:
    """Rewrite each save with ``renames`` (each file atomically, and only when it replays);
    returns what happened to each: ``updated``, or the reason it was left as it was.

    Moves files (``.hwlog``) among ``paths`` are rewritten on the game they continue, found among
    ``games`` as they are before this update (:func:`renamed_moves`; ``before``: the module before
    the renames); they must be rewritten before those saves are."""
    outcome: dict[Path, str] = {}
    for path in paths:
        try:
            if path.suffix == ACTIONS_SUFFIX:
                if before is None:
                    raise EditRefused(f"{path}: moves are rewritten on the game they continue, and the module "
                                      "before the renames is not known")
                atomic_write_bytes(path, renamed_moves(path, before, module, renames, games))
            else:
                save_game(renamed_save(path, module, renames), path)
        except EditRefused as exc:
            outcome[path] = str(exc)
        except OSError as exc:
            outcome[path] = f"{path}: {exc.strerror or exc}"
        else:
            outcome[path] = "updated"
    return outcome


__all__ = ["ACTION_FIELDS", "Rename", "rename_in_saves", "renamed_moves", "renamed_save", "renamed_save_model"]
