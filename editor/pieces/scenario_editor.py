"""The scenario editor: list and create scenarios; set up units on hexes and in off-map
boxes (typed, or dropped from the order of battle); the reinforcement schedule; optional
rules; forces and chits removed; map limits; turns; victory note.

The widget binds the scenario to the view: what a change means is computed by the plain
functions of :mod:`editor.edits.scenario`, and the new scenario is pushed as one
``SetEntry`` command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import Scenario

from ..changes import Changes, Kind
from ..commands import SetEntry
from ..document import MapDocument
from ..edits import scenario as scenario_edits
from ..edits.outcome import Edit, EditRefused
from .id_delegate import IdComboDelegate, labelled
from .keyed_table_editor import set_text
from .map_drop import BoxList
from .oob_table import PIECE_MIME, piece_ids_from_mime
from .setup_model import BOX, HEX, SetupModel


class _DropTable(QTableWidget):
    """A table that hands dropped unit ids to ``on_drop``."""

    def __init__(self, rows: int, columns: int, on_drop, parent=None):
        super().__init__(rows, columns, parent)
        self.on_drop = on_drop
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)

    def mimeTypes(self) -> list[str]:
        return [PIECE_MIME]

    def dragEnterEvent(self, event) -> None:
        event.acceptProposedAction() if event.mimeData().hasFormat(PIECE_MIME) else event.ignore()

    def dragMoveEvent(self, event) -> None:
        event.acceptProposedAction() if event.mimeData().hasFormat(PIECE_MIME) else event.ignore()

    def dropEvent(self, event) -> None:
        ids = piece_ids_from_mime(event.mimeData())
        if ids and self.on_drop(ids):
            event.acceptProposedAction()
        else:
            event.ignore()


class ScenarioEditor(QWidget):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.scenario_id: str | None = None
        self._loading = False
        self._removed_shown = False
        self._build_fields()
        self._build_tables()
        self.status = QLabel("")
        self.status.setStyleSheet("color: #b00020")
        self.status.setWordWrap(True)
        self._lay_out()
        doc.changed.connect(self._changed)
        self._reload_choice()

    # -- building ------------------------------------------------------------------------

    def _build_fields(self) -> None:
        """The scenario picker and the scenario's own fields."""
        self.choice = QComboBox()
        self.choice.currentIndexChanged.connect(lambda _i: self.set_scenario(self.choice.currentData()))
        self.new_button = QPushButton("New scenario")
        self.new_button.clicked.connect(lambda: self.new_scenario())
        self.delete_button = QPushButton("Delete")
        self.delete_button.clicked.connect(self.delete_scenario)
        self.name = QLineEdit()
        self.description = QLineEdit()
        self.first_turn = QSpinBox()
        self.last_turn = QSpinBox()
        for spin in (self.first_turn, self.last_turn):
            spin.setRange(0, 999)
        self.first_side = QComboBox()
        self.map_limits = QComboBox()
        self.victory_note = QLineEdit()
        self.name.editingFinished.connect(lambda: self._edit(name=self.name.text()))
        self.description.editingFinished.connect(lambda: self._edit(description=self.description.text()))
        self.victory_note.editingFinished.connect(lambda: self._edit(victory_note=self.victory_note.text()))
        self.first_turn.editingFinished.connect(lambda: self._edit(first_turn=self.first_turn.value()))
        self.last_turn.editingFinished.connect(lambda: self._edit(last_turn=self.last_turn.value()))
        self.first_side.currentIndexChanged.connect(lambda _i: self._edit(first_side=self.first_side.currentData() or None))
        self.map_limits.currentIndexChanged.connect(lambda _i: self._edit(map_limits=self.map_limits.currentData() or None))

    def _build_tables(self) -> None:
        """Setup, reinforcements, optional rules, removed units and chits, markers, cups."""
        self.setup = QTableView()
        self.setup_model = SetupModel(self.doc, lambda: self.scenario, self._setup_edited, self.setup)
        self.setup.setModel(self.setup_model)
        self.setup.setWordWrap(False)  # one line per unit: more rows in a short dock
        self.setup.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.setup.horizontalHeader().setStretchLastSection(True)
        self.setup.setItemDelegate(IdComboDelegate(  # the Box column: a drop-down of the map's boxes
            lambda i: labelled(self.doc.module.map.boxes) if i.column() == BOX else None, self.setup))
        self.unplace_button = QPushButton("Remove from setup")
        self.unplace_button.clicked.connect(self._unplace_selected)
        self.boxes = BoxList(self.doc, self.place)
        self.reinforcements = _DropTable(0, 5, self.add_reinforcements)
        self.reinforcements.setHorizontalHeaderLabels(["Unit", "Turn", "Box", "Hex", "Note"])
        self.reinforcements.setItemDelegate(IdComboDelegate(
            lambda i: labelled(self.doc.module.map.boxes, optional=True) if i.column() == 2 else None,
            self.reinforcements))
        self.reinforcements.itemChanged.connect(self._reinforcement_edited)
        self.remove_reinforcement = QPushButton("Remove from schedule")
        self.remove_reinforcement.clicked.connect(self._remove_reinforcement)
        self.options = QListWidget()
        self.options.itemChanged.connect(self._option_changed)
        self.removed_pieces = QListWidget()
        self.removed_pieces.itemChanged.connect(lambda _i: self._removed_changed())
        self.removed_chits = QListWidget()
        self.removed_chits.itemChanged.connect(lambda _i: self._removed_changed())
        self.marker_table = QTableWidget(0, 6)
        self.marker_table.setHorizontalHeaderLabels(["Marker", "Hex", "Box", "Track", "Space", "Face"])
        self.marker_table.itemChanged.connect(self._marker_edited)
        self.add_marker_button = QPushButton("Add marker")
        self.add_marker_button.clicked.connect(self.add_marker)
        self.remove_marker_button = QPushButton("Remove selected marker")
        self.remove_marker_button.clicked.connect(self._remove_marker)
        self.cups = QTableWidget(0, 2)
        self.cups.setHorizontalHeaderLabels(["Cup (box)", "Chits at the start (ids, comma separated)"])
        self.cups.horizontalHeader().setStretchLastSection(True)
        self.cups.itemChanged.connect(self._cup_edited)

    def _lay_out(self) -> None:
        head = QHBoxLayout()
        head.addWidget(QLabel("Scenario"))
        head.addWidget(self.choice, 1)
        head.addWidget(self.new_button)
        head.addWidget(self.delete_button)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Description", self.description)
        form.addRow("First turn", self.first_turn)
        form.addRow("Last turn", self.last_turn)
        form.addRow("First side", self.first_side)
        form.addRow("Map limits (area)", self.map_limits)
        form.addRow("Victory", self.victory_note)
        setup_tab = QWidget()
        setup_layout = QHBoxLayout(setup_tab)
        left = QVBoxLayout()
        left.addWidget(QLabel("Drag units from the order of battle onto map hexes or a box"))
        left.addWidget(self.setup, 1)
        left.addWidget(self.unplace_button)
        right = QVBoxLayout()
        right.addWidget(QLabel("Off-map boxes"))
        right.addWidget(self.boxes, 1)
        setup_layout.addLayout(left, 3)
        setup_layout.addLayout(right, 1)
        reinf_tab = QWidget()
        reinf_layout = QVBoxLayout(reinf_tab)
        reinf_layout.addWidget(QLabel("Drop units here to schedule them"))
        reinf_layout.addWidget(self.reinforcements, 1)
        reinf_layout.addWidget(self.remove_reinforcement)
        self.removed_tab = removed_tab = QWidget()
        removed_layout = QHBoxLayout(removed_tab)
        removed_layout.addWidget(self.removed_pieces)
        removed_layout.addWidget(self.removed_chits)
        self.tabs = QTabWidget()
        self.tabs.addTab(setup_tab, "Setup")
        self.tabs.addTab(reinf_tab, "Reinforcements")
        self.tabs.addTab(self.options, "Optional rules")
        self.tabs.addTab(removed_tab, "Removed units and chits")
        self.tabs.addTab(self.cups, "Cups")
        markers_tab = QWidget()
        markers_layout = QVBoxLayout(markers_tab)
        markers_layout.addWidget(self.marker_table, 1)
        marker_buttons = QHBoxLayout()
        marker_buttons.addWidget(self.add_marker_button)
        marker_buttons.addWidget(self.remove_marker_button)
        markers_layout.addLayout(marker_buttons)
        self.tabs.addTab(markers_tab, "Markers")
        self.tabs.currentChanged.connect(lambda _i: self._show_removed() if self.tabs.currentWidget() is removed_tab
                                         else None)
        # Side by side, the scenario's fields and its setup: a bottom dock is wide and short, and the
        # setup table shows its rows rather than one under seven rows of fields.
        form.setVerticalSpacing(3)
        fields = QVBoxLayout()
        fields.addLayout(head)
        fields.addLayout(form)
        fields.addWidget(self.status)
        fields.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(fields, 2)
        layout.addWidget(self.tabs, 3)

    # -- access --------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario | None:
        return self.doc.module.scenarios.get(self.scenario_id or "")

    def _label(self, piece_id: str) -> str:
        return scenario_edits.piece_label(self.doc.module, piece_id)

    # -- showing -------------------------------------------------------------------------

    def _reload_choice(self) -> None:
        self.choice.blockSignals(True)
        self.choice.clear()
        for key, scenario in self.doc.module.scenarios.items():
            self.choice.addItem(f"{scenario.name} ({key})", key)
        if self.scenario_id not in self.doc.module.scenarios:
            self.scenario_id = self.choice.itemData(0) if self.choice.count() else None
        self.choice.setCurrentIndex(max(0, self.choice.findData(self.scenario_id)))
        self.choice.blockSignals(False)
        self._load()

    def set_scenario(self, scenario_id: str | None) -> None:
        self.scenario_id = scenario_id
        self._load()

    def _changed(self, changes: Changes) -> None:
        keys = changes.keys(Kind.SCENARIOS)
        if keys:
            if keys == {self.scenario_id} and self.scenario is not None:
                self._load()
            else:
                self._reload_choice()
        elif changes.touches(Kind.PIECES, Kind.SIDES, Kind.CHITS):
            self._load()

    def _fill_combo(self, combo: QComboBox, entries: list[tuple[str, str]], current: str | None) -> None:
        combo.blockSignals(True)
        combo.clear()
        for key, name in entries:
            combo.addItem(name, key)
        combo.setCurrentIndex(max(0, combo.findData(current or "")))
        combo.blockSignals(False)

    def _load(self) -> None:
        s = self.scenario
        module = self.doc.module
        self._loading = True
        tables = (self.reinforcements, self.options, self.removed_pieces, self.removed_chits, self.cups,
                  self.marker_table)
        for w in tables:
            w.blockSignals(True)
        try:
            fields: tuple[QWidget, ...] = (self.name, self.description, self.first_turn, self.last_turn,
                                           self.first_side, self.map_limits, self.victory_note, self.tabs,
                                           self.delete_button)
            for field in fields:
                field.setEnabled(s is not None)
            self.setup_model.refresh()
            if s is None:
                self.reinforcements.setRowCount(0)
                return
            self.name.setText(s.name)
            self.description.setText(s.description)
            self.first_turn.setValue(s.first_turn)
            self.last_turn.setValue(s.last_turn)
            self.victory_note.setText(s.victory_note)
            self._fill_combo(self.first_side, [("", "(none)")] + [(k, v.name) for k, v in module.pieces.sides.items()],
                             s.first_side)
            self._fill_combo(self.map_limits, [("", "(whole map)")] + [(k, a.name) for k, a in module.map.areas.items()],
                             s.map_limits)
            self.reinforcements.setRowCount(len(s.reinforcements))
            for r, rein in enumerate(s.reinforcements):
                for c, text in enumerate((self._label(rein.piece), str(rein.turn), rein.box or "", rein.hex or "",
                                          rein.note)):
                    item = set_text(self.reinforcements, r, c, text)
                    if c == 0:
                        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            rules = module.meta.optional_rules
            states = {k: s.optional_rules.get(k) for k in rules}
            self._fill_checks(self.options, [(k, r.name) for k, r in rules.items()], set(), "", tristate=states)
            self.marker_table.setRowCount(len(s.markers))
            for r, marker in enumerate(s.markers):
                for c, value in enumerate((marker.marker, marker.hex, marker.box, marker.track, marker.space,
                                           marker.face)):
                    set_text(self.marker_table, r, c, "" if value is None else str(value))
            cups = scenario_edits.cup_keys(module, s)
            self.cups.setRowCount(len(cups))
            for r, key in enumerate(cups):
                item = set_text(self.cups, r, 0, key)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                set_text(self.cups, r, 1, ", ".join(s.cups.get(key, [])))
            self._removed_shown = False
            if self.tabs.currentWidget() is self.removed_tab:
                self._show_removed()
        finally:
            for w in tables:
                w.blockSignals(False)
            self._loading = False

    def _show_removed(self) -> None:
        """Fill the lists of units and chits to remove: when their tab is shown, as they hold a
        checkable line per unit (8,000 on a large map) that opening the editor need not make."""
        s, module = self.scenario, self.doc.module
        if self._removed_shown or s is None:
            return
        self._removed_shown = True
        was = self._loading
        self._loading = True
        for w in (self.removed_pieces, self.removed_chits):
            w.blockSignals(True)
        try:
            self._fill_checks(self.removed_pieces, [(k, self._label(k)) for k in module.pieces.pieces],
                              set(s.removed_pieces), "Removed units")
            self._fill_checks(self.removed_chits, [(k, c.name) for k, c in module.pieces.chits.items()],
                              set(s.removed_chits), "Removed chits")
        finally:
            for w in (self.removed_pieces, self.removed_chits):
                w.blockSignals(False)
            self._loading = was

    @staticmethod
    def _fill_checks(widget: QListWidget, entries: list[tuple[str, str]], checked: set[str], title: str,
                     tristate: dict[str, bool | None] | None = None) -> None:
        """Checkable items for ``entries``; kept (only their states set) while the keys stay the
        same, so an item being clicked is never deleted under the click."""
        keys = [widget.item(i).data(Qt.ItemDataRole.UserRole) for i in range(widget.count())]
        wanted = ([None] if title else []) + [key for key, _ in entries]
        if keys != wanted:
            widget.clear()
            if title:
                head = QListWidgetItem(title)
                head.setFlags(Qt.ItemFlag.NoItemFlags)
                widget.addItem(head)
            for key, text in entries:
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, key)
                flags = item.flags() | Qt.ItemFlag.ItemIsUserCheckable
                item.setFlags(flags | Qt.ItemFlag.ItemIsUserTristate if tristate is not None else flags)
                if tristate is not None:
                    item.setToolTip("partly checked: the module's default")
                widget.addItem(item)
        offset = 1 if title else 0
        for i, (key, text) in enumerate(entries):
            item = widget.item(i + offset)
            if item.text() != text:
                item.setText(text)
            if tristate is not None:
                state = tristate.get(key)
                check = Qt.CheckState.PartiallyChecked if state is None else Qt.CheckState.Checked if state else Qt.CheckState.Unchecked
            else:
                check = Qt.CheckState.Checked if key in checked else Qt.CheckState.Unchecked
            if item.checkState() != check:
                item.setCheckState(check)

    # -- editing -------------------------------------------------------------------------

    def _apply(self, make: Callable[[Scenario], Edit[Scenario] | None], reload_on_refusal: bool = True) -> bool:
        """Compute the new scenario with an :mod:`editor.edits.scenario` function and push it
        as one step; a refusal is shown (and the view shows the stored values again)."""
        s = self.scenario
        if s is None or self.scenario_id is None:
            return False
        try:
            edit = make(s)
        except EditRefused as exc:
            self.status.setText(str(exc))
            if reload_on_refusal:
                self._load()
            return False
        if edit is None:
            self._load()
            return False
        if edit.value == s:
            return False
        self.status.clear()
        self.doc.push(SetEntry(self.doc, Kind.SCENARIOS, self.scenario_id, s, edit.value, edit.text))
        return True

    def _edit(self, **changes: Any) -> bool:
        if self._loading or self.scenario_id is None:
            return False
        return self._apply(lambda s: scenario_edits.edited(self.scenario_id or "", s, **changes))

    def place(self, piece_ids: list[str], hex: str | None = None, box: str | None = None) -> bool:
        """Set up units on a hex or in an off-map box (moving them if already set up): one undo step."""
        if self.scenario is None:
            self.status.setText("Create a scenario first.")
            return False
        return self._apply(lambda s: scenario_edits.placed(self.doc.module, s, piece_ids, hex, box),
                           reload_on_refusal=False)

    def unplace(self, piece_ids: list[str]) -> bool:
        return self._apply(lambda s: scenario_edits.unplaced(s, piece_ids))

    def _unplace_selected(self) -> None:
        rows = sorted({i.row() for i in self.setup.selectionModel().selectedIndexes()})
        s = self.scenario
        if s is not None and rows:
            self.unplace([s.setup[r].piece for r in rows if r < len(s.setup)])

    def _setup_edited(self, row: int, column: int, text: str) -> bool:
        """A setup cell typed or picked (:class:`SetupModel` hands it here): one undo step."""
        s = self.scenario
        if self._loading or s is None or row >= len(s.setup):
            return False
        piece = s.setup[row].piece
        if column in (HEX, BOX):
            where = {"hex": text} if column == HEX else {"box": text}
            return self.place([piece], **where) if text else False
        return self._apply(lambda sc: scenario_edits.with_step(self.doc.module, sc, row, text))

    def add_reinforcements(self, piece_ids: list[str], turn: int | None = None, box: str | None = None) -> bool:
        return self._apply(lambda s: scenario_edits.scheduled(self.doc.module, s, piece_ids, turn, box),
                           reload_on_refusal=False)

    def _reinforcement_edited(self, item: QTableWidgetItem) -> None:
        s = self.scenario
        if self._loading or s is None or item.row() >= len(s.reinforcements):
            return
        field = scenario_edits.REINFORCEMENT_FIELDS[item.column()]
        self._apply(lambda sc: scenario_edits.with_reinforcement_field(self.doc.module, sc, item.row(), field,
                                                                        item.text()))

    def _remove_reinforcement(self) -> None:
        rows = {i.row() for i in self.reinforcements.selectedIndexes()}
        if rows:
            self._apply(lambda s: scenario_edits.without_reinforcements(s, rows))

    def _option_changed(self, item: QListWidgetItem) -> None:
        if self._loading or self.scenario_id is None:
            return
        check = item.checkState()
        state = None if check == Qt.CheckState.PartiallyChecked else check == Qt.CheckState.Checked
        rule = item.data(Qt.ItemDataRole.UserRole)
        self._apply(lambda s: scenario_edits.with_optional_rule(self.scenario_id or "", s, rule, state))

    def _removed_changed(self) -> None:
        if self._loading:
            return

        def checked(widget: QListWidget) -> list[str]:
            items = (widget.item(i) for i in range(widget.count()))
            return [item.data(Qt.ItemDataRole.UserRole) for item in items
                    if item.data(Qt.ItemDataRole.UserRole) and item.checkState() == Qt.CheckState.Checked]

        self._edit(removed_pieces=checked(self.removed_pieces), removed_chits=checked(self.removed_chits))

    def add_marker(self, marker_id: str | None = None) -> bool:
        if self.scenario is None:
            self.status.setText("Add a marker to the module first.")
            return False
        return self._apply(lambda s: scenario_edits.with_marker(self.doc.module, self.scenario_id or "", s, marker_id),
                           reload_on_refusal=False)

    def _remove_marker(self) -> None:
        rows = {i.row() for i in self.marker_table.selectedIndexes()}
        if rows:
            self._apply(lambda s: scenario_edits.without_markers(self.scenario_id or "", s, rows))

    def _marker_edited(self, item: QTableWidgetItem) -> None:
        s = self.scenario
        if self._loading or s is None or item.row() >= len(s.markers):
            return
        field = scenario_edits.MARKER_FIELDS[item.column()]
        self._apply(lambda sc: scenario_edits.with_marker_field(self.doc.module, self.scenario_id or "", sc,
                                                                 item.row(), field, item.text()))

    def _cup_edited(self, item: QTableWidgetItem) -> None:
        cup_item = self.cups.item(item.row(), 0)
        if self._loading or item.column() != 1 or cup_item is None:
            return
        self._apply(lambda s: scenario_edits.with_cup(self.doc.module, self.scenario_id or "", s, cup_item.text(),
                                                      item.text()))

    def new_scenario(self, scenario_id: str | None = None) -> str:
        scenario_id, scenario = scenario_edits.new_scenario(self.doc.module, scenario_id)
        self.scenario_id = scenario_id
        self.doc.push(SetEntry(self.doc, Kind.SCENARIOS, scenario_id, None, scenario, f"Add scenario {scenario_id}"))
        self._reload_choice()
        return scenario_id

    def delete_scenario(self) -> None:
        if self.scenario is not None and self.scenario_id is not None:
            self.doc.push(SetEntry(self.doc, Kind.SCENARIOS, self.scenario_id, self.scenario, None,
                                   f"Delete scenario {self.scenario_id}"))
