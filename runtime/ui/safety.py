"""Safety nets of the desktop application: a log file, faulthandler, and a crash dialog.

:func:`start_logging` writes ``hexwright.log`` in the user's log folder (rotated, a few
hundred kilobytes) and turns on :mod:`faulthandler` into ``faults.log`` beside it, so even
a crash inside Qt leaves a trace. :func:`install_exception_hook` replaces
``sys.excepthook``: an error nobody caught is logged and shown in a dialog with the
traceback and the log's path, which offers to save the work of every open window
(windows that hold work implement :class:`HoldsWork`). The application goes on running.
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import sys
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import IO, Protocol, runtime_checkable

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from hexwright.runtime.storage.user_folders import log_dir

LOG_NAME = "hexwright.log"
log = logging.getLogger("hexwright")
_fault_files: list[IO[str]] = []  # kept open for the life of the process (faulthandler writes to it)


@runtime_checkable
class HoldsWork(Protocol):
    """A window with work a crash must not lose."""

    def save_work(self) -> str | None:
        """Save what is unsaved (a recovery copy, an autosave); returns where, or None."""


def start_logging(folder: Path | None = None) -> Path:
    """Log to a file in the user's log folder and turn on faulthandler there; returns the log's path."""
    folder = folder or log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_NAME
    if not any(isinstance(h, logging.handlers.RotatingFileHandler) for h in log.handlers):
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=512_000, backupCount=3, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    if not faulthandler.is_enabled():  # a test runner may have turned on its own
        _fault_files.append(open(folder / "faults.log", "a", encoding="utf-8"))  # noqa: SIM115
        faulthandler.enable(_fault_files[-1])
    return path


def save_all_work(windows: Iterable[object]) -> list[str]:
    """Ask every window that holds work to save it; returns what was saved where (or why not)."""
    saved = []
    for window in windows:
        if isinstance(window, HoldsWork):
            try:
                where = window.save_work()
            except Exception as exc:  # the crash dialog must not crash
                saved.append(f"could not save: {exc}")
                continue
            if where:
                saved.append(where)
    return saved


class CrashDialog(QMessageBox):
    """The error, the log's path, and *Save my work*."""

    def __init__(self, text: str, log_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(QMessageBox.Icon.Critical, "Hexwright ran into an error",
                         "Something went wrong that Hexwright did not expect. Your work is still open: "
                         f"save it now, then tell us what you were doing.\n\nThe log is in {log_path}", parent=parent)
        self.setObjectName("crash-dialog")
        self.setDetailedText(text)
        self.save_button = self.addButton("Save my work", QMessageBox.ButtonRole.AcceptRole)
        self.addButton("Continue", QMessageBox.ButtonRole.RejectRole)


Ask = Callable[[CrashDialog], bool]


def _ask(dialog: CrashDialog) -> bool:
    dialog.exec()
    return dialog.clickedButton() is dialog.save_button


def install_exception_hook(log_path: Path, ask: Ask = _ask, *, force: bool = False) -> Callable[..., None] | None:
    """Show uncaught errors in a :class:`CrashDialog` instead of losing them; returns the hook.

    A hook someone else installed (a test runner's) is left in place unless ``force``."""
    if sys.excepthook is not sys.__excepthook__ and not force:
        return None
    showing: list[bool] = []  # a second error while the dialog is up goes to stderr

    def hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        text = "".join(traceback.format_exception(kind, value, tb))
        log.error("uncaught error\n%s", text)
        if issubclass(kind, KeyboardInterrupt) or QApplication.instance() is None or showing:
            sys.__excepthook__(kind, value, tb)
            return
        showing.append(True)
        try:
            if ask(CrashDialog(text, log_path)):
                saved = save_all_work(QApplication.topLevelWidgets())
                log.info("saved after the error: %s", saved)
                QMessageBox.information(None, "Work saved", "\n".join(saved) or "There was nothing unsaved.")
        finally:
            showing.clear()

    sys.excepthook = hook
    return hook


__all__ = ["CrashDialog", "HoldsWork", "install_exception_hook", "save_all_work", "start_logging"]
