"""Symbol fields cut to their terrain's natural shape (woods' crowns, rough's rocks...).

A field is a stamp per hex (:class:`~.textures.Texture`), and the stamps of neighbouring
hexes of one terrain overlap, so they cannot be cut hex by hex: on a raster device they go
unclipped into a scratch image, and the shape is filled with that image as its brush
(a hard-edged fill through a texture costs less than the same image drawn through the
shape as a clip, and drawing each stamp through a path clip costs ten times as much). The
scratch image is kept from paint to paint: allocating a fresh one costs more than drawing
into it. On a vector device (PDF, printer) each stamp goes through the shape as a clip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QBrush, QImage, QPaintEngine, QPainter, QPainterPath, QTransform

from .textures import Texture

Point = tuple[float, float]
KEEP_PIXELS = 4_000_000
"""A scratch image up to this many pixels is kept for the next paint (a view's repaints);
a bigger one (an export band at print resolution) is let go after use."""


class FieldLayer:
    """Paints symbol fields through one reused scratch image."""

    def __init__(self) -> None:
        self._scratch: QImage | None = None

    def paint(self, painter: QPainter, tex: Texture, members: list[int], fill: QPainterPath,
              corners: Callable[[int], Sequence[Point]], center: Callable[[int], Point], scale: float) -> None:
        """The field of the hexes ``members`` (``corners``, ``center``: their geometry in map
        pixels; ``scale``: device pixels per map pixel), cut to their terrain's shape ``fill``."""
        box = _device_box(painter, fill)
        if box.isEmpty():
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # a hard clip is far cheaper
            painter.setClipPath(fill, Qt.ClipOperation.IntersectClip)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            for i in members:
                tex.paint(painter, i, corners(i), center(i), scale)
            painter.restore()
            return
        transform = painter.worldTransform()
        layer = self._layer(box.width(), box.height())
        p = QPainter(layer)
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        p.fillRect(QRect(0, 0, box.width(), box.height()), Qt.GlobalColor.transparent)
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform,
                        painter.testRenderHint(QPainter.RenderHint.SmoothPixmapTransform))
        p.setWorldTransform(transform * QTransform.fromTranslate(-box.left(), -box.top()))
        for i in members:
            tex.paint(p, i, corners(i), center(i), scale)
        p.end()
        brush = QBrush(layer)
        brush.setTransform(QTransform.fromTranslate(box.left(), box.top()))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setWorldTransform(QTransform())
        painter.setClipRect(box, Qt.ClipOperation.IntersectClip)  # the scratch holds nothing else
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(brush)
        painter.drawPath(transform.map(fill))
        painter.restore()  # (the painter lets go of the brush, so the scratch is not copied when next drawn into)
        del brush
        if layer.width() * layer.height() > KEEP_PIXELS:
            self._scratch = None

    def _layer(self, w: int, h: int) -> QImage:
        """A scratch image at least ``w`` × ``h`` (its content is whatever was drawn last)."""
        s = self._scratch
        if s is None or s.width() < w or s.height() < h:
            grow = 256  # a little room, so a slightly larger box next time does not allocate again
            width = max(w, s.width() if s is not None else 0)
            height = max(h, s.height() if s is not None else 0)
            s = QImage(-(-width // grow) * grow, -(-height // grow) * grow, QImage.Format.Format_ARGB32_Premultiplied)
            self._scratch = s
        return s


def _device_box(painter: QPainter, fill: QPainterPath) -> QRect:
    """Device pixels the field of ``fill`` can cover on a raster device; empty on a vector one."""
    engine = painter.paintEngine()
    device = painter.device()
    if engine is None or engine.type() != QPaintEngine.Type.Raster or device is None:
        return QRect()
    transform = painter.worldTransform()
    bounds = transform.mapRect(fill.boundingRect())
    if painter.hasClipping():
        bounds = bounds.intersected(transform.mapRect(painter.clipBoundingRect()))
    return bounds.toAlignedRect().intersected(QRect(0, 0, device.width(), device.height()))
