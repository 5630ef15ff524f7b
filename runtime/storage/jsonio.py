"""Deterministic JSON: sorted keys, 2-space indent, trailing newline, UTF-8; atomic writes.

This is the one place where module and save files touch the disk.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
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
    if mode is None:
        mode = stat.S_IMODE(existing.st_mode) if existing is not None else 0o666 & ~_umask()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if hasattr(os, "fchmod"):
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


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def folder_mode() -> int:
    """The mode a new folder gets from the umask (0755 with the usual 022)."""
    return 0o777 & ~_umask()


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
