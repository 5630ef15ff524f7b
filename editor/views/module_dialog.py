"""Module ▸ Properties…: ``module.json`` — id, title, version, description, authors, rulebook,
dice, optional rules and the sequence of play. OK pushes one ``SetModuleMeta`` undo step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import ModuleMeta, Phase

from ..commands import SetModuleMeta
from ..document import MapDocument
from ..edits.fields import choices_of
from ..edits.module_meta import PHASE_COLUMNS, RULE_COLUMNS, build_meta

PHASE_KINDS = choices_of(Phase, "kind")


def _text(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    return item.text() if item is not None else ""


class RowTable(QWidget):
    """A table with Add / Delete (and, for an ordered list, Up / Down) buttons under it."""

    def __init__(self, columns: tuple[str, ...], new_row, ordered: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.columns, self.new_row = columns, new_row
        self.table = QTableWidget(0, len(columns))
        self.table.setHorizontalHeaderLabels([c.capitalize() for c in columns])
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QTableWidget.SelectRows)
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        names = ("Add", "Delete", "Up", "Down") if ordered else ("Add", "Delete")
        for name in names:
            b = QPushButton(name)
            b.clicked.connect(getattr(self, name.lower()))
            row.addWidget(b)
            self.buttons[name] = b
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(row)

    def add(self) -> None:
        self.new_row(self.table.rowCount())
        self.table.setCurrentCell(self.table.rowCount() - 1, 0)

    def delete(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)

    def _values(self, row: int) -> list:
        out = []
        for c in range(len(self.columns)):
            w = self.table.cellWidget(row, c)
            item = self.table.item(row, c)
            if isinstance(w, QComboBox):
                out.append(w.currentText())
            elif self.columns[c] == "default":  # a check box
                out.append(item is not None and item.checkState() == Qt.Checked)
            else:
                out.append(_text(self.table, row, c))
        return out

    def move(self, step: int) -> None:
        row = self.table.currentRow()
        to = row + step
        if row < 0 or not 0 <= to < self.table.rowCount():
            return
        a, b = self._values(row), self._values(to)
        self.new_row(row, b)
        self.new_row(to, a)
        self.table.setCurrentCell(to, self.table.currentColumn())

    def up(self) -> None:
        self.move(-1)

    def down(self) -> None:
        self.move(1)

    def rows(self) -> list[dict]:
        return [dict(zip(self.columns, self._values(r))) for r in range(self.table.rowCount())]


class ModuleDialog(QDialog):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Module properties")
        self.doc = doc
        meta = doc.module.meta
        self.sides = ["", *doc.module.pieces.sides]
        general = QWidget()
        form = QFormLayout(general)
        self.fields: dict[str, QLineEdit] = {}
        for name in ("id", "title", "version", "rulebook"):
            self.fields[name] = QLineEdit(getattr(meta, name))
            form.addRow(name.capitalize(), self.fields[name])
        self.fields["rulebook"].setToolTip("the rulebook's file name (e.g. drive_on_metz.txt)")
        self.description = QPlainTextEdit(meta.description)
        form.addRow("Description", self.description)
        self.authors = QPlainTextEdit("\n".join(meta.authors))
        self.authors.setToolTip("one author per line")
        form.addRow("Authors", self.authors)
        self.dice = RowTable(("id", "faces"), self._die_row)
        for i, (die, d) in enumerate(meta.dice.items()):
            self._die_row(i, [die, str(d.faces)])
        form.addRow("Dice", self.dice)
        self.rules = RowTable(RULE_COLUMNS, self._rule_row)
        for i, (rid, r) in enumerate(meta.optional_rules.items()):
            self._rule_row(i, [rid, r.name, r.description, r.section, r.default])
        self.phases = RowTable(PHASE_COLUMNS, self._phase_row, ordered=True)
        for i, p in enumerate(meta.sequence):
            self._phase_row(i, [p.id, p.name, p.side or "", p.kind, p.section])
        self.tabs = QTabWidget()
        self.tabs.addTab(general, "General")
        self.tabs.addTab(self.rules, "Optional rules")
        self.tabs.addTab(self.phases, "Sequence of play")
        buttons = self.button_box = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.resize(760, 520)

    # -- rows -------------------------------------------------------------------------------

    @staticmethod
    def _put_row(table: QTableWidget, row: int, texts: list[str]) -> None:
        if row >= table.rowCount():
            table.insertRow(row)
        for c, text in enumerate(texts):
            if text is not None:
                table.setItem(row, c, QTableWidgetItem(text))

    def _die_row(self, row: int, values: list | None = None) -> None:
        self._put_row(self.dice.table, row, values or [f"d{row + 6}", "6"])

    def _rule_row(self, row: int, values: list | None = None) -> None:
        values = values or [f"rule_{row + 1}", "", "", "", False]
        table = self.rules.table
        self._put_row(table, row, [*values[:4], None])
        check = QTableWidgetItem("default")
        check.setFlags(Qt.ItemIsEnabled | Qt.ItemIsUserCheckable | Qt.ItemIsSelectable)
        check.setCheckState(Qt.Checked if values[4] else Qt.Unchecked)
        table.setItem(row, 4, check)

    def _phase_row(self, row: int, values: list | None = None) -> None:
        values = values or [f"phase_{row + 1}", "", "", "other", ""]
        table = self.phases.table
        self._put_row(table, row, [values[0], values[1], None, None, values[4]])
        for column, choices, value in ((2, self.sides, values[2]), (3, PHASE_KINDS, values[3])):
            combo = QComboBox()
            combo.addItems(list(choices))
            combo.setCurrentText(value)
            table.setCellWidget(row, column, combo)

    # -- result -----------------------------------------------------------------------------

    def meta(self) -> ModuleMeta:
        """What the dialog says, checked (raises ValueError naming the field at fault)."""
        fields = {name: box.text() for name, box in self.fields.items()}
        fields["description"] = self.description.toPlainText()
        dice = []
        for r in self.dice.rows():
            try:
                dice.append((r["id"].strip(), int(r["faces"])))
            except ValueError:
                raise ValueError(f"dice: {r['faces']!r} is not a number of faces") from None
        return build_meta(self.doc.module.meta, fields, self.authors.toPlainText().splitlines(), dice,
                          self.rules.rows(), self.phases.rows())

    def accept(self) -> None:
        try:
            meta = self.meta()
        except ValueError as exc:
            QMessageBox.warning(self, "Module properties", str(exc))
            return
        if meta != self.doc.module.meta:
            self.doc.push(SetModuleMeta(self.doc, meta))
        super().accept()
