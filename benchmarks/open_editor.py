"""Open the editor on a module folder, show the window, paint it once, and quit.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/open_editor.py FOLDER``

What a user waits for after ``hexwright edit FOLDER`` until the map is on screen, as one
process, so it can be timed from outside (``/usr/bin/time -v``, several runs): the
imports, the QApplication, reading and validating the module, the editor window with
its docks, showing it fitted to the window, and the first full paint of the map. It
prints the seconds of each part, measured inside. A scratch recovery folder keeps the
user's own out of it. ``benchmarks/random_maps.py`` writes the maps of ``bench_scale.py``.

Not a test: speed is measured here, never asserted in the test suite.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time


def main() -> None:
    t0 = time.perf_counter()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="hw-open-editor-") as scratch:
        os.environ["HEXWRIGHT_RECOVERY_DIR"] = scratch
        open_and_paint(t0)


def open_and_paint(t0: float) -> None:
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.views.main_window import open_editor

    app = QApplication(sys.argv[:1])
    t1 = time.perf_counter()
    window = open_editor(sys.argv[1])  # what `hexwright edit FOLDER` opens, without the user's settings
    window.ask_unsaved = lambda: "discard"
    app.processEvents()
    t2 = time.perf_counter()
    window.canvas.viewport().repaint()
    app.processEvents()
    t3 = time.perf_counter()
    # the first paint of the map happens in the events processed after the window is shown (t1 to
    # t2); the repaint asked for after it is served by the view's tile cache
    print(f"wall: imports + QApplication {t1 - t0:.2f} s, open + window shown and painted {t2 - t1:.2f} s, "
          f"a full repaint {t3 - t2:.2f} s; CPU of the process {time.process_time():.2f} s", flush=True)
    window.close()


if __name__ == "__main__":
    main()
