"""The order of battle: every unit in one sortable, filterable grid, edited in place.

The columns are the CSV columns (:mod:`runtime.interchange.oob_csv`), so what a designer
sees here is what the spreadsheet holds. A cell edit (:func:`editor.edits.oob.with_cell`) is one
``SetEntry`` command; a
cell that does not parse is refused and :attr:`OobTableModel.last_error` says why. Rows
drag out as ``application/x-hexwright-piece`` (unit ids, one per line) for the scenario
editor and the map.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.interchange.oob_csv import (
    INT_FIELDS,
    PIECE_COLUMNS,
    STEP_COLUMN,
    piece_row,
    step_columns,
)

from ..changes import Changes, Kind
from ..commands import SetEntry
from ..document import MapDocument
from ..edits import oob as oob_edits
from ..edits.outcome import EditRefused
from .id_delegate import IdComboDelegate, labelled

PIECE_MIME = "application/x-hexwright-piece"


def piece_ids_from_mime(mime: QMimeData) -> list[str]:
    if not mime.hasFormat(PIECE_MIME):
        return []
    return [line for line in bytes(mime.data(PIECE_MIME).data()).decode("utf-8").splitlines() if line]


def piece_mime(piece_ids: list[str]) -> QMimeData:
    mime = QMimeData()
    mime.setData(PIECE_MIME, "\n".join(piece_ids).encode("utf-8"))
    mime.setText("\n".join(piece_ids))
    return mime


_ROOT = QModelIndex()  # the invalid index: the table has no parent rows
OVERRIDDEN = QColor(200, 0, 140, 45)
"""In a variant, the cells it overrides (the map tints its hexes the same colour)."""


class OobTableModel(QAbstractTableModel):
    errorRaised = Signal(str)

    def __init__(self, doc: MapDocument, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.last_error = ""
        self._ids: list[str] = []
        self._row_of: dict[str, int] = {}
        self._columns: list[str] = []
        self._rows: dict[str, dict[str, str]] = {}
        """The cells of each unit shown or edited so far: a row is made when the view first asks
        for it (opening a map of 8,000 units makes the few dozen rows on screen)."""
        self._base = doc.variant.base.module.pieces.pieces if doc.variant is not None else None
        """In a variant: the base's units, to mark what the variant overrides."""
        self._base_rows: dict[str, dict[str, str]] = {}
        self.reload()
        doc.changed.connect(self._changed)

    # -- data ----------------------------------------------------------------------------

    def reload(self) -> None:
        self.beginResetModel()
        pieces = self.doc.module.pieces.pieces
        self._ids = list(pieces)
        self._row_of = {pid: row for row, pid in enumerate(self._ids)}
        self._columns = list(PIECE_COLUMNS) + step_columns(pieces)
        self._rows = {}
        self.endResetModel()

    def _row(self, piece_id: str) -> dict[str, str]:
        row = self._rows.get(piece_id)
        if row is None:
            row = self._rows[piece_id] = piece_row(piece_id, self.doc.module.pieces.pieces[piece_id])
        return row

    def _base_row(self, piece_id: str) -> dict[str, str] | None:
        if self._base is None or piece_id not in self._base:
            return None
        row = self._base_rows.get(piece_id)
        if row is None:
            row = self._base_rows[piece_id] = piece_row(piece_id, self._base[piece_id])
        return row

    def _changed(self, changes: Changes) -> None:
        keys = changes.keys(Kind.PIECES)
        pieces = self.doc.module.pieces.pieces
        if not keys:
            return
        if not all(key in self._row_of and key in pieces for key in keys) \
                or not set(step_columns({key: pieces[key] for key in keys})) <= set(self._columns):
            self.reload()
            return
        for key in sorted(keys):  # only these rows changed
            self._rows.pop(key, None)
            row = self._row_of[key]
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self._columns) - 1))
            self.headerDataChanged.emit(Qt.Orientation.Vertical, row, row)

    @property
    def columns(self) -> list[str]:
        return list(self._columns)

    def piece_id(self, row: int) -> str:
        return self._ids[row]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        column = self._columns[index.column()]
        text = self._row(self._ids[index.row()]).get(column, "")
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return text
        if role == Qt.ItemDataRole.UserRole:  # sort key: numbers as numbers
            m = STEP_COLUMN.match(column)
            if m and m.group(2) in INT_FIELDS:
                return int(text) if text else -10**9
            return text.lower()
        if role == Qt.ItemDataRole.TextAlignmentRole and STEP_COLUMN.match(column):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.BackgroundRole and self.overridden(self._ids[index.row()], column):
            return OVERRIDDEN
        return None

    def overridden(self, piece_id: str, column: str | None = None) -> bool:
        """In a variant: whether it sets this unit's value in ``column`` (any column: None)."""
        if self._base is None:
            return False
        base = self._base_row(piece_id)
        if base is None:
            return True
        row = self._row(piece_id)
        columns = [column] if column is not None else sorted(set(row) | set(base))
        return any(row.get(c, "") != base.get(c, "") for c in columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        horizontal = orientation == Qt.Orientation.Horizontal
        if role == Qt.ItemDataRole.DisplayRole:
            if horizontal:
                return self._columns[section]
            mark = " ✎" if self._base is not None and self.overridden(self._ids[section]) else ""
            return f"{section + 1}{mark}"
        if role == Qt.ItemDataRole.ToolTipRole and not horizontal and self._base is not None:
            pid = self._ids[section]
            if pid not in self._base:
                return "added by this variant"
            return "changed by this variant (tinted cells)" if self.overridden(pid) else "inherited from the base"
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        if index.isValid() and self._columns[index.column()] != "id":
            base |= Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: object,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        piece_id = self._ids[index.row()]
        column = self._columns[index.column()]
        text = str(value).strip()
        if text == self._row(piece_id).get(column, ""):
            return False
        existing = self.doc.module.pieces.pieces[piece_id]
        try:
            edit = oob_edits.with_cell(self.doc.module, piece_id, column, text)
        except EditRefused as exc:
            self.last_error = str(exc)
            self.errorRaised.emit(self.last_error)
            return False
        self.last_error = ""
        self.doc.push(SetEntry(self.doc, Kind.PIECES, piece_id, existing, edit.value, edit.text))
        return True

    # -- dragging ------------------------------------------------------------------------

    def mimeTypes(self) -> list[str]:
        return [PIECE_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        ids: list[str] = []
        for index in indexes:
            pid = self._ids[index.row()]
            if pid not in ids:
                ids.append(pid)
        return piece_mime(ids)

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction


class OobFilter(QSortFilterProxyModel):
    """Keeps rows with the filter text in any cell; sorts numbers as numbers."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.setSortRole(Qt.ItemDataRole.UserRole)


class OobTable(QWidget):
    """The grid with a filter box and the CSV buttons; ``pieceSelected`` names the current unit."""

    pieceSelected = Signal(str)

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.model = OobTableModel(doc, self)
        self.proxy = OobFilter(self)
        self.proxy.setSourceModel(self.model)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter units (any column)…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        # in the file's order until a header is clicked: with no sort column set first, enabling
        # sorting would sort every row by the first column (thousands of units) only to unsort them
        self.view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setDragEnabled(True)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        triggers = QAbstractItemView.EditTrigger
        self.view.setEditTriggers(triggers.DoubleClicked | triggers.EditKeyPressed | triggers.AnyKeyPressed)
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        self.view.setItemDelegate(IdComboDelegate(self._id_choices, self.view))
        self.import_button = QPushButton("Import CSV…")
        self.export_button = QPushButton("Export CSV…")
        self.status = QLabel("")
        self.status.setStyleSheet("color: #b00020")
        self.model.errorRaised.connect(self.status.setText)
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        top.addWidget(self.import_button)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)
        from .csv_actions import connect_csv_buttons  # the dialogs live there

        connect_csv_buttons(self)

    def _id_choices(self, index: QModelIndex) -> list[tuple[str, str]] | None:
        """Drop-down choices for the columns that hold ids; None for the others."""
        m = self.doc.module
        p = m.pieces
        column = self.model.columns[self.proxy.mapToSource(index).column()]
        return {"side": lambda: labelled(p.sides),
                "unit_type": lambda: labelled(p.unit_types),
                "formation": lambda: labelled(p.formations, optional=True),
                "hq": lambda: labelled({k: v for k, v in p.pieces.items() if k != self.model.piece_id(
                    self.proxy.mapToSource(index).row())}, optional=True),
                "optional_rule": lambda: labelled(m.meta.optional_rules, optional=True)}.get(column, lambda: None)()

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.pieceSelected.emit(self.model.piece_id(self.proxy.mapToSource(current).row()))

    def visible_ids(self) -> list[str]:
        """Unit ids in the order shown (after filtering and sorting)."""
        return [self.model.piece_id(self.proxy.mapToSource(self.proxy.index(r, 0)).row())
                for r in range(self.proxy.rowCount())]

    def column_of(self, name: str) -> int:
        return self.model.columns.index(name)
