"""An overview of the whole board with the part the main view shows outlined; click to go there."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsView


class Minimap(QGraphicsView):
    def __init__(self, main_view: QGraphicsView, parent=None):
        super().__init__(main_view.scene(), parent)
        self.main_view = main_view
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setInteractive(False)
        self.setMinimumSize(160, 120)
        for bar in (main_view.horizontalScrollBar(), main_view.verticalScrollBar()):
            bar.valueChanged.connect(self.viewport().update)
        main_view.zoomChanged.connect(lambda _z: self.viewport().update())
        main_view.scene().sceneRectChanged.connect(lambda _r: self.fit())

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.KeepAspectRatio)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    def shown_rect(self) -> QRectF:
        """The scene rectangle the main view shows."""
        return self.main_view.mapToScene(self.main_view.viewport().rect()).boundingRect()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        pen = QPen(QColor("#e02020"), 0)
        pen.setCosmetic(True)
        pen.setWidth(2)
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(self.shown_rect())

    def mousePressEvent(self, event) -> None:
        self.main_view.centerOn(self.mapToScene(event.position().toPoint()))
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if event.buttons() & Qt.LeftButton:
            self.main_view.centerOn(self.mapToScene(event.position().toPoint()))
        event.accept()
