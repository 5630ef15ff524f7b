"""Opening a play-by-e-mail file (``.hwlog``) by itself, as a double-click does.

A moves file holds only the actions after some position ``base`` of a game, with the hashes
of that game's history and state there (:mod:`runtime.state.pbem`). It opens in the game it
continues: a play window already showing that game, else the first of the autosave of its
module and scenario, the saves beside the file and the recent saves whose log agrees up to
``base``. Its moves are imported (every check of *File ▸ Import moves* applies) and the
window shows the game from the first of them, to be replayed with *Next*.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from hexwright.runtime.state import ActionError, Game, PacketError, SaveError
from hexwright.runtime.state.library import Library
from hexwright.runtime.state.pbem import ActionsFile, continues, parse_actions_file
from hexwright.runtime.state.save_file import parse_save, read_game_file
from hexwright.runtime.storage import ModuleError, load_module
from hexwright.runtime.ui.app_settings import SAVE_SUFFIX


def read_moves(path: Path) -> ActionsFile:
    """The checked contents of a moves file (PacketError naming the file and field otherwise)."""
    return parse_actions_file(read_game_file(path, PacketError), path.name)


LoadGame = Callable[[Path], Game]
"""Loads the saved game at a path (its module found in the library)."""


def library_loader(library: Library) -> LoadGame:
    """Loads a save with the module the library finds for it."""
    from hexwright.runtime.ui.play.launch import make_game

    def load(path: Path) -> Game:
        ref = parse_save(read_game_file(path), path.name).module
        entry = library.find(ref)
        if entry is None:
            raise SaveError(path.name, f"the module {ref.id!r} is not installed")
        game, _, _ = make_game(load_module(library.path_of(entry)), None, None, str(path))
        return game

    return load


def candidate_saves(moves: Path, packet: ActionsFile, autosave: Path, recent: Iterable[Path]) -> list[Path]:
    """Where the game a moves file continues may be: its autosave, saves beside it, recent saves (newest first)."""
    beside = sorted(moves.parent.glob(f"*{SAVE_SUFFIX}"))
    found: list[Path] = []
    for path in [autosave, *beside, *(p for p in recent if p.suffix == SAVE_SUFFIX)]:
        if path.is_file() and path not in found:
            found.append(path)
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def save_continued_by(packet: ActionsFile, candidates: Iterable[Path], load: LoadGame) -> Path | None:
    """The first save among ``candidates`` that ``packet`` continues (a save that cannot be read is passed over)."""
    for path in candidates:
        try:
            saved = parse_save(read_game_file(path), path.name)
            if (saved.module.id, saved.module.hash, saved.scenario) != (packet.module_id, packet.module_hash,
                                                                        packet.scenario):
                continue
            if continues(load(path), packet):
                return path
        except (SaveError, ModuleError, ActionError, OSError):
            continue
    return None


def not_found(path: Path, packet: ActionsFile) -> str:
    first, last = packet.base + 1, packet.base + len(packet.actions)
    return (f"{path.name}: moves {first}–{last} of a game of the module {packet.module_id!r} (scenario "
            f"{packet.scenario!r}), but no game on this computer is at move {packet.base} of that game. Open the "
            "saved game they continue, then drop this file on its window or use File ▸ Import moves…")


__all__ = ["candidate_saves", "library_loader", "not_found", "read_moves", "save_continued_by"]
