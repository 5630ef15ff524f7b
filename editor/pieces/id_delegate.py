"""A drop-down cell editor for grid cells that hold an id (a side, unit type, formation, HQ,
result code…): the combo lists the ids that exist, so a typo cannot get in.

``choices(index)`` gives ``(id, label)`` pairs for a cell, or None for a plain text cell.
An id the cell already holds that is not among them (an undefined code in a module opened
with problems) is listed first, marked, so opening the editor never changes the value.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QWidget

Choices = Callable[[QModelIndex], "list[tuple[str, str]] | None"]
NONE_LABEL = "(none)"


def labelled(entries: dict, optional: bool = False) -> list[tuple[str, str]]:
    """``(id, "id — name")`` for each entry of an id → model dict (``("", "(none)")`` first if optional)."""
    out = [("", NONE_LABEL)] if optional else []
    for key, entry in entries.items():
        name = getattr(entry, "name", "") or getattr(entry, "designation", "")
        out.append((key, f"{key} — {name}" if name and name != key else key))
    return out


class IdComboDelegate(QStyledItemDelegate):
    """``editable``: the combo also takes a typed id not yet defined (a CRT's result code typed
    before its meaning; the editor then flags the cell)."""

    def __init__(self, choices: Choices, parent: QWidget | None = None, editable: bool = False):
        super().__init__(parent)
        self.choices = choices
        self.editable = editable

    def createEditor(self, parent: QWidget, option, index: QModelIndex) -> QWidget:
        pairs = self.choices(index)
        if pairs is None:
            return super().createEditor(parent, option, index)
        combo = QComboBox(parent)
        combo.setObjectName("idCombo")
        combo.setEditable(self.editable)
        combo.setInsertPolicy(QComboBox.NoInsert)
        for key, label in pairs:
            combo.addItem(label, key)
        # A pick is a commit: the cell takes the id at once and the editor closes.
        combo.activated.connect(lambda _i, c=combo: (self.commitData.emit(c), self.closeEditor.emit(c)))
        return combo

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:
        if not isinstance(editor, QComboBox) or editor.objectName() != "idCombo":
            super().setEditorData(editor, index)
            return
        current = str(index.data(Qt.EditRole) or "")
        at = editor.findData(current)
        if at < 0:  # keep what the cell holds selectable, so opening the editor changes nothing
            editor.insertItem(0, f"{current} (undefined)" if current else NONE_LABEL, current)
            at = 0
        editor.setCurrentIndex(at)

    def setModelData(self, editor: QWidget, model, index: QModelIndex) -> None:
        if not isinstance(editor, QComboBox) or editor.objectName() != "idCombo":
            super().setModelData(editor, model, index)
            return
        value = editor.currentData()
        if editor.isEditable():  # a label picked from the list, or an id typed
            text = editor.currentText().strip()
            at = editor.findText(text)
            value = editor.itemData(at) if at >= 0 else text
        if str(value or "") != str(index.data(Qt.EditRole) or ""):
            model.setData(index, value or "", Qt.EditRole)
