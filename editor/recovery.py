"""Autosave and crash recovery: a copy of the unsaved map, kept apart from the user's file.

Every minute the editor writes the document, if it has unsaved changes, as a ``.hwmod``
pack in a recovery folder (``$HEXWRIGHT_RECOVERY_DIR``, else the user's data folder).
A clean save or a clean close deletes it; finding one when a file is opened means the
editor did not close cleanly, and the user is offered the recovered changes.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

from runtime.model import Module
from runtime.storage import LoadedModule, atomic_write_text, load_module, save_module

RECOVERY_ENV = "HEXWRIGHT_RECOVERY_DIR"
AUTOSAVE_MS = 60_000


def recovery_root() -> Path:
    env = os.environ.get(RECOVERY_ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hexwright" / "recovery"


def recovery_key(path: Path | None) -> str:
    """One folder name per edited file (``untitled`` for a map never saved)."""
    if path is None:
        return "untitled"
    resolved = str(Path(path).resolve())
    return f"{Path(path).name[:40]}-{hashlib.sha1(resolved.encode('utf-8')).hexdigest()[:12]}"


def recovery_dir(path: Path | None) -> Path:
    return recovery_root() / recovery_key(path)


def write_recovery(module: Module, assets: dict[str, bytes], path: Path | None) -> Path:
    """Write the unsaved state for the file at ``path``; returns the recovery folder."""
    folder = recovery_dir(path)
    folder.mkdir(parents=True, exist_ok=True)
    save_module(module, folder / "recovered.hwmod", assets)
    atomic_write_text(folder / "info.json", json.dumps(
        {"source": str(Path(path).resolve()) if path else None, "saved_at": time.time()}, sort_keys=True) + "\n")
    return folder


def find_recovery(path: Path | None) -> Path | None:
    """The recovery pack for ``path`` if one was left behind."""
    pack = recovery_dir(path) / "recovered.hwmod"
    return pack if pack.is_file() else None


def load_recovery(path: Path | None) -> LoadedModule | None:
    pack = find_recovery(path)
    return load_module(pack) if pack is not None else None


def discard_recovery(path: Path | None) -> None:
    folder = recovery_dir(path)
    for name in ("recovered.hwmod", "info.json"):
        try:
            (folder / name).unlink()
        except FileNotFoundError:
            pass
    try:
        folder.rmdir()
    except OSError:
        pass
