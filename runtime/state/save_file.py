"""Saved games (``.hwsav``): one canonical JSON file holding the log, never the live objects.

A save holds the module's id, version and content hash, the scenario, the seed, the
optional rules, the action log, bookmarks and branches, and the hash of the final state.
By e-mail, the log also holds each side's dice commitment and the links revealed so far,
never a side's secret (that stays in a file of its own, :mod:`.dice_secret_file`).
It holds no time stamp, so the same game always saves to the same bytes. Loading parses
it as untrusted data (plain JSON, every field checked, no code run), replays the log and
checks the result. A save from another version of the module loads with warnings; one
from another module is refused.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError

from hexwright.runtime.model import Module
from hexwright.runtime.storage import atomic_write_bytes, dumps

from .actions import DICE_KINDS, Action
from .errors import ActionError, SaveError
from .game import Bookmark, Branch, Game
from .rng import MAX_SEED
from .rules_engine import RulesEngine
from .state_model import StateModel

SAVE_SUFFIX = ".hwsav"
SAVE_FORMAT = "hexwright-save"
SAVE_VERSION = 2
"""Version 2: games played by e-mail hold dice commitments and reveals; others still save as 1."""
MAX_SAVE_BYTES = 64 * 1024 * 1024


class ModuleRef(StateModel):
    id: str = Field(max_length=64)
    version: str = Field(max_length=64)
    hash: str = Field(max_length=80)


class SaveFile(StateModel):
    format: Literal["hexwright-save"] = SAVE_FORMAT
    save_version: Literal[1, 2] = 1
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
        save_version=2 if game.state.rng.dice is not None or any(a.kind in DICE_KINDS for a in game.actions) else 1,
    )


def save_bytes(game: Game) -> bytes:
    """The canonical bytes of a save: same game, same bytes."""
    return dumps(save_model(game).model_dump(mode="json")).encode("utf-8")


def save_game(game: Game, path: str | Path) -> None:
    """Write the save atomically: a crash leaves the old file or the new one."""
    atomic_write_bytes(Path(path), save_bytes(game))


def parse_json_file(name: str, data: bytes) -> Any:
    """Bytes → JSON value, with a clear error for anything that is not small UTF-8 JSON."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{name}: larger than {MAX_SAVE_BYTES} bytes")
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SaveError(f"{name}: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{name}: broken JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise SaveError(f"{name}: JSON nested too deeply") from None


def validation_message(name: str, exc: ValidationError) -> str:
    lines = []
    for err in exc.errors(include_url=False)[:20]:
        where = ".".join(str(p) for p in err["loc"]) or "(top)"
        message = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        lines.append(f"{name}: {where}: {message}")
    return "\n".join(lines)


def parse_save(data: bytes, name: str = "save") -> SaveFile:
    raw = parse_json_file(name, data)
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name}: not a Hexwright save (no \"format\": \"{SAVE_FORMAT}\")")
    if isinstance(raw.get("save_version"), int) and raw["save_version"] > SAVE_VERSION:
        raise SaveError(f"{name}: saved by a newer Hexwright (save version {raw['save_version']}); please update")
    try:
        return SaveFile.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(validation_message(name, exc)) from None


def module_warnings(saved: ModuleRef, module: Module, content_hash: str) -> list[str]:
    """Why a save may not replay as it was played; raises SaveError for another module."""
    if saved.id != module.meta.id:
        raise SaveError(f"this save is for module {saved.id!r}, not {module.meta.id!r}")
    warnings = []
    if saved.version != module.meta.version:
        warnings.append(f"saved with {saved.id} version {saved.version}; this is version {module.meta.version}")
    if saved.hash != content_hash:
        warnings.append("the module's content differs from the one this game was saved with "
                        "(its pieces, map or tables changed): the game may not replay as it was played")
    return warnings


def load_game_bytes(data: bytes, module: Module, name: str = "save", content_hash: str | None = None, *,
                    engine: RulesEngine | None = None) -> LoadedGame:
    """Parse, check and replay a save against ``module`` (its rules steps by ``engine``). SaveError says what is wrong."""
    saved = parse_save(data, name)
    if saved.module.id != module.meta.id:
        raise SaveError(f"{name}: this save is for module {saved.module.id!r}, not {module.meta.id!r}")
    known = module.meta.optional_rules
    rules = {rule: on for rule, on in saved.optional_rules.items() if rule in known}
    try:
        game = Game(module, saved.scenario, saved.seed, optional_rules=rules or None,
                    strict=saved.strict, content_hash=content_hash, engine=engine)
    except ActionError as exc:
        raise SaveError(f"{name}: {exc}") from None
    warnings = module_warnings(saved.module, module, game.module_hash)
    for rule in sorted(set(saved.optional_rules) - set(known)):
        warnings.append(f"optional rule {rule!r} of the save is not in this version of the module")
    for index, action in enumerate(saved.actions):
        try:
            game.extend([action])  # exactly as saved: reveals are checked, never added
        except ActionError as exc:
            raise SaveError(f"{name}: action {index + 1} ({action.kind}) does not apply: {exc}") from None
    if game.state.rng.dice is not None and game.state.rng.dice.fresh:
        raise SaveError(f"{name}: ends with a dice reveal for a roll but not the roll (the file was altered)")
    if game.state_hash() != saved.final_state_hash:
        message = f"{name}: replaying the log does not give the saved final state"
        if not warnings:
            raise SaveError(message + " (the file was changed or is damaged)")
        warnings.append(message)
    game.players = dict(saved.players)
    game.bookmarks = {b.index: b.note for b in saved.bookmarks if 0 <= b.index <= len(game.actions)}
    game.branches = list(saved.branches)
    return LoadedGame(game, warnings)


def read_game_file(path: str | Path) -> bytes:
    """The bytes of a save or moves file; SaveError naming it if it cannot be read or is too large."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{path}: larger than {MAX_SAVE_BYTES} bytes")
        return path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: {exc.strerror or exc}") from None


def load_game(path: str | Path, module: Module, content_hash: str | None = None, *,
              engine: RulesEngine | None = None) -> LoadedGame:
    return load_game_bytes(read_game_file(path), module, str(path), content_hash, engine=engine)
