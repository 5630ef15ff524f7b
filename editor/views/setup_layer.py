"""The chosen scenario's units drawn as counters on the editor's map (and in its boxes).

One graphics item paints every counter of :func:`editor.edits.setup_layout.setup_spots`,
stacked as in play, with the counter the setup tool holds following the pointer.
Reinforcements in a box carry the turn they arrive.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from hexwright.runtime.ui.counter_painter import (
    SMALL_COUNTER_PX,
    counter_face,
    face_colors,
    paint_face,
    paint_small_face,
)

from ..document import MapDocument
from ..edits.setup_layout import Spot
from ..tools.setup_tool import SetupTool


class SetupLayer(QGraphicsItem):
    def __init__(self, doc: MapDocument, tool: SetupTool, assets: Callable[[], dict[str, bytes]]):
        super().__init__()
        self.doc = doc
        self.tool = tool
        self.assets = assets
        self.spots: list[Spot] = []
        self._rect = QRectF()
        self.setZValue(40)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # paint() reads the exposed rectangle

    def refresh(self) -> None:
        self.prepareGeometryChange()
        self.spots = self.tool.spots()
        rect = QRectF()
        for s in self.spots:
            rect = rect.united(QRectF(s.x, s.y, s.size, s.size))
        self._rect = rect.adjusted(-200, -200, 200, 200)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def drag_moved(self) -> None:
        at = self.tool.at
        if at is not None:
            self.prepareGeometryChange()
            self._rect = self._rect.united(QRectF(at[0] - 200, at[1] - 200, 400, 400))
        self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        module = self.doc.module
        held = self.tool.held
        exposed = option.exposedRect
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        colors: dict[str, QColor] = {}
        for s in self.spots:
            rect = QRectF(s.x, s.y, s.size, s.size)
            if not rect.intersects(exposed):
                continue
            if held is not None and s == held and self.tool.at is not None:
                painter.setOpacity(0.35)
            if s.size * scale < SMALL_COUNTER_PX:  # a fitted view of a large map: thousands of specks
                background, bar = face_colors(module, s.piece)
                paint_small_face(painter, rect, _color(colors, background), None if bar is None else _color(colors, bar))
                painter.setOpacity(1.0)
                continue
            paint_face(painter, rect, counter_face(module, s.piece, s.step), self.assets())
            painter.setOpacity(1.0)
            if s.reinforcement is not None:
                painter.setPen(QPen(QColor("#ffffff")))
                painter.setBrush(QColor("#202020"))
                tag = QRectF(rect.right() - s.size * 0.42, rect.bottom() - s.size * 0.3, s.size * 0.42, s.size * 0.3)
                painter.drawRect(tag)
                font = QFont()
                font.setPixelSize(max(6, int(s.size * 0.22)))
                painter.setFont(font)
                painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, f"T{s.reinforcement}")
        if held is not None and self.tool.at is not None:
            x, y = self.tool.at[0] - self.tool.grip[0], self.tool.at[1] - self.tool.grip[1]
            paint_face(painter, QRectF(x, y, held.size, held.size), counter_face(module, held.piece, held.step),
                       self.assets())


def _color(made: dict[str, QColor], name: str) -> QColor:
    """``QColor(name)``, made once per paint for the thousands of counters of one side."""
    color = made.get(name)
    if color is None:
        color = made[name] = QColor(name)
    return color
