"""Settings persist across application starts: recent files, window size and dock layout, last folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.gui

FIRST_RUN = textwrap.dedent("""
    import json
    import sys
    from PySide6.QtWidgets import QApplication, QDockWidget
    from builders import play_module
    from hexwright.runtime.engine import ENGINE
    from hexwright.runtime.state import Game
    from hexwright.runtime.ui.app_settings import AppSettings
    from hexwright.runtime.ui.play.play_window import PlayWindow

    app = QApplication([])
    settings = AppSettings()
    settings.add_recent(sys.argv[1])
    settings.set_last_folder("open", sys.argv[2])
    settings.set_value("autosave_minutes", 7)
    window = PlayWindow(Game(play_module(), "basic", 1, engine=ENGINE), settings=settings)
    window.show()
    window.resize(760, 520)  # inside the offscreen screen (800×600): restoreGeometry keeps a window on screen
    app.processEvents()
    [log] = [d for d in window.findChildren(QDockWidget) if d.objectName() == "Log"]
    log.hide()
    app.processEvents()
    print(json.dumps([window.width(), window.height()]))
    window.close()
""")

SECOND_RUN = textwrap.dedent("""
    import json
    from PySide6.QtWidgets import QApplication, QDockWidget
    from builders import play_module
    from hexwright.runtime.engine import ENGINE
    from hexwright.runtime.state import Game
    from hexwright.runtime.ui.app_settings import AppSettings
    from hexwright.runtime.ui.play.play_window import PlayWindow

    app = QApplication([])
    settings = AppSettings()
    window = PlayWindow(Game(play_module(), "basic", 1, engine=ENGINE), settings=settings)
    window.show()
    app.processEvents()
    docks = {d.objectName(): d.isVisible() for d in window.findChildren(QDockWidget)}
    print(json.dumps({"recent": [str(p) for p in settings.recent()], "folder": settings.last_folder("open"),
                      "autosave": settings.value("autosave_minutes", 5), "size": [window.width(), window.height()],
                      "docks": docks}))
""")


def _run(code: str, home, *args: str) -> str:
    support = os.path.join(os.path.dirname(__file__), "..", "..", "support")
    env = dict(os.environ, HEXWRIGHT_HOME=str(home), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join([support, os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow  # two application starts in subprocesses
def test_settings_round_trip_across_two_application_starts(tmp_path):
    module = tmp_path / "some.hwmod"
    module.write_bytes(b"x")
    (tmp_path / "folder").mkdir()
    closed_at = json.loads(_run(FIRST_RUN, tmp_path / "home", str(module), str(tmp_path / "folder")).splitlines()[-1])
    assert closed_at != [1400, 900]  # not the default size
    assert (tmp_path / "home" / "config" / "settings.ini").is_file()
    seen = json.loads(_run(SECOND_RUN, tmp_path / "home").strip().splitlines()[-1])
    assert seen["recent"] == [str(module.resolve())]
    assert seen["folder"] == str(tmp_path / "folder")
    assert seen["autosave"] == 7
    assert seen["size"] == closed_at
    assert seen["docks"]["Log"] is False and seen["docks"]["Overview"] is True
