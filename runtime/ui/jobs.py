"""Long work off the GUI thread, with a progress dialog and Cancel.

A job is a function of one :class:`Progress`: it calls ``progress(done, total)`` now and
then, which reports to the dialog and raises :class:`Cancelled` once the user has pressed
Cancel, so the job stops at its next step and writes nothing (every file is written
atomically at the end). :func:`run_job` runs it in a :class:`QThread` and calls back on
the GUI thread with the result, the error, or nothing when cancelled; the window stays
responsive meanwhile. A job must work on its own data (a copy of the module), never on
what the user goes on editing, and must not touch widgets or QPixmaps (QImage painting is
fine in any thread).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, QThread, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")

Report = Callable[[int, int], None]
"""``report(done, total)``: progress of long work; it may raise (:class:`Cancelled`) to stop it."""


class Cancelled(Exception):
    """The user pressed Cancel; the job stopped before writing anything."""


class Progress:
    """Given to a job: ``progress(done, total)`` reports, and raises :class:`Cancelled` after a Cancel."""

    def __init__(self, report: Callable[[int, int], None] | None = None) -> None:
        self._cancel = threading.Event()
        self._report = report

    def __call__(self, done: int, total: int) -> None:
        if self._cancel.is_set():
            raise Cancelled
        if self._report is not None:
            self._report(done, total)

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()


class JobThread(QThread, Generic[T]):
    """Runs one job; its signals arrive on the GUI thread."""

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(object)
    stopped = Signal()

    def __init__(self, job: Callable[[Progress], T], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job = job
        self.progress = Progress(lambda done, total: self.progressed.emit(done, total))

    def run(self) -> None:
        try:
            result = self.job(self.progress)
        except Cancelled:
            self.stopped.emit()
        except Exception as exc:  # reported on the GUI thread, as a message box there
            self.failed.emit(exc)
        else:
            self.succeeded.emit(result)


class BackgroundJob(QObject, Generic[T]):
    """One job in a worker thread behind a progress dialog with Cancel (see :func:`run_job`)."""

    def __init__(self, parent: QWidget | None, title: str, job: Callable[[Progress], T], done: Callable[[T], None],
                 failed: Callable[[Exception], None], cancelled: Callable[[], None] | None = None) -> None:
        super().__init__(parent)
        self.worker: JobThread[T] = JobThread(job)
        self.dialog = QProgressDialog(title, "Cancel", 0, 0, parent)
        self.dialog.setObjectName("job-progress")
        self.dialog.setWindowTitle(title)
        self.dialog.setMinimumDuration(300)  # a quick job never flashes a dialog
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.outcome = ""
        """``done``, ``failed`` or ``cancelled`` once the job has ended."""
        self._done, self._failed, self._cancelled = done, failed, cancelled
        self.dialog.canceled.connect(self.worker.progress.cancel)
        self.worker.progressed.connect(self._report)
        self.worker.succeeded.connect(self._succeeded)
        self.worker.failed.connect(self._failed_with)
        self.worker.stopped.connect(self._stopped)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop_before_quitting)
        self.worker.start()

    def stop_before_quitting(self) -> None:
        """The application is quitting: stop the job at its next step and wait for it (a thread
        destroyed while it runs would abort the process); a cancelled job writes nothing."""
        self.worker.progress.cancel()
        self.worker.wait()

    def _report(self, step: int, total: int) -> None:
        self.dialog.setMaximum(total)
        self.dialog.setValue(step)

    def _finish(self, outcome: str) -> None:
        self.outcome = outcome
        self.worker.wait()
        self.dialog.reset()
        self.dialog.close()

    def _succeeded(self, result: T) -> None:
        self._finish("done")
        self._done(result)

    def _failed_with(self, exc: Exception) -> None:
        self._finish("failed")
        self._failed(exc)

    def _stopped(self) -> None:
        self._finish("cancelled")
        if self._cancelled is not None:
            self._cancelled()


INPUT_EVENTS = frozenset({
    QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove, QEvent.Type.Wheel, QEvent.Type.KeyPress, QEvent.Type.KeyRelease,
    QEvent.Type.Shortcut, QEvent.Type.ShortcutOverride, QEvent.Type.DragEnter, QEvent.Type.DragMove,
    QEvent.Type.Drop, QEvent.Type.ContextMenu, QEvent.Type.TabletPress, QEvent.Type.TouchBegin, QEvent.Type.Close,
})
"""What a user does to a window: held back from a window whose data a worker is reading."""


class InputHold(QObject):
    """Swallows the user's input to one window (keys, shortcuts, clicks, drops, closing it) while a
    worker reads what that window edits, so nothing changes under the worker; the window still
    repaints, and its progress dialog (``allowed``) still takes clicks."""

    def __init__(self, window: QWidget, allowed: QWidget) -> None:
        super().__init__()
        self.window, self.allowed = window.window(), allowed
        self.held = 0
        """How many input events were swallowed."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in INPUT_EVENTS or not isinstance(watched, QWidget):
            return False
        top = watched.window()
        if top is not self.window or top is self.allowed.window():
            return False
        self.held += 1
        if event.type() == QEvent.Type.ShortcutOverride:
            event.accept()  # an accepted override keeps the window's shortcuts from firing
        else:
            event.ignore()
        return True


def wait_for(parent: QWidget | None, title: str, job: Callable[[Progress], T], hold: QWidget | None = None) -> T:
    """Run ``job`` in a worker behind a progress dialog with Cancel and wait for its end.

    The GUI goes on meanwhile (a local event loop: windows repaint, Cancel can be pressed).
    ``hold``: a window whose data the job reads; the user's input to it is held back until the
    job ends (:class:`InputHold`), from the first instant, before the dialog shows.
    Returns the job's result, raises its error, or :class:`Cancelled` after a Cancel."""
    loop = QEventLoop()
    ended: list[tuple[str, object]] = []

    def end(outcome: str, value: object = None) -> None:
        ended.append((outcome, value))
        loop.quit()

    background = BackgroundJob(parent, title, job, done=lambda result: end("done", result),
                               failed=lambda exc: end("failed", exc), cancelled=lambda: end("cancelled"))
    app = QCoreApplication.instance()
    holder = InputHold(hold, background.dialog) if hold is not None and app is not None else None
    if holder is not None and app is not None:
        app.installEventFilter(holder)
    try:
        if not ended:
            loop.exec()
    finally:
        if holder is not None and app is not None:
            app.removeEventFilter(holder)
    background.dialog.deleteLater()
    background.deleteLater()
    outcome, value = ended[0]
    if outcome == "failed" and isinstance(value, BaseException):
        raise value
    if outcome == "cancelled":
        raise Cancelled
    return value  # type: ignore[return-value]


def read_in_worker(parent: QWidget | None, path: Path, read: Callable[[Path], T]) -> T:
    """``read(path)`` (a module, a save) in a worker behind "Opening NAME…" with Cancel: a big
    module takes a moment and the window keeps repainting. Raises what ``read`` raises, or
    :class:`Cancelled` (what was read is dropped)."""
    def job(progress: Progress) -> T:
        progress(0, 2)
        value = read(path)
        progress(1, 2)  # a Cancel meanwhile drops what was read
        return value

    return wait_for(parent, f"Opening {path.name}…", job)


def run_job(parent: QWidget, title: str, job: Callable[[Progress], T], done: Callable[[T], None],
            failed: Callable[[Exception], None], cancelled: Callable[[], None] | None = None) -> BackgroundJob[T]:
    """Run ``job`` in a worker thread behind a progress dialog with Cancel; calls back on the GUI thread."""
    return BackgroundJob(parent, title, job, done, failed, cancelled)


__all__ = ["BackgroundJob", "Cancelled", "InputHold", "JobThread", "Progress", "Report", "read_in_worker", "run_job", "wait_for"]
