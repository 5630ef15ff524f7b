"""The installed Qt binding must not corrupt the interpreter while we paint."""

from __future__ import annotations

import sys

import PySide6
import pytest
from PySide6.QtGui import QImage, QPainter

pytestmark = pytest.mark.gui


def test_void_qt_calls_keep_their_reference_to_none(qapp):
    """PySide6 6.12.0 on Python 3.11 drops a reference to ``None`` on every call of a method
    returning void; a few thousand paint calls later the interpreter aborts with
    "none_dealloc: deallocating None". 6.11.3 is fine; on Python 3.12+ None is immortal."""
    image = QImage(8, 8, QImage.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    before = sys.getrefcount(None)
    for _ in range(500):
        painter.translate(1.0, 0.0)
    after = sys.getrefcount(None)
    painter.end()
    assert after - before > -50, (
        f"PySide6 {PySide6.__version__} on Python {sys.version.split()[0]} loses a reference to None "
        f"per void call ({after - before} after 500 calls); use PySide6-Essentials 6.11.x"
    )
