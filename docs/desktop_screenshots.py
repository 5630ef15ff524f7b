"""docs/start-screen.png: the start screen as a new user first sees it (no recent files yet;
the bundled modules with their map thumbnails).

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/desktop_screenshots.py
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    os.environ["HEXWRIGHT_HOME"] = tempfile.mkdtemp(prefix="hexwright-shots-")  # a first start: nothing recent
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.launcher import Launcher
    from hexwright.editor.start_screen import open_start_screen
    from hexwright.runtime.state.library import Library
    from hexwright.runtime.ui.app_settings import AppSettings

    app = QApplication.instance() or QApplication([])
    screen = open_start_screen(Launcher(Library(), AppSettings()))
    while screen.thumbnails_pending():  # listed and drawn in workers after the screen shows
        app.processEvents()
        time.sleep(0.02)
    app.processEvents()
    screen.grab().save(str(ROOT / "docs" / "start-screen.png"))
    screen.close()


if __name__ == "__main__":
    main()
