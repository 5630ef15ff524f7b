"""The Map Style dock: pick a built-in style, tweak it, and set the map's furniture.

The canvas is the live preview: every change is one ``SetMapStyle`` undo step, and the
window repaints the map in the new style at once. Saving writes ``map.style`` and
``map.furniture``; ``hexwright render``, the play window and exports then draw it so.
"""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from hexwright.runtime.model import BUILTIN_STYLES, StyleTweaks, resolve_style

from ..changes import Changes, Kind
from ..commands import SetMapStyle
from ..document import MapDocument

KEEP = "(as the style)"
TERRAIN_LOOKS = {"hexes": "Filled hexes", "natural": "Natural shapes"}
ELEVATION_LOOKS = {"ramp": "Tint ramp", "contours": "Tints and contours", "numbers": "Level numbers",
                   "none": "Not shown"}
DEFAULT_WATER = "#2a6fd6"


def _spin(low: float, high: float, step: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setSingleStep(step)
    box.setDecimals(2)
    return box


class StyleDock(QWidget):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        form = QFormLayout(self)
        self.base = QComboBox()
        for name in sorted(BUILTIN_STYLES):
            self.base.addItem(name.capitalize(), name)
        form.addRow("Style", self.base)
        self.terrain = self._choices(TERRAIN_LOOKS)
        form.addRow("Terrain", self.terrain)
        self.elevation = self._choices(ELEVATION_LOOKS)
        form.addRow("Elevation", self.elevation)
        self.line_scale = _spin(0.25, 4.0, 0.05)
        form.addRow("Road/river width ×", self.line_scale)
        self.grid_opacity = _spin(0.0, 1.0, 0.05)
        form.addRow("Grid opacity", self.grid_opacity)
        self.hillshade = QCheckBox("Hillshade")
        form.addRow(self.hillshade)
        self.water = QPushButton()
        form.addRow("Water colour", self.water)
        self.reset = QPushButton("Reset Tweaks")
        form.addRow(self.reset)
        self.title = QLineEdit()
        form.addRow("Map title", self.title)
        self.subtitle = QLineEdit()
        form.addRow("Subtitle", self.subtitle)
        self.hex_scale = QLineEdit()
        self.hex_scale.setPlaceholderText("e.g. 1 hex = 2 km (empty: no scale bar)")
        form.addRow("Scale", self.hex_scale)
        self.legend = QCheckBox("Legend from the terrain effects chart")
        form.addRow(self.legend)
        self.compass = QCheckBox("Compass")
        form.addRow(self.compass)
        self._loading = False
        self.load()
        self.base.currentIndexChanged.connect(lambda _i: self._set_style(base=self.base.currentData()))
        self.terrain.currentIndexChanged.connect(lambda _i: self._tweak("terrain", self.terrain.currentData()))
        self.elevation.currentIndexChanged.connect(lambda _i: self._tweak("elevation", self.elevation.currentData()))
        self.line_scale.valueChanged.connect(lambda v: self._tweak("line_scale", None if v == 1.0 else round(v, 2)))
        self.grid_opacity.valueChanged.connect(lambda v: self._tweak("grid_opacity", round(v, 2)))
        self.hillshade.toggled.connect(lambda on: self._tweak("hillshade", on))
        self.water.clicked.connect(self._pick_water)
        self.reset.clicked.connect(lambda: self._set_style(tweaks=StyleTweaks()))
        for edit, key in ((self.title, "title"), (self.subtitle, "subtitle"), (self.hex_scale, "hex_scale")):
            edit.editingFinished.connect(lambda e=edit, k=key: self._furnish(k, e.text().strip()))
        self.legend.toggled.connect(lambda on: self._furnish("legend", on))
        self.compass.toggled.connect(lambda on: self._furnish("compass", on))
        doc.changed.connect(self._changed)

    @staticmethod
    def _choices(names: dict[str, str]) -> QComboBox:
        box = QComboBox()
        box.addItem(KEEP, None)
        for key, text in names.items():
            box.addItem(text, key)
        return box

    def _changed(self, changes: Changes) -> None:
        if changes.reset or changes.touches(Kind.MAP_STYLE):
            self.load()

    def load(self) -> None:
        """Show the document's style and furniture (after an undo, a load, a change elsewhere)."""
        choice, furniture = self.doc.map.style, self.doc.map.furniture
        style = resolve_style(choice)
        self._loading = True
        try:
            self.base.setCurrentIndex(self.base.findData(choice.base))
            self.terrain.setCurrentIndex(self.terrain.findData(choice.tweaks.terrain))
            self.elevation.setCurrentIndex(self.elevation.findData(choice.tweaks.elevation))
            self.line_scale.setValue(choice.tweaks.line_scale or 1.0)
            self.grid_opacity.setValue(style.lines.grid_opacity)
            self.hillshade.setChecked(style.hillshade)
            water = style.palette.water or DEFAULT_WATER
            self.water.setText(water)
            ink = "#000000" if QColor(water).lightness() > 128 else "#ffffff"
            self.water.setStyleSheet(f"background: {water}; color: {ink}")
            self.title.setText(furniture.title)
            self.subtitle.setText(furniture.subtitle)
            self.hex_scale.setText(furniture.hex_scale)
            self.legend.setChecked(furniture.legend)
            self.compass.setChecked(furniture.compass)
        finally:
            self._loading = False

    def _set_style(self, merge_key: str | None = None, **changes: object) -> None:
        if self._loading:
            return
        after = self.doc.map.style.model_copy(update=changes)
        if after != self.doc.map.style:
            self.doc.push(SetMapStyle(self.doc, style=after, merge_key=merge_key))

    def _tweak(self, key: str, value: object) -> None:
        if self._loading:
            return
        tweaks = self.doc.map.style.tweaks.model_copy(update={key: value})
        self._set_style(merge_key=key if key in ("line_scale", "grid_opacity") else None, tweaks=tweaks)

    def _furnish(self, key: str, value: object) -> None:
        if self._loading:
            return
        furniture = self.doc.map.furniture
        after = furniture.model_copy(update={key: value})
        if after != furniture:
            self.doc.push(SetMapStyle(self.doc, furniture=after, text="Change Map Furniture"))

    def _pick_water(self) -> None:
        current = QColor(resolve_style(self.doc.map.style).palette.water or DEFAULT_WATER)
        color = QColorDialog.getColor(current, self, "Water Colour")
        if color.isValid():
            self.set_water(color.name())

    def set_water(self, color: str) -> None:
        self._tweak("colors", {**self.doc.map.style.tweaks.colors, "water": color})
