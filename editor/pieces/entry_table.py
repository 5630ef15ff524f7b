"""A grid editing a collection of module entries, one row each, one column per field.

Used for sides, formations, unit types, markers, chits, turns, victory rules… A
:class:`Column` says how a field shows as text and how text goes back into the entry's
data; a source says where the entries live and which undo command replaces one. A cell
that does not parse, or an entry the model refuses, is reported and not applied.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model.common import Id

from ..changes import Changes, Kind
from ..commands import SetEntry, SetTable
from ..document import MapDocument
from ..edits.entries import entries_of, noun, table_of
from ..edits.rename import id_from_name
from .id_delegate import NONE_LABEL, IdComboDelegate

_ID = TypeAdapter(Id)


@dataclass(frozen=True)
class Column:
    """``get`` turns an entry into cell text; ``put(data, text)`` writes text into the entry's
    ``model_dump()`` (raising ValueError with a message when the text is wrong)."""

    title: str
    get: Callable[[Any], str]
    """(entry of the table's model) → text"""
    put: Callable[[dict, str], None]
    color: bool = False
    choices: Callable[[], list[tuple[str, str]]] | None = None
    """For a column of ids: ``(id, label)`` pairs its drop-down editor offers."""


def text_column(name: str, title: str | None = None, optional: bool = False) -> Column:
    def put(data: dict, text: str) -> None:
        data[name] = (text or None) if optional else text

    return Column(title or name.replace("_", " ").capitalize(), lambda e: str(getattr(e, name) or ""), put)


def int_column(name: str, title: str | None = None, optional: bool = False) -> Column:
    def put(data: dict, text: str) -> None:
        if not text and optional:
            data[name] = None
            return
        try:
            data[name] = int(text)
        except ValueError:
            raise ValueError("not a whole number") from None

    def get(entry) -> str:
        value = getattr(entry, name)
        return "" if value is None else str(value)

    return Column(title or name.replace("_", " ").capitalize(), get, put)


def bool_column(name: str, title: str | None = None) -> Column:
    def put(data: dict, text: str) -> None:
        lowered = text.strip().lower()
        if lowered not in ("yes", "no", "true", "false", "1", "0", "y", "n"):
            raise ValueError("yes or no")
        data[name] = lowered in ("yes", "true", "1", "y")

    return Column(title or name.replace("_", " ").capitalize(), lambda e: "yes" if getattr(e, name) else "no", put)


def ref_column(name: str, known: Callable[[], list[str]], title: str | None = None, optional: bool = True) -> Column:
    """An id that must name one of ``known()``."""

    def put(data: dict, text: str) -> None:
        if not text and optional:
            data[name] = None
            return
        if text not in known():
            raise ValueError(f"unknown {name.replace('_', ' ')} (expected one of {', '.join(known())})")
        data[name] = text

    def choices() -> list[tuple[str, str]]:
        return [("", NONE_LABEL)] * optional + [(key, key) for key in known()]

    return Column(title or name.replace("_", " ").capitalize(), lambda e: str(getattr(e, name) or ""), put,
                  choices=choices)


def color_column(name: str, title: str | None = None, optional: bool = False) -> Column:
    col = text_column(name, title, optional)
    return Column(col.title, col.get, col.put, color=True)


class DictSource:
    """Entries of a keyed collection, each replaced by one :class:`~editor.commands.SetEntry`."""

    def __init__(self, doc: MapDocument, kind: Kind, new: Callable[[], BaseModel]):
        self.doc = doc
        self.new = new
        self.kind = kind
        self.keys_editable = True

    def _dict(self) -> dict[str, Any]:
        return entries_of(self.doc.module, self.kind)

    def entries(self) -> list[tuple[str, BaseModel]]:
        return list(self._dict().items())

    def replace(self, key: str, after: BaseModel | None, text: str = "") -> None:
        self.doc.push(SetEntry(self.doc, self.kind, key, self._dict().get(key), after, text))

    def add(self, key: str) -> str:
        """Add a new entry under the id typed; what is not an id (``Blue Army``) is taken as the new
        entry's name, and its id made from it (``blue-army``)."""
        entries, entry = self._dict(), self.new()
        try:
            key = _ID.validate_python(key)
        except ValidationError:
            if not key.strip() or "name" not in type(entry).model_fields:
                raise
            name = key.strip()
            key = id_from_name(name, entries, fallback=noun(self.kind).replace(" ", "-"))
            entry = entry.model_copy(update={"name": name})
        if key in entries:
            raise ValueError(f"{key!r} already exists")
        self.replace(key, entry, f"Add {noun(self.kind)} {key}")
        return key


class ListSource:
    """Items of a list inside one of the single tables (turns, victory rules…), numbered from 1."""

    def __init__(self, doc: MapDocument, kind: Kind, list_attr: str, new: Callable[[list[Any]], BaseModel]):
        self.doc = doc
        self.list_attr = list_attr
        self.new = new
        self.kind = kind
        self.keys_editable = False

    def _holder(self) -> BaseModel:
        return table_of(self.doc.module, self.kind)

    def entries(self) -> list[tuple[str, BaseModel]]:
        return [(str(i + 1), item) for i, item in enumerate(getattr(self._holder(), self.list_attr))]

    def replace(self, key: str, after: BaseModel | None, text: str = "") -> None:
        holder = self._holder()
        items = list(getattr(holder, self.list_attr))
        index = int(key) - 1
        if after is None:
            items.pop(index)
        else:
            items[index] = after
        new_holder = holder.model_copy(update={self.list_attr: items}, deep=True)
        self.doc.push(SetTable(self.doc, self.kind, holder, new_holder, text))

    def add(self, _key: str = "") -> str:
        holder = self._holder()
        items = list(getattr(holder, self.list_attr))
        items.append(self.new(items))
        self.doc.push(SetTable(self.doc, self.kind, holder, holder.model_copy(update={self.list_attr: items}, deep=True),
                               f"Add to {self.kind.value.replace('_', ' ')}"))
        return str(len(items))


class EntryTable(QWidget):
    def __init__(self, doc: MapDocument, source, model: type[BaseModel], columns: list[Column],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.source = source
        self.model = model
        self.columns = columns
        self._loading = False
        self.table = QTableWidget(0, len(columns) + 1)
        self.table.setHorizontalHeaderLabels(["Id" if source.keys_editable else "#"] + [c.title for c in columns])
        self.table.itemChanged.connect(self._edited)
        self.table.setItemDelegate(IdComboDelegate(self._choices, self.table))
        self.new_id = QLineEdit()
        self.new_id.setPlaceholderText("new id, or its name")
        self.new_id.setVisible(source.keys_editable)
        self.add_button = QPushButton("Add")
        self.delete_button = QPushButton("Delete selected")
        self.add_button.clicked.connect(self._add)
        self.delete_button.clicked.connect(self._delete)
        self.status = QLabel("")
        self.status.setStyleSheet("color: #b00020")
        self.status.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_id)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.delete_button)
        buttons.addStretch(1)
        layout = self.vbox = QVBoxLayout(self)  # others insert widgets into it (a preview)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        doc.changed.connect(self._changed)
        self.reload()

    def _changed(self, changes: Changes) -> None:
        if changes.touches(self.source.kind, Kind.SIDES, Kind.FORMATIONS, Kind.PIECES, Kind.MOVEMENT_CLASSES):
            self.reload()

    def reload(self) -> None:
        entries = self.source.entries()
        self._loading = True
        self.table.blockSignals(True)
        try:
            self.table.setRowCount(len(entries))
            for r, (key, entry) in enumerate(entries):
                item = self._cell(r, 0, key)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                for c, column in enumerate(self.columns, start=1):
                    text = column.get(entry)
                    item = self._cell(r, c, text)
                    if column.color:
                        color = QColor(text) if text else None
                        item.setBackground(QBrush(color) if color is not None and color.isValid() else QBrush())
        finally:
            self.table.blockSignals(False)
            self._loading = False

    def _choices(self, index) -> list[tuple[str, str]] | None:
        column = self.columns[index.column() - 1] if index.column() > 0 else None
        return column.choices() if column is not None and column.choices is not None else None

    def _cell(self, r: int, c: int, text: str) -> QTableWidgetItem:
        item = self.table.item(r, c)
        if item is None:
            item = QTableWidgetItem(text)
            self.table.setItem(r, c, item)
        elif item.text() != text:
            item.setText(text)
        return item

    def key_of_row(self, row: int) -> str:
        return self.source.entries()[row][0]

    def set_cell(self, row: int, column: int, text: str) -> bool:
        """Commit ``text`` to a cell (``column`` 1 is the first field), as typing it does."""
        key, entry = self.source.entries()[row]
        spec = self.columns[column - 1]
        data = entry.model_dump()
        try:
            spec.put(data, text.strip())
            after = self.model.model_validate(data)
        except ValueError as exc:  # ValidationError is a ValueError
            if isinstance(exc, ValidationError):
                err = exc.errors(include_url=False)[0]
                message = f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
            else:
                message = str(exc)
            self.status.setText(f"{key}, {spec.title}: {message}")
            self.reload()
            return False
        if after == entry:
            return False
        self.status.clear()
        self.source.replace(key, after, f"Change {spec.title.lower()} of {key}")
        return True

    def _edited(self, item: QTableWidgetItem) -> None:
        if not self._loading and item.column() > 0:
            self.set_cell(item.row(), item.column(), item.text())

    def _add(self) -> None:
        try:
            self.source.add(self.new_id.text().strip())
        except ValueError as exc:
            message = exc.errors(include_url=False)[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
            self.status.setText(f"New id: {message}")
            return
        self.new_id.clear()
        self.status.clear()

    def _delete(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        keys = [self.key_of_row(r) for r in rows]
        if len(keys) > 1:
            self.doc.undo_stack.beginMacro(f"Delete {len(keys)} entries")
        for key in keys:  # from the bottom, so list numbers stay right
            self.source.replace(key, None, f"Delete {key}")
        if len(keys) > 1:
            self.doc.undo_stack.endMacro()
