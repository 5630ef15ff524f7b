"""A large render's bands painted in forked processes (issue 18): the very file that one
process painting band by band writes, and a worker's failure reported, not a broken file.

Forking is only done from a process with one thread (as ``hexwright render`` is); the test
process runs others, so each case runs in a fresh interpreter of its own."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from hexwright.runtime.ui.band_processes import worker_count

SUPPORT = Path(__file__).resolve().parents[2] / "support"
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bands are painted in processes on Linux only")


def run_fresh(code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], capture_output=True, text=True,
                          timeout=240, check=False, env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


RENDER = f"""
    import sys
    sys.path.insert(0, {str(SUPPORT)!r})
    from ui_maps import make_module
    from hexwright.runtime.ui.render_image import ensure_gui_app, render_png
    from hexwright.runtime.ui.band_processes import worker_count
    ensure_gui_app()
    workers = int(sys.argv[3])
    print(worker_count(20, workers))
    steps = []
    size = render_png(make_module(cols=10, rows=12), sys.argv[1], scale=2.0, style=sys.argv[2], band_pixels=1 << 18,
                      workers=workers, progress=lambda step, total: steps.append(step))
    print(size, steps == list(range(len(steps))))
"""


@linux
@pytest.mark.parametrize("style", ["classic", "modern"])
def test_bands_painted_by_two_processes_make_the_file_one_process_makes(tmp_path, style):
    two = run_fresh(RENDER, str(tmp_path / "two.png"), style, "2").split("\n")
    one = run_fresh(RENDER, str(tmp_path / "one.png"), style, "1").split("\n")
    assert (two[0], one[0]) == ("2", "1")  # two processes, then one
    assert two[1] == one[1] and two[1].endswith("True")  # the same size; every band's progress, in order
    assert (tmp_path / "one.png").read_bytes() == (tmp_path / "two.png").read_bytes()


@linux
def test_a_band_that_fails_in_its_process_is_raised_in_the_caller():
    out = run_fresh("""
        from PySide6.QtGui import QImage
        from hexwright.runtime.ui.band_processes import segments_from_processes

        def paint(index):
            if index == 3:
                raise ValueError("no paint for band 3")
            image = QImage(8, 4, QImage.Format.Format_RGB32)
            image.fill(0xFF102030)
            return image

        got = []
        try:
            got.extend(segments_from_processes(paint, 6, 2))
        except RuntimeError as error:
            print(len(got), "no paint for band 3" in str(error))
    """)
    assert out.split() == ["3", "True"]  # the bands before it, in order, then the error


def test_one_band_or_a_process_with_threads_is_painted_in_the_process_itself():
    """Forking a process that runs other threads may leave a child waiting for ever on one of them."""
    assert worker_count(1) == 1
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert worker_count(8) == 1
    finally:
        stop.set()
        thread.join()
