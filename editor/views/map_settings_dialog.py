"""Map settings: resize on any side, orientation, shifted columns/rows, labels, hex size."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QSpinBox,
    QVBoxLayout,
)

from hexwright.runtime.model import Labels

from ..commands import ChangeGridSettings, ResizeMap
from ..document import MapDocument


class MapSettingsDialog(QDialog):
    def __init__(self, doc: MapDocument, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Map settings")
        self.doc = doc
        g = self.grid = doc.map.grid
        size = QGroupBox(f"Size (now {g.cols} columns × {g.rows} rows): add (+) or remove (−)")
        form = QFormLayout(size)
        self.sides = {}
        for name in ("west", "east", "north", "south"):
            box = QSpinBox()
            box.setRange(-399, 399)
            form.addRow(f"{name.capitalize()} edge", box)
            self.sides[name] = box
        grid = QGroupBox("Grid")
        gform = QFormLayout(grid)
        self.orientation = QComboBox()
        self.orientation.addItems(["flat", "pointy"])
        self.orientation.setCurrentText(g.orientation)
        gform.addRow("Hexes", self.orientation)
        self.transpose = QCheckBox("Transpose: columns become rows, rivers and roads stay between the same hexes")
        self.transpose.setChecked(True)
        self.transpose.setToolTip("Unchecked, columns and rows are kept; that is refused when the map has "
                                  "hexsides, which would end up between other hexes.")
        gform.addRow("On orientation change", self.transpose)
        self.shifted = QComboBox()
        self.shifted.addItems(["odd", "even"])
        self.shifted.setCurrentText(g.shifted)
        gform.addRow("Shifted columns/rows", self.shifted)
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setRange(4, 1000)
        self.hex_size.setValue(g.hex_size)
        gform.addRow("Hex size (px)", self.hex_size)
        self.origin_x, self.origin_y = QDoubleSpinBox(), QDoubleSpinBox()
        for box, value, name in ((self.origin_x, g.origin_x, "Origin x (px)"), (self.origin_y, g.origin_y, "Origin y (px)")):
            box.setRange(-100000, 100000)
            box.setDecimals(2)
            box.setValue(value)
            gform.addRow(name, box)
        self.label_kind = QComboBox()
        self.label_kind.addItems(["numeric", "alpha"])
        self.label_kind.setCurrentText(g.labels.kind)
        gform.addRow("Label columns as", self.label_kind)
        self.first_col = QSpinBox()
        self.first_col.setRange(0, 99)
        self.first_col.setValue(g.labels.first_col)
        gform.addRow("First column number", self.first_col)
        self.first_row = QSpinBox()
        self.first_row.setRange(0, 99)
        self.first_row.setValue(g.labels.first_row)
        gform.addRow("First row number", self.first_row)
        self.col_digits, self.row_digits = QSpinBox(), QSpinBox()
        for box, value, name in ((self.col_digits, g.labels.col_digits, "Column digits"),
                                 (self.row_digits, g.labels.row_digits, "Row digits")):
            box.setRange(0, 4)
            box.setSpecialValueText("automatic")  # 0: None, at least 2 digits
            box.setValue(value or 0)
            box.setToolTip("digits of the number in a label (0101: 2 and 2); automatic: as many as the map needs")
            gform.addRow(name, box)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(size)
        layout.addWidget(grid)
        layout.addWidget(buttons)

    def grid_changes(self) -> dict:
        """Settings the user changed in the dialog, against the grid as it was when it opened."""
        g = self.grid
        changes: dict = {}
        if self.orientation.currentText() != g.orientation:
            changes["orientation"] = self.orientation.currentText()
        if self.shifted.currentText() != g.shifted:
            changes["shifted"] = self.shifted.currentText()
        if abs(self.hex_size.value() - g.hex_size) > 1e-9:
            changes["hex_size"] = self.hex_size.value()
        for name, box in (("origin_x", self.origin_x), ("origin_y", self.origin_y)):
            if abs(box.value() - getattr(g, name)) > 0.005:
                changes[name] = box.value()
        labels = g.labels.model_copy(update={
            "kind": self.label_kind.currentText(), "first_col": self.first_col.value(),
            "first_row": self.first_row.value(),
            "col_digits": self.col_digits.value() or None, "row_digits": self.row_digits.value() or None})
        if self.label_kind.currentText() == "alpha" and labels.first_col < 1:
            labels = labels.model_copy(update={"first_col": 1})
        if labels != g.labels:
            changes["labels"] = Labels.model_validate(labels.model_dump())
        return changes

    def apply(self) -> None:
        """Push the changes as undo steps (one for the resize, one for the grid settings)."""
        deltas = {k: box.value() for k, box in self.sides.items()}
        changes = self.grid_changes()  # before the resize moves the origin
        transpose = self.transpose.isChecked()
        if changes:  # a dry run first: a refused change (ValueError) leaves the map as it was
            from ..edits.regrid import regridded_settings, resized_module

            resized = resized_module(self.doc.module, **deltas) if any(deltas.values()) else self.doc.module
            regridded_settings(resized, transpose, **changes)
        if any(deltas.values()):
            self.doc.push(ResizeMap(self.doc, **deltas))
        if changes:
            self.doc.push(ChangeGridSettings(self.doc, transpose, **changes))
