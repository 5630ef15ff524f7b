"""Print and play: counter sheets and charts as PDF (and sheet pages as images).

Counters are laid out in a grid centred on the page at the chosen size (1/2", 5/8"…).
Each sheet is two PDF pages: the fronts, then the backs with every row mirrored left to
right, so that a duplex print flipped on the long edge puts each back behind its front.
Units come first (front = step 1, back = step 2 or the blank back of a one-step unit;
a unit with more steps gets one more counter per two steps, next to the first: step 3
with step 4 behind it, and so on, an odd last step with a blank back), then markers (their two faces), then chits (all with the same neutral back, so a chit
drawn from a cup does not show what it is before it is turned).

Files are written whole through :func:`runtime.storage.atomic_write_bytes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPageSize, QPainter, QPdfWriter, QPen

from hexwright.runtime.model import Module
from hexwright.runtime.storage import atomic_write_bytes
from hexwright.runtime.ui.chart_painter import build_chart, chart_refs, chart_size, paint_chart
from hexwright.runtime.ui.counter_painter import (
    back_face,
    draw_text,
    paint_chit,
    paint_counter,
    paint_face,
    paint_marker,
)
from hexwright.runtime.ui.jobs import Report

PAGE_SIZES = {"letter": (8.5, 11.0, QPageSize.Letter), "a4": (210 / 25.4, 297 / 25.4, QPageSize.A4)}
COUNTER_SIZES = {'1/2"': 0.5, '9/16"': 0.5625, '5/8"': 0.625, '3/4"': 0.75, '1"': 1.0}
CUT_LINE = QColor("#9a9a9a")
CHIT_BACK = QColor("#6d6d6d")


@dataclass(frozen=True)
class SheetItem:
    """One counter on a sheet: ``kind`` is ``piece``, ``marker`` or ``chit``; a unit's
    ``step`` is the step on its front (0, or 2, 4… for the extra counters of a unit
    with more than two steps), its back shows the next step."""

    kind: str
    id: str
    step: int = 0


@dataclass(frozen=True)
class SheetLayout:
    """Counters of ``counter_in`` inches in ``cols`` × ``rows``, centred on the page."""

    page_w_in: float
    page_h_in: float
    counter_in: float
    cols: int
    rows: int
    left_in: float
    top_in: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int, back: bool, dpi: float) -> QRectF:
        """Where counter ``index`` (on its page) goes, in device pixels; backs are mirrored."""
        row, col = divmod(index % self.per_page, self.cols)
        if back:
            col = self.cols - 1 - col
        size = self.counter_in * dpi
        return QRectF((self.left_in + col * self.counter_in) * dpi, (self.top_in + row * self.counter_in) * dpi,
                      size, size)


def sheet_layout(counter_in: float = 0.5, page: str = "letter", margin_in: float = 0.5) -> SheetLayout:
    if page not in PAGE_SIZES:
        raise ValueError(f"unknown page size {page!r} (expected {', '.join(PAGE_SIZES)})")
    if not 0.25 <= counter_in <= 2.0:
        raise ValueError(f"counter size {counter_in} in is outside 1/4\"–2\"")
    w, h, _ = PAGE_SIZES[page]
    footer_in = 0.3
    cols = int((w - 2 * margin_in) // counter_in + 1e-9)
    rows = int((h - 2 * margin_in - footer_in) // counter_in + 1e-9)
    left = (w - cols * counter_in) / 2  # centred, so the mirrored backs land behind the fronts
    top = (h - footer_in - rows * counter_in) / 2
    return SheetLayout(w, h, counter_in, cols, rows, left, top)


def sheet_items(module: Module) -> list[SheetItem]:
    """Every counter to print: units, then markers (each copy), then chits."""
    p = module.pieces
    items = [SheetItem("piece", pid, step) for pid, piece in p.pieces.items()
             for step in range(0, max(1, len(piece.steps)), 2)]
    for mid, marker in p.markers.items():
        items += [SheetItem("marker", mid)] * marker.count
    items += [SheetItem("chit", cid) for cid in p.chits]
    return items


def page_count(module: Module, layout: SheetLayout) -> int:
    """Sheets needed (each printed as a front page and a back page)."""
    return max(1, -(-len(sheet_items(module)) // layout.per_page))


def _paint_item(painter: QPainter, rect: QRectF, module: Module, item: SheetItem, back: bool,
                assets: dict[str, bytes] | None) -> None:
    if item.kind == "piece":
        if back:  # the next step, or the blank back after the last one
            paint_face(painter, rect, back_face(module, item.id, item.step), assets)
        else:
            paint_counter(painter, rect, module, item.id, item.step, assets)
    elif item.kind == "marker":
        marker = module.pieces.markers[item.id]
        if back and len(marker.faces) < 2:
            painter.fillRect(rect, QColor("#ffffff"))
        else:
            paint_marker(painter, rect, module, item.id, 1 if back else 0, assets)
    elif back:
        painter.fillRect(rect, CHIT_BACK)
        draw_text(painter, rect, "?", rect.height() * 0.5, QColor("#ffffff"), True)
    else:
        paint_chit(painter, rect, module, item.id, assets)


def paint_sheet_page(painter: QPainter, module: Module, layout: SheetLayout, sheet: int, back: bool, dpi: float,
                     assets: dict[str, bytes] | None = None) -> None:
    """Draw sheet ``sheet`` (fronts, or mirrored backs) on a page ``dpi`` pixels to the inch."""
    items = sheet_items(module)[sheet * layout.per_page:(sheet + 1) * layout.per_page]
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing, True)
    for i, item in enumerate(items):
        _paint_item(painter, layout.slot(i, back, dpi), module, item, back, assets)
    pen = QPen(CUT_LINE, max(1.0, dpi / 300))
    painter.setPen(pen)
    used_rows = -(-len(items) // layout.cols) if items else 0
    for i in range(len(items)):
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(layout.slot(i, back, dpi))
    side = "backs (mirrored for duplex, flip on long edge)" if back else "fronts"
    footer = QRectF(layout.left_in * dpi, (layout.page_h_in - 0.45) * dpi,
                    (layout.page_w_in - 2 * layout.left_in) * dpi, 0.25 * dpi)
    draw_text(painter, footer, f"{module.meta.title} — counter sheet {sheet + 1}, {side} — "
              f"{layout.counter_in:g} in counters, {used_rows} rows", 0.11 * dpi, QColor("#555555"), False,
              Qt.AlignLeft | Qt.AlignVCenter)
    painter.restore()


def counter_sheet_image(module: Module, sheet: int = 0, back: bool = False, counter_in: float = 0.5,
                        page: str = "letter", dpi: float = 150, assets: dict[str, bytes] | None = None) -> QImage:
    """One sheet page as an image, the same layout as the PDF."""
    layout = sheet_layout(counter_in, page)
    image = QImage(round(layout.page_w_in * dpi), round(layout.page_h_in * dpi), QImage.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    paint_sheet_page(painter, module, layout, sheet, back, dpi, assets)
    painter.end()
    return image


def _pdf_writer(buffer: QBuffer, page: str, dpi: int, title: str) -> QPdfWriter:
    writer = QPdfWriter(buffer)
    writer.setPageSize(QPageSize(PAGE_SIZES[page][2]))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0))
    writer.setResolution(dpi)
    writer.setTitle(title)
    writer.setCreator("Hexwright")
    return writer


def counter_sheets_pdf(module: Module, counter_in: float = 0.5, page: str = "letter", dpi: int = 600,
                       assets: dict[str, bytes] | None = None, progress: Report | None = None) -> bytes:
    """The counter sheets as PDF bytes: fronts on odd pages, mirrored backs on the page after.

    ``progress(done, total)`` is called before each page (it may raise to stop: Cancel)."""
    layout = sheet_layout(counter_in, page)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    writer = _pdf_writer(buffer, page, dpi, f"{module.meta.title} — counters")
    sheets = page_count(module, layout)
    painter = QPainter(writer)
    try:
        for sheet in range(sheets):
            for back in (False, True):
                if progress is not None:
                    progress(2 * sheet + back, 2 * sheets)
                if sheet or back:
                    writer.newPage()
                paint_sheet_page(painter, module, layout, sheet, back, dpi, assets)
    finally:
        painter.end()
    buffer.close()
    return bytes(data)


def write_counter_sheets_pdf(module: Module, path: str | Path, counter_in: float = 0.5, page: str = "letter",
                             assets: dict[str, bytes] | None = None, progress: Report | None = None) -> None:
    atomic_write_bytes(Path(path), counter_sheets_pdf(module, counter_in, page, assets=assets, progress=progress))


def charts_pdf(module: Module, refs: list[str] | None = None, page: str = "letter", dpi: int = 300,
               progress: Report | None = None) -> bytes:
    """Each chart on its own page, at 10 pt text, shrunk to fit the page if it is too wide.

    ``progress(done, total)`` is called before each page (it may raise to stop: Cancel)."""
    refs = chart_refs(module) if refs is None else refs
    w_in, h_in, _ = PAGE_SIZES[page]
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    writer = _pdf_writer(buffer, page, dpi, f"{module.meta.title} — charts")
    painter = QPainter(writer)
    px = 10 / 72 * dpi
    margin = 0.5 * dpi
    try:
        for i, ref in enumerate(refs):
            if progress is not None:
                progress(i, len(refs))
            if i:
                writer.newPage()
            chart = build_chart(module, ref)
            size = chart_size(chart, px, writer)
            scale = min(1.0, (w_in * dpi - 2 * margin) / size.width(), (h_in * dpi - 2 * margin) / size.height())
            painter.save()
            painter.translate(margin, margin)
            painter.scale(scale, scale)
            paint_chart(painter, QPointF(0, 0), chart, px)
            painter.restore()
    finally:
        painter.end()
    buffer.close()
    return bytes(data)


def write_charts_pdf(module: Module, path: str | Path, refs: list[str] | None = None, page: str = "letter",
                     progress: Report | None = None) -> None:
    atomic_write_bytes(Path(path), charts_pdf(module, refs, page, progress=progress))
