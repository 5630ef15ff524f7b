"""File ▸ New Module…: a title, the map's size and orientation, and a starter template.

The templates are :data:`hexwright.runtime.model.starter_templates.TEMPLATES` (what
``hexwright new --template`` offers): blank, or a playable rule set to start from.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import Module
from hexwright.runtime.model.starter_templates import TEMPLATES, module_from_template

from ..edits.palette import new_type_id


class NewModuleDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, template: str = "chit-pull"):
        super().__init__(parent)
        self.setWindowTitle("New module")
        self.title = QLineEdit("My game")
        self.title.setObjectName("title")
        self.cols = QSpinBox()
        self.cols.setRange(1, 400)
        self.cols.setValue(12)
        self.rows = QSpinBox()
        self.rows.setRange(1, 400)
        self.rows.setValue(10)
        self.orientation = QComboBox()
        self.orientation.addItems(["flat", "pointy"])
        self.templates = QListWidget()
        self.templates.setObjectName("templates")
        for t in TEMPLATES.values():
            item = QListWidgetItem(t.title)
            item.setData(Qt.ItemDataRole.UserRole, t.name)
            item.setToolTip(t.description)
            self.templates.addItem(item)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setMinimumHeight(48)
        self.templates.currentItemChanged.connect(lambda *_: self._describe())
        names = list(TEMPLATES)
        self.templates.setCurrentRow(names.index(template) if template in names else 0)
        form = QFormLayout()
        form.addRow("Title", self.title)
        form.addRow("Columns", self.cols)
        form.addRow("Rows", self.rows)
        form.addRow("Hexes", self.orientation)
        buttons = self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                                  | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("Start from"))
        layout.addWidget(self.templates, 1)
        layout.addWidget(self.about)
        layout.addWidget(buttons)
        self.resize(460, 420)

    def template(self) -> str:
        item = self.templates.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else "blank"

    def _describe(self) -> None:
        self.about.setText(TEMPLATES[self.template()].description)

    def module(self) -> Module:
        """The new module as chosen."""
        title = self.title.text().strip() or "Untitled"
        return module_from_template(self.template(), new_type_id({}, title), title,
                                    self.cols.value(), self.rows.value(), self.orientation.currentText())
