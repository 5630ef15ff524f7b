"""Long exports run in a worker thread with progress and Cancel; the window stays responsive (issue 15, item 5)."""

from __future__ import annotations

import threading
import time

import pytest
from builders import small_module
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QProgressDialog, QPushButton

from hexwright.editor.document import MapDocument
from hexwright.editor.export import BAND_PX, export_png, inches_per_map_pixel
from hexwright.editor.views.main_window import EditorWindow
from hexwright.runtime.ui.jobs import BackgroundJob, Cancelled, run_job
from hexwright.runtime.ui.render_image import render_image

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot):
    w = EditorWindow(MapDocument(small_module(70, 70)), pieces=False)
    w.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_cancel_stops_a_job_in_the_worker_while_the_window_keeps_running(window, qtbot):
    """The worker and its dialog: Cancel (a real click) stops the job at its next step."""
    ticks: list[int] = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    ended: list[str] = []

    def slow(progress) -> str:
        for step in range(2000):  # 20 s unless cancelled
            progress(step, 2000)
            time.sleep(0.01)
        return "finished"

    job = run_job(window, "Working…", slow, done=ended.append, failed=lambda exc: ended.append(repr(exc)),
                  cancelled=lambda: ended.append("cancelled"))
    # the dialog may show before the worker's first report reaches it (its value is then -1)
    qtbot.waitUntil(lambda: job.dialog.isVisible() and job.dialog.value() >= 0, timeout=10_000)
    assert job.outcome == "" and 0 <= job.dialog.value() < job.dialog.maximum() == 2000
    [cancel] = [b for b in job.dialog.findChildren(QPushButton) if b.text() == "Cancel"]
    qtbot.mouseClick(cancel, Qt.LeftButton)
    qtbot.waitUntil(lambda: job.outcome != "", timeout=10_000)
    assert job.outcome == "cancelled" and ended == ["cancelled"]
    assert len(ticks) >= 3  # the GUI thread went on handling events meanwhile (timer ticks)


def test_a_cancelled_png_export_writes_nothing(tmp_path):
    def cancel_at_the_second_band(done: int, total: int) -> None:
        if done == 1:
            raise Cancelled

    with pytest.raises(Cancelled):
        export_png(small_module(30, 30), tmp_path / "map.png", dpi=150, progress=cancel_at_the_second_band)
    assert list(tmp_path.iterdir()) == []  # no PNG, no temporary file


def test_an_export_that_is_not_cancelled_writes_the_picture_of_a_single_pass(qtbot, tmp_path):
    """Painted in bands under a clip, the PNG is the single-pass picture: antialiasing under a clip
    may move a channel by a few levels in a fraction of a percent of the pixels, nothing more."""
    module = small_module(12, 9)
    window = EditorWindow(MapDocument(module), pieces=False)
    qtbot.addWidget(window)
    job = window.file_actions.export_png(tmp_path / "banded.png", dpi=120, inches=0.75)
    qtbot.waitUntil(lambda: job.outcome != "", timeout=60_000)
    assert job.outcome == "done"
    steps = []
    export_png(module, tmp_path / "again.png", dpi=120, progress=lambda done, total: steps.append((done, total)))
    assert len(steps) > 2 and [d for d, _ in steps] == list(range(len(steps)))
    scale = 120 * inches_per_map_pixel(module, 0.75)
    single = render_image(module, scale).convertToFormat(QImage.Format.Format_ARGB32)
    banded = QImage(str(tmp_path / "banded.png")).convertToFormat(QImage.Format.Format_ARGB32)
    assert banded.size() == single.size() and banded.height() > 2 * BAND_PX
    a, b = bytes(banded.constBits()), bytes(single.constBits())
    differ = [abs(x - y) for x, y in zip(a, b, strict=True) if x != y]
    assert max(differ, default=0) <= 8 and len(differ) < len(a) // 100


def test_svg_export_runs_in_the_worker_and_a_cancel_writes_nothing(qtbot, tmp_path):
    from hexwright.editor.export import export_svg

    window = EditorWindow(MapDocument(small_module(8, 6)), pieces=False)
    qtbot.addWidget(window)
    job = window.file_actions.export_svg(tmp_path / "map.svg")
    qtbot.waitUntil(lambda: job.outcome != "", timeout=60_000)
    assert job.outcome == "done" and (tmp_path / "map.svg").read_text("utf-8").lstrip().startswith("<?xml")

    def cancel_after_painting(done: int, total: int) -> None:
        if done == 1:
            raise Cancelled

    with pytest.raises(Cancelled):
        export_svg(small_module(8, 6), tmp_path / "cancelled.svg", progress=cancel_after_painting)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.svg"]


def test_the_export_options_and_folder_are_remembered(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    from hexwright.runtime.ui.app_settings import AppSettings

    settings = AppSettings(tmp_path / "settings.ini")
    (tmp_path / "out").mkdir()
    offered: list[object] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda parent, title, start, kinds: (offered.append(start), (str(tmp_path / "out" / "m.png"), ""))[1])
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a: (offered.append(a[3]), (72, True))[1])
    monkeypatch.setattr(QInputDialog, "getDouble", lambda *a: (offered.append(a[3]), (0.5, True))[1])
    window = EditorWindow(MapDocument(small_module(6, 5)), pieces=False, settings=settings)
    qtbot.addWidget(window)
    window.file_actions.export_png_dialog()
    assert offered == ["map.png", 150, 0.75]
    qtbot.waitUntil(lambda: (tmp_path / "out" / "m.png").exists(), timeout=60_000)
    offered.clear()
    again = EditorWindow(MapDocument(small_module(6, 5)), pieces=False, settings=AppSettings(settings.path))
    qtbot.addWidget(again)
    again.file_actions.export_png_dialog()
    assert offered == [str(tmp_path / "out" / "map.png"), 72, 0.5]
    qtbot.waitUntil(lambda: all(j.outcome for j in again.findChildren(BackgroundJob)), timeout=60_000)


def test_counter_sheets_charts_and_the_print_kit_run_in_the_worker_and_a_cancel_writes_nothing(qtbot, tmp_path):
    from builders import play_module

    from hexwright.editor.pieces.docks import export_charts, export_counter_sheets
    from hexwright.runtime.ui.print_kit import KitOptions, kit_pages, kit_pdf
    from hexwright.runtime.ui.print_sheets import write_charts_pdf, write_counter_sheets_pdf

    module = play_module()
    window = EditorWindow(MapDocument(module), pieces=False)
    qtbot.addWidget(window)
    jobs = [export_counter_sheets(window, window.doc, tmp_path / "counters.pdf", 0.5),
            export_charts(window, window.doc, tmp_path / "charts.pdf"),
            window.interchange_actions.print_kit(tmp_path / "kit.pdf", "letter", "basic")]
    qtbot.waitUntil(lambda: all(job.outcome for job in jobs), timeout=120_000)
    assert [job.outcome for job in jobs] == ["done"] * 3
    assert all((tmp_path / f"{name}.pdf").read_bytes().startswith(b"%PDF") for name in ("counters", "charts", "kit"))
    steps: list[tuple[int, int]] = []

    def cancel_at_the_second_page(done: int, total: int) -> None:
        steps.append((done, total))
        if done == 1:
            raise Cancelled

    out = tmp_path / "cancelled"
    out.mkdir()
    for write in (lambda report: write_counter_sheets_pdf(module, out / "c.pdf", progress=report),
                  lambda report: kit_pdf(kit_pages(module, "basic", KitOptions()), "kit", progress=report)):
        steps.clear()
        with pytest.raises(Cancelled):
            write(cancel_at_the_second_page)
        assert [done for done, _ in steps] == [0, 1] and steps[0][1] >= 2

    def cancel_at_once(done: int, total: int) -> None:
        raise Cancelled

    with pytest.raises(Cancelled):
        write_charts_pdf(module, out / "t.pdf", progress=cancel_at_once)
    assert list(out.iterdir()) == []


def test_wait_for_returns_the_result_or_raises_cancelled_after_a_click(qtbot):
    from PySide6.QtWidgets import QWidget

    from hexwright.runtime.ui.jobs import wait_for

    parent = QWidget()
    qtbot.addWidget(parent)
    assert wait_for(parent, "Quick…", lambda progress: 42) == 42

    def slow(progress) -> str:
        for step in range(2000):
            progress(step, 2000)
            time.sleep(0.01)
        return "finished"

    def click_cancel() -> None:
        dialog = parent.findChild(QProgressDialog, "job-progress")
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(50, click_cancel)
            return
        [cancel] = [b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel"]
        qtbot.mouseClick(cancel, Qt.LeftButton)

    QTimer.singleShot(50, click_cancel)
    with pytest.raises(Cancelled):
        wait_for(parent, "Slow…", slow)


def test_quitting_the_application_stops_a_running_export_which_writes_nothing(window, qtbot, tmp_path, monkeypatch):
    """Quit while an export runs: the job is stopped and waited for (never a thread destroyed while running)."""
    from hexwright.editor import export

    real = export.export_png
    reported, release = threading.Event(), threading.Event()

    def held(*args, progress, **kwargs):
        def report(done: int, total: int) -> None:
            reported.set()
            release.wait(30)  # held at its first step until the test has asked to quit: never already done
            progress(done, total)
        return real(*args, progress=report, **kwargs)

    monkeypatch.setattr(export, "export_png", held)
    job = window.file_actions.export_png(tmp_path / "big.png", dpi=300, inches=1.0)
    qtbot.waitUntil(lambda: reported.is_set() and job.worker.isRunning(), timeout=60_000)
    threading.Timer(0.3, release.set).start()  # the quit below asks first, then waits for the job
    job.stop_before_quitting()  # what QApplication.aboutToQuit runs
    assert job.worker.isFinished() and not (tmp_path / "big.png").exists()
    qtbot.waitUntil(lambda: job.outcome == "cancelled", timeout=10_000)
