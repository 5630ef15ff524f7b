"""The print-and-play kit: one PDF with a cover, the map, the duplex counter sheets, the charts
and the scenario's setup sheet (``hexwright print``).

Every page is a :class:`KitPage`: a size in inches and a function that paints it at any
resolution, so the same pages go to the PDF and to PNG previews. Pages share one trim size
(Letter or A4) plus an optional bleed, with crop marks at the trim corners when there is
bleed; the map is either tiled over such pages at print size, each tile repeating a strip
of its neighbour (the overlap, shaded, with alignment marks), or drawn on one large page.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from hexwright.runtime.model import Module

from .board_art import board_painter, board_rect, layout_for, paint_board
from .chart_painter import Cell, Chart, Row, build_chart, chart_refs, chart_size, paint_chart
from .counter_painter import paint_counter, values_text
from .jobs import Report
from .print_sheets import PAGE_SIZES, page_count, paint_sheet_page, sheet_layout
from .render_image import ensure_gui_app

SQRT3 = math.sqrt(3.0)
INK = QColor("#1f1b16")
ACCENT = QColor("#7a2e1a")
PAPER_TINT = QColor("#f6f1e4")
OVERLAP_TINT = QColor(122, 46, 26, 28)
MARGIN_IN = 0.4
OVERLAP_IN = 0.3

Paint = Callable[[QPainter, float], None]
"""Paints a page at ``dpi`` device pixels per inch, origin at the page's top-left corner."""


@dataclass
class KitPage:
    title: str
    width_in: float
    height_in: float
    paint: Paint


@dataclass(frozen=True)
class KitOptions:
    page: str = "letter"
    bleed_in: float = 0.0
    hex_in: float = 0.75
    counter_in: float = 0.625
    map_mode: str = "tiled"
    """``tiled`` over trim-size pages, or ``single``: one page as large as the map."""


def _font(px: float, bold: bool = False, italic: bool = False, serif: bool = False) -> QFont:
    font = QFont("DejaVu Serif" if serif else "DejaVu Sans")
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    font.setItalic(italic)
    return font


def _text(painter: QPainter, rect: QRectF, text: str, px: float, flags: int, *, bold: bool = False,
          italic: bool = False, serif: bool = False, color: QColor = INK) -> None:
    painter.setFont(_font(px, bold, italic, serif))
    painter.setPen(color)
    painter.drawText(rect, flags, text)


def _crop_marks(painter: QPainter, w_in: float, h_in: float, bleed: float, dpi: float) -> None:
    """Short lines outside the trim corners, in the bleed (only when there is bleed)."""
    if bleed <= 0:
        return
    painter.save()
    painter.setPen(QPen(QColor("#000000"), max(1.0, dpi / 300)))
    length = min(bleed, 0.25) * dpi
    for x in (bleed, w_in - bleed):
        for y in (bleed, h_in - bleed):
            sx, sy = x * dpi, y * dpi
            dx = -1 if x == bleed else 1
            dy = -1 if y == bleed else 1
            painter.drawLine(QPointF(sx + dx * 2, sy), QPointF(sx + dx * length, sy))
            painter.drawLine(QPointF(sx, sy + dy * 2), QPointF(sx, sy + dy * length))
    painter.restore()


def _footer(painter: QPainter, module: Module, trim: QRectF, dpi: float, text: str) -> None:
    rect = QRectF(trim.left() + MARGIN_IN * dpi, trim.bottom() - 0.35 * dpi, trim.width() - 2 * MARGIN_IN * dpi,
                  0.22 * dpi)
    painter.setPen(QPen(QColor("#b8ae98"), max(1.0, dpi / 200)))
    painter.drawLine(rect.topLeft(), rect.topRight())
    _text(painter, rect, module.meta.title, 0.1 * dpi, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom),
          italic=True, color=QColor("#6b6356"))
    _text(painter, rect, text, 0.1 * dpi, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom),
          color=QColor("#6b6356"))


def _heading(painter: QPainter, trim: QRectF, dpi: float, title: str, subtitle: str = "") -> float:
    """A page heading with a rule under it; returns the y (device px) below it."""
    x, y = trim.left() + MARGIN_IN * dpi, trim.top() + MARGIN_IN * dpi
    w = trim.width() - 2 * MARGIN_IN * dpi
    _text(painter, QRectF(x, y, w, 0.4 * dpi), title, 0.26 * dpi,
          int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), bold=True, serif=True, color=ACCENT)
    if subtitle:
        _text(painter, QRectF(x, y, w, 0.4 * dpi), subtitle, 0.11 * dpi,
              int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), italic=True)
    painter.setPen(QPen(ACCENT, max(1.0, dpi / 100)))
    painter.drawLine(QPointF(x, y + 0.45 * dpi), QPointF(x + w, y + 0.45 * dpi))
    return y + 0.6 * dpi


class Kit:
    """Builds the pages of one module's kit."""

    def __init__(self, module: Module, scenario_id: str | None, options: KitOptions,
                 assets: dict[str, bytes] | None = None):
        if options.page not in PAGE_SIZES:
            raise ValueError(f"unknown page size {options.page!r} (expected {', '.join(PAGE_SIZES)})")
        if not 0 <= options.bleed_in <= 0.5:
            raise ValueError(f"bleed must be between 0 and 0.5 in, not {options.bleed_in}")
        if not 0.3 <= options.hex_in <= 3:
            raise ValueError(f"hex size must be between 0.3 and 3 in, not {options.hex_in}")
        if options.map_mode not in ("tiled", "single"):
            raise ValueError(f"map mode must be 'tiled' or 'single', not {options.map_mode!r}")
        self.module, self.scenario_id, self.options, self.assets = module, scenario_id, options, assets
        trim_w, trim_h, _ = PAGE_SIZES[options.page]
        self.trim_w, self.trim_h = trim_w, trim_h
        self.page_w, self.page_h = trim_w + 2 * options.bleed_in, trim_h + 2 * options.bleed_in
        self.layout = layout_for(module, scenario_id)
        self.map_painter = board_painter(module, assets)
        self.board = board_rect(module, self.layout, self.map_painter)
        self.inch_per_px = options.hex_in / (SQRT3 * module.map.grid.hex_size)

    # -- frame ---------------------------------------------------------------------

    def trim(self, dpi: float) -> QRectF:
        b = self.options.bleed_in
        return QRectF(b * dpi, b * dpi, self.trim_w * dpi, self.trim_h * dpi)

    def _page(self, title: str, body: Callable[[QPainter, QRectF, float], None], footer: str) -> KitPage:
        def paint(painter: QPainter, dpi: float) -> None:
            trim = self.trim(dpi)
            painter.fillRect(QRectF(0, 0, self.page_w * dpi, self.page_h * dpi), QColor("#ffffff"))
            body(painter, trim, dpi)
            if footer:
                _footer(painter, self.module, trim, dpi, footer)
            _crop_marks(painter, self.page_w, self.page_h, self.options.bleed_in, dpi)
        return KitPage(title, self.page_w, self.page_h, paint)

    # -- pages ---------------------------------------------------------------------

    def pages(self) -> list[KitPage]:
        pages = [self.cover()]
        pages += self.map_pages()
        pages += self.counter_pages()
        pages += self.chart_pages()
        if self.scenario_id is not None:
            pages.append(self.setup_page())
        return pages

    def contents(self) -> list[str]:
        m = self.module
        counters = len(m.pieces.pieces) + sum(k.count for k in m.pieces.markers.values()) + len(m.pieces.chits)
        out = [f"Map — {m.map.grid.cols}×{m.map.grid.rows} hexes at {self.options.hex_in:g} in, with its boxes "
               f"and tracks", f"Counters — {counters}, duplex sheets of {self.options.counter_in:g} in counters"]
        charts = [build_chart(m, ref).title for ref in chart_refs(m)]
        if charts:
            out.append("Charts — " + ", ".join(charts))
        if self.scenario_id is not None:
            out.append(f"Setup — {m.scenarios[self.scenario_id].name}")
        return out

    def cover(self) -> KitPage:
        m = self.module

        def body(p: QPainter, trim: QRectF, dpi: float) -> None:
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            band = QRectF(trim.left(), trim.top(), trim.width(), 2.3 * dpi)
            p.fillRect(band, ACCENT)
            inner = band.adjusted(0.6 * dpi, 0.35 * dpi, -0.6 * dpi, -0.25 * dpi)
            _text(p, inner, "PRINT AND PLAY", 0.14 * dpi,
                  int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), bold=True, color=QColor("#f3d9b0"))
            _text(p, inner.adjusted(0, 0.25 * dpi, 0, 0), m.meta.title, 0.5 * dpi,
                  int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter) | int(Qt.TextFlag.TextWordWrap),
                  bold=True, serif=True, color=QColor("#ffffff"))
            by = ", ".join(m.meta.authors)
            sub = " · ".join(x for x in (f"version {m.meta.version}", by) if x)
            _text(p, inner, sub, 0.13 * dpi, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom),
                  italic=True, color=QColor("#f3d9b0"))
            # The map in miniature, framed.
            box = QRectF(trim.left() + 0.9 * dpi, band.bottom() + 0.4 * dpi, trim.width() - 1.8 * dpi, 4.6 * dpi)
            scale = min(box.width() / self.board.width(), box.height() / self.board.height())
            w, h = self.board.width() * scale, self.board.height() * scale
            target = QRectF(box.center().x() - w / 2, box.top(), w, h)
            p.fillRect(target.adjusted(-0.06 * dpi, -0.06 * dpi, 0.06 * dpi, 0.06 * dpi), PAPER_TINT)
            p.save()
            p.translate(target.topLeft())
            p.scale(scale, scale)
            p.translate(-self.board.left(), -self.board.top())
            paint_board(p, m, self.layout, self.map_painter)
            p.restore()
            p.setPen(QPen(INK, max(1.0, dpi / 150)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(target.adjusted(-0.06 * dpi, -0.06 * dpi, 0.06 * dpi, 0.06 * dpi))
            y = target.bottom() + 0.35 * dpi
            text_box = QRectF(trim.left() + 0.9 * dpi, y, trim.width() - 1.8 * dpi, 0.9 * dpi)
            if m.meta.description:
                _text(p, text_box, m.meta.description, 0.13 * dpi,
                      int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap),
                      serif=True)
                y += 0.75 * dpi
            _text(p, QRectF(text_box.left(), y, text_box.width(), 0.3 * dpi), "In this kit", 0.16 * dpi,
                  int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), bold=True, serif=True, color=ACCENT)
            y += 0.32 * dpi
            for line in self.contents():
                _text(p, QRectF(text_box.left() + 0.15 * dpi, y, text_box.width(), 0.25 * dpi), "▪  " + line,
                      0.12 * dpi, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop))
                y += 0.24 * dpi
            note = ("Print at 100% (no scaling). Counter sheets are duplex: print the back page on the reverse, "
                    "flipping on the long edge. Map sheets overlap by "
                    f"{OVERLAP_IN:g} in: trim each shaded strip or lay the next sheet over it, matching the marks.")
            _text(p, QRectF(text_box.left(), y + 0.1 * dpi, text_box.width(), 0.6 * dpi), note, 0.1 * dpi,
                  int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap),
                  italic=True, color=QColor("#5a5246"))

        return self._page("Cover", body, "Made with Hexwright")

    def _paint_map(self, p: QPainter, dpi: float, window: QRectF, target: QRectF) -> None:
        """Board area ``window`` (map pixels) into ``target`` (device pixels), clipped."""
        scale = target.width() / window.width()
        p.save()
        p.setClipRect(target)
        p.translate(target.topLeft())
        p.scale(scale, scale)
        p.translate(-window.left(), -window.top())
        paint_board(p, self.module, self.layout, self.map_painter, window)
        p.restore()

    def map_pages(self) -> list[KitPage]:
        k = self.inch_per_px
        board_w_in, board_h_in = self.board.width() * k, self.board.height() * k
        if self.options.map_mode == "single":
            w_in, h_in = board_w_in + 2 * MARGIN_IN, board_h_in + 2 * MARGIN_IN + 0.4

            def paint(p: QPainter, dpi: float) -> None:
                p.fillRect(QRectF(0, 0, w_in * dpi, h_in * dpi), QColor("#ffffff"))
                target = QRectF(MARGIN_IN * dpi, MARGIN_IN * dpi, board_w_in * dpi, board_h_in * dpi)
                self._paint_map(p, dpi, self.board, target)
                _text(p, QRectF(MARGIN_IN * dpi, (h_in - 0.4) * dpi, board_w_in * dpi, 0.3 * dpi),
                      f"{self.module.meta.title} — map, {self.options.hex_in:g} in hexes", 0.12 * dpi,
                      int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), italic=True)
            return [KitPage("Map", w_in, h_in, paint)]
        area_w = self.trim_w - 2 * MARGIN_IN
        area_h = self.trim_h - 2 * MARGIN_IN - 0.45
        step_w, step_h = area_w - OVERLAP_IN, area_h - OVERLAP_IN
        cols = max(1, math.ceil((board_w_in - OVERLAP_IN) / step_w - 1e-9))
        rows = max(1, math.ceil((board_h_in - OVERLAP_IN) / step_h - 1e-9))
        pages = []
        for r in range(rows):
            for c in range(cols):
                pages.append(self._map_tile(r, c, rows, cols, area_w, area_h, step_w, step_h))
        return pages

    def _map_tile(self, r: int, c: int, rows: int, cols: int, area_w: float, area_h: float, step_w: float,
                  step_h: float) -> KitPage:
        k = self.inch_per_px
        name = f"{chr(ord('A') + r)}{c + 1}"

        def body(p: QPainter, trim: QRectF, dpi: float) -> None:
            x0, y0 = trim.left() + MARGIN_IN * dpi, trim.top() + MARGIN_IN * dpi
            window = QRectF(self.board.left() + c * step_w / k, self.board.top() + r * step_h / k, area_w / k,
                            area_h / k)
            target = QRectF(x0, y0, area_w * dpi, area_h * dpi)
            self._paint_map(p, dpi, window, target)
            p.save()
            # The strips this sheet shares with its right and lower neighbours: shaded, dashed edge.
            pen = QPen(ACCENT, max(1.0, dpi / 150), Qt.PenStyle.DashLine)
            if c < cols - 1:
                strip = QRectF(target.right() - OVERLAP_IN * dpi, target.top(), OVERLAP_IN * dpi, target.height())
                p.fillRect(strip, OVERLAP_TINT)
                p.setPen(pen)
                p.drawLine(strip.topLeft(), strip.bottomLeft())
            if r < rows - 1:
                strip = QRectF(target.left(), target.bottom() - OVERLAP_IN * dpi, target.width(), OVERLAP_IN * dpi)
                p.fillRect(strip, OVERLAP_TINT)
                p.setPen(pen)
                p.drawLine(strip.topLeft(), strip.topRight())
            # Registration crosses where the overlap lines meet the sheet edge, on both sheets.
            p.setPen(QPen(INK, max(1.0, dpi / 200)))
            arm = 0.08 * dpi
            marks = []
            if c < cols - 1:
                marks += [(target.right() - OVERLAP_IN * dpi, target.top()),
                          (target.right() - OVERLAP_IN * dpi, target.bottom())]
            if c > 0:
                marks += [(target.left(), target.top()), (target.left(), target.bottom())]
            if r < rows - 1:
                marks += [(target.left(), target.bottom() - OVERLAP_IN * dpi),
                          (target.right(), target.bottom() - OVERLAP_IN * dpi)]
            if r > 0:
                marks += [(target.left(), target.top()), (target.right(), target.top())]
            for x, y in marks:
                p.drawLine(QPointF(x - arm, y), QPointF(x + arm, y))
                p.drawLine(QPointF(x, y - arm), QPointF(x, y + arm))
            p.setPen(QPen(QColor("#8a8170"), max(1.0, dpi / 300)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(target)
            p.restore()
            # Where this sheet goes: a small plan of all sheets.
            cell = 0.12 * dpi
            plan_x = trim.right() - MARGIN_IN * dpi - cols * cell
            plan_y = trim.bottom() - 0.32 * dpi - rows * cell - 0.05 * dpi
            for rr in range(rows):
                for cc in range(cols):
                    rect = QRectF(plan_x + cc * cell, plan_y + rr * cell, cell, cell)
                    p.fillRect(rect, ACCENT if (rr, cc) == (r, c) else PAPER_TINT)
                    p.setPen(QPen(INK, max(1.0, dpi / 300)))
                    p.drawRect(rect)

        return self._page(f"Map {name}", body, f"Map sheet {name} of {rows * cols} (rows A–{chr(ord('A') + rows - 1)}, "
                                               f"columns 1–{cols})")

    def counter_pages(self) -> list[KitPage]:
        layout = sheet_layout(self.options.counter_in, self.options.page)
        pages = []
        for sheet in range(page_count(self.module, layout)):
            for back in (False, True):
                def body(p: QPainter, trim: QRectF, dpi: float, sheet: int = sheet, back: bool = back) -> None:
                    p.save()
                    p.translate(trim.topLeft())
                    paint_sheet_page(p, self.module, layout, sheet, back, dpi, self.assets)
                    p.restore()
                side = "backs" if back else "fronts"
                pages.append(self._page(f"Counters {sheet + 1} {side}", body, ""))
        return pages

    def chart_pages(self) -> list[KitPage]:
        pages = []
        for ref in chart_refs(self.module):
            chart = build_chart(self.module, ref)
            pages.append(self._chart_page(chart.title, chart, ""))
        return pages

    def _chart_page(self, title: str, chart: Chart, subtitle: str) -> KitPage:
        def body(p: QPainter, trim: QRectF, dpi: float) -> None:
            top = _heading(p, trim, dpi, title, subtitle)
            px = 10 / 72 * dpi
            size = chart_size(chart, px, p.device())
            avail = QSizeF(trim.width() - 2 * MARGIN_IN * dpi, trim.bottom() - 0.5 * dpi - top)
            scale = min(1.0, avail.width() / size.width(), avail.height() / size.height())
            p.save()
            p.translate(trim.left() + MARGIN_IN * dpi + (avail.width() - size.width() * scale) / 2, top)
            p.scale(scale, scale)
            paint_chart(p, QPointF(0, 0), chart, px)
            p.restore()
        return self._page(title, body, "Charts and tables")

    def setup_chart(self) -> Chart:
        """The scenario's setup as a table: every unit with where it starts (or arrives)."""
        m = self.module
        assert self.scenario_id is not None
        sc = m.scenarios[self.scenario_id]
        boxes = m.map.boxes
        chart = Chart(title=f"Setup — {sc.name}",
                      subtitle=f"Turns {sc.first_turn}–{sc.last_turn}"
                      + (f"; {m.pieces.sides[sc.first_side].name} moves first" if sc.first_side in m.pieces.sides
                         else ""))
        chart.rows.append(Row([Cell("Side", bold=True), Cell("Unit", bold=True), Cell("Setup", bold=True),
                               Cell("Strength", bold=True), Cell("Note", bold=True)], kind="header"))
        arriving = {r.piece: r for r in sc.reinforcements}
        for side_id, side in m.pieces.sides.items():
            placed = [pl for pl in sc.setup if m.pieces.pieces.get(pl.piece) and m.pieces.pieces[pl.piece].side == side_id]
            later = [r for r in sc.reinforcements if m.pieces.pieces.get(r.piece)
                     and m.pieces.pieces[r.piece].side == side_id]
            if not placed and not later:
                continue
            chart.rows.append(Row([Cell(side.name, bold=True)], kind="section"))
            for pl in placed:
                piece = m.pieces.pieces[pl.piece]
                where = f"hex {pl.hex}" if pl.hex else boxes[pl.box].name if pl.box in boxes else str(pl.box)
                steps = piece.steps
                strength = values_text(steps[pl.step]) if pl.step < len(steps) else "back"
                note = "optional rule: " + m.meta.optional_rules[piece.optional_rule].name \
                    if piece.optional_rule in m.meta.optional_rules else ""
                chart.rows.append(Row([Cell(side.short or side.name), Cell(piece.designation), Cell(where),
                                       Cell(strength), Cell(note)]))
            for rf in later:
                if rf.piece in {pl.piece for pl in placed}:
                    continue
                piece = m.pieces.pieces[rf.piece]
                where = boxes[rf.box].name if rf.box in boxes else (f"hex {rf.hex}" if rf.hex else "")
                chart.rows.append(Row([Cell(side.short or side.name), Cell(piece.designation),
                                       Cell(f"turn {rf.turn}: {where}"), Cell(values_text(piece.steps[0])),
                                       Cell(arriving[rf.piece].note, italic=True)]))
        for mk in sc.markers:
            marker = m.pieces.markers.get(mk.marker)
            track = m.map.tracks.get(mk.track or "")
            where = (f"{track.name}, space {track.spaces[mk.space or 0].label}" if track and track.spaces
                     else f"hex {mk.hex}" if mk.hex else boxes[mk.box].name if mk.box in boxes else "")
            chart.rows.append(Row([Cell("—"), Cell(marker.name if marker else mk.marker), Cell(where), Cell(""),
                                   Cell("marker")]))
        if sc.description:
            chart.notes.append(sc.description)
        if sc.victory_note:
            chart.notes.append("Victory: " + sc.victory_note)
        return chart

    def setup_page(self) -> KitPage:
        chart = self.setup_chart()
        m = self.module

        def body(p: QPainter, trim: QRectF, dpi: float) -> None:
            top = _heading(p, trim, dpi, chart.title, chart.subtitle)
            width = trim.width() - 2 * MARGIN_IN * dpi
            bottom = trim.bottom() - 0.55 * dpi
            # The start on the map, every counter where it stands; the order of battle below it.
            s = min(width / self.board.width(), (bottom - top) * 0.48 / self.board.height())
            target = QRectF(trim.left() + MARGIN_IN * dpi + (width - self.board.width() * s) / 2, top,
                            self.board.width() * s, self.board.height() * s)
            p.save()
            p.setClipRect(target)
            p.translate(target.topLeft())
            p.scale(s, s)
            p.translate(-self.board.left(), -self.board.top())
            paint_board(p, m, self.layout, self.map_painter)
            for placed in self.layout.placed:
                if placed.kind == "piece":
                    half = placed.size / 2
                    paint_counter(p, QRectF(placed.x - half, placed.y - half, placed.size, placed.size), m,
                                  placed.id, 0, self.assets)
            p.restore()
            p.setPen(QPen(INK, max(1.0, dpi / 200)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(target)
            table_top = target.bottom() + 0.2 * dpi
            px = 9 / 72 * dpi
            table = Chart(title="Order of battle", rows=chart.rows, notes=chart.notes)
            size = chart_size(table, px, p.device())
            scale = min(1.0, width / size.width(), (bottom - table_top) / size.height())
            p.save()
            p.translate(trim.left() + MARGIN_IN * dpi + (width - size.width() * scale) / 2, table_top)
            p.scale(scale, scale)
            paint_chart(p, QPointF(0, 0), table, px)
            p.restore()

        return self._page(f"Setup {self.scenario_id}", body, "Scenario setup")


# -- output ---------------------------------------------------------------------------


def kit_pages(module: Module, scenario_id: str | None, options: KitOptions | None = None,
              assets: dict[str, bytes] | None = None) -> list[KitPage]:
    ensure_gui_app()
    return Kit(module, scenario_id, options or KitOptions(), assets).pages()


def page_image(page: KitPage, dpi: float = 100) -> QImage:
    """One page as an image (for previews, docs and tests)."""
    image = QImage(round(page.width_in * dpi), round(page.height_in * dpi), QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        page.paint(painter, dpi)
    finally:
        painter.end()
    return image


def kit_pdf(pages: list[KitPage], title: str, dpi: int = 300, progress: Report | None = None) -> bytes:
    """All pages in one PDF, each at its own size; ``progress(done, total)`` before each page (may raise: Cancel)."""
    if not pages:
        raise ValueError("a kit needs at least one page")
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(dpi)
    writer.setTitle(title)
    writer.setCreator("Hexwright")

    def size_of(page: KitPage) -> QPageLayout:
        size = QPageSize(QSizeF(page.width_in, page.height_in), QPageSize.Unit.Inch, page.title,
                         QPageSize.SizeMatchPolicy.ExactMatch)
        return QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0))

    writer.setPageLayout(size_of(pages[0]))
    painter = QPainter(writer)
    try:
        for i, page in enumerate(pages):
            if progress is not None:
                progress(i, len(pages))
            if i:
                writer.setPageLayout(size_of(page))
                writer.newPage()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            page.paint(painter, dpi)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())
