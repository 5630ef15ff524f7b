"""Starting the editor: ``hexwright edit [PATH]``."""

from __future__ import annotations

import sys

from hexwright.runtime.storage import ModuleError


def run_editor(path: str | None) -> int:
    """Open the editor on the module at ``path`` (a new blank map for None); returns the exit code."""
    from PySide6.QtWidgets import QApplication

    from .views.main_window import open_editor

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Hexwright")
    try:
        open_editor(path)
    except ModuleError as exc:
        print(f"{path}: {len(exc.issues)} problem(s)", file=sys.stderr)
        for issue in exc.issues:
            print(f"  {issue}", file=sys.stderr)
        return 1
    return app.exec()
