"""Starting the desktop application: the start screen, the editor, or a file opened by path.

``hexwright`` alone opens the start screen; ``hexwright PATH`` opens a module in the
editor or a saved game in the play window (its module found in the library), as a
double-click in a file manager does; ``hexwright edit [PATH]`` opens the editor. The
command line sets up the safety nets first (:func:`install_safety_nets`: the log file,
faulthandler and the crash dialog); tests that call these functions keep their own.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from hexwright.runtime.storage import ModuleError

from .launcher import Launcher

if TYPE_CHECKING:
    from PySide6.QtCore import QObject


def install_safety_nets() -> None:
    """The log file in the user's log folder, faulthandler, and the crash dialog for uncaught errors."""
    from hexwright.runtime.ui.safety import install_exception_hook, start_logging

    install_exception_hook(start_logging())


def _application():
    """The QApplication, named, with the window icon."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from hexwright.runtime.storage.bundled import app_icon

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Hexwright")
    app.setOrganizationName("Hexwright")
    QApplication.setWindowIcon(QIcon(str(app_icon())))
    return app


def open_files_from_the_system(app, launcher) -> QObject:
    """macOS sends a file opened in the Finder (double-click, drop on the Dock icon) as an event.
    Returns the filter, which the caller removes when its event loop ends."""
    from PySide6.QtCore import QEvent, QObject

    from .launcher import OpenError, say

    class FileOpenFilter(QObject):
        def eventFilter(self, watched, event) -> bool:
            if event.type() == QEvent.Type.FileOpen:
                try:
                    launcher.open_path(Path(event.file()))
                except (OpenError, ModuleError, OSError) as exc:
                    say(None, "Cannot open this file", exc)
                return True
            return False

    opener = FileOpenFilter(app)
    app.installEventFilter(opener)
    return opener


def _launcher() -> Launcher:
    """The launcher, with the user's settings (their palette applied)."""
    from hexwright.runtime.state.library import Library
    from hexwright.runtime.ui.app_settings import AppSettings
    from hexwright.runtime.ui.preferences import apply_palette

    settings = AppSettings()
    apply_palette(settings)
    return Launcher(Library(), settings)


def run_editor(path: str | None) -> int:
    """Open the editor on the module at ``path`` (a new blank map for None); returns the exit code."""
    app = _application()
    launcher = _launcher()
    try:
        launcher.edit(path)
    except ModuleError as exc:
        print(f"{path}: {len(exc.issues)} problem(s)", file=sys.stderr)
        for issue in exc.issues:
            print(f"  {issue}", file=sys.stderr)
        return 1
    return app.exec()


def run_start() -> int:
    """The start screen: recent files, bundled and library modules, New, Open, Play."""
    from .start_screen import open_start_screen

    app = _application()
    launcher = _launcher()
    opener = open_files_from_the_system(app, launcher)
    screen = open_start_screen(launcher)
    code = app.exec()
    app.removeEventFilter(opener)
    del screen  # lives until the application ends
    return code


def run_open(path: str) -> int:
    """Open ``path`` as a double-click would: a saved game to play, a module to edit."""
    from .launcher import OpenError

    app = _application()
    launcher = _launcher()
    opener = open_files_from_the_system(app, launcher)
    try:
        try:
            launcher.open_path(Path(path))
        except ModuleError as exc:
            print(f"{path}: {len(exc.issues)} problem(s)", file=sys.stderr)
            for issue in exc.issues:
                print(f"  {issue}", file=sys.stderr)
            return 1
        except (OpenError, OSError) as exc:
            print(exc, file=sys.stderr)
            return 1
        return app.exec()
    finally:
        app.removeEventFilter(opener)
