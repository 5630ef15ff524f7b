"""The unit form: every value of one unit, a grid of its per-step values, and a live
preview of the counter that flips between its faces.

Each committed field is one :class:`SetPiece` undo command; a value that does not parse
is refused with a message naming the field, and the field shows the unit's value again.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.interchange.oob_csv import (
    INT_FIELDS,
    SIZES,
    STEP_FIELDS,
    CellError,
    format_restrictions,
    piece_from_cells,
    step_cell,
)
from hexwright.runtime.model import Piece, StepValues

from ..changes import ALL, Changes, Kind
from ..commands import SetEntry, SetPieceArt
from ..commands.rename_id import RenameId
from ..document import MapDocument
from ..edits.outcome import EditRefused
from ..edits.rename import id_from_name
from .counter_preview import CounterPreview

STEP_LABELS = {
    "label": "Label", "combat": "Combat", "attack": "Attack", "defense": "Defense", "movement": "Movement",
    "command_range": "Command range", "morale": "Morale", "anti_tank": "Anti-tank", "armor": "Armor",
    "support": "Art. support", "defensive": "Art. defensive", "long_range": "Art. long range",
    "fire_missions": "Fire missions", "action_points": "Action points", "extra": "Other (name=value)",
    "image": "Art (images/…)", "provenance": "Clue (reconstructed)",
}


AUTO_ID = re.compile(r"unit-[0-9]+")
"""The ids New unit gives (``unit-3``); typing a designation for such a unit names it after it."""


def new_piece_id(pieces: dict, prefix: str = "unit") -> str:
    n = len(pieces) + 1
    while f"{prefix}-{n}" in pieces:
        n += 1
    return f"{prefix}-{n}"


class UnitForm(QWidget):
    pieceChanged = Signal(str)  # the unit shown (after New or a selection)

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.piece_id: str | None = None
        self._loading = False
        self._build()
        doc.changed.connect(self._changed)
        self._reload_choices()
        self._load()

    # -- building ------------------------------------------------------------------------

    def _build(self) -> None:
        self.id_label = QLineEdit("—")
        self.id_label.setObjectName("unit_id")
        self.id_label.setToolTip("The unit's id, as the log, saves and the command line name it. Type a new one and "
                                 "press Enter to rename it everywhere it is used (one undo step).")
        self.id_label.editingFinished.connect(lambda: self.rename(self.id_label.text()))
        self.side = QComboBox()
        self.designation = QLineEdit()
        self.unit_type = QComboBox()
        self.size_choice = QComboBox()
        self.size_choice.addItems(list(SIZES))
        self.formation = QComboBox()
        self.hq = QComboBox()
        self.setup = QLineEdit()
        self.optional_rule = QComboBox()
        self.restrictions = QLineEdit()
        self.restrictions.setPlaceholderText("no_move_before_turn=3; must_stay_in_area=metz")
        self.note = QLineEdit()
        form = QFormLayout()
        for label, widget in (("Id", self.id_label), ("Side", self.side), ("Designation", self.designation),
                              ("Unit type", self.unit_type), ("Size", self.size_choice), ("Formation", self.formation),
                              ("HQ", self.hq), ("Setup code", self.setup), ("Optional rule", self.optional_rule),
                              ("Restrictions", self.restrictions), ("Note", self.note)):
            form.addRow(label, widget)
        self.choices: dict[str, QComboBox] = {
            "side": self.side, "unit_type": self.unit_type, "size": self.size_choice, "formation": self.formation,
            "hq": self.hq, "optional_rule": self.optional_rule}
        """The drop-downs by the unit's field (a CSV column) they set."""
        self.texts: dict[str, QLineEdit] = {
            "designation": self.designation, "setup": self.setup, "restrictions": self.restrictions, "note": self.note}
        """The text fields by the unit's field (a CSV column) they set."""
        for name, combo in self.choices.items():
            combo.currentIndexChanged.connect(lambda _i, n=name: self._combo_changed(n))
        for name, line in self.texts.items():
            line.editingFinished.connect(lambda n=name, w=line: self._commit({n: w.text()}))

        self.steps = QTableWidget(len(STEP_FIELDS), 1)
        self.steps.setVerticalHeaderLabels([STEP_LABELS[f] for f in STEP_FIELDS])
        self.steps.itemChanged.connect(self._step_item_changed)
        self.add_step = QPushButton("Add step")
        self.remove_step = QPushButton("Remove step")
        self.add_step.clicked.connect(self.add_step_values)
        self.remove_step.clicked.connect(self.remove_last_step)

        self.preview = CounterPreview(self.doc, 100)
        self.flip_button = QPushButton("Flip")
        self.flip_button.clicked.connect(self.preview.flip)
        self.face_label = QLabel("")
        self.preview.faceChanged.connect(lambda _f: self._show_face())
        self.art_button = QPushButton("Art…")
        self.art_button.setToolTip("Use your own PNG or SVG picture for the face shown in the preview")
        self.art_button.clicked.connect(self._choose_art)
        self.new_button = QPushButton("New unit")
        self.new_button.clicked.connect(lambda: self.new_unit())
        self.delete_button = QPushButton("Delete unit")
        self.delete_button.clicked.connect(self.delete_unit)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #b00020")

        side = QVBoxLayout()
        side.addWidget(self.preview, 0, Qt.AlignmentFlag.AlignHCenter)
        side.addWidget(self.face_label, 0, Qt.AlignmentFlag.AlignHCenter)
        for pair in ((self.flip_button, self.art_button), (self.new_button, self.delete_button),
                     (self.add_step, self.remove_step)):
            buttons = QHBoxLayout()
            for button in pair:
                buttons.addWidget(button)
            side.addLayout(buttons)
        side.addWidget(self.status)  # why an edit was refused, under the buttons (no row of its own)
        side.addStretch(1)
        self.side_column = side
        # Compact rows, so every value of a step shows unscrolled in a dock of a 768-pixel screen.
        row = self.fontMetrics().height() + 2
        self.steps.verticalHeader().setDefaultSectionSize(row)
        self.steps.verticalHeader().setMinimumSectionSize(row)
        self.steps.setToolTip("Values per step: step 1 is the full-strength front")
        for combo in self.choices.values():  # long names do not widen the form past the dock
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(14)
        # Side by side (the form, the step grid, the counter): a bottom dock is wide and short.
        form.setVerticalSpacing(3)
        self.fields = form
        top = QHBoxLayout()
        top.addLayout(form, 3)
        top.addWidget(self.steps, 4)
        top.addLayout(side)
        layout = self.outer = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addLayout(top, 1)

    def steps_height(self) -> int:
        """The height the step grid needs to show every value of a step without scrolling."""
        header = max(self.steps.horizontalHeader().sizeHint().height(), self.fontMetrics().height() + 8)  # 0 with no step
        rows = self.steps.verticalHeader()
        row = max(rows.defaultSectionSize(), rows.minimumSectionSize(), self.fontMetrics().height() + 4)  # the style's
        return header + len(STEP_FIELDS) * row + 2 * self.steps.frameWidth()

    def needed_height(self) -> int:
        """The height of the whole form with its step grid unscrolled (the dock is made this tall when it can be)."""
        margins = self.outer.contentsMargins()
        tallest = max(self.steps_height(), self.fields.sizeHint().height(), self.side_column.minimumSize().height())
        return tallest + margins.top() + margins.bottom() + 4

    # -- showing -------------------------------------------------------------------------

    @property
    def piece(self) -> Piece | None:
        return self.doc.module.pieces.pieces.get(self.piece_id or "")

    def set_piece(self, piece_id: str | None) -> None:
        self.piece_id = piece_id
        self.status.clear()
        self.preview.set_piece(piece_id)
        self._load()
        self.pieceChanged.emit(piece_id or "")

    def _fill(self, combo: QComboBox, entries: list[tuple[str, str]]) -> None:
        combo.blockSignals(True)
        current = combo.currentData()
        combo.clear()
        for key, name in entries:
            combo.addItem(name, key)
        index = combo.findData(current)
        combo.setCurrentIndex(max(index, 0))
        combo.blockSignals(False)

    def _reload_choices(self) -> None:
        p = self.doc.module.pieces
        self._fill(self.side, [(k, f"{s.name} ({k})") for k, s in p.sides.items()])
        self._fill(self.unit_type, [(k, f"{t.name} ({k})") for k, t in p.unit_types.items()])
        self._fill(self.formation, [("", "(none)")] + [(k, f"{f.name} ({k})") for k, f in p.formations.items()])
        hqs = [(k, f"{u.designation} ({k})") for k, u in p.pieces.items()
               if p.unit_types.get(u.unit_type) is not None and p.unit_types[u.unit_type].is_hq]
        self._fill(self.hq, [("", "(none)")] + hqs)
        rules = self.doc.module.meta.optional_rules
        self._fill(self.optional_rule, [("", "(always)")] + [(k, r.name) for k, r in rules.items()])
        self.size_choice.setItemData(0, "")
        for i, size in enumerate(SIZES):
            self.size_choice.setItemData(i, size)
            if not size:
                self.size_choice.setItemText(i, "(none)")

    def _select(self, combo: QComboBox, key: str | None) -> None:
        index = combo.findData(key or "")
        if index < 0 and key:
            combo.addItem(f"{key} (unknown)", key)
            index = combo.count() - 1
        combo.setCurrentIndex(max(index, 0))

    def _load(self) -> None:
        piece = self.piece
        self._loading = True
        try:
            enabled = piece is not None
            for w in (self.side, self.designation, self.unit_type, self.size_choice, self.formation, self.hq, self.setup,
                      self.optional_rule, self.restrictions, self.note, self.steps, self.add_step, self.remove_step,
                      self.flip_button, self.delete_button, self.art_button):
                w.setEnabled(enabled)
            self.id_label.setText(self.piece_id if piece is not None and self.piece_id else "—")
            if piece is None:
                self.steps.setColumnCount(0)
                return
            for combo in (self.side, self.unit_type, self.size_choice, self.formation, self.hq, self.optional_rule):
                combo.blockSignals(True)
            self._select(self.side, piece.side)
            self._select(self.unit_type, piece.unit_type)
            self._select(self.size_choice, piece.size)
            self._select(self.formation, piece.formation)
            self._select(self.hq, piece.hq)
            self._select(self.optional_rule, piece.optional_rule)
            for combo in (self.side, self.unit_type, self.size_choice, self.formation, self.hq, self.optional_rule):
                combo.blockSignals(False)
            self.designation.setText(piece.designation)
            self.setup.setText(piece.setup)
            self.restrictions.setText(format_restrictions(piece.restrictions))
            self.note.setText(piece.note)
            self.steps.blockSignals(True)
            self.steps.setColumnCount(len(piece.steps))
            self.steps.setHorizontalHeaderLabels([f"Step {i + 1}" + (" (front)" if i == 0 else "")
                                                  for i in range(len(piece.steps))])
            for c, values in enumerate(piece.steps):
                for r, name in enumerate(STEP_FIELDS):
                    item = self.steps.item(r, c)
                    if item is None:  # items are kept, so an open cell editor stays valid
                        item = QTableWidgetItem()
                        if name in INT_FIELDS:
                            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                        self.steps.setItem(r, c, item)
                    text = step_cell(values, name)
                    if item.text() != text:
                        item.setText(text)
            self.steps.blockSignals(False)
            self.remove_step.setEnabled(len(piece.steps) > 1)
        finally:
            self._loading = False
        self._show_face()

    def _show_face(self) -> None:
        piece = self.piece
        if piece is None:
            self.face_label.setText("")
            return
        face = self.preview.face
        self.face_label.setText("front" if face == 0 else "back (blank)" if face >= len(piece.steps)
                                else f"step {face + 1}" + (" (back)" if face == 1 else ""))

    def _changed(self, changes: Changes) -> None:
        renamed = changes.new_id(Kind.PIECES, self.piece_id)
        if renamed is not None:  # a rename, or its undo: the same unit under its other id
            self._reload_choices()
            self.set_piece(renamed)
            return
        if changes.touches(Kind.SIDES, Kind.UNIT_TYPES, Kind.FORMATIONS) or ALL in changes.keys(Kind.PIECES):
            self._reload_choices()
        if changes.touches_entry(Kind.PIECES, self.piece_id):
            self._reload_choices()
            self._load()

    # -- editing -------------------------------------------------------------------------

    def _push(self, after: Piece, text: str) -> None:
        before = self.piece
        if self.piece_id is None or (before is not None and after == before):
            return
        self.status.clear()
        self.doc.push(SetEntry(self.doc, Kind.PIECES, self.piece_id, before, after, text))

    def _commit(self, cells: dict[str, str]) -> bool:
        """Apply CSV-style cells (``designation``, ``step2_attack``…) to the unit; False if refused."""
        if self._loading or self.piece is None:
            return False
        try:
            after = piece_from_cells(cells, self.doc.module, self.piece)
        except CellError as exc:
            self.status.setText(f"{exc.column}: {exc.message}" + (f" ({exc.value!r})" if exc.value else ""))
            self._load()
            return False
        column = next(iter(cells))
        self._push(after, f"Change {column.replace('_', ' ')} of {self.piece_id}")
        if column == "designation" and self.piece_id is not None and AUTO_ID.fullmatch(self.piece_id) \
                and after.designation.strip():
            self.rename(id_from_name(after.designation, self.doc.module.pieces.pieces))  # a real id at last
        return True

    def rename(self, new_id: str) -> bool:
        """Rename the unit shown, and every reference to it (one undo step); False if refused."""
        if self._loading or self.piece_id is None or new_id.strip() in ("", self.piece_id):
            if self.piece_id is not None:
                self.id_label.setText(self.piece_id)
            return False
        try:
            command = RenameId(self.doc, "unit", self.piece_id, new_id)
        except EditRefused as exc:
            self.status.setText(str(exc))
            self.id_label.setText(self.piece_id)
            return False
        self.doc.push(command)
        self.set_piece(new_id.strip())
        return True

    def _combo_changed(self, name: str) -> None:
        if not self._loading:
            self._commit({name: self.choices[name].currentData() or ""})

    def _step_item_changed(self, item: QTableWidgetItem) -> None:
        if self._loading:
            return
        name = STEP_FIELDS[item.row()]
        self._commit({f"step{item.column() + 1}_{name}": item.text().strip()})

    def set_step_value(self, step: int, name: str, text: str) -> bool:
        """Commit one per-step value as if typed into the grid (``step`` from 0)."""
        return self._commit({f"step{step + 1}_{name}": text})

    def add_step_values(self) -> None:
        piece = self.piece
        if piece is None:
            return
        last = piece.steps[-1]
        copy = StepValues(**{f: getattr(last, f) for f in ("movement", "command_range")})
        self._push(piece.model_copy(update={"steps": [*piece.steps, copy]}, deep=True),
                   f"Add step {len(piece.steps) + 1} to {self.piece_id}")

    def remove_last_step(self) -> None:
        piece = self.piece
        if piece is not None and len(piece.steps) > 1:
            self._push(piece.model_copy(update={"steps": piece.steps[:-1]}, deep=True),
                       f"Remove step {len(piece.steps)} of {self.piece_id}")

    def set_art(self, step: int, file_name: str, data: bytes | None) -> bool:
        """Use picture ``data`` (PNG or SVG) for step ``step``; ``data`` None removes the art."""
        piece = self.piece
        if piece is None or self.piece_id is None or not 0 <= step < len(piece.steps):
            self.status.setText("The blank back of a one-step unit has no values to draw; add a step first.")
            return False
        if data is None:
            self.doc.push(SetPieceArt(self.doc, self.piece_id, step, None, None))
            return True
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", Path(file_name).name).strip("-.") or "art.png"
        if not stem.lower().endswith((".png", ".svg")):
            self.status.setText("Counter art must be a .png or .svg file.")
            return False
        path = f"images/counters/{stem}"
        if path in self.doc.assets and self.doc.assets[path] != data:
            path = f"images/counters/{self.piece_id}-{step + 1}-{stem}"
        self.doc.push(SetPieceArt(self.doc, self.piece_id, step, path, data))
        return True

    def _choose_art(self) -> None:
        file_name, _ = QFileDialog.getOpenFileName(self, "Counter art", "", "Pictures (*.png *.svg)")
        if file_name:
            try:
                data = Path(file_name).read_bytes()
            except OSError as exc:
                self.status.setText(f"Could not read {file_name}: {exc}")
                return
            self.set_art(self.preview.face, file_name, data)

    def new_unit(self, piece_id: str | None = None) -> str | None:
        """Add a one-step unit of the first side and type and show it; None if there are none."""
        p = self.doc.module.pieces
        if not p.sides or not p.unit_types:
            self.status.setText("Add a side and a unit type first.")
            return None
        piece_id = piece_id or new_piece_id(p.pieces)
        piece = Piece(side=self.side.currentData() or next(iter(p.sides)),
                      unit_type=self.unit_type.currentData() or next(iter(p.unit_types)),
                      designation="", steps=[StepValues()])
        self.doc.push(SetEntry(self.doc, Kind.PIECES, piece_id, None, piece, f"Add unit {piece_id}"))
        self.set_piece(piece_id)
        return piece_id

    def delete_unit(self) -> None:
        if self.piece is not None and self.piece_id is not None:
            self.doc.push(SetEntry(self.doc, Kind.PIECES, self.piece_id, self.piece, None, f"Delete unit {self.piece_id}"))
            self.set_piece(None)
