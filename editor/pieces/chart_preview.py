"""A table drawn as its printed chart, redrawn when the table changes."""

from __future__ import annotations

from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QComboBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from hexwright.runtime.ui.chart_painter import chart_image, chart_refs

from ..changes import Changes, Kind
from ..document import MapDocument

TABLE_KINDS = (Kind.TERRAIN_EFFECTS, Kind.CRTS, Kind.LOOKUPS, Kind.TURN_TRACK, Kind.VICTORY, Kind.SIDES,
               Kind.MOVEMENT_CLASSES)


class ChartPreview(QWidget):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.choice = QComboBox()
        self.choice.currentIndexChanged.connect(lambda _i: self.redraw())
        self.picture = QLabel()
        scroll = QScrollArea()
        scroll.setWidget(self.picture)
        scroll.setWidgetResizable(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.choice)
        layout.addWidget(scroll, 1)
        doc.changed.connect(self._document_changed)
        self.reload()

    def _document_changed(self, changes: Changes) -> None:
        if changes.touches(*TABLE_KINDS):
            self.reload()

    def reload(self) -> None:
        current = self.choice.currentData()
        self.choice.blockSignals(True)
        self.choice.clear()
        for ref in chart_refs(self.doc.module):
            self.choice.addItem(ref, ref)
        self.choice.setCurrentIndex(max(0, self.choice.findData(current)))
        self.choice.blockSignals(False)
        self.redraw()

    def redraw(self) -> None:
        ref = self.choice.currentData()
        if ref is None:
            self.picture.setText("No tables yet")
            self.picture.adjustSize()
            return
        self.picture.setPixmap(QPixmap.fromImage(chart_image(self.doc.module, ref, 13)))
        self.picture.adjustSize()
