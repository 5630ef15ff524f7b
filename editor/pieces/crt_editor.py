"""The combat results table editor: columns, die rows, the grid of result codes, what each
code means, and validation that names every cell using an undefined code.

The widget binds the table to the view: every change is computed by a plain function of
:mod:`editor.edits.crt` (a new, validated :class:`CombatResultsTable`) and pushed as one
``SetEntry`` command; a change the model refuses is reported and not applied.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import CombatResultsTable, CrtColumn

from ..changes import Kind
from ..document import MapDocument
from ..edits import crt as crt_edits
from ..edits.cell_clues import cell_clue
from ..edits.result_text import format_effects
from .id_delegate import IdComboDelegate, labelled
from .keyed_table_editor import KeyedTableEditor, set_text

UNDEFINED = QColor("#ffb3b3")
OVERRIDDEN = QColor(200, 0, 140, 45)
"""A cell a variant changes (the map and the order of battle tint theirs the same)."""


def _cell(crt: CombatResultsTable, row: int, column: int) -> str:
    return crt.cells[row][column] if row < len(crt.cells) and column < len(crt.cells[row]) else ""


class CrtEditor(KeyedTableEditor):
    entry_kind, model = Kind.CRTS, CombatResultsTable

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(doc, parent)
        self.new_button = QPushButton("New CRT")
        self.new_button.clicked.connect(lambda: self.new_crt())
        self.delete_button = QPushButton("Delete CRT")
        self.delete_button.clicked.connect(self.delete_crt)
        self.name = QLineEdit()
        self.kind = QComboBox()
        self.kind.addItems(["odds", "differential"])
        self.dice = QLineEdit()
        self.rounding = QComboBox()
        self.rounding.addItems(["defender", "nearest", "attacker"])
        self.rows_edit = QLineEdit()
        self.rows_edit.setToolTip("Die rows top to bottom, e.g. 1-6 or 0, 1, 2, 3, 4, 5, 6, 7")
        self.columns = QTableWidget(0, 3)
        self.columns.setHorizontalHeaderLabels(["Column label", "Min", "Max"])
        self.add_column = QPushButton("Add column")
        self.remove_column = QPushButton("Remove last column")
        self.grid = QTableWidget(0, 0)
        self.cell_clue = QLineEdit()
        self.cell_clue.setPlaceholderText("(as printed)")
        self.cell_clue.setToolTip("provenance: what the picked cell's result rests on, if it was reconstructed "
                                  "(empty: as printed); Return sets it")
        self.results = QTableWidget(0, 4)
        self.results.setHorizontalHeaderLabels(["Code", "Name", "Effects (who what amount; …)", "Description"])
        self.add_result = QPushButton("Add result code")
        self.remove_result = QPushButton("Remove selected code")
        self.issues = QListWidget()
        self.issues.setMaximumHeight(90)
        self.columns.setMaximumHeight(150)
        self.results.horizontalHeader().setStretchLastSection(True)
        self.results.setColumnWidth(2, 260)

        self.name.editingFinished.connect(lambda: self._edit(name=self.name.text()))
        self.dice.editingFinished.connect(lambda: self._edit(dice=self.dice.text().strip()))
        self.kind.currentIndexChanged.connect(lambda _i: self._edit(kind=self.kind.currentText()))
        self.rounding.currentIndexChanged.connect(lambda _i: self._edit(rounding=self.rounding.currentText()))
        self.rows_edit.editingFinished.connect(self._rows_edited)
        self.columns.itemChanged.connect(self._column_edited)
        self.grid.itemChanged.connect(self._cell_edited)
        self.grid.currentCellChanged.connect(lambda *_: self._show_cell_clue())
        self.cell_clue.editingFinished.connect(self._cell_clue_edited)
        self.grid.setItemDelegate(IdComboDelegate(
            lambda _index: labelled(self.crt.results) if self.crt is not None else None, self.grid, editable=True))
        self.results.itemChanged.connect(self._result_edited)
        self.add_column.clicked.connect(self.append_column)
        self.remove_column.clicked.connect(self.remove_last_column)
        self.add_result.clicked.connect(self.append_result)
        self.remove_result.clicked.connect(self.remove_selected_result)

        head = QHBoxLayout()
        head.addWidget(QLabel("CRT"))
        head.addWidget(self.choice, 1)
        head.addWidget(self.new_button)
        head.addWidget(self.delete_button)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Kind", self.kind)
        form.addRow("Dice", self.dice)
        form.addRow("Odds rounding", self.rounding)
        form.addRow("Die rows", self.rows_edit)
        col_buttons = QHBoxLayout()
        col_buttons.addWidget(self.add_column)
        col_buttons.addWidget(self.remove_column)
        res_buttons = QHBoxLayout()
        res_buttons.addWidget(self.add_result)
        res_buttons.addWidget(self.remove_result)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(form)
        layout.addWidget(QLabel("Columns"))
        layout.addWidget(self.columns)
        layout.addLayout(col_buttons)
        layout.addWidget(QLabel("Results (rows: die roll, columns: odds or differential)"))
        layout.addWidget(self.grid, 3)
        clue_row = QHBoxLayout()
        clue_row.addWidget(QLabel("Clue of the picked cell"))
        clue_row.addWidget(self.cell_clue, 1)
        layout.addLayout(clue_row)
        layout.addWidget(QLabel("Result codes"))
        layout.addWidget(self.results, 2)
        layout.addLayout(res_buttons)
        layout.addWidget(QLabel("Problems"))
        layout.addWidget(self.issues)
        layout.addWidget(self.status)
        self._reload_choice()

    # -- showing -------------------------------------------------------------------------

    @property
    def crt_id(self) -> str | None:
        return self.key

    @property
    def crt(self) -> CombatResultsTable | None:
        return self.entry

    def set_crt(self, crt_id: str | None) -> None:
        self.set_key(crt_id)

    def _load(self) -> None:
        crt = self.crt
        self._loading = True
        for w in (self.kind, self.rounding, self.columns, self.grid, self.results):
            w.blockSignals(True)
        try:
            fields: tuple[QWidget, ...] = (
                self.name, self.kind, self.dice, self.rounding, self.rows_edit, self.columns, self.grid, self.results,
                self.add_column, self.remove_column, self.add_result, self.remove_result, self.delete_button)
            for field in fields:
                field.setEnabled(crt is not None)
            if crt is None:
                self.grid.setRowCount(0)
                self.grid.setColumnCount(0)
                self.issues.clear()
                return
            self.name.setText(crt.name)
            self.kind.setCurrentText(crt.kind)
            self.dice.setText(crt.dice)
            self.rounding.setCurrentText(crt.rounding)
            self.rows_edit.setText(", ".join(str(r) for r in crt.rows))
            self.columns.setRowCount(len(crt.columns))
            for r, column in enumerate(crt.columns):
                for c, text in enumerate((column.label, column.min or "", column.max or "")):
                    set_text(self.columns, r, c, text)
            self.grid.setRowCount(len(crt.rows))
            self.grid.setColumnCount(len(crt.columns))
            self.grid.setHorizontalHeaderLabels([c.label for c in crt.columns])
            self.grid.setVerticalHeaderLabels([str(r) for r in crt.rows])
            base = self._base_crt()
            for r in range(len(crt.rows)):
                row = crt.cells[r] if r < len(crt.cells) else []
                for c in range(len(crt.columns)):
                    code = row[c] if c < len(row) else ""
                    item = set_text(self.grid, r, c, code)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    item.setBackground(QBrush(UNDEFINED) if code not in crt.results else QBrush())
                    was = _cell(base, r, c) if base is not None else code
                    if was != code and code in crt.results:  # a variant's override: tinted, the base's value told
                        item.setBackground(QBrush(OVERRIDDEN))
                        item.setToolTip(f"changed by this variant (the base has {was or 'no cell'!r})")
            self.results.setRowCount(len(crt.results))
            for r, (code, result) in enumerate(crt.results.items()):
                for c, text in enumerate((code, result.name, format_effects(result.effects), result.description)):
                    set_text(self.results, r, c, text)
            self.issues.clear()
            self.issues.addItems(crt_edits.crt_issues(self.doc.module, self.crt_id or ""))
            self._show_cell_clue()
        finally:
            for w in (self.kind, self.rounding, self.columns, self.grid, self.results):
                w.blockSignals(False)
            self._loading = False

    def _base_crt(self) -> CombatResultsTable | None:
        """In a variant: this table as its base has it (None: not a variant, or a table it adds)."""
        source = self.doc.variant
        if source is None or self.crt_id is None:
            return None
        return source.base.module.tables.crts.get(self.crt_id, CombatResultsTable(
            name="", kind="odds", columns=[CrtColumn(label="")], rows=[0], cells=[], results={}))

    # -- editing -------------------------------------------------------------------------

    def _edit(self, **changes) -> None:
        self._edit_fields(changes, f"Change {', '.join(changes)} of CRT {self.crt_id}")

    def set_cell(self, row: int, column: int, code: str) -> bool:
        """Set one result code (``row``/``column`` from 0), as typing it into the grid does."""
        return self._apply(lambda crt: crt_edits.with_cell(crt, row, column, code))

    def _picked_cell(self) -> tuple[int, str] | None:
        """The current grid cell as the model names it: (die roll, column label)."""
        crt, r, c = self.crt, self.grid.currentRow(), self.grid.currentColumn()
        if crt is None or not (0 <= r < len(crt.rows) and 0 <= c < len(crt.columns)):
            return None
        return crt.rows[r], crt.columns[c].label

    def _show_cell_clue(self) -> None:
        cell = self._picked_cell()
        self.cell_clue.setEnabled(cell is not None)
        text = cell_clue(self.crt.reconstructed_cells, *cell) if cell is not None and self.crt is not None else ""
        if self.cell_clue.text() != text:
            self.cell_clue.setText(text)

    def _cell_clue_edited(self) -> None:
        cell = self._picked_cell()
        if cell is not None and not self._loading:
            self.set_cell_clue(*cell, self.cell_clue.text())

    def set_cell_clue(self, roll: int, column: str, clue: str) -> bool:
        """Mark the cell at die roll ``roll``, column ``column`` reconstructed with ``clue`` (blank: as printed)."""
        return self._apply(lambda crt: crt_edits.with_cell_clue_of(crt, roll, column, clue))

    def _cell_edited(self, item: QTableWidgetItem) -> None:
        if not self._loading:
            self.set_cell(item.row(), item.column(), item.text())

    def _rows_edited(self) -> None:
        if not self._loading:
            self._apply(lambda crt: crt_edits.with_rows(self.crt_id or "", crt, self.rows_edit.text()))

    def _column_edited(self, item: QTableWidgetItem) -> None:
        if not self._loading:
            field = crt_edits.COLUMN_FIELDS[item.column()]
            self._apply(lambda crt: crt_edits.with_column_field(self.crt_id or "", crt, item.row(), field, item.text()))

    def append_column(self) -> None:
        self._apply(lambda crt: crt_edits.with_column_added(self.crt_id or "", crt))

    def remove_last_column(self) -> None:
        self._apply(lambda crt: crt_edits.without_last_column(self.crt_id or "", crt))

    def _result_edited(self, item: QTableWidgetItem) -> None:
        if not self._loading:
            field = crt_edits.RESULT_FIELDS[item.column()]
            self._apply(lambda crt: crt_edits.with_result_field(self.crt_id or "", crt, item.row(), field, item.text()))

    def append_result(self) -> None:
        self._apply(lambda crt: crt_edits.with_result_added(self.crt_id or "", crt))

    def remove_selected_result(self) -> None:
        row = self.results.currentRow()
        self._apply(lambda crt: crt_edits.without_result(self.crt_id or "", crt, row))

    def new_crt(self, crt_id: str | None = None) -> str:
        return self._add_entry(crt_id, "crt", crt_edits.new_crt(), "Add CRT {key}")

    def delete_crt(self) -> None:
        self._delete_entry("Delete CRT {key}")
