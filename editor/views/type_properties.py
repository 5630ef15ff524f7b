"""The palette's properties panel: every field of the picked type besides its name and colour.

Terrain: pattern, blocks line of sight, description; hex feature types: kind, symbol,
observation bonus, description; hexside features: kind, width; roads/rail: kind, width,
dashed. The widgets come from the model's annotations (``editor.edits.fields``); each
change is one ``ChangePaletteType`` undo step.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from ..commands import ChangePaletteType
from ..document import MapDocument
from ..edits.fields import FieldSpec, editable_specs, with_value
from ..edits.palette import types_of


def field_widget(spec: FieldSpec) -> QWidget:
    if spec.kind == "choice":
        w = QComboBox()
        w.addItems(list(spec.choices))
    elif spec.kind == "bool":
        w = QCheckBox()
    elif spec.kind == "int":
        w = QSpinBox()
        w.setRange(int(spec.minimum) if spec.minimum is not None else -999,
                   int(spec.maximum) if spec.maximum is not None else 999)
    elif spec.kind == "float":
        w = QDoubleSpinBox()
        w.setDecimals(1)
        w.setSingleStep(0.5)
        w.setRange(spec.minimum + 0.1 if spec.minimum is not None else -9999.0,
                   spec.maximum if spec.maximum is not None else 9999.0)
    else:
        w = QLineEdit()
        if spec.max_length is not None:
            w.setMaxLength(spec.max_length)
    if spec.tip:
        w.setToolTip(spec.tip)
    return w


def widget_value(w: QWidget) -> object:
    if isinstance(w, QComboBox):
        return w.currentText()
    if isinstance(w, QCheckBox):
        return w.isChecked()
    if isinstance(w, (QSpinBox, QDoubleSpinBox)):
        return w.value()
    return w.text()


def set_widget_value(w: QWidget, value: object) -> None:
    w.blockSignals(True)
    try:
        if isinstance(w, QComboBox):
            w.setCurrentText(str(value))
        elif isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, (QSpinBox, QDoubleSpinBox)):
            w.setValue(value)
        elif w.text() != value:
            w.setText(str(value))
    finally:
        w.blockSignals(False)


def on_commit(w: QWidget, slot) -> None:
    """Call ``slot()`` when the user has finished changing ``w``."""
    if isinstance(w, QComboBox):
        w.activated.connect(lambda _i: slot())
    elif isinstance(w, QCheckBox):
        w.toggled.connect(lambda _on: slot())
    else:
        w.editingFinished.connect(slot)


class TypeProperties(QGroupBox):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__("Properties", parent)
        self.doc = doc
        self.target: tuple[str, str] | None = None
        self.widgets: dict[str, QWidget] = {}
        self.form = QFormLayout(self)
        self.empty = QLabel("Pick a type in the palette.")
        self.form.addRow(self.empty)

    def show_type(self, category: str | None, tid: str | None) -> None:
        """Show the fields of ``tid`` (category terrain/feature/hexside/connection), or nothing."""
        target = (category, tid) if category not in (None, "level") and tid is not None else None
        value = types_of(self.doc.module, category).get(tid) if target else None
        if value is None:
            target = None
        if target != self.target:
            self.target = target
            while self.form.rowCount():
                self.form.removeRow(0)
            self.widgets = {}
            if target is None:
                self.empty = QLabel("Pick a type in the palette.")
                self.form.addRow(self.empty)
                return
            self.setTitle(f"Properties of {value.name} ({tid})")
            for spec in editable_specs(type(value)):
                w = field_widget(spec)
                on_commit(w, lambda name=spec.name: self._commit(name))
                self.form.addRow(spec.name.replace("_", " ").capitalize(), w)
                self.widgets[spec.name] = w
        self.refresh()

    def refresh(self) -> None:
        if self.target is None:
            return
        value = types_of(self.doc.module, self.target[0]).get(self.target[1])
        if value is None:
            self.show_type(None, None)
            return
        for name, w in self.widgets.items():
            set_widget_value(w, getattr(value, name))

    def _commit(self, name: str) -> None:
        if self.target is None:
            return
        category, tid = self.target
        old = types_of(self.doc.module, category)[tid]
        try:
            new = with_value(old, name, widget_value(self.widgets[name]))
        except ValueError:
            self.refresh()
            return
        if new != old:
            label = name.replace("_", " ")
            self.doc.push(ChangePaletteType(self.doc, category, tid, new, f"Set {label} of {old.name}", merge_key=name))
