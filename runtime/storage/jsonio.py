"""Deterministic JSON: sorted keys, 2-space indent, trailing newline, UTF-8; atomic writes.

This is the one place where module and save files touch the disk.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any


def dumps(data: Any) -> str:
    """The canonical text of ``data``: the same data always gives the same bytes."""
    return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename.

    A crash leaves either the old file or the new one, never half of either.
    """
    if path.is_dir():  # else the rename fails naming the temporary file
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


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
