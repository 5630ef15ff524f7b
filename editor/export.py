"""Printing the map: PNG at a chosen DPI, SVG, and PDF at print size tiled over pages.

Print size is set by the width of a hex across its flats (the usual way wargame maps
are measured; 0.75 in by default), so a map prints at the size of the printed game.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

from hexwright.runtime.model import Module
from hexwright.runtime.storage import atomic_write_bytes
from hexwright.runtime.ui.jobs import Report
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.render_image import make_painter_for, png_bytes

SQRT3 = math.sqrt(3.0)
DEFAULT_HEX_INCHES = 0.75
BAND_PX = 256
"""A PNG is painted in bands of this many pixel rows, reporting progress after each."""



def inches_per_map_pixel(module: Module, hex_inches: float = DEFAULT_HEX_INCHES) -> float:
    return hex_inches / (SQRT3 * module.map.grid.hex_size)


def export_png(module: Module, path: Path, dpi: int = 150, hex_inches: float = DEFAULT_HEX_INCHES,
               layers: Layers | None = None, assets: dict[str, bytes] | None = None,
               progress: Report | None = None) -> tuple[int, int]:
    """Write the whole map as a PNG at ``dpi``; returns the image size in pixels.

    The image is painted in bands of whole pixel rows (the same pixels as one pass), calling
    ``progress`` after each; nothing is written until the last band is done."""
    mp = make_painter_for(module, layers, assets)
    rect = mp.map_rect()
    scale = dpi * inches_per_map_pixel(module, hex_inches)
    w, h = math.ceil(rect.width() * scale), math.ceil(rect.height() * scale)
    if w * h > 400_000_000:
        raise ValueError(f"a {w}×{h} image is too big; choose a lower DPI")
    image = QImage(w, h, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.white)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    bands = max(1, math.ceil(h / BAND_PX))
    painter = QPainter(image)
    try:
        painter.scale(scale, scale)
        painter.translate(-rect.left(), -rect.top())
        for band in range(bands):
            if progress is not None:
                progress(band, bands + 1)
            top, bottom = band * BAND_PX, min(h, (band + 1) * BAND_PX)  # whole device rows
            clip = QRectF(rect.left(), rect.top() + top / scale, rect.width(), (bottom - top) / scale)
            painter.save()
            painter.setClipRect(clip)
            mp.paint(painter, clip)
            painter.restore()
    finally:
        painter.end()
    if progress is not None:
        progress(bands, bands + 1)  # the encoding is the last step
    atomic_write_bytes(Path(path), png_bytes(image))
    return w, h


def export_svg(module: Module, path: Path, layers: Layers | None = None,
               assets: dict[str, bytes] | None = None, progress: Report | None = None) -> None:
    """Write the map as SVG in map pixels (vector: terrain, lines, glyphs and text).

    Drawn in one pass (bands would cut every vector path at their seams); ``progress`` is
    called before and after it, so a Cancel meanwhile writes nothing."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtSvg import QSvgGenerator

    mp = make_painter_for(module, layers, assets)
    rect = mp.map_rect()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buffer)
    gen.setSize(rect.size().toSize())
    gen.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
    gen.setTitle(module.meta.title)
    if progress is not None:
        progress(0, 2)
    painter = QPainter(gen)
    try:
        painter.translate(-rect.left(), -rect.top())
        mp.paint(painter, None)
    finally:
        painter.end()
    buffer.close()
    if progress is not None:
        progress(1, 2)
    atomic_write_bytes(Path(path), bytes(data.data()))


def export_pdf(module: Module, path: Path, hex_inches: float = DEFAULT_HEX_INCHES, page: str = "A4",
               margin_mm: float = 10.0, layers: Layers | None = None,
               assets: dict[str, bytes] | None = None, progress: Report | None = None) -> int:
    """Write the map at print size to a PDF, tiled over as many pages as it needs.

    Tiles overlap by nothing; each page's printable area shows the next piece of the map.
    Returns the number of pages.
    """
    mp = make_painter_for(module, layers, assets)
    rect = mp.map_rect()
    per_px = inches_per_map_pixel(module, hex_inches)
    map_w_in, map_h_in = rect.width() * per_px, rect.height() * per_px
    size = QPageSize(QPageSize.A4 if page.upper() == "A4" else QPageSize.Letter)
    layout = QPageLayout(size, QPageLayout.Portrait, QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm),
                         QPageLayout.Millimeter)
    full = layout.paintRect(QPageLayout.Inch)
    # Landscape if the map fits in fewer pages that way.
    def pages(w: float, h: float) -> int:
        return math.ceil(map_w_in / w) * math.ceil(map_h_in / h)
    if pages(full.height(), full.width()) < pages(full.width(), full.height()):
        layout.setOrientation(QPageLayout.Landscape)
        full = layout.paintRect(QPageLayout.Inch)
    cols, rows = math.ceil(map_w_in / full.width()), math.ceil(map_h_in / full.height())
    tmp = Path(path).with_name(f".{Path(path).name}.tmp")
    writer = QPdfWriter(str(tmp))
    writer.setPageLayout(layout)
    writer.setResolution(300)
    writer.setTitle(module.meta.title)
    dots = writer.resolution()
    painter = QPainter(writer)
    try:
        tile_w, tile_h = full.width() / per_px, full.height() / per_px  # map pixels per page
        for r in range(rows):
            for c in range(cols):
                if progress is not None:
                    progress(r * cols + c, rows * cols)
                if r or c:
                    writer.newPage()
                painter.save()
                painter.scale(dots * per_px, dots * per_px)
                painter.translate(-rect.left() - c * tile_w, -rect.top() - r * tile_h)
                clip = QRectF(rect.left() + c * tile_w, rect.top() + r * tile_h, tile_w, tile_h)
                painter.setClipRect(clip)
                painter.fillRect(clip.intersected(rect), Qt.white)
                mp.paint(painter, clip)
                painter.restore()
    except BaseException:
        painter.end()
        tmp.unlink(missing_ok=True)  # cancelled or failed: no half-written PDF left behind
        raise
    painter.end()
    tmp.replace(path)
    return cols * rows
