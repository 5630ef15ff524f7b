"""Open a module's play window as ``hexwright play PATH`` does, paint it once, and quit.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/open_play.py modules/st_lo [--seed N]``

What a player waits for until the board is on screen, as one process, so it can also be timed
from outside (``/usr/bin/time -v``, several runs): the imports, reading the module, the game
(its content hash, the setup), the play window with its docks and phase bar, showing it fitted
to the window with the first paint of the board and its overview, then a paint at 100 %. It
prints the CPU seconds of each part (this process's CPU time: other processes on a shared
machine do not count) and the wall seconds. A scratch autosave folder keeps the user's out of it.

Not a test: speed is measured here, never asserted in the test suite. The figures of the round
that made St-Lô's window open faster (one level-region build shared by every layer group and
view, a tile cache per zoom) are in the README's benchmark section.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="hw-open-play-") as scratch:
        os.environ["HEXWRIGHT_AUTOSAVE_DIR"] = scratch
        open_and_paint(args.path, args.seed)


def open_and_paint(path: Path, seed: int) -> None:
    marks = [("start", time.process_time(), time.perf_counter())]

    def mark(name: str) -> None:
        marks.append((name, time.process_time(), time.perf_counter()))

    from PySide6.QtWidgets import QApplication

    from hexwright.runtime.storage import load_module
    from hexwright.runtime.ui.play.launch import make_game
    from hexwright.runtime.ui.play.play_window import open_play_window

    app = QApplication([])
    mark("imports + QApplication")
    loaded = load_module(path)
    mark("module read")
    game, _warnings, _save = make_game(loaded, None, seed, None)
    mark("game (content hash, setup)")
    window = open_play_window(game, loaded.assets)
    mark("play window built")
    for _ in range(3):
        app.processEvents()
    mark("shown, first paint")
    window.view.set_zoom(1.0)
    window.view.viewport().repaint()
    app.processEvents()
    mark("paint at 100 %")
    parts = ", ".join(f"{name} {c1 - c0:.2f}" for (_n, c0, _w0), (name, c1, _w1) in zip(marks, marks[1:]))
    print(f"CPU s: {parts}; whole process {time.process_time():.2f} CPU s, "
          f"{marks[-1][2] - marks[0][2]:.2f} wall s", flush=True)
    window.close()


if __name__ == "__main__":
    main()
