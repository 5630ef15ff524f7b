#!/usr/bin/env python3
"""Draw Hexwright's application icon, ``resources/icons/hexwright.png`` (256×256), with Qt.

    .venv/bin/python packaging/make_icon.py

A flat-top hex of green terrain with a blue infantry counter on it: the app in one picture.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = 256


def draw(path: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen, QPolygonF

    app = QGuiApplication.instance() or QGuiApplication([])
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    centre, radius = QPointF(SIZE / 2, SIZE / 2), SIZE * 0.47
    hexagon = QPolygonF([centre + QPointF(radius * math.cos(math.radians(60 * k)), radius * math.sin(math.radians(60 * k)))
                         for k in range(6)])
    painter.setPen(QPen(QColor("#3d4f2a"), 10))
    painter.setBrush(QColor("#8fae5d"))
    painter.drawPolygon(hexagon)
    counter = QRectF(SIZE * 0.29, SIZE * 0.29, SIZE * 0.42, SIZE * 0.42)
    painter.setPen(QPen(QColor("#1d2b4a"), 6))
    painter.setBrush(QColor("#7fa3d9"))
    painter.drawRoundedRect(counter, 10, 10)
    box = QRectF(counter.left() + counter.width() * 0.2, counter.top() + counter.height() * 0.28,
                 counter.width() * 0.6, counter.height() * 0.44)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(box)
    painter.drawLine(box.topLeft(), box.bottomRight())
    painter.drawLine(box.bottomLeft(), box.topRight())
    painter.end()
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(str(path), "PNG")
    del app


if __name__ == "__main__":
    draw(ROOT / "resources" / "icons" / "hexwright.png")
