"""Headless rendering of a module's map to a QImage or a PNG file (``hexwright render``)."""

from __future__ import annotations

import math
import os
from pathlib import Path

from hexwright.runtime.model import Module

from .layers import Layers


def ensure_gui_app():
    """The running QGuiApplication, or a new one (offscreen when there is no display)."""
    if not os.environ.get("QT_QPA_PLATFORM") and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        app = QGuiApplication([])
    return app


def make_painter_for(module: Module, layers: Layers | None = None, assets: dict[str, bytes] | None = None):
    """A MapPainter for ``module``'s map, with its sides' colours."""
    from .map_painter import MapPainter

    side_colors = {sid: side.color for sid, side in module.pieces.sides.items()}
    return MapPainter(module.map, layers, side_colors=side_colors, assets=assets)


def render_image(module: Module, scale: float = 1.0, layers: Layers | None = None,
                 assets: dict[str, bytes] | None = None):
    """The whole map (plus its margin) on white, ``scale`` image pixels per map pixel."""
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale}")
    ensure_gui_app()
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter

    map_painter = make_painter_for(module, layers, assets)
    rect = map_painter.map_rect()
    width, height = math.ceil(rect.width() * scale), math.ceil(rect.height() * scale)
    if width * height > 400_000_000:
        raise ValueError(f"a {width}x{height} image is too big to render; use a smaller scale")
    image = QImage(width, height, QImage.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise MemoryError(f"could not allocate a {width}x{height} image")
    image.fill(Qt.white)
    painter = QPainter(image)
    try:
        painter.scale(scale, scale)
        painter.translate(-rect.left(), -rect.top())
        map_painter.paint(painter, None)
    finally:
        painter.end()
    return image


def png_bytes(image) -> bytes:
    """``image`` encoded as PNG."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError("could not encode the map as PNG")
    buffer.close()
    return bytes(data.data())


def render_png(module: Module, out_path: str | Path, scale: float = 1.0, layers: Layers | None = None,
               assets: dict[str, bytes] | None = None) -> tuple[int, int]:
    """Render the map to a PNG at ``out_path`` (written atomically); returns ``(width, height)``."""
    from hexwright.runtime.storage import atomic_write_bytes

    image = render_image(module, scale, layers, assets)
    atomic_write_bytes(Path(out_path), png_bytes(image))
    return image.width(), image.height()
