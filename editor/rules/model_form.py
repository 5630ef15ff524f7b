"""A form generated from a pydantic model: one widget per field (see :mod:`editor.edits.model_fields`).

:class:`ModelForm` shows one value of a model and emits ``edited(new_value, field)`` when
the designer changes a field — the whole entry validated again — or ``refused(reason)``
when the change does not make a valid entry (the widgets then go back to the value). It
never touches the module: its owner checks the edit against the module and pushes one undo
command. :meth:`ModelForm.set_value` updates the widgets in place (focus and cursor stay
where they are), so the form can follow every change of the document.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import Module

from ..edits.model_fields import FieldSpec, field_specs, from_text, kind_of, new_instance, to_text, with_value
from ..edits.outcome import EditRefused
from ..edits.rules_help import field_hint, label_of

Setter = Callable[[Any], None]


GROUPS = ("model", "union", "models", "model_map", "unions")
"""Field kinds shown as a group box of their own, across the form."""
ROW_GAP = 6
"""Pixels between two rows of a form, counted when the fields are shared among columns."""


class ModelForm(QWidget):
    edited = Signal(object, str)   # the new value of the whole model, the field (path) edited
    refused = Signal(str)          # why a change was not taken

    def __init__(self, model: type[BaseModel], module: Callable[[], Module], skip: tuple[str, ...] = (),
                 parent: QWidget | None = None, columns: int = 1):
        """``columns``: the fields flow into so many columns, top to bottom then left to right (the
        Rules dock takes two: a long form then needs half the height)."""
        super().__init__(parent)
        self.model = model
        self.module = module
        self.value: BaseModel | None = None
        self.setters: dict[str, Setter] = {}
        self.widgets: dict[str, QWidget] = {}
        self._loading = False
        rows: list[tuple[FieldSpec, QLabel, QWidget]] = []
        for spec in field_specs(model, skip):
            widget, setter = self._make(spec)
            hint = field_hint(model, spec)
            widget.setToolTip(hint)
            widget.setObjectName(spec.name)
            label = QLabel(label_of(spec.name))
            label.setToolTip(hint)
            self.widgets[spec.name] = widget
            self.setters[spec.name] = setter
            rows.append((spec, label, widget))
        forms = self._columns(columns)
        self.form = forms[0]
        heights = [widget.sizeHint().height() + ROW_GAP for _spec, _label, widget in rows]
        total, done = sum(heights), 0
        for (spec, label, widget), height in zip(rows, heights, strict=True):
            # the next column once this one holds its share of the height (a field is never split)
            layout = forms[min(len(forms) - 1, (2 * done + height) * len(forms) // max(1, 2 * total))]
            done += height
            if spec.kind in GROUPS:
                layout.addRow(widget)
            else:
                layout.addRow(label, widget)

    def _columns(self, count: int) -> list[QFormLayout]:
        if count <= 1:
            form = QFormLayout(self)
            form.setContentsMargins(2, 2, 2, 2)
            return [form]
        row = QHBoxLayout(self)
        row.setContentsMargins(2, 2, 2, 2)
        forms = []
        for _ in range(count):
            column = QVBoxLayout()
            form = QFormLayout()
            column.addLayout(form)
            column.addStretch(1)  # the columns start at the top, whatever their lengths
            row.addLayout(column, 1)
            forms.append(form)
        return forms

    # -- showing a value -----------------------------------------------------------------------

    def set_value(self, value: BaseModel) -> None:
        self.value = value
        self._loading = True
        try:
            for name, setter in self.setters.items():
                setter(getattr(value, name))
        finally:
            self._loading = False

    # -- changing one field ----------------------------------------------------------------------

    def _change(self, name: str, new: Any, key: str = "") -> None:
        if self._loading or self.value is None:
            return
        try:
            if getattr(self.value, name) == new:
                return
            value = with_value(self.value, name, new)
        except EditRefused as exc:
            self.refused.emit(str(exc))
            self.set_value(self.value)
            return
        self.edited.emit(value, f"{name}.{key}" if key else name)

    def _make(self, spec: FieldSpec) -> tuple[QWidget, Setter]:
        maker = getattr(self, f"_make_{spec.kind}")
        return maker(spec)

    def _make_bool(self, spec: FieldSpec) -> tuple[QWidget, Setter]:
        box = QCheckBox()
        box.toggled.connect(lambda on: self._change(spec.name, on))
        return box, lambda v: box.setChecked(bool(v))

    def _make_int(self, spec: FieldSpec) -> tuple[QWidget, Setter]:
        if spec.optional:
            return self._make_text(spec)
        spin = QSpinBox()
        spin.setRange(spec.minimum if spec.minimum is not None else -999,
                      spec.maximum if spec.maximum is not None else 9999)
        spin.valueChanged.connect(lambda v: self._change(spec.name, v))
        return spin, lambda v: spin.setValue(int(v))

    def _make_choice(self, spec: FieldSpec) -> tuple[QWidget, Setter]:
        combo = QComboBox()
        if spec.optional:
            combo.addItem("(none)", None)
        for choice in spec.choices:
            combo.addItem(choice.replace("_", " "), choice)
        combo.currentIndexChanged.connect(lambda _i: self._change(spec.name, combo.currentData()))
        return combo, lambda v: combo.setCurrentIndex(max(0, combo.findData(v)))

    def _make_text(self, spec: FieldSpec) -> tuple[QWidget, Setter]:
        line = QLineEdit()
        if spec.optional:
            line.setPlaceholderText("(none)")
        if spec.kind == "list":
            line.setPlaceholderText("numbers separated by commas" if spec.item_is_int else "ids separated by commas")
        if spec.kind == "mapping":
            line.setPlaceholderText("key=value, key=value")

        def finished() -> None:
            if self._loading or self.value is None:
                return
            try:
                new = from_text(spec, line.text())
            except EditRefused as exc:
                self.refused.emit(str(exc))
                line.setText(to_text(spec, getattr(self.value, spec.name)))
                return
            self._change(spec.name, new)

        line.editingFinished.connect(finished)

        def show(v: Any) -> None:
            text = to_text(spec, v)
            if line.text() != text:
                line.setText(text)

        return line, show

    _make_list = _make_text
    _make_mapping = _make_text

    def _make_model(self, spec: FieldSpec) -> tuple[QWidget, Setter]:
        assert spec.model is not None
        group = QGroupBox(label_of(spec.name))
        group.setCheckable(spec.optional)
        inner = ModelForm(spec.model, self.module)
        layout = QVBoxLayout(group)
        layout.addWidget(inner)
        inner.edited.connect(lambda v, key: self._change(spec.name, v, key))
        inner.refused.connect(self.refused)
        model = spec.model

        def toggled(on: bool) -> None:
            if self._loading:
                return
            if not on:
                self._change(spec.name, None)
                return
            try:
                self._change(spec.name, new_instance(model, self.module()))
            except EditRefused as exc:
                self.refused.emit(str(exc))

        group.toggled.connect(toggled)

        def show(v: Any) -> None:
            if spec.optional:
                group.setChecked(v is not None)
            inner.setVisible(v is not None)
            if v is not None:
                inner.set_value(v)

        return group, show

    def _make_union(self, spec: FieldSpec) -> tuple[QWidget, Setter]:
        box = UnionForm(spec.members, self.module, label_of(spec.name))
        box.edited.connect(lambda v, key: self._change(spec.name, v, key))
        box.refused.connect(self.refused)
        return box, box.set_value

    def _make_models(self, spec: FieldSpec) -> tuple[QWidget, Setter]:
        box = EntryList(spec, self.module)
        box.edited.connect(lambda v, key: self._change(spec.name, v, key))
        box.refused.connect(self.refused)
        return box, box.set_value

    _make_model_map = _make_models
    _make_unions = _make_models


class UnionForm(QGroupBox):
    """A drop-down of kinds and the form of the chosen one (who acts in a step, an end condition)."""

    edited = Signal(object, str)
    refused = Signal(str)

    def __init__(self, members: tuple[type[BaseModel], ...], module: Callable[[], Module], title: str,
                 parent: QWidget | None = None):
        super().__init__(title, parent)
        self.members = {kind_of(m): m for m in members}
        self.module = module
        self.kind = QComboBox()
        for kind in self.members:
            self.kind.addItem(kind.replace("_", " "), kind)
        self.kind.setObjectName("kind")
        self.kind.currentIndexChanged.connect(self._kind_changed)
        layout = self.box = QVBoxLayout(self)
        layout.addWidget(self.kind)
        self.inner: ModelForm | None = None
        self.value: BaseModel | None = None
        self._loading = False

    def set_value(self, value: BaseModel) -> None:
        self.value = value
        self._loading = True
        try:
            kind = kind_of(type(value))
            self.kind.setCurrentIndex(self.kind.findData(kind))
            if self.inner is None or self.inner.model is not type(value):
                if self.inner is not None:
                    self.inner.deleteLater()
                self.inner = ModelForm(type(value), self.module, skip=("kind",))
                self.inner.edited.connect(lambda v, key: self.edited.emit(v, key))
                self.inner.refused.connect(self.refused)
                self.box.addWidget(self.inner)
            self.inner.set_value(value)
        finally:
            self._loading = False

    def _kind_changed(self, _index: int) -> None:
        if self._loading:
            return
        try:
            value = new_instance(self.members[self.kind.currentData()], self.module())
        except EditRefused as exc:
            self.refused.emit(str(exc))
            if self.value is not None:
                self.set_value(self.value)
            return
        self.edited.emit(value, "kind")


class EntryList(QGroupBox):
    """A list or mapping of entries: pick one to edit it below, add and remove entries."""

    edited = Signal(object, str)
    refused = Signal(str)

    def __init__(self, spec: FieldSpec, module: Callable[[], Module], parent: QWidget | None = None):
        super().__init__(label_of(spec.name), parent)
        self.spec = spec
        self.module = module
        self.value: Any = [] if spec.kind != "model_map" else {}
        self.list = QListWidget()
        self.list.setMaximumHeight(90)
        self.list.currentRowChanged.connect(lambda _r: self._show_entry())
        self.key = QLineEdit()
        self.key.setPlaceholderText("new id")
        self.key.setVisible(spec.kind == "model_map")
        self.add_kind = QComboBox()
        for m in spec.members:
            self.add_kind.addItem(kind_of(m).replace("_", " "), kind_of(m))
        self.add_kind.setVisible(spec.kind == "unions")
        self.add = QPushButton("Add")
        self.add.clicked.connect(self._add)
        self.remove = QPushButton("Remove")
        self.remove.clicked.connect(self._remove)
        row = QHBoxLayout()
        for w in (self.key, self.add_kind, self.add, self.remove):
            row.addWidget(w)
        layout = self.box = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addLayout(row)
        self.inner: QWidget | None = None

    def _keys(self) -> list[str]:
        return list(self.value) if isinstance(self.value, dict) else [str(i) for i in range(len(self.value))]

    def _entry(self, key: str) -> BaseModel:
        return self.value[key] if isinstance(self.value, dict) else self.value[int(key)]

    def set_value(self, value: Any) -> None:
        self.value = value
        row = self.list.currentRow()
        self.list.blockSignals(True)
        self.list.clear()
        for key in self._keys():
            entry = self._entry(key)
            name = getattr(entry, "name", "") or getattr(entry, "label", "") or getattr(entry, "id", "") or ""
            kind = getattr(entry, "kind", "")
            text = key if isinstance(self.value, dict) else f"{int(key) + 1}. {kind} {name}".strip()
            self.list.addItem(text if not (isinstance(self.value, dict) and name) else f"{key}: {name}")
        self.list.setCurrentRow(min(max(row, 0), self.list.count() - 1))
        self.list.blockSignals(False)
        self._show_entry()

    def _show_entry(self) -> None:
        row = self.list.currentRow()
        keys = self._keys()
        if row < 0 or row >= len(keys):
            if self.inner is not None:
                self.inner.hide()
            return
        key = keys[row]
        entry = self._entry(key)
        if self.spec.kind == "unions":
            form: Any = self.inner if isinstance(self.inner, UnionForm) else None
            if form is None:
                form = UnionForm(self.spec.members, self.module, "")
                form.edited.connect(lambda v, _k: self._entry_edited(v))
                form.refused.connect(self.refused)
        else:
            form = self.inner if isinstance(self.inner, ModelForm) else None
            if form is None:
                assert self.spec.model is not None
                form = ModelForm(self.spec.model, self.module)
                form.edited.connect(lambda v, _k: self._entry_edited(v))
                form.refused.connect(self.refused)
        if form is not self.inner:
            if self.inner is not None:
                self.inner.deleteLater()
            self.inner = form
            self.box.addWidget(form)
        form.show()
        form.set_value(entry)

    def _entry_edited(self, entry: BaseModel) -> None:
        row = self.list.currentRow()
        keys = self._keys()
        if isinstance(self.value, dict):
            new: Any = dict(self.value)
            new[keys[row]] = entry
        else:
            new = list(self.value)
            new[row] = entry
        self.edited.emit(new, keys[row])

    def _add(self) -> None:
        try:
            if self.spec.kind == "unions":
                model = next(m for m in self.spec.members if kind_of(m) == self.add_kind.currentData())
            else:
                assert self.spec.model is not None
                model = self.spec.model
            entry = new_instance(model, self.module())
        except EditRefused as exc:
            self.refused.emit(str(exc))
            return
        if isinstance(self.value, dict):
            key = self.key.text().strip()
            if not key or key in self.value:
                self.refused.emit(f"{self.spec.name}: type a new id for the entry" if not key
                                  else f"{self.spec.name}: {key!r} is already there")
                return
            self.edited.emit({**self.value, key: entry}, key)
        else:
            self.edited.emit([*self.value, entry], str(len(self.value)))

    def _remove(self) -> None:
        row = self.list.currentRow()
        keys = self._keys()
        if row < 0 or row >= len(keys):
            return
        if isinstance(self.value, dict):
            self.edited.emit({k: v for k, v in self.value.items() if k != keys[row]}, keys[row])
        else:
            self.edited.emit([v for i, v in enumerate(self.value) if i != row], keys[row])
