"""Long exports run in a worker thread with progress and Cancel; the window stays responsive (issue 15, item 5)."""

from __future__ import annotations

import pytest
from builders import small_module
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QPushButton

from hexwright.editor.document import MapDocument
from hexwright.editor.export import BAND_PX, export_png, inches_per_map_pixel
from hexwright.editor.views.main_window import EditorWindow
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


def test_cancel_stops_a_png_export_and_writes_nothing_while_the_window_keeps_running(window, qtbot, tmp_path):
    ticks: list[int] = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    job = window.file_actions.export_png(tmp_path / "big.png", dpi=100, inches=0.75)
    qtbot.waitUntil(lambda: job.dialog.isVisible() or job.outcome != "", timeout=30_000)
    assert job.outcome == "", "the export ended before its progress dialog showed: make the map bigger"
    assert 0 <= job.dialog.value() < job.dialog.maximum()
    [cancel] = [b for b in job.dialog.findChildren(QPushButton) if b.text() == "Cancel"]
    qtbot.mouseClick(cancel, Qt.LeftButton)
    qtbot.waitUntil(lambda: job.outcome != "", timeout=60_000)
    assert job.outcome == "cancelled"
    assert list(tmp_path.iterdir()) == []  # no PNG, no temporary file
    assert len(ticks) > 10  # the GUI thread went on handling events during the export
    assert "cancelled" in window.statusBar().currentMessage()


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
