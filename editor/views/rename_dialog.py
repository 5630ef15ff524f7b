"""Module ▸ Rename Id…: rename a unit, terrain type, side, CRT or table id everywhere it is used."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from ..commands.rename_id import RenameId
from ..document import MapDocument
from ..edits.outcome import EditRefused
from ..edits.rename import RENAMABLE, entries

KINDS = {"unit": "Unit", "terrain": "Terrain type", "side": "Side", "crt": "CRT", "lookup": "Table"}


class RenameDialog(QDialog):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None, kind: str = "unit", old: str | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Rename id")
        self.kind = QComboBox()
        for key in RENAMABLE:
            self.kind.addItem(KINDS[key], key)
        self.old = QComboBox()
        self.new = QLineEdit()
        self.new.setObjectName("new_id")
        self.new.setPlaceholderText("the new id: letters, digits, _ - .")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a02020")
        self.kind.currentIndexChanged.connect(lambda _i: self._fill())
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
        self._fill()
        if old is not None:
            self.old.setCurrentIndex(max(0, self.old.findData(old)))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.rename)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Kind", self.kind)
        form.addRow("Id", self.old)
        form.addRow("New id", self.new)
        form.addRow(self.message)
        form.addRow(self.buttons)

    def _fill(self) -> None:
        self.old.clear()
        for key, entry in entries(self.doc.module, self.kind.currentData()).items():
            name = getattr(entry, "name", "") or getattr(entry, "designation", "")
            self.old.addItem(f"{key} — {name}" if name else key, key)

    def rename(self) -> bool:
        """Rename as chosen (one undo step) and close; a refusal stays open, saying why."""
        old = self.old.currentData()
        if old is None:
            self.message.setText("Nothing to rename.")
            return False
        try:
            command = RenameId(self.doc, self.kind.currentData(), old, self.new.text())
        except EditRefused as exc:
            self.message.setText(str(exc))
            return False
        if self.new.text().strip() != old:
            self.doc.push(command)
        self.accept()
        return True
