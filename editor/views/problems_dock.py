"""The Problems dock: what ``hexwright validate`` would say about the module as it is now.

A module that fails its cross-reference checks still opens (``load_module_lenient``); its
problems are listed here and the list follows every edit, so fixing a hex makes its line
go away. Clicking a problem that names a hex centres the canvas on it and selects it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from hexwright.runtime.storage import ModuleIssue

from ..document import MapDocument

REFRESH_MS = 400  # after the last change: a drag re-checks once, not per hex (≈85 ms on 100×100)


class ProblemsPanel(QWidget):
    hexActivated = Signal(str)  # the label of the hex a clicked problem names

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.issues: list[ModuleIssue] = []
        self.play_notes: list[str] = []
        """What the last play-test met (refused actions, overridden rules), listed after the problems."""
        self.summary = QLabel()
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.list)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        doc.changed.connect(self._schedule)
        doc.undo_stack.indexChanged.connect(self._schedule)
        self.refresh()

    def _schedule(self, *_args) -> None:
        self._timer.start()

    def refresh(self) -> None:
        self._timer.stop()
        self.issues = self.doc.problems()
        self.list.clear()
        for issue in self.issues:
            item = QListWidgetItem(str(issue))
            item.setData(Qt.ItemDataRole.UserRole, issue.hex)
            if issue.hex:
                item.setToolTip(f"Click to go to hex {issue.hex}")
            self.list.addItem(item)
        for note in self.play_notes:
            item = QListWidgetItem(f"Play-test: {note}")
            item.setData(Qt.ItemDataRole.UserRole, "")
            self.list.addItem(item)
        n = len(self.issues)
        self.summary.setText("No problems: the module is valid." if n == 0
                             else f"{n} problem{'s' if n != 1 else ''} — the runtime will refuse this module "
                                  "until they are fixed.")

    def set_play_notes(self, notes: list[str]) -> None:
        self.play_notes = list(notes)
        self.refresh()

    def messages(self) -> list[str]:
        return [str(issue) for issue in self.issues]

    def _clicked(self, item: QListWidgetItem) -> None:
        label = item.data(Qt.ItemDataRole.UserRole)
        if label:
            self.hexActivated.emit(label)
