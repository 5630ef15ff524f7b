"""Reading a file a stranger named: regular files only, never past a limit.

``Path.read_bytes`` on ``/dev/zero`` reads until memory runs out, on a FIFO it waits for
a writer forever, and a size check with ``stat`` says 0 for both. Here the file is
opened without blocking, checked to be a regular file on the open descriptor (so it cannot
be swapped between the check and the read), and read to at most ``limit`` bytes: a file
that turns out longer is refused, whatever its size said.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

CHUNK = 1024 * 1024


class FileRefused(OSError):
    """A path that is not a regular file, or holds more than the limit."""

    def __init__(self, path: str | Path, message: str) -> None:
        super().__init__(errno.EINVAL, message, str(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (links followed), at most ``limit`` of them.

    Raises FileRefused for a folder, device, FIFO or socket, or a file over ``limit``
    bytes; other OSErrors (missing, no permission) pass through with the path set.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise FileRefused(path, "a folder, not a file") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(path, "not a regular file (a device, a pipe or a socket)")
        if info.st_size > limit:
            raise FileRefused(path, f"larger than {limit} bytes")
        parts: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(CHUNK, limit + 1 - total))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileRefused(path, f"larger than {limit} bytes")
        return b"".join(parts)
    finally:
        os.close(fd)


def is_regular_file(path: Path) -> bool:
    """Whether ``path`` itself (not a link's target) is a regular file."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
