"""A map image with the hexes a diff names highlighted (``hexwright diff --image``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from hexwright.runtime.model import Module

from .render_image import ensure_gui_app, make_painter_for, png_bytes

HIGHLIGHT = (224, 0, 144, 100)
"""Translucent magenta (RGBA): seen on every terrain colour of both map styles."""
OUTLINE = (176, 0, 112, 255)


def render_diff_png(module: Module, hexes: Iterable[str], out_path: str | Path, scale: float = 1.0,
                    assets: dict[str, bytes] | None = None) -> tuple[int, int]:
    """Draw ``module``'s map with ``hexes`` filled and outlined; write it as PNG; returns its size."""
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale}")
    ensure_gui_app()
    import math

    from PySide6.QtCore import Qt
    from PySide6.QtGui import QColor, QImage, QPainter, QPen

    from hexwright.runtime.storage import atomic_write_bytes

    map_painter = make_painter_for(module, None, assets)
    rect = map_painter.map_rect()
    image = QImage(math.ceil(rect.width() * scale), math.ceil(rect.height() * scale),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    try:
        painter.scale(scale, scale)
        painter.translate(-rect.left(), -rect.top())
        map_painter.paint(painter, None)
        pen = QPen(QColor(*OUTLINE), 4.0)
        map_painter.paint_overlay_hexes(painter, list(hexes), QColor(*HIGHLIGHT), pen)
    finally:
        painter.end()
    atomic_write_bytes(Path(out_path), png_bytes(image))
    return image.width(), image.height()
