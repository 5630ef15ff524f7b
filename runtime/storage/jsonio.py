"""Deterministic JSON: sorted keys, 2-space indent, trailing newline, UTF-8; atomic writes.

This is the one place where module and save files touch the disk.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

TMP_SUFFIX = ".hwtmp"
"""The suffix of every temporary file Hexwright writes (stray ones are removed on the next save)."""


def dumps(data: Any) -> str:
    """The canonical text of ``data``: the same data always gives the same bytes."""
    return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename.

    A crash leaves either the old file or the new one, never half of either; the folder is
    synced after the rename, so the new name survives a power cut. The file keeps the
    permissions of the one it replaces (a new one gets the usual ones, ``0666`` less the
    umask), or ``mode`` when given. Only a regular file is replaced: a link, a device, a
    pipe or a folder at ``path`` is refused, never swapped for a file.
    """
    path = Path(path)
    try:
        existing = os.lstat(path)
    except FileNotFoundError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        if stat.S_ISDIR(existing.st_mode):  # else the rename fails naming the temporary file
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        raise FileExistsError(errno.EEXIST, "exists and is not a regular file (a link, a device or a pipe); "
                              "not replaced", str(path))
    if mode is None and existing is not None:
        mode = stat.S_IMODE(existing.st_mode)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = create_new_file(path.parent, f".{path.name}.", TMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    fsync_folder(path.parent)


def fsync_folder(folder: Path) -> None:
    """Make the names in ``folder`` durable (POSIX; Windows has no folder handles to sync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot sync a folder; the rename itself is still atomic
        pass
    finally:
        os.close(fd)


def create_new_file(folder: Path, prefix: str, suffix: str) -> tuple[int, Path]:
    """Create a new empty file with a random name in ``folder``; returns its descriptor (for writing) and path.

    It gets the mode the umask gives a new file (``0666`` less the umask, applied by the
    system as it creates the file), unlike :func:`tempfile.mkstemp`'s private 0600. The
    umask is never read nor set: setting it to read it would race with every other thread
    that creates a file meanwhile (exports run in worker threads).
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        path = Path(folder) / f"{prefix}{secrets.token_hex(6)}{suffix}"
        try:
            return os.open(path, flags, 0o666), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def create_new_folder(parent: Path, prefix: str, suffix: str) -> Path:
    """Create a new empty folder with a random name in ``parent``, with the mode the umask gives (0755 usually)."""
    for _ in range(100):
        path = Path(parent) / f"{prefix}{secrets.token_hex(6)}{suffix}"
        try:
            os.mkdir(path, 0o777)
            return path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(parent))


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def write_if_changed(path: Path, text: str) -> bool:
    """Write atomically unless the file already holds exactly ``text``; True if written."""
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    atomic_write_bytes(path, data)
    return True
