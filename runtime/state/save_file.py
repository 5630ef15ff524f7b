"""Saved games (``.hwsav``): one canonical JSON file holding the log, never the live objects.

A save holds the module's id, version and content hash, the scenario, the seed, the
optional rules, the action log, bookmarks and branches, the hash of the final state and
the hash of the history (:mod:`.history`: an edited past shows even when the end is the same).
By e-mail, the log also holds each side's dice commitment and the links revealed so far,
never a side's secret (that stays in a file of its own, :mod:`.dice_secret_file`).
It holds no time stamp, so the same game always saves to the same bytes. Loading parses
it as untrusted data (plain JSON, every field checked, no code run), replays the log and
checks the result. A save from another version of the module loads with warnings; one
from another module is refused. Everything wrong with a save is one SaveError naming the
file, the field and the action's number; JSON is read strictly and without coercion.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError

from hexwright.runtime.model import Module
from hexwright.runtime.storage import atomic_write_bytes, dumps
from hexwright.runtime.storage.reading import read_regular_file
from hexwright.runtime.storage.strict_json import JsonProblem, loads_strict

from .actions import Action
from .errors import ActionError, GameFileError, SaveError
from .game import Bookmark, Branch, Game
from .rng import HEX64, MAX_SEED
from .rules_engine import RulesEngine
from .state_model import StateModel

M = TypeVar("M", bound=BaseModel)

SAVE_SUFFIX = ".hwsav"
SAVE_FORMAT: Literal["hexwright-save"] = "hexwright-save"
SAVE_VERSION: Literal[3] = 3
"""Version 3 holds the history hash (:mod:`.history`); 2 added dice commitments and reveals; both still load."""
MAX_SAVE_BYTES = 64 * 1024 * 1024
REPLAY_FAILURES = (ActionError, KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError)
"""What applying a stranger's action may raise: refused as the file's fault, never a traceback."""


class ModuleRef(StateModel):
    id: str = Field(max_length=64)
    version: str = Field(max_length=64)
    hash: str = Field(max_length=80)


class SaveFile(StateModel):
    format: Literal["hexwright-save"] = SAVE_FORMAT
    save_version: Literal[1, 2, 3] = SAVE_VERSION
    module: ModuleRef
    scenario: str = Field(max_length=64)
    seed: int = Field(ge=0, le=MAX_SEED)
    optional_rules: dict[str, bool] = {}
    strict: bool = False
    players: dict[str, str] = {}
    actions: tuple[Action, ...] = ()
    bookmarks: tuple[Bookmark, ...] = ()
    branches: tuple[Branch, ...] = ()
    final_state_hash: str
    history_hash: str | None = Field(None, pattern=HEX64)
    stack: tuple[ModuleRef, ...] = Field((), max_length=16)
    """A variant's composition: its base module first, then each variant (absent for a plain module)."""


@dataclass
class LoadedGame:
    game: Game
    warnings: list[str] = field(default_factory=list)


def module_ref(module: Module, content_hash: str) -> ModuleRef:
    return ModuleRef(id=module.meta.id, version=module.meta.version, hash=content_hash)


def save_model(game: Game) -> SaveFile:
    return SaveFile(
        module=module_ref(game.module, game.module_hash),
        scenario=game.scenario,
        seed=game.seed,
        optional_rules=game.optional_rules,
        strict=game.strict,
        players=dict(sorted(game.players.items())),
        actions=tuple(game.actions),
        bookmarks=tuple(Bookmark(index=i, note=n) for i, n in sorted(game.bookmarks.items())),
        branches=tuple(game.branches),
        final_state_hash=game.state_hash(),
        history_hash=game.history_hash(),
        stack=stack_of(game.module),
    )


def stack_of(module: Module) -> tuple[ModuleRef, ...]:
    """What a composed module was built from, as a save records it (empty for a plain module)."""
    return tuple(ModuleRef(id=layer.id, version=layer.version, hash=layer.hash) for layer in module.layers)


def save_bytes(game: Game) -> bytes:
    """The canonical bytes of a save: same game, same bytes (a plain module's save has no ``stack``)."""
    raw = save_model(game).model_dump(mode="json")
    if not raw["stack"]:
        del raw["stack"]
    return dumps(raw).encode("utf-8")


def save_game(game: Game, path: str | Path) -> None:
    """Write the save atomically: a crash leaves the old file or the new one."""
    atomic_write_bytes(Path(path), save_bytes(game))


def parse_json_file(name: str, data: bytes, error: type[GameFileError] = SaveError) -> Any:
    """Bytes → JSON value (strict: :mod:`runtime.storage.strict_json`), else ``error`` naming the file."""
    if len(data) > MAX_SAVE_BYTES:
        raise error(name, f"larger than {MAX_SAVE_BYTES} bytes")
    try:
        return loads_strict(data)
    except JsonProblem as exc:
        raise error(name, str(exc), field=exc.field) from None


def validation_error(name: str, exc: ValidationError, error: type[GameFileError] = SaveError) -> GameFileError:
    """The first problem of a pydantic error as ``error``: the field, and the action's number if in ``actions``."""
    problems = sorted(exc.errors(include_url=False), key=lambda e: e["type"] != "extra_forbidden")
    err = problems[0]  # an unknown field first: the most telling sign of a foreign or forged file
    loc = [str(p) for p in err["loc"]]
    action = None
    if len(loc) >= 2 and loc[0] == "actions" and loc[1].isdigit():
        action = int(loc[1]) + 1
        loc = [f"actions.{loc[1]}", *loc[2:]]
    message = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
    if "input" in err and not isinstance(err["input"], (dict, list)) and err["type"] != "missing":
        message += f" (got {_short(err['input'])})"
    if len(problems) > 1:
        message += f" (and {len(problems) - 1} more problem(s))"
    return error(name, message, field=".".join(loc) or "(top)", action=action)


def validation_message(name: str, exc: ValidationError) -> str:
    return str(validation_error(name, exc))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def validate_strictly(model: type[M], raw: Any, name: str, error: type[GameFileError] = SaveError) -> M:
    """``raw`` as ``model`` with no coercion (``"1944"`` is not a seed, ``"yes"`` not a flag)."""
    try:
        return model.model_validate_json(json.dumps(raw), strict=True)
    except ValidationError as exc:
        raise validation_error(name, exc, error) from None


def parse_save(data: bytes, name: str = "save") -> SaveFile:
    raw = parse_json_file(name, data)
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError(name, f"not a Hexwright save (no \"format\": \"{SAVE_FORMAT}\")")
    if isinstance(raw.get("save_version"), int) and raw["save_version"] > SAVE_VERSION:
        raise SaveError(name, f"saved by a newer Hexwright (save version {raw['save_version']}); please update",
                        field="save_version")
    saved = validate_strictly(SaveFile, raw, name)
    if saved.save_version >= 3 and saved.history_hash is None:
        raise SaveError(name, "missing (a version 3 save holds the hash of its history)", field="history_hash")
    return saved


def _chain(stack: tuple[ModuleRef, ...] | list[ModuleRef]) -> str:
    return " + ".join(f"{layer.id} {layer.version}" for layer in stack)


def stack_warnings(saved: tuple[ModuleRef, ...], module: Module, name: str = "save") -> list[str]:
    """A save replays only against the composition it was played with: the same base and the
    same variants in the same order (SaveError otherwise); another version of one is a warning."""
    now = stack_of(module)
    if [layer.id for layer in saved] != [layer.id for layer in now]:
        played = _chain(saved) if saved else "the module alone (no variant)"
        this = _chain(now) if now else "the module alone (no variant)"
        raise SaveError(name, f"this game was played with {played}; this is {this}: it replays only against the "
                        "same base and variants", field="stack")
    return [f"saved with {old.id} version {old.version}; this is version {new.version}"
            if old.version != new.version else f"{old.id} {old.version} differs from the one this game was saved "
                                                  "with (its content changed)"
            for old, new in zip(saved[:-1], now[:-1], strict=True)  # the top one is the module itself, below
            if old.hash != new.hash or old.version != new.version]


def module_warnings(saved: ModuleRef, module: Module, content_hash: str, name: str = "save",
                    saved_stack: tuple[ModuleRef, ...] = ()) -> list[str]:
    """Why a save may not replay as it was played; raises SaveError for another module or another
    composition of variants."""
    if saved.id != module.meta.id:
        raise SaveError(name, f"this save is for module {saved.id!r}, not {module.meta.id!r}", field="module.id")
    warnings = stack_warnings(saved_stack, module, name)
    if saved.version != module.meta.version:
        warnings.append(f"saved with {saved.id} version {saved.version}; this is version {module.meta.version}")
    if saved.hash != content_hash:
        warnings.append("the module's content differs from the one this game was saved with "
                        "(its pieces, map or tables changed): the game may not replay as it was played")
    return warnings


def replay_into(game: Game, actions: tuple[Action, ...], name: str, first: int = 1,
                error: type[GameFileError] = SaveError) -> None:
    """Append ``actions`` exactly as given; ``error`` names the first that does not apply (numbered from ``first``)."""
    for offset, action in enumerate(actions):
        try:
            game.extend([action])  # exactly as saved: reveals are checked, never added
        except REPLAY_FAILURES as exc:
            raise error(name, f"{action.kind} does not apply: {failure_text(exc)}", action=first + offset) from None


def failure_text(exc: BaseException) -> str:
    """An ActionError's own words; anything else the rules raised, named as what it is."""
    if isinstance(exc, ActionError):
        return str(exc)
    return f"the rules cannot apply it ({type(exc).__name__}: {_short(str(exc))})"


def load_game_bytes(data: bytes, module: Module, name: str = "save", content_hash: str | None = None, *,
                    engine: RulesEngine | None = None) -> LoadedGame:
    """Parse, check and replay a save against ``module`` (its rules steps by ``engine``). SaveError says what is wrong."""
    saved = parse_save(data, name)
    if saved.module.id != module.meta.id:
        raise SaveError(name, f"this save is for module {saved.module.id!r}, not {module.meta.id!r}",
                        field="module.id")
    known = module.meta.optional_rules
    rules = {rule: on for rule, on in saved.optional_rules.items() if rule in known}
    try:
        game = Game(module, saved.scenario, saved.seed, optional_rules=rules or None,
                    strict=saved.strict, content_hash=content_hash, engine=engine)
    except REPLAY_FAILURES as exc:
        raise SaveError(name, failure_text(exc), field="scenario") from None
    warnings = module_warnings(saved.module, module, game.module_hash, name, saved.stack)
    for rule in sorted(set(saved.optional_rules) - set(known)):
        warnings.append(f"optional rule {rule!r} of the save is not in this version of the module")
    replay_into(game, saved.actions, name)
    if game.state.rng.dice is not None and game.state.rng.dice.fresh:
        raise SaveError(name, "ends with a dice reveal for a roll but not the roll (the file was altered)",
                        field="actions")
    if saved.history_hash is not None and saved.history_hash != game.history_hash():
        raise SaveError(name, "the log is not the one this game was saved with: its history hash does not match "
                        "(the file was edited or is damaged)", field="history_hash")
    if game.state_hash() != saved.final_state_hash:
        message = "replaying the log does not give the saved final state"
        if not warnings:
            raise SaveError(name, message + " (the file was changed or is damaged)", field="final_state_hash")
        warnings.append(message)
    game.players = dict(saved.players)
    game.bookmarks = {b.index: b.note for b in saved.bookmarks if 0 <= b.index <= len(game.actions)}
    game.branches = list(saved.branches)
    return LoadedGame(game, warnings)


def read_game_file(path: str | Path, error: type[GameFileError] = SaveError) -> bytes:
    """The bytes of a save or moves file (a regular file, at most MAX_SAVE_BYTES); ``error`` naming it otherwise."""
    try:
        return read_regular_file(Path(path), MAX_SAVE_BYTES)
    except OSError as exc:
        raise error(str(path), exc.strerror or str(exc)) from None


def load_game(path: str | Path, module: Module, content_hash: str | None = None, *,
              engine: RulesEngine | None = None) -> LoadedGame:
    return load_game_bytes(read_game_file(path), module, str(path), content_hash, engine=engine)
