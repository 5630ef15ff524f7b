"""Autosave and crash recovery: a copy of the unsaved map, kept apart from the user's file.

Every minute the editor writes the document, if it has unsaved changes, as a ``.hwmod``
pack in a recovery folder (``$HEXWRIGHT_RECOVERY_DIR``, else the user's data folder):
one slot per module path, and one per never-saved map (``untitled-<id>``).
A clean save or a clean close deletes it; finding one when a file is opened means the
editor did not close cleanly, and the user is offered the recovered changes.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

from hexwright.runtime.model import Module
from hexwright.runtime.storage import LoadedModule, atomic_write_text, load_module_lenient, save_module
from hexwright.runtime.storage.user_folders import data_dir

RECOVERY_ENV = "HEXWRIGHT_RECOVERY_DIR"
AUTOSAVE_MS = 60_000


def recovery_root() -> Path:
    env = os.environ.get(RECOVERY_ENV)
    if env:
        return Path(env)
    return data_dir() / "recovery"


def recovery_key(path: Path | None, untitled: str = "") -> str:
    """One folder name per module path; a map never saved gets its own ``untitled-<id>``
    (``untitled`` is the document's id), so two new maps never share a slot."""
    if path is None:
        return f"untitled-{untitled}" if untitled else "untitled"
    resolved = str(Path(path).resolve())
    return f"{Path(path).name[:40]}-{hashlib.sha1(resolved.encode('utf-8')).hexdigest()[:12]}"


def recovery_dir(path: Path | None, untitled: str = "") -> Path:
    return recovery_root() / recovery_key(path, untitled)


def write_recovery(module: Module, assets: dict[str, bytes], path: Path | None, untitled: str = "") -> Path:
    """Write the unsaved state for the file at ``path``; returns the recovery folder."""
    folder = recovery_dir(path, untitled)
    folder.mkdir(parents=True, exist_ok=True)
    save_module(module, folder / "recovered.hwmod", assets)
    atomic_write_text(folder / "info.json", json.dumps(
        {"source": str(Path(path).resolve()) if path else None, "saved_at": time.time()}, sort_keys=True) + "\n")
    return folder


def find_recovery(path: Path | None, untitled: str = "") -> Path | None:
    """The recovery pack for ``path`` if one was left behind."""
    pack = recovery_dir(path, untitled) / "recovered.hwmod"
    return pack if pack.is_file() else None


def load_recovery(path: Path | None, untitled: str = "") -> LoadedModule | None:
    """The recovered module (even one with cross-reference problems: it is the user's work)."""
    pack = find_recovery(path, untitled)
    return load_module_lenient(pack)[0] if pack is not None else None


def orphaned_untitled(exclude: set[str] = frozenset()) -> list[str]:
    """Ids of never-saved maps whose autosave survived (newest first), except ``exclude``."""
    root = recovery_root()
    found = []
    for folder in root.glob("untitled-*") if root.is_dir() else []:
        ident = folder.name.removeprefix("untitled-")
        pack = folder / "recovered.hwmod"
        if ident not in exclude and pack.is_file():
            found.append((pack.stat().st_mtime, ident))
    return [ident for _, ident in sorted(found, reverse=True)]


def discard_recovery(path: Path | None, untitled: str = "") -> None:
    folder = recovery_dir(path, untitled)
    for name in ("recovered.hwmod", "info.json"):
        try:
            (folder / name).unlink()
        except FileNotFoundError:
            pass
    try:
        folder.rmdir()
    except OSError:
        pass
