"""The scenario's setup as a table model: one row per unit set up (unit, hex, box, step).

A scenario may set up thousands of units (8,000 on a 400×400 map). Made as table items,
every cell was built and styled when the editor opened; this model reads a cell from the
scenario only when the view shows it. An edited cell is handed to ``on_edit(row, column,
text)`` — the scenario editor turns it into one undoable command — and the model shows
the stored values again whatever came of it (a refused edit reverts its cell).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from hexwright.runtime.model import Placement, Scenario

from ..document import MapDocument
from ..edits import scenario as scenario_edits

SETUP_COLUMNS = ("Unit", "Hex", "Box", "Step")
"""The columns of the setup table; the unit is not edited here (it is placed or removed)."""
UNIT, HEX, BOX, STEP = range(len(SETUP_COLUMNS))
_ROOT = QModelIndex()  # the invalid index: the table has no parent rows

Role = Qt.ItemDataRole


class SetupModel(QAbstractTableModel):
    """Rows of ``scenario().setup``, read live; :meth:`refresh` after the scenario changed."""

    def __init__(self, doc: MapDocument, scenario: Callable[[], Scenario | None],
                 on_edit: Callable[[int, int, str], bool], parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self._scenario = scenario
        self._on_edit = on_edit
        self._rows = 0

    def _setup(self) -> list[Placement]:
        s = self._scenario()
        return s.setup if s is not None else []

    def refresh(self) -> None:
        """Show the scenario as it is now. Rows are added or taken away at the end and the
        rest are redrawn, so the selection and an open cell editor stay where they were (a
        table of items kept its items the same way)."""
        rows = len(self._setup())
        if rows > self._rows:
            self.beginInsertRows(_ROOT, self._rows, rows - 1)
            self._rows = rows
            self.endInsertRows()
        elif rows < self._rows:
            self.beginRemoveRows(_ROOT, rows, self._rows - 1)
            self._rows = rows
            self.endRemoveRows()
        if rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(SETUP_COLUMNS) - 1))

    def piece_id(self, row: int) -> str:
        return self._setup()[row].piece

    # -- the model -----------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(SETUP_COLUMNS)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Role.DisplayRole) -> object:
        setup = self._setup()
        if not index.isValid() or index.row() >= len(setup):
            return None
        place = setup[index.row()]
        if role == Role.UserRole:
            return place.piece
        if role not in (Role.DisplayRole, Role.EditRole):
            return None
        column = index.column()
        if column == UNIT:
            return scenario_edits.piece_label(self.doc.module, place.piece)
        if column == HEX:
            return place.hex or ""
        if column == BOX:
            return place.box or ""
        return str(place.step)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole) -> object:
        if role != Role.DisplayRole:
            return None
        return SETUP_COLUMNS[section] if orientation == Qt.Orientation.Horizontal else str(section + 1)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.isValid() and index.column() != UNIT:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: object, role: int = Role.EditRole) -> bool:
        if role != Role.EditRole or not index.isValid() or index.row() >= len(self._setup()):
            return False
        text = str(value if value is not None else "").strip()
        if text == self.data(index, Role.EditRole):
            return False
        row, column = index.row(), index.column()
        done = self._on_edit(row, column, text)
        if row < self._rows:  # whatever came of it, the cell shows what is stored
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(SETUP_COLUMNS) - 1))
        return done
