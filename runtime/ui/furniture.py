"""Map furniture: place names with halos, spot heights, the legend, title cartouche, scale bar, compass.

What is printed and where comes from the module (``map.place_names``, ``map.furniture``,
the terrain effects chart); fonts and colours from the map style.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from hexwright.runtime.model import MapStyle, PlaceName
from hexwright.runtime.model.legend import LegendEntry

from .colors import qcolor

LEGEND_ROW = 0.62
"""Legend row height, in hex sizes."""
LEGEND_WIDTH = 6.8


def style_font(style: MapStyle, px: float, *, serif: bool = False, bold: bool = False,
               italic: bool = False) -> QFont:
    font = QFont(style.fonts.serif_family if serif else style.fonts.family)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    font.setItalic(italic)
    # Unhinted outlines: the same on screen, in print and whatever text was drawn before.
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def text_at(painter: QPainter, text: str, font: QFont, x: float, baseline: float, color: QColor,
            centred: bool = False) -> None:
    """``text`` filled as outlines (like :func:`haloed_text`, so all map text renders the same way)."""
    if centred:
        x -= QFontMetricsF(font).horizontalAdvance(text) / 2
    path = QPainterPath()
    path.addText(QPointF(x, baseline), font, text)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPath(path)
    painter.restore()


def haloed_text(painter: QPainter, text: str, font: QFont, x: float, y: float, color: QColor, halo: QColor,
                halo_width: float, angle: float = 0.0) -> None:
    """``text`` centred on ``x`` with its baseline at ``y``, on a halo that keeps it legible over anything."""
    width = QFontMetricsF(font).horizontalAdvance(text)
    path = QPainterPath()
    path.addText(QPointF(-width / 2, 0), font, text)
    painter.save()
    painter.translate(x, y)
    if angle:
        painter.rotate(-angle)
    if halo.alpha() > 0 and halo_width > 0:
        painter.setPen(QPen(halo, halo_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPath(path)
    painter.restore()


def paint_place_names(painter: QPainter, names: list[tuple[PlaceName, float, float]], style: MapStyle,
                      size: float) -> None:
    """Each name at its map point (already resolved from its hex and offset)."""
    color, halo = qcolor(style.palette.label), qcolor(style.palette.halo)
    water = qcolor(style.palette.water or "#2a5d9c").darker(130)
    for place, x, y in names:
        px = style.fonts.place * size * place.size
        if place.kind == "water":
            font = style_font(style, px, serif=True, italic=True)
            haloed_text(painter, place.text, font, x, y, water, halo, 0.12 * px, place.angle)
        elif place.kind == "hill":
            font = style_font(style, px * 0.85, serif=True, italic=True)
            haloed_text(painter, place.text, font, x, y, color, halo, 0.12 * px, place.angle)
            if place.height is not None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(color)
                painter.drawEllipse(QPointF(x - 0.35 * px, y + 0.62 * px), 0.1 * px, 0.1 * px)
                small = style_font(style, px * 0.7)
                haloed_text(painter, str(place.height), small, x + 0.2 * px, y + 0.85 * px, color, halo, 0.1 * px)
        elif place.kind == "region":
            font = style_font(style, px * 1.1, serif=True)
            font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 130)
            haloed_text(painter, place.text.upper(), font, x, y, color, halo, 0.12 * px, place.angle)
        else:
            font = style_font(style, px, serif=True, bold=True)
            haloed_text(painter, place.text, font, x, y, color, halo, 0.14 * px, place.angle)


LEGEND_HEADS = ("Terrain", "MF", "Combat")
LEGEND_COLUMNS = (1.15, 3.55, 5.2)
"""Where the name, MF and combat columns start at the least, in hex sizes from the legend's left."""


def _legend_columns(entries: list[LegendEntry], size: float, style: MapStyle) -> tuple[tuple[float, ...], float]:
    """The columns' offsets and the legend's width: each column starts a gap after the widest
    text of the one before it (a long MF entry such as "others bridge only, rail 1" pushes the
    combat column right instead of running into it), never left of :data:`LEGEND_COLUMNS`."""
    head = QFontMetricsF(style_font(style, 0.26 * size, bold=True))
    body = QFontMetricsF(style_font(style, 0.24 * size))
    gap = 0.3 * size
    texts = [[e.name for e in entries], [e.movement for e in entries], [e.combat for e in entries]]
    widths = [max([head.horizontalAdvance(title), *(body.horizontalAdvance(t) for t in column if t)])
              for title, column in zip(LEGEND_HEADS, texts)]
    cols: list[float] = []
    for c, least in enumerate(LEGEND_COLUMNS):
        cols.append(max(least * size, cols[-1] + widths[c - 1] + gap if cols else least * size))
    return tuple(cols), max(LEGEND_WIDTH * size, cols[-1] + widths[-1] + gap)


def legend_size(entries: list[LegendEntry], size: float, style: MapStyle) -> tuple[float, float]:
    return _legend_columns(entries, size, style)[1], (len(entries) + 1.6) * LEGEND_ROW * size


def paint_legend(painter: QPainter, entries: list[LegendEntry], x: float, y: float, size: float, style: MapStyle,
                 swatch: Callable[[QPainter, LegendEntry, QRectF], None]) -> None:
    """A framed table: symbol, name, movement cost, combat effect, one row per entry."""
    w, h = legend_size(entries, size, style)
    row = LEGEND_ROW * size
    _frame(painter, QRectF(x, y, w, h), style, size)
    ink = qcolor(style.palette.label)
    head = style_font(style, 0.26 * size, bold=True)
    body = style_font(style, 0.24 * size)
    cols = tuple(x + c for c in _legend_columns(entries, size, style)[0])
    base = y + 0.55 * row + 0.26 * size
    for cx, text in zip(cols, LEGEND_HEADS):
        text_at(painter, text, head, cx, base, ink)
    for n, entry in enumerate(entries):
        top = y + (n + 1.2) * row
        swatch(painter, entry, QRectF(x + 0.2 * size, top + 0.06 * size, 0.8 * size, row - 0.12 * size))
        mid = top + row / 2 + 0.09 * size
        for cx, text in zip(cols, (entry.name, entry.movement, entry.combat)):
            if text:
                text_at(painter, text, body, cx, mid, ink)


def _frame(painter: QPainter, rect: QRectF, style: MapStyle, size: float) -> None:
    painter.setPen(QPen(qcolor(style.palette.label), max(0.04 * size, 0.5)))
    painter.setBrush(qcolor(style.palette.furniture))
    painter.drawRect(rect)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inner = 0.08 * size
    painter.setPen(QPen(qcolor(style.palette.label), max(0.015 * size, 0.3)))
    painter.drawRect(rect.adjusted(inner, inner, -inner, -inner))


def cartouche_size(title: str, subtitle: str, style: MapStyle, size: float) -> tuple[float, float]:
    tw = QFontMetricsF(style_font(style, 0.55 * size, serif=True, bold=True)).horizontalAdvance(title)
    sw = QFontMetricsF(style_font(style, 0.26 * size, serif=True, italic=True)).horizontalAdvance(subtitle)
    return max(tw, sw) + 1.0 * size, (1.9 if subtitle else 1.3) * size


def paint_cartouche(painter: QPainter, title: str, subtitle: str, x: float, y: float, style: MapStyle,
                    size: float) -> None:
    w, h = cartouche_size(title, subtitle, style, size)
    _frame(painter, QRectF(x, y, w, h), style, size)
    ink = qcolor(style.palette.label)
    text_at(painter, title, style_font(style, 0.55 * size, serif=True, bold=True), x + w / 2, y + 0.85 * size, ink,
            centred=True)
    if subtitle:
        text_at(painter, subtitle, style_font(style, 0.26 * size, serif=True, italic=True), x + w / 2,
                y + 1.45 * size, ink, centred=True)


def paint_scale_bar(painter: QPainter, x: float, y: float, hex_step: float, text: str, style: MapStyle,
                    size: float) -> None:
    """Four hexes of alternating black and white, labelled with what one hex measures."""
    ink = qcolor(style.palette.label)
    h = 0.14 * size
    painter.setPen(QPen(ink, max(0.02 * size, 0.4)))
    for k in range(4):
        painter.setBrush(ink if k % 2 == 0 else QColor("#ffffff"))
        painter.drawRect(QRectF(x + k * hex_step, y, hex_step, h))
    font = style_font(style, 0.22 * size)
    for k in range(5):
        text_at(painter, str(k), font, x + k * hex_step, y - 0.08 * size, ink, centred=True)
    if text:
        text_at(painter, text, font, x, y + h + 0.32 * size, ink)


def paint_compass(painter: QPainter, x: float, y: float, size: float, style: MapStyle) -> None:
    """A north arrow: a split needle and an N."""
    ink = qcolor(style.palette.label)
    r = 0.85 * size
    painter.setPen(QPen(ink, max(0.02 * size, 0.4)))
    painter.setBrush(ink)
    painter.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x + 0.22 * r, y), QPointF(x, y)]))
    painter.setBrush(QColor("#ffffff"))
    painter.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x - 0.22 * r, y), QPointF(x, y)]))
    painter.drawPolygon(QPolygonF([QPointF(x, y + r), QPointF(x + 0.22 * r, y), QPointF(x, y)]))
    painter.setBrush(ink)
    painter.drawPolygon(QPolygonF([QPointF(x, y + r), QPointF(x - 0.22 * r, y), QPointF(x, y)]))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QPointF(x, y), 0.45 * r, 0.45 * r)
    text_at(painter, "N", style_font(style, 0.4 * size, serif=True, bold=True), x, y - r - 0.08 * size, ink,
            centred=True)
