"""The markers the rules engine keeps off the counter mix, drawn on the board: air interdiction
markers (ToV 7.2, ``seq.interdicted``) and the air points spent on an attack declared (7.1),
each as a small roundel in its hex, over the counters so a stack never hides it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from hexwright.runtime.engine import engine_state
from hexwright.runtime.state import GameState

from .rules_overlay import RulesOverlay

INTERDICTION = QColor(30, 70, 160)
SUPPORT = QColor(200, 120, 20)


class AirMarkers(QGraphicsItem):
    """One roundel per marker: "INT" for interdiction, "AIR n" for ground support on a hex."""

    def __init__(self, overlay: RulesOverlay):
        super().__init__()
        self.overlay = overlay
        self.markers: list[tuple[str, str, QColor]] = []
        """(hex, text, colour) of every marker drawn."""
        self._rect = QRectF()
        self.setZValue(140_000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show_state(self, state: GameState) -> None:
        data = engine_state(state)
        markers = [(h, "INT", INTERDICTION) for h in data.seq.interdicted]
        markers += [(d.hex, f"AIR {d.air}", SUPPORT) for d in data.declared if d.air]
        markers += [(d.hex, f"DEF {d.defense_air}", SUPPORT) for d in data.declared if d.defense_air]
        if markers == self.markers:
            return
        self.prepareGeometryChange()
        self.markers = markers
        rect = QRectF()
        for label, _t, _c in markers:
            rect = rect.united(self.overlay.polygon(label).boundingRect())
        self._rect = rect.adjusted(-4, -4, 4, 4)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def spot(self, label: str, index: int) -> tuple[QPointF, float]:
        """Where the ``index``-th marker of a hex goes (upper part of the hex) and its radius."""
        box = self.overlay.polygon(label).boundingRect()
        r = min(box.width(), box.height()) * 0.16
        centre = self.overlay.center(label)
        return QPointF(centre.x() - box.width() * 0.24 + index * 2.3 * r, centre.y() - box.height() * 0.1), r

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        seen: dict[str, int] = {}
        for label, text, color in self.markers:
            at, r = self.spot(label, seen.get(label, 0))
            seen[label] = seen.get(label, 0) + 1
            painter.setPen(QPen(QColor(255, 255, 255), max(1.0, r * 0.14)))
            painter.setBrush(QBrush(color))
            painter.drawEllipse(at, r, r)
            painter.setPen(QPen(QColor(255, 255, 255), max(1.0, r * 0.1)))
            painter.drawLine(at + QPointF(-r * 0.7, 0), at + QPointF(r * 0.7, 0))   # wings
            painter.drawLine(at + QPointF(0, -r * 0.55), at + QPointF(0, r * 0.55))  # fuselage
            font = QFont()
            font.setBold(True)
            font.setPixelSize(max(6, int(r * 0.62)))
            painter.setFont(font)
            painter.setPen(QColor(255, 255, 255))
            box = QRectF(at.x() - r * 1.4, at.y() + r * 1.02, r * 2.8, r * 0.9)
            painter.setBrush(QBrush(color.darker(130)))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawRoundedRect(box, r * 0.2, r * 0.2)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
