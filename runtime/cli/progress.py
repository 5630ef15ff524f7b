"""A progress bar for long commands, on stderr when it is a terminal (nothing otherwise).

Long work takes a ``progress(done, total)`` callable (the same one a window's worker gives
its progress dialog, :mod:`runtime.ui.jobs`); :class:`ProgressBar` is the command line's.
Output piped to a file or a script stays clean: the bar draws only on a terminal.
"""

from __future__ import annotations

import sys
from typing import TextIO

WIDTH = 30


class ProgressBar:
    """``label [#####.....] done/total`` redrawn in place; a new line once ``done == total``."""

    def __init__(self, label: str, stream: TextIO | None = None, *, force: bool = False) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.shown = force or self.stream.isatty()
        self._ended = False

    def __call__(self, done: int, total: int) -> None:
        if not self.shown or self._ended:
            return
        total = max(total, 1)
        done = max(0, min(done, total))
        filled = WIDTH * done // total
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{total}")
        if done == total:
            self.stream.write("\n")
            self._ended = True
        self.stream.flush()

    def end(self) -> None:
        """Finish the line (after work whose last step does not report ``done == total``)."""
        if self.shown and not self._ended:
            self.stream.write("\n")
            self.stream.flush()
            self._ended = True


__all__ = ["ProgressBar"]
