"""Headless rendering of a module's map to a QImage or a PNG file (``hexwright render``): the
map with its furniture, and the module's off-map boxes and tracks where the play window puts
them, drawn as it draws them (:mod:`.board_art`)."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path

from hexwright.runtime.geometry.pixels import MAX_IMAGE_PIXELS, too_big
from hexwright.runtime.model import Module

from .layers import Layers
from .painter_for import make_painter_for, module_seed, restyle_painter


def ensure_gui_app():
    """The running QGuiApplication, or a new one (offscreen when there is no display)."""
    if not os.environ.get("QT_QPA_PLATFORM") and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        app = QGuiApplication([])
    return app


__all__ = ["BAND_PIXELS", "band_rows", "ensure_gui_app", "make_painter_for", "module_seed", "png_bytes", "render_image", "render_png",
           "restyle_painter"]

BOARD_PAD = 12.0
"""Room around the boxes and tracks drawn beside the map, in map pixels."""


class _Board:
    """What a render draws: the map's painter, and the module's boxes and tracks laid out as the
    play window lays them out on an empty board, in the map's style (with the furniture layer)."""

    def __init__(self, module: Module, map_painter) -> None:
        from .board_art import layout_for, module_regions, region_rects

        self.module, self.map_painter = module, map_painter
        self.layout = layout_for(module, None) if map_painter.layers.furniture else None
        self.regions = module_regions(self.layout) if self.layout is not None else []
        rects = region_rects(self.regions)
        if rects:
            map_painter.set_reserved(rects)  # the title and legend go clear of them, as in play
        rect = map_painter.map_rect()
        if rects:
            for r in rects:
                rect = rect.united(r)
            rect = rect.adjusted(-BOARD_PAD, -BOARD_PAD, BOARD_PAD, BOARD_PAD)
        self.rect = rect

    def paint(self, painter, exposed) -> None:
        self.map_painter.paint(painter, exposed)
        if self.layout is not None and self.regions:
            from .board_art import paint_places

            paint_places(painter, self.module, self.layout, self.regions, self.map_painter.style)


def _sized(module: Module, scale: float, layers: Layers | None, assets: dict[str, bytes] | None,
           style: str | None):
    """What to draw for ``module`` and its rectangle, with the image size at ``scale``
    (refused when the scale is not positive or the image would be too big)."""
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale}")
    ensure_gui_app()
    board = _Board(module, make_painter_for(module, layers, assets, style))
    rect = board.rect
    width, height = math.ceil(rect.width() * scale), math.ceil(rect.height() * scale)
    if width * height > MAX_IMAGE_PIXELS:
        raise ValueError(too_big(width, height, scale))
    return board, rect, width, height


def _paint_rows(board: _Board, rect, scale: float, width: int, top: int, rows: int, clipped: bool,
                into=None):
    """Pixel rows ``top`` to ``top + rows`` of the map image, on white; ``clipped`` paints
    only what falls in them (a band), otherwise the whole map is painted (one image).
    ``into``: an image of that size to paint in (a band painted before), instead of a new one."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    image = into if into is not None else QImage(width, rows, QImage.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise MemoryError(f"could not allocate a {width}x{rows} image")
    image.fill(Qt.white)
    painter = QPainter(image)
    try:
        painter.translate(0, -top)
        painter.scale(scale, scale)
        painter.translate(-rect.left(), -rect.top())
        clip = QRectF(rect.left(), rect.top() + top / scale, rect.width(), rows / scale) if clipped else None
        if clip is not None:
            painter.setClipRect(clip)
        board.paint(painter, clip)
    finally:
        painter.end()
    return image


def render_image(module: Module, scale: float = 1.0, layers: Layers | None = None,
                 assets: dict[str, bytes] | None = None, style: str | None = None):
    """The whole map (plus its margin) with the module's boxes and tracks, on white, ``scale``
    image pixels per map pixel."""
    board, rect, width, height = _sized(module, scale, layers, assets, style)
    return _paint_rows(board, rect, scale, width, 0, height, clipped=False)


def png_bytes(image, opaque: bool = False) -> bytes:
    """``image`` encoded as PNG (zlib level 1; RGB without alpha when ``opaque``)."""
    from .png_encode import encode_png

    return encode_png(image, opaque=opaque)


BAND_PIXELS = 16 << 20
"""``render_png`` paints and encodes this many pixels at a time (64 MiB of ARGB), in whole rows:
each band paints the hexes meeting it and a margin again, so wider bands waste less."""


def band_rows(width: int, band_pixels: int = BAND_PIXELS) -> int:
    """Pixel rows in one band of an image ``width`` pixels wide (at least 64)."""
    return max(64, band_pixels // max(1, width))


def render_png(module: Module, out_path: str | Path, scale: float = 1.0, layers: Layers | None = None,
               assets: dict[str, bytes] | None = None, style: str | None = None,
               progress: Callable[[int, int], None] | None = None, band_pixels: int = BAND_PIXELS,
               workers: int = 1) -> tuple[int, int]:
    """Render the map to a PNG at ``out_path`` (written atomically); returns ``(width, height)``.

    The map is painted in bands of whole pixel rows (:func:`band_rows`), so memory holds a few
    bands and the compressed file, not the whole image. With ``workers`` > 1 (``0``: one per
    processor) the bands are painted by up to that many forked processes at once, where
    :func:`.band_processes.worker_count` finds that safe (Linux, a process with one thread);
    else in this process, each band compressed on a thread while the next is painted. Either
    way the file is the same bytes.
    ``progress(done, total)`` is called before each band and once more when the file is written."""
    from hexwright.runtime.storage import atomic_write_bytes

    from .band_processes import MAX_WORKERS, segments_from_processes, worker_count
    from .png_encode import PngWriter

    board, rect, width, height = _sized(module, scale, layers, assets, style)
    step = band_rows(width, band_pixels)
    bands = max(1, math.ceil(height / step))
    kept: list = [None]  # one image painted band after band: a new one each time made the system zero its pages

    def paint_band(index: int):
        from PySide6.QtGui import QImage

        top = index * step
        rows = min(step, height - top)
        if kept[0] is None or kept[0].height() != rows:
            kept[0] = QImage(width, rows, QImage.Format.Format_RGB32)  # no alpha: quicker to turn into RGB
        return _paint_rows(board, rect, scale, width, top, rows, clipped=True, into=kept[0])

    count = worker_count(bands, workers if workers > 0 else MAX_WORKERS)
    writer = PngWriter(width, height, alpha=False, background=count <= 1)  # a band compressed while the next is painted
    try:
        if count > 1:
            for index, segment in enumerate(segments_from_processes(paint_band, bands, count)):
                if progress is not None:
                    progress(index, bands + 1)
                writer.add_segment(segment)
        else:
            for index in range(bands):
                if progress is not None:
                    progress(index, bands + 1)
                writer.add(paint_band(index))
        if progress is not None:
            progress(bands, bands + 1)
        data = writer.finish()
    finally:
        writer.close()
    atomic_write_bytes(Path(out_path), data)
    if progress is not None:
        progress(bands + 1, bands + 1)
    return width, height
