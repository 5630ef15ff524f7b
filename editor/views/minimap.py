"""An overview of the whole map with the canvas's visible area outlined; click or drag to move there."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsView

from hexwright.runtime.ui.map_view import MapView

FRAME = QColor(220, 30, 30)


class MiniMap(QGraphicsView):
    def __init__(self, canvas: MapView, parent=None):
        super().__init__(canvas.scene(), parent)
        self.canvas = canvas
        self.setInteractive(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setRenderHints(QPainter.Antialiasing)
        self.setViewportUpdateMode(QGraphicsView.MinimalViewportUpdate)
        self.setMinimumSize(160, 120)
        canvas.horizontalScrollBar().valueChanged.connect(self._canvas_moved)
        canvas.verticalScrollBar().valueChanged.connect(self._canvas_moved)
        canvas.zoomChanged.connect(self._canvas_moved)

    def visible_rect(self) -> QRectF:
        return self.canvas.mapToScene(self.canvas.viewport().rect()).boundingRect()

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.KeepAspectRatio)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    def _canvas_moved(self, *_args) -> None:
        self.viewport().update()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        pen = QPen(FRAME, 2)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(self.visible_rect())

    def _center_at(self, event) -> None:
        self.canvas.centerOn(self.mapToScene(event.position().toPoint()))

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self._center_at(event)

    def mouseMoveEvent(self, event) -> None:
        if event.buttons() & Qt.LeftButton:
            self._center_at(event)
