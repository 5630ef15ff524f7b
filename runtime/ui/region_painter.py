"""Off-map boxes, piles and track spaces drawn in the map's style, like the map's furniture.

One painter for the play window, the VASSAL board and the print kit, so boxes and tracks
look the same everywhere and belong to the map they sit beside: the style's furniture
paper, its ink, its fonts. In ``classic`` a box is a tinted panel with a rounded frame (as
before styles existed); in ``modern`` it is framed like the legend and the cartouche (a
rule and a hairline inside it) with its title in the style's serif small capitals, and a
track space is a cell with its number set large and light, as printed tracks are.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from hexwright.runtime.model import MapStyle

from .colors import qcolor
from .furniture import style_font

BOX_FILL = QColor("#f4efe0")
TRACK_FILL = QColor("#fbf8ee")
INK = QColor("#2a2418")
EDGE = QColor("#5a5040")


def paint_region_box(painter: QPainter, rect: QRectF, title: str, kind: str, style: MapStyle | None,
                     note: str = "", scale_px: float = 1.0) -> None:
    """A box, pile or track space (``kind`` ``track`` for a space, whose ``title`` is its own label)."""
    if style is None or style.symbols != "modern":
        _classic(painter, rect, title, kind, note, scale_px)
    else:
        _modern(painter, rect, title, kind, style, note, scale_px)


def _classic(painter: QPainter, r: QRectF, title: str, kind: str, note: str, scale_px: float) -> None:
    track = kind == "track"
    painter.save()
    painter.setBrush(TRACK_FILL if track else BOX_FILL)
    painter.setPen(QPen(EDGE, 1.2 * scale_px))
    radius = 0 if track else 3 * scale_px
    painter.drawRoundedRect(r, radius, radius)
    font = QFont()
    font.setPixelSize(max(1, round((10 if track else 11) * scale_px)))
    font.setBold(not track)
    painter.setFont(font)
    painter.setPen(INK)
    text = title + (f" — {note}" if note else "")
    flags = (Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop) if track else \
        (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    painter.drawText(r.adjusted(4 * scale_px, 1, -4 * scale_px, 0), int(flags) | int(Qt.TextFlag.TextWordWrap), text)
    painter.restore()


def _modern(painter: QPainter, r: QRectF, title: str, kind: str, style: MapStyle, note: str, scale_px: float) -> None:
    ink = qcolor(style.palette.label)
    paper = qcolor(style.palette.furniture)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if kind == "track":
        painter.setPen(QPen(ink, 0.8 * scale_px))
        painter.setBrush(paper)
        painter.drawRect(r)
        number = QColor(ink)
        number.setAlphaF(0.35)
        px, text = track_label_fit(title, r, lambda size: QFontMetricsF(style_font(style, size, serif=True, bold=True)))
        painter.setFont(style_font(style, px, serif=True, bold=True))
        painter.setPen(number)
        painter.drawText(r, int(Qt.AlignmentFlag.AlignCenter), text)
        painter.restore()
        return
    painter.setPen(QPen(ink, 1.4 * scale_px))
    painter.setBrush(paper)
    painter.drawRect(r)
    inner = 2.5 * scale_px
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(ink, 0.5 * scale_px))
    painter.drawRect(r.adjusted(inner, inner, -inner, -inner))
    font = style_font(style, 10.5 * scale_px, serif=True, bold=True)
    font.setCapitalization(QFont.Capitalization.SmallCaps)
    font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
    painter.setFont(font)
    painter.setPen(ink)
    text = title + (f" — {note}" if note else "")
    painter.drawText(r.adjusted(6 * scale_px, 3 * scale_px, -6 * scale_px, 0),
                     int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap), text)
    painter.restore()


def track_label_fit(title: str, r: QRectF, metrics: Callable[[float], QFontMetricsF]) -> tuple[float, str]:
    """The pixel size and text of a track space's label that fit its cell: a number set large
    (as printed tracks are), a word or two ("Light overcast") smaller, on two lines when that
    lets it be bigger; never wider than the cell."""
    size = min(r.height() * 0.42, r.width() * 0.5)
    room = r.width() * 0.9

    def fitted(lines: list[str], tallest: float) -> float:
        widest = max(metrics(size).horizontalAdvance(line) for line in lines)
        return min(size, tallest, size * room / widest) if widest > 0 else size

    best = (fitted([title], size), title)
    words = title.split()
    for cut in range(1, len(words)):
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        two = fitted(lines, r.height() * 0.36)
        if two > best[0]:
            best = (two, "\n".join(lines))
    return best


def paint_track_title(painter: QPainter, text: str, x: float, y: float, style: MapStyle | None,
                      scale_px: float = 1.0) -> None:
    """A track's name, just above its first space (baseline at ``y``)."""
    painter.save()
    if style is None or style.symbols != "modern":
        font = QFont()
        font.setPixelSize(max(1, round(12 * scale_px)))
        font.setBold(True)
        painter.setPen(INK)
    else:
        font = style_font(style, 12 * scale_px, serif=True, bold=True)
        font.setCapitalization(QFont.Capitalization.SmallCaps)
        painter.setPen(qcolor(style.palette.label))
    painter.setFont(font)
    painter.drawText(QPointF(x, y), text)
    painter.restore()
