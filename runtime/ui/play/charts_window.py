"""The charts window: every table of the module drawn as its printed chart (CRTs, lookups,
terrain effects, turn track, victory), the same drawing as the editor's Charts dock and
the print kit (:mod:`runtime.ui.chart_painter`), one tab per table."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QDialog, QLabel, QScrollArea, QTabWidget, QVBoxLayout

from hexwright.runtime.model import Module

from ..chart_painter import build_chart, chart_image, chart_refs

CHART_PX = 14.0
"""Text size of the charts, in pixels."""


def _title(module: Module, ref: str) -> str:
    try:
        return build_chart(module, ref).title or ref
    except KeyError:
        return ref


class ChartsWindow(QDialog):
    def __init__(self, module: Module, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Charts — {module.meta.title}")
        self.tabs = QTabWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        self.pictures: dict[str, QLabel] = {}
        for ref in chart_refs(module):
            picture = QLabel()
            picture.setPixmap(QPixmap.fromImage(chart_image(module, ref, CHART_PX)))
            picture.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            scroll = QScrollArea()
            scroll.setWidget(picture)
            scroll.setWidgetResizable(False)
            self.tabs.addTab(scroll, _title(module, ref))
            self.pictures[ref] = picture
        if self.tabs.count() == 0:
            self.tabs.addTab(QLabel("This module has no tables yet."), "No tables")
        self.resize(900, 620)
