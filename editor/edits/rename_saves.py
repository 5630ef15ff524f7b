"""Saved games after an id rename: their logs rewritten with the new ids (Qt-free).

A save (``.hwsav``) names units, sides and tables by id in its actions, its branches and
its players' seats, so a save played before a rename no longer replays against the renamed
module. :func:`renamed_save` rewrites one: every field that holds ids of the renamed kind
(the fields :mod:`.rename` walks in the module, and the actions' own: ``piece``, ``unit``,
``attackers``…) gets the new id, then the log is replayed against the renamed module, so the
new file is checked like any save and holds the hashes of the replayed game. A save that
does not replay (another module, a log the renamed module refuses) is refused with the
reason, and its file is left as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.model import Module
from hexwright.runtime.state import Game, SaveError, save_game
from hexwright.runtime.state.save_file import SaveFile, parse_save, read_game_file, replay_into, validation_message

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


def renamed_save(path: Path, module: Module, renames: Sequence[Rename]) -> Game:
    """The game of the save at ``path`` with ``renames`` applied, replayed against ``module``
    (the module after the renames); EditRefused says why it cannot be (nothing is written)."""
    name = str(path)
    try:
        saved = parse_save(read_game_file(path), name)
    except SaveError as exc:
        raise EditRefused(str(exc)) from None
    if saved.module.id != module.meta.id:
        raise EditRefused(f"{name}: a game of the module {saved.module.id!r}, not {module.meta.id!r}")
    renamed = renamed_save_model(saved, renames, name)
    known = module.meta.optional_rules
    rules = {rule: on for rule, on in renamed.optional_rules.items() if rule in known}
    try:
        game = Game(module, renamed.scenario, renamed.seed, optional_rules=rules or None, strict=renamed.strict,
                    engine=ENGINE)
        replay_into(game, renamed.actions, name)
    except (SaveError, ValueError, KeyError) as exc:
        raise EditRefused(f"{name}: does not replay with the new ids, so it was left as it was: {exc}") from None
    game.players = dict(renamed.players)
    game.bookmarks = {b.index: b.note for b in renamed.bookmarks if 0 <= b.index <= len(game.actions)}
    game.branches = list(renamed.branches)
    return game


def rename_in_saves(paths: Sequence[Path], module: Module, renames: Sequence[Rename]) -> dict[Path, str]:
    """Rewrite each save with ``renames`` (each file atomically, and only when it replays);
    returns what happened to each: ``updated``, or the reason it was left as it was."""
    outcome: dict[Path, str] = {}
    for path in paths:
        try:
            game = renamed_save(path, module, renames)
            save_game(game, path)
        except EditRefused as exc:
            outcome[path] = str(exc)
        except OSError as exc:
            outcome[path] = f"{path}: {exc.strerror or exc}"
        else:
            outcome[path] = "updated"
    return outcome


__all__ = ["ACTION_FIELDS", "Rename", "rename_in_saves", "renamed_save", "renamed_save_model"]
