"""What the CRT editor and the lookup table editor share: one entry of a keyed collection of
the tables (``tables.crts``, ``tables.lookups``) at a time, picked in a combo box; every
change is a whole new entry, computed and validated by a plain function of
:mod:`editor.edits` (``crt``, ``lookup``), and pushed as one ``SetEntry`` command."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import QComboBox, QLabel, QTableWidget, QTableWidgetItem, QWidget

from ..changes import Changes, Kind
from ..commands import SetEntry
from ..document import MapDocument
from ..edits.entries import entries_of
from ..edits.outcome import Edit, EditRefused, with_fields


def set_text(table: QTableWidget, r: int, c: int, text: str) -> QTableWidgetItem:
    """Show ``text`` in a cell; items are kept, so an open cell editor stays valid."""
    item = table.item(r, c)
    if item is None:
        item = QTableWidgetItem(text)
        table.setItem(r, c, item)
    elif item.text() != text:
        item.setText(text)
    return item


class KeyedTableEditor(QWidget):
    """Subclasses set :attr:`entry_kind` and :attr:`model` and implement :meth:`_load`."""

    entry_kind: Kind
    model: type[BaseModel]

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.key: str | None = None
        self._loading = False
        self.choice = QComboBox()
        self.choice.currentIndexChanged.connect(lambda _i: self.set_key(self.choice.currentData()))
        self.status = QLabel("")
        self.status.setStyleSheet("color: #b00020")
        self.status.setWordWrap(True)
        doc.changed.connect(self._changed)

    # -- the entry shown ---------------------------------------------------------------------

    def entries(self) -> dict[str, Any]:
        return entries_of(self.doc.module, self.entry_kind)

    @property
    def entry(self):
        return self.entries().get(self.key or "")

    def set_key(self, key: str | None) -> None:
        self.key = key
        self._load()

    def _reload_choice(self) -> None:
        entries = self.entries()
        self.choice.blockSignals(True)
        self.choice.clear()
        for key, entry in entries.items():
            self.choice.addItem(f"{entry.name} ({key})", key)
        if self.key not in entries:
            self.key = self.choice.itemData(0) if self.choice.count() else None
        self.choice.setCurrentIndex(max(0, self.choice.findData(self.key)))
        self.choice.blockSignals(False)
        self._load()

    def _changed(self, changes: Changes) -> None:
        keys = changes.keys(self.entry_kind)
        if keys:
            if keys == {self.key} and self.entry is not None:
                self._load()
            else:
                self._reload_choice()

    def _load(self) -> None:
        raise NotImplementedError

    # -- changing it --------------------------------------------------------------------------

    def _apply(self, make: Callable[[Any], Edit[Any] | None]) -> bool:
        """Compute the new entry with a plain function of :mod:`editor.edits` and push it as
        one step; a refusal is shown, nothing changes, and the view shows the stored entry."""
        before = self.entry
        if before is None or self.key is None:
            return False
        try:
            edit = make(before)
        except EditRefused as exc:
            self.status.setText(str(exc))
            self._load()
            return False
        if edit is None or edit.value == before:
            return False
        self.status.clear()
        self.doc.push(SetEntry(self.doc, self.entry_kind, self.key, before, edit.value, edit.text))
        return True

    def _edit_fields(self, changes: dict[str, Any], text: str) -> bool:
        if self._loading:
            return False
        return self._apply(lambda entry: Edit(with_fields(entry, changes), text))

    def _add_entry(self, key: str | None, prefix: str, entry: BaseModel, text: str) -> str:
        """Add ``entry`` under ``key`` (or the first free ``prefix-N``) and show it."""
        entries = self.entries()
        n = len(entries) + 1
        while key is None or key in entries:
            key = f"{prefix}-{n}"
            n += 1
        self.key = key
        self.doc.push(SetEntry(self.doc, self.entry_kind, key, None, entry, text.format(key=key)))
        self._reload_choice()
        return key

    def _delete_entry(self, text: str) -> None:
        if self.entry is not None and self.key is not None:
            self.doc.push(SetEntry(self.doc, self.entry_kind, self.key, self.entry, None, text.format(key=self.key)))
