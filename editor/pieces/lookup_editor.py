"""Editors for the other tables: lookup tables (weather, barrage…), the turn track with
per-turn data, and victory point rules and levels."""

from __future__ import annotations

from typing import get_args

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.interchange.oob_csv import format_extra, parse_extra
from hexwright.runtime.model import LookupTable, Turn, VictoryLevel, VpRule

from ..changes import Changes, Kind
from ..commands import SetTable
from ..document import MapDocument
from ..edits import lookup as lookup_edits
from ..edits.cell_clues import cell_clue
from ..edits.outcome import EditRefused
from .entry_table import Column, EntryTable, ListSource, bool_column, int_column, ref_column, text_column
from .keyed_table_editor import KeyedTableEditor, set_text


def _dict_column(name: str, title: str) -> Column:
    """``name=value; name=value`` (numbers stay numbers)."""

    def put(data: dict, text: str) -> None:
        data[name] = parse_extra(text)

    return Column(title, lambda e: format_extra(getattr(e, name)), put)


def _params_column() -> Column:
    def put(data: dict, text: str) -> None:
        params = {}
        for key, value in parse_extra(text).items():
            params[key] = [v.strip() for v in value.split(",")] if isinstance(value, str) and "," in value else value
        data["params"] = params

    def get(rule: VpRule) -> str:
        return "; ".join(f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in rule.params.items())

    return Column("Params (name=value; hexes=a,b)", get, put)


def _choice(name: str, choices: tuple[str, ...]) -> Column:
    def put(data: dict, text: str) -> None:
        if text not in choices:
            raise ValueError(f"one of {', '.join(choices)}")
        data[name] = text

    return Column(name.replace("_", " ").capitalize(), lambda e: str(getattr(e, name)), put)


class TurnTrackEditor(EntryTable):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        def new(turns: list) -> Turn:
            return Turn(number=turns[-1].number + 1 if turns else 1)

        super().__init__(doc, ListSource(doc, Kind.TURN_TRACK, "turns", new), Turn,
                         [int_column("number"), text_column("label"), text_column("date"),
                          _dict_column("data", "Per-turn data (name=value; …)"), text_column("note")], parent)


class VictoryEditor(QWidget):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        sides = lambda: list(doc.module.pieces.sides)  # noqa: E731 - read at edit time
        self.rules = EntryTable(
            doc, ListSource(doc, Kind.VICTORY, "rules",
                                lambda _r: VpRule(side=next(iter(doc.module.pieces.sides), "side"),
                                                  kind="control_hex", points=1)),
            VpRule, [ref_column("side", sides, optional=False),
                     _choice("kind", get_args(VpRule.model_fields["kind"].annotation)), int_column("points"),
                     _choice("per", get_args(VpRule.model_fields["per"].annotation)),
                     bool_column("minus_turn", "Minus turn"), _params_column(), text_column("description"),
                     text_column("section")])
        self.levels = EntryTable(
            doc, ListSource(doc, Kind.VICTORY, "levels", lambda _l: VictoryLevel(min_margin=1, name="Marginal")),
            VictoryLevel, [int_column("min_margin", "Margin at least"), text_column("name")])
        self.note = QLineEdit()
        self.note.editingFinished.connect(self._note_edited)
        doc.changed.connect(self._document_changed)
        self.note.setText(doc.module.tables.victory.note)
        # the awards and the levels side by side: in a dock of a 768-pixel screen, stacked, each showed one row
        awards, levels = QWidget(), QWidget()
        left, right = QVBoxLayout(awards), QVBoxLayout(levels)
        left.setContentsMargins(0, 0, 0, 0)
        right.setContentsMargins(0, 0, 0, 0)
        left.addWidget(QLabel("Victory point awards"))
        left.addWidget(self.rules, 1)
        right.addWidget(QLabel("Victory levels"))
        right.addWidget(self.levels, 1)
        form = QFormLayout()
        form.addRow("Note", self.note)
        right.addLayout(form)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(awards)
        split.addWidget(levels)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(split)

    def _document_changed(self, changes: Changes) -> None:
        if changes.touches(Kind.VICTORY):
            self.note.setText(self.doc.module.tables.victory.note)

    def _note_edited(self) -> None:
        before = self.doc.module.tables.victory
        if self.note.text() != before.note:
            self.doc.push(SetTable(self.doc, Kind.VICTORY, before, before.model_copy(update={"note": self.note.text()}),
                                         "Change victory note"))


class LookupEditor(KeyedTableEditor):
    """One lookup table at a time: name, dice, key label, columns, and rows of cells."""

    entry_kind, model = Kind.LOOKUPS, LookupTable

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(doc, parent)
        self.new_id = QLineEdit()
        self.new_id.setPlaceholderText("new table id")
        self.new_button = QPushButton("New table")
        self.new_button.clicked.connect(lambda: self.new_lookup(self.new_id.text().strip() or None))
        self.delete_button = QPushButton("Delete")
        self.delete_button.clicked.connect(self.delete_lookup)
        self.name = QLineEdit()
        self.dice = QLineEdit()
        self.key_label = QLineEdit()
        self.columns = QLineEdit()
        self.columns.setToolTip("Column headings, separated by |")
        for widget, field in ((self.name, "name"), (self.dice, "dice"), (self.key_label, "key_label")):
            widget.editingFinished.connect(lambda w=widget, f=field: self._edit({f: w.text()}))
        self.columns.editingFinished.connect(self._columns_edited)
        self.grid = QTableWidget(0, 0)
        self.grid.itemChanged.connect(self._edited)
        self.cell_clue = QLineEdit()
        self.cell_clue.setPlaceholderText("(as printed)")
        self.cell_clue.setToolTip("provenance: what the picked cell rests on, if it was reconstructed; Return sets it")
        self.grid.currentCellChanged.connect(lambda *_: self._show_cell_clue())
        self.cell_clue.editingFinished.connect(self._cell_clue_edited)
        self.add_row = QPushButton("Add row")
        self.remove_row = QPushButton("Remove last row")
        self.add_row.clicked.connect(self._add_row)
        self.remove_row.clicked.connect(self._remove_row)
        head = QHBoxLayout()
        head.addWidget(self.choice, 1)
        head.addWidget(self.new_id)
        head.addWidget(self.new_button)
        head.addWidget(self.delete_button)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Dice", self.dice)
        form.addRow("Key column heading", self.key_label)
        form.addRow("Columns (a | b | c)", self.columns)
        rows = QHBoxLayout()
        rows.addWidget(self.add_row)
        rows.addWidget(self.remove_row)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(form)
        layout.addWidget(self.grid, 1)
        clue_row = QHBoxLayout()
        clue_row.addWidget(QLabel("Clue of the picked cell"))
        clue_row.addWidget(self.cell_clue, 1)
        layout.addLayout(clue_row)
        layout.addLayout(rows)
        layout.addWidget(self.status)
        self._reload_choice()

    @property
    def lookup_id(self) -> str | None:
        return self.key

    @property
    def lookup(self) -> LookupTable | None:
        return self.entry

    def set_lookup(self, lookup_id: str | None) -> None:
        self.set_key(lookup_id)

    def _load(self) -> None:
        t = self.lookup
        self._loading = True
        self.grid.blockSignals(True)
        try:
            for w in (self.name, self.dice, self.key_label, self.columns, self.grid, self.add_row, self.remove_row,
                      self.delete_button):
                w.setEnabled(t is not None)
            if t is None:
                self.grid.setRowCount(0)
                return
            self.name.setText(t.name)
            self.dice.setText(t.dice)
            self.key_label.setText(t.key_label)
            self.columns.setText(" | ".join(t.columns))
            width = max([len(t.columns)] + [len(r.cells) for r in t.rows])
            self.grid.setColumnCount(width + 1)
            self.grid.setHorizontalHeaderLabels([t.key_label or "Key"] + t.columns + [""] * (width - len(t.columns)))
            self.grid.setRowCount(len(t.rows))
            for r, row in enumerate(t.rows):
                for c, text in enumerate([row.key] + row.cells + [""] * (width - len(row.cells))):
                    set_text(self.grid, r, c, text)
            self._show_cell_clue()
        finally:
            self.grid.blockSignals(False)
            self._loading = False

    def _edit(self, changes: dict) -> bool:
        return self._edit_fields(changes, f"Change {', '.join(changes)} of {self.lookup_id}")

    def _columns_edited(self) -> None:
        if not self._loading:
            self._apply(lambda t: lookup_edits.with_columns(self.lookup_id or "", t, self.columns.text()))

    def _picked_cell(self) -> tuple[int, str] | None:
        """The current grid cell as the model names it: (row index, column heading); None on a key."""
        t, r, c = self.lookup, self.grid.currentRow(), self.grid.currentColumn()
        if t is None or not (0 <= r < len(t.rows) and 1 <= c <= len(t.columns)):
            return None
        return r, t.columns[c - 1]

    def _show_cell_clue(self) -> None:
        cell = self._picked_cell()
        self.cell_clue.setEnabled(cell is not None)
        text = cell_clue(self.lookup.reconstructed_cells, *cell) if cell is not None and self.lookup is not None else ""
        if self.cell_clue.text() != text:
            self.cell_clue.setText(text)

    def _cell_clue_edited(self) -> None:
        cell = self._picked_cell()
        if cell is not None and not self._loading:
            self.set_cell_clue(*cell, self.cell_clue.text())

    def set_cell_clue(self, row: int, column: str, clue: str) -> bool:
        """Mark cell (row index ``row``, column ``column``) reconstructed with ``clue`` (blank: as printed)."""
        return self._apply(lambda t: lookup_edits.with_cell_clue_of(self.lookup_id or "", t, row, column, clue))

    def set_cell(self, row: int, column: int, text: str) -> bool:
        """Column 0 is the row key; 1… the cells."""
        return self._apply(lambda t: lookup_edits.with_cell(self.lookup_id or "", t, row, column, text))

    def _edited(self, item: QTableWidgetItem) -> None:
        if not self._loading:
            self.set_cell(item.row(), item.column(), item.text())

    def _add_row(self) -> None:
        self._apply(lambda t: lookup_edits.with_row_added(self.lookup_id or "", t))

    def _remove_row(self) -> None:
        self._apply(lambda t: lookup_edits.without_last_row(self.lookup_id or "", t))

    def new_lookup(self, lookup_id: str | None = None) -> str | None:
        try:
            table = lookup_edits.new_lookup(lookup_id)
        except EditRefused as exc:
            self.status.setText(str(exc))
            return None
        lookup_id = self._add_entry(lookup_id, "table", table, "Add table {key}")
        self.new_id.clear()
        return lookup_id

    def delete_lookup(self) -> None:
        self._delete_entry("Delete table {key}")
