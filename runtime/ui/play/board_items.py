"""Scene items of the play window: counters, off-map boxes and track spaces, the last-move arrow,
and the stack viewer shown when the cursor rests on a stack."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from hexwright.runtime.model import MapStyle, Module
from hexwright.runtime.state import GameState

from ..counter_painter import paint_chit, paint_counter, paint_marker
from ..region_painter import paint_region_box, paint_track_title
from .board_layout import Placed, Region

HIGHLIGHT = QColor("#ffb000")
SHADOW = QColor(0, 0, 0, 90)


def paint_piece_or_marker(painter: QPainter, rect: QRectF, module: Module, state: GameState, kind: str,
                          item_id: str, assets: dict[str, bytes] | None) -> None:
    """Draw a unit counter (its current step) or a marker (its face) into ``rect``."""
    if kind == "piece":
        paint_counter(painter, rect, module, item_id, state.pieces[item_id].step, assets)
    elif kind == "chit":
        if item_id in module.pieces.chits:
            paint_chit(painter, rect, module, item_id, assets)
    else:
        marker = state.markers[item_id]
        paint_marker(painter, rect, module, marker.marker, marker.face, assets)


class CounterItem(QGraphicsItem):
    """One piece or marker on the board, centred on its position."""

    def __init__(self, board, placed: Placed):
        super().__init__()
        self.board = board
        self.placed = placed
        self.highlighted = False
        self.selected_ = False
        self.setAcceptHoverEvents(False)
        self.apply_placed(placed)

    @property
    def key(self) -> tuple[str, str]:
        return self.placed.kind, self.placed.id

    def apply_placed(self, placed: Placed) -> None:
        if placed.size != self.placed.size:
            self.prepareGeometryChange()
        self.placed = placed
        self.setPos(placed.x, placed.y)
        self.setZValue(1000 + placed.z)
        self.update()

    def boundingRect(self) -> QRectF:
        s = self.placed.size
        return QRectF(-s / 2 - 3, -s / 2 - 3, s + 7, s + 7)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        s = self.placed.size
        rect = QRectF(-s / 2, -s / 2, s, s)
        if self.placed.kind != "chit":
            painter.fillRect(rect.translated(2.5, 2.5), SHADOW)
        paint_piece_or_marker(painter, rect, self.board.module, self.board.state, self.placed.kind,
                              self.placed.id, self.board.assets)
        if self.highlighted or self.selected_:
            pen = QPen(HIGHLIGHT if self.highlighted else QColor("#00a0ff"), max(2.0, s * 0.07))
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(rect.adjusted(-1, -1, 1, 1))


class RegionItem(QGraphicsItem):
    """An off-map box, pile or track space, with its title (and a cup's chit count), in the map's style."""

    def __init__(self, region: Region, note: str = "", style: MapStyle | None = None):
        super().__init__()
        self.region = region
        self.note = note
        self.style = style
        self.setZValue(-500)
        self.setPos(region.x, region.y)

    def boundingRect(self) -> QRectF:
        return QRectF(-1, -1, self.region.width + 2, self.region.height + 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        track = self.region.kind == "track"
        title = self.region.title.split(": ")[-1] if track else self.region.title
        paint_region_box(painter, QRectF(0, 0, self.region.width, self.region.height), title, self.region.kind,
                         self.style, self.note)


class TrackTitleItem(QGraphicsItem):
    def __init__(self, text: str, x: float, y: float, style: MapStyle | None = None):
        super().__init__()
        self.text = text
        self.style = style
        self.setPos(x, y)
        self.setZValue(-500)

    def boundingRect(self) -> QRectF:
        return QRectF(0, -14, 300, 16)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_track_title(painter, self.text, 0, -2, self.style)


class ArrowItem(QGraphicsItem):
    """The "last moved" arrow from the start of the last move to its end."""

    def __init__(self):
        super().__init__()
        self.start = QPointF()
        self.end = QPointF()
        self.setZValue(90_000)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def set_points(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        self.prepareGeometryChange()
        self.start, self.end = QPointF(*start), QPointF(*end)
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(self.start, self.end).normalized().adjusted(-20, -20, 20, 20)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        line = self.end - self.start
        length = math.hypot(line.x(), line.y())
        if length < 1:
            return
        ux, uy = line.x() / length, line.y() / length
        head = 16.0
        tip = self.end
        base = tip - QPointF(ux * head, uy * head)
        normal = QPointF(-uy * head * 0.5, ux * head * 0.5)
        color = QColor(HIGHLIGHT)
        color.setAlpha(220)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(QPen(color, 5, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(self.start, base)
        painter.setPen(Qt.NoPen)
        painter.setBrush(color)
        painter.drawPolygon(QPolygonF([tip, base + normal, base - normal]))
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(color, 3, Qt.DashLine))
        painter.drawEllipse(self.start, 10, 10)


class StackViewerItem(QGraphicsItem):
    """Every counter of the stack under the cursor, side by side, above everything else."""

    def __init__(self, board):
        super().__init__()
        self.board = board
        self.entries: list[tuple[str, str]] = []
        self.size = 40.0
        self.setZValue(100_000)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.hide()

    def show_stack(self, entries: list[tuple[str, str]], x: float, y: float, size: float) -> None:
        self.prepareGeometryChange()
        self.entries = list(entries)
        self.size = size
        self.setPos(x, y)
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        n = max(len(self.entries), 1)
        return QRectF(0, 0, n * (self.size + 6) + 6, self.size + 12)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        r = self.boundingRect()
        path = QPainterPath()
        path.addRoundedRect(r, 5, 5)
        painter.fillPath(path, QBrush(QColor(30, 30, 30, 215)))
        for i, (kind, item_id) in enumerate(self.entries):
            rect = QRectF(6 + i * (self.size + 6), 6, self.size, self.size)
            if kind == "piece" and item_id not in self.board.state.pieces:
                continue
            if kind == "marker" and item_id not in self.board.state.markers:
                continue
            paint_piece_or_marker(painter, rect, self.board.module, self.board.state, kind, item_id, self.board.assets)
