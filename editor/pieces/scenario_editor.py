"""The scenario editor: list and create scenarios; set up units on hexes and in off-map
boxes (typed, or dropped from the order of battle); the reinforcement schedule; optional
rules; forces and chits removed; map limits; turns; victory note.

Every change replaces the scenario through one :class:`SetScenario` command.
"""

from __future__ import annotations

from pydantic import ValidationError
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
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import MarkerPlacement, Placement, Reinforcement, Scenario

from ..changes import Changes, Kind
from ..commands import SetEntry
from ..document import MapDocument
from .id_delegate import IdComboDelegate, labelled
from .keyed_table_editor import set_text
from .map_drop import BoxList
from .oob_table import PIECE_MIME, piece_ids_from_mime


class _DropTable(QTableWidget):
    """A table that hands dropped unit ids to ``on_drop``."""

    def __init__(self, rows: int, columns: int, on_drop, parent=None):
        super().__init__(rows, columns, parent)
        self.on_drop = on_drop
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DropOnly)

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

        self.setup = _DropTable(0, 4, lambda ids: False)
        self.setup.setHorizontalHeaderLabels(["Unit", "Hex", "Box", "Step"])
        self.setup.itemChanged.connect(self._setup_edited)
        self.setup.setItemDelegate(IdComboDelegate(  # the Box column: a drop-down of the map's boxes
            lambda i: labelled(self.doc.module.map.boxes) if i.column() == 2 else None, self.setup))
        self.unplace_button = QPushButton("Remove from setup")
        self.unplace_button.clicked.connect(self._unplace_selected)
        self.boxes = BoxList(doc, self.place)
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
        self.status = QLabel("")
        self.status.setStyleSheet("color: #b00020")
        self.status.setWordWrap(True)

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
        removed_tab = QWidget()
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
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(form)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status)
        doc.changed.connect(self._changed)
        self._reload_choice()

    # -- access --------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario | None:
        return self.doc.module.scenarios.get(self.scenario_id or "")

    def _hex_ok(self, label: str) -> bool:
        grid = self.doc.module.map.grid
        try:
            grid.labels.scheme().parse(label, grid.hex_grid())
        except ValueError:
            return False
        return True

    def _label(self, piece_id: str) -> str:
        piece = self.doc.module.pieces.pieces.get(piece_id)
        return f"{piece.designation} ({piece_id})" if piece is not None and piece.designation else piece_id

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
        tables = (self.setup, self.reinforcements, self.options, self.removed_pieces, self.removed_chits, self.cups,
                  self.marker_table)
        for w in tables:
            w.blockSignals(True)
        try:
            for w in (self.name, self.description, self.first_turn, self.last_turn, self.first_side, self.map_limits,
                      self.victory_note, self.tabs, self.delete_button):
                w.setEnabled(s is not None)
            if s is None:
                for t in (self.setup, self.reinforcements):
                    t.setRowCount(0)
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
            self.setup.setRowCount(len(s.setup))
            for r, place in enumerate(s.setup):
                for c, text in enumerate((self._label(place.piece), place.hex or "", place.box or "", str(place.step))):
                    item = set_text(self.setup, r, c, text)
                    if c == 0:
                        item.setFlags(item.flags() & ~Qt.ItemIsEditable)
                        item.setData(Qt.UserRole, place.piece)
            self.reinforcements.setRowCount(len(s.reinforcements))
            for r, rein in enumerate(s.reinforcements):
                for c, text in enumerate((self._label(rein.piece), str(rein.turn), rein.box or "", rein.hex or "",
                                          rein.note)):
                    item = set_text(self.reinforcements, r, c, text)
                    if c == 0:
                        item.setFlags(item.flags() & ~Qt.ItemIsEditable)
            rules = module.meta.optional_rules
            states = {k: s.optional_rules.get(k) for k in rules}
            self._fill_checks(self.options, [(k, r.name) for k, r in rules.items()], set(), "", tristate=states)
            self.marker_table.setRowCount(len(s.markers))
            for r, place in enumerate(s.markers):
                for c, value in enumerate((place.marker, place.hex, place.box, place.track, place.space, place.face)):
                    set_text(self.marker_table, r, c, "" if value is None else str(value))
            cups = [k for k, b in module.map.boxes.items() if b.kind == "cup"] + [k for k in s.cups
                                                                                  if module.map.boxes.get(k) is None
                                                                                  or module.map.boxes[k].kind != "cup"]
            self.cups.setRowCount(len(cups))
            for r, key in enumerate(cups):
                item = set_text(self.cups, r, 0, key)
                item.setFlags(item.flags() & ~Qt.ItemIsEditable)
                set_text(self.cups, r, 1, ", ".join(s.cups.get(key, [])))
            self._fill_checks(self.removed_pieces, [(k, self._label(k)) for k in module.pieces.pieces],
                              set(s.removed_pieces), "Removed units")
            self._fill_checks(self.removed_chits, [(k, c.name) for k, c in module.pieces.chits.items()],
                              set(s.removed_chits), "Removed chits")
        finally:
            for w in tables:
                w.blockSignals(False)
            self._loading = False

    @staticmethod
    def _fill_checks(widget: QListWidget, entries: list[tuple[str, str]], checked: set[str], title: str,
                     tristate: dict[str, bool | None] | None = None) -> None:
        """Checkable items for ``entries``; kept (only their states set) while the keys stay the
        same, so an item being clicked is never deleted under the click."""
        keys = [widget.item(i).data(Qt.UserRole) for i in range(widget.count())]
        wanted = ([None] if title else []) + [key for key, _ in entries]
        if keys != wanted:
            widget.clear()
            if title:
                head = QListWidgetItem(title)
                head.setFlags(Qt.NoItemFlags)
                widget.addItem(head)
            for key, text in entries:
                item = QListWidgetItem(text)
                item.setData(Qt.UserRole, key)
                flags = item.flags() | Qt.ItemIsUserCheckable
                item.setFlags(flags | Qt.ItemIsUserTristate if tristate is not None else flags)
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
                check = Qt.PartiallyChecked if state is None else Qt.Checked if state else Qt.Unchecked
            else:
                check = Qt.Checked if key in checked else Qt.Unchecked
            if item.checkState() != check:
                item.setCheckState(check)

    # -- editing -------------------------------------------------------------------------

    def _push(self, after: Scenario, text: str) -> bool:
        before = self.scenario
        if after == before:
            return False
        self.status.clear()
        self.doc.push(SetEntry(self.doc, Kind.SCENARIOS, self.scenario_id, before, after, text))
        return True

    def _edit(self, **changes) -> bool:
        if self._loading or self.scenario is None:
            return False
        data = self.scenario.model_dump()
        data.update(changes)
        try:
            after = Scenario.model_validate(data)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            self.status.setText(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}")
            self._load()
            return False
        if after.last_turn < after.first_turn:
            self.status.setText("The last turn comes before the first turn.")
            self._load()
            return False
        return self._push(after, f"Change {', '.join(changes)} of scenario {self.scenario_id}")

    def place(self, piece_ids: list[str], hex: str | None = None, box: str | None = None) -> bool:
        """Set up units on a hex or in an off-map box (moving them if already set up): one undo step."""
        s = self.scenario
        module = self.doc.module
        if s is None:
            self.status.setText("Create a scenario first.")
            return False
        unknown = [pid for pid in piece_ids if pid not in module.pieces.pieces]
        if unknown or (hex is None) == (box is None):
            self.status.setText(f"Unknown units: {', '.join(unknown)}" if unknown else "Give a hex or a box.")
            return False
        if hex is not None and not self._hex_ok(hex):
            self.status.setText(f"Hex {hex!r} is not on the map.")
            return False
        if box is not None and box not in module.map.boxes:
            self.status.setText(f"Unknown box {box!r}.")
            return False
        ids = set(piece_ids)
        steps = {p.piece: p.step for p in s.setup}
        setup = [p for p in s.setup if p.piece not in ids]
        setup += [Placement(piece=pid, hex=hex, box=box, step=steps.get(pid, 0)) for pid in piece_ids]
        after = s.model_copy(update={
            "setup": setup,
            "reinforcements": [r for r in s.reinforcements if r.piece not in ids],
            "removed_pieces": [r for r in s.removed_pieces if r not in ids],
        }, deep=True)
        where = f"hex {hex}" if hex else f"box {box}"
        names = piece_ids[0] if len(piece_ids) == 1 else f"{len(piece_ids)} units"
        return self._push(after, f"Place {names} in {where}")

    def unplace(self, piece_ids: list[str]) -> bool:
        s = self.scenario
        if s is None:
            return False
        ids = set(piece_ids)
        return self._push(s.model_copy(update={"setup": [p for p in s.setup if p.piece not in ids]}, deep=True),
                          f"Remove {len(ids)} units from the setup")

    def _unplace_selected(self) -> None:
        rows = sorted({i.row() for i in self.setup.selectedIndexes()})
        s = self.scenario
        if s is not None and rows:
            self.unplace([s.setup[r].piece for r in rows if r < len(s.setup)])

    def _setup_edited(self, item: QTableWidgetItem) -> None:
        s = self.scenario
        if self._loading or s is None or item.row() >= len(s.setup):
            return
        place = s.setup[item.row()]
        text = item.text().strip()
        if item.column() == 1:
            ok = self.place([place.piece], hex=text) if text else False
        elif item.column() == 2:
            ok = self.place([place.piece], box=text) if text else False
        else:
            piece = self.doc.module.pieces.pieces.get(place.piece)
            if not text.isdigit() or piece is None or int(text) >= len(piece.steps):
                self.status.setText(f"Step of {place.piece}: a number from 0 to {len(piece.steps) - 1 if piece else 0}")
                ok = False
            else:
                setup = list(s.setup)
                setup[item.row()] = place.model_copy(update={"step": int(text)})
                ok = self._push(s.model_copy(update={"setup": setup}, deep=True), f"Set step of {place.piece}")
        if not ok:
            self._load()

    def add_reinforcements(self, piece_ids: list[str], turn: int | None = None, box: str | None = None) -> bool:
        s = self.scenario
        module = self.doc.module
        if s is None or any(pid not in module.pieces.pieces for pid in piece_ids):
            return False
        if box is None:
            box = next((k for k, b in module.map.boxes.items() if b.kind in ("reinforcement", "arrival")), None)
        ids = set(piece_ids)
        turn = turn if turn is not None else min(s.first_turn + 1, s.last_turn)
        reinforcements = [r for r in s.reinforcements if r.piece not in ids]
        reinforcements += [Reinforcement(piece=pid, turn=turn, box=box) for pid in piece_ids]
        after = s.model_copy(update={"reinforcements": reinforcements,
                                     "setup": [p for p in s.setup if p.piece not in ids]}, deep=True)
        return self._push(after, f"Schedule {len(piece_ids)} units on turn {turn}")

    def _reinforcement_edited(self, item: QTableWidgetItem) -> None:
        s = self.scenario
        if self._loading or s is None or item.row() >= len(s.reinforcements):
            return
        rein = s.reinforcements[item.row()]
        text = item.text().strip()
        field = ("piece", "turn", "box", "hex", "note")[item.column()]
        problem = ""
        if field == "turn" and not text.lstrip("-").isdigit():
            problem = "Turn: a whole number"
        elif field == "box" and text and text not in self.doc.module.map.boxes:
            problem = f"Unknown box {text!r}"
        elif field == "hex" and text and not self._hex_ok(text):
            problem = f"Hex {text!r} is not on the map"
        if problem:
            self.status.setText(problem)
            self._load()
            return
        value = int(text) if field == "turn" else (text or None) if field in ("box", "hex") else text
        schedule = list(s.reinforcements)
        schedule[item.row()] = rein.model_copy(update={field: value})
        self._push(s.model_copy(update={"reinforcements": schedule}, deep=True), f"Change reinforcement {rein.piece}")

    def _remove_reinforcement(self) -> None:
        s = self.scenario
        rows = sorted({i.row() for i in self.reinforcements.selectedIndexes()})
        if s is not None and rows:
            keep = [r for i, r in enumerate(s.reinforcements) if i not in rows]
            self._push(s.model_copy(update={"reinforcements": keep}, deep=True), "Remove reinforcements")

    def _option_changed(self, item: QListWidgetItem) -> None:
        if self._loading or self.scenario is None:
            return
        options = dict(self.scenario.optional_rules)
        key = item.data(Qt.UserRole)
        state = item.checkState()
        if state == Qt.PartiallyChecked:
            options.pop(key, None)
        else:
            options[key] = state == Qt.Checked
        self._edit(optional_rules=options)

    def _removed_changed(self) -> None:
        if self._loading or self.scenario is None:
            return

        def checked(widget: QListWidget) -> list[str]:
            return [widget.item(i).data(Qt.UserRole) for i in range(widget.count())
                    if widget.item(i).data(Qt.UserRole) and widget.item(i).checkState() == Qt.Checked]

        self._edit(removed_pieces=checked(self.removed_pieces), removed_chits=checked(self.removed_chits))

    def add_marker(self, marker_id: str | None = None) -> bool:
        s = self.scenario
        markers = self.doc.module.pieces.markers
        marker_id = marker_id or next(iter(markers), None)
        if s is None or marker_id not in markers:
            self.status.setText("Add a marker to the module first.")
            return False
        track = next(iter(self.doc.module.map.tracks), None)
        place = MarkerPlacement(marker=marker_id, track=track, space=s.first_turn if track else None)
        return self._edit(markers=[*[m.model_dump() for m in s.markers], place.model_dump()])

    def _remove_marker(self) -> None:
        s = self.scenario
        rows = {i.row() for i in self.marker_table.selectedIndexes()}
        if s is not None and rows:
            self._edit(markers=[m.model_dump() for i, m in enumerate(s.markers) if i not in rows])

    def _marker_edited(self, item: QTableWidgetItem) -> None:
        s = self.scenario
        if self._loading or s is None or item.row() >= len(s.markers):
            return
        field = ("marker", "hex", "box", "track", "space", "face")[item.column()]
        text = item.text().strip()
        module = self.doc.module
        known = {"marker": module.pieces.markers, "box": module.map.boxes, "track": module.map.tracks}
        problem = ""
        if field in known and text and text not in known[field]:
            problem = f"Unknown {field} {text!r}"
        elif field == "hex" and text and not self._hex_ok(text):
            problem = f"Hex {text!r} is not on the map"
        elif field in ("space", "face") and text and not text.isdigit():
            problem = f"{field.capitalize()}: a whole number"
        if problem:
            self.status.setText(problem)
            self._load()
            return
        value: object = int(text) if field in ("space", "face") and text else (text or None)
        if field == "face" and value is None:
            value = 0
        if field == "marker" and value is None:
            self._load()
            return
        markers = [m.model_dump() for m in s.markers]
        markers[item.row()][field] = value
        self._edit(markers=markers)

    def _cup_edited(self, item: QTableWidgetItem) -> None:
        s = self.scenario
        if self._loading or s is None or item.column() != 1:
            return
        cup = self.cups.item(item.row(), 0).text()
        chits = [c.strip() for c in item.text().split(",") if c.strip()]
        unknown = [c for c in chits if c not in self.doc.module.pieces.chits]
        if unknown:
            self.status.setText(f"Unknown chits in {cup}: {', '.join(unknown)}")
            self._load()
            return
        cups = dict(s.cups)
        if chits:
            cups[cup] = chits
        else:
            cups.pop(cup, None)
        self._edit(cups=cups)

    def new_scenario(self, scenario_id: str | None = None) -> str:
        scenarios = self.doc.module.scenarios
        n = len(scenarios) + 1
        while scenario_id is None or scenario_id in scenarios:
            scenario_id = f"scenario-{n}"
            n += 1
        turns = self.doc.module.tables.turn_track.turns
        scenario = Scenario(name=f"Scenario {n - 1}", first_turn=turns[0].number if turns else 1,
                            last_turn=turns[-1].number if turns else 1)
        self.scenario_id = scenario_id
        self.doc.push(SetEntry(self.doc, Kind.SCENARIOS, scenario_id, None, scenario, f"Add scenario {scenario_id}"))
        self._reload_choice()
        return scenario_id

    def delete_scenario(self) -> None:
        if self.scenario is not None:
            self.doc.push(SetEntry(self.doc, Kind.SCENARIOS, self.scenario_id, self.scenario, None,
                                          f"Delete scenario {self.scenario_id}"))
