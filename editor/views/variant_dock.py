"""The Variant Changes dock: every override of the open variant, grouped by kind, each clickable.

A hex or hexside shows on the map; anything else names the dock where it is edited. "Revert
to base" puts the picked entry — or the picked field of it — back to the base's value, as
one undo step. The list follows every edit (and undo) through the document's one channel.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.storage import ModuleError
from hexwright.runtime.storage.module_diff import DiffEntry, ModuleDiff, plural, show_value

from ..commands.revert_to_base import RevertToBase
from ..document import MapDocument
from ..edits.variant_edits import reverted

ENTRY_ROLE = Qt.ItemDataRole.UserRole
FIELD_ROLE = Qt.ItemDataRole.UserRole + 1


class VariantPanel(QWidget):
    hexActivated = Signal(str)
    """A hex (or the hex of a hexside) the user wants to see on the map."""
    entryActivated = Signal(str, str)
    """Any other entry: (kind, id), for the window to show where it is edited."""
    overridesChanged = Signal(list)
    """The hexes the variant overrides, after every change (for the map's tint)."""

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.diff: ModuleDiff | None = None
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Override", "Base → variant"])
        self.tree.setColumnWidth(0, 180)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        self.show_button = QPushButton("Show")
        self.show_button.clicked.connect(lambda: self._activated(self.tree.currentItem()))
        self.revert_button = QPushButton("Revert to base")
        self.revert_button.setToolTip("put the picked entry (or field) back to the base's value; undoable")
        self.revert_button.clicked.connect(self.revert_current)
        buttons = QHBoxLayout()
        buttons.addWidget(self.show_button)
        buttons.addWidget(self.revert_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.tree, 1)
        layout.addLayout(buttons)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)  # a brush drag is many changes: list once it pauses
        self._timer.timeout.connect(self.refresh)
        doc.changed.connect(lambda _changes: self._timer.start())
        self.refresh()

    def refresh(self) -> None:
        source = self.doc.variant
        self.tree.clear()
        if source is None:
            self.header.setText("This module is not a variant. File ▸ New Variant… makes one of it.")
            self.diff = None
            self.overridesChanged.emit([])
            return
        base = source.base.module.meta
        self.diff = diff = source.diff(self.doc.module, self.doc.assets)
        self.header.setText(f"<b>{self.doc.module.meta.title}</b> — a variant of {base.title} {base.version} "
                            f"({len(diff.entries)} override(s); everything else is inherited)")
        kinds: dict[str, QTreeWidgetItem] = {}
        for index, entry in enumerate(diff.entries):
            group = kinds.get(entry.kind)
            if group is None:
                group = kinds[entry.kind] = QTreeWidgetItem(self.tree, [f"{plural(entry.kind)} "
                                                                        f"({len(diff.ids(entry.kind))})"])
                group.setFirstColumnSpanned(True)
                group.setExpanded(True)
            item = QTreeWidgetItem(group, [entry.id, entry.change])
            item.setData(0, ENTRY_ROLE, index)
            for change in entry.fields:
                child = QTreeWidgetItem(item, [change.field, f"{show_value(change.old)} → {show_value(change.new)}"])
                child.setData(0, ENTRY_ROLE, index)
                child.setData(0, FIELD_ROLE, change.field)
                child.setToolTip(1, f"{show_value(change.old)} → {show_value(change.new)}")
        self.overridesChanged.emit(diff.hexes())

    def entry_of(self, item: QTreeWidgetItem | None) -> tuple[DiffEntry | None, str]:
        if item is None or self.diff is None or item.data(0, ENTRY_ROLE) is None:
            return None, ""
        return self.diff.entries[int(item.data(0, ENTRY_ROLE))], item.data(0, FIELD_ROLE) or ""

    def item_for(self, kind: str, entry_id: str) -> QTreeWidgetItem | None:
        """The row of one entry (tests and the window pick it)."""
        for group in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(group)
            if top is None:
                continue
            for row in range(top.childCount()):
                child = top.child(row)
                entry, _ = self.entry_of(child)
                if entry is not None and (entry.kind, entry.id) == (kind, entry_id):
                    return child
        return None

    def _activated(self, item: QTreeWidgetItem | None, _column: int = 0) -> None:
        entry, _field = self.entry_of(item)
        if entry is None:
            return
        if entry.kind == "hex":
            self.hexActivated.emit(entry.id)
        elif entry.kind == "hexside":
            self.hexActivated.emit(entry.id.split("/")[0])
        else:
            self.entryActivated.emit(entry.kind, entry.id)

    def revert_current(self) -> bool:
        entry, field = self.entry_of(self.tree.currentItem())
        source = self.doc.variant
        if entry is None or source is None:
            return False
        try:
            after = reverted(self.doc.module, source.base.module, entry, field)
        except ModuleError as exc:
            QMessageBox.warning(self, "Cannot revert", f"{entry.kind} {entry.id}: {exc}")
            return False
        what = f"{entry.kind} {entry.id}" + (f" {field}" if field else "")
        self.doc.push(RevertToBase(self.doc, after, f"Revert {what} to base"))
        self.refresh()
        return True
