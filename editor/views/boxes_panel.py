"""The Boxes dock: the map's off-map boxes and its tracks, to add, edit and delete.

A box has a name, kind, side, entry hexes, rectangle and clue; a track a name, kind,
spaces and rectangle. The dialogs take them typed in; the box tool (``X``) places the
picked one's rectangle by a drag on the canvas and toggles entry hexes by a click. Each
change is one ``SaveBox`` / ``SaveTrack`` undo step.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import Box, Provenance, Track

from ..changes import Changes, Kind
from ..commands import SaveBox, SaveTrack
from ..document import MapDocument
from ..edits.boxes import parse_labels, parse_rect, parse_spaces, rect_texts, spaces_text
from ..edits.fields import choices_of
from ..edits.palette import new_type_id
from .areas_panel import valid_id

BOX_KINDS = choices_of(Box, "kind")
TRACK_KINDS = choices_of(Track, "kind")
ROLE = Qt.ItemDataRole.UserRole


class EntryDialog(QDialog):
    """Name, id (a new entry only), kind, rectangle; the box or track dialog adds its own rows."""

    def __init__(self, title: str, kinds: tuple[str, ...], entry, key: str, ids: dict | None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.ids = ids
        self.form = QFormLayout()
        self.name = QLineEdit(entry.name if entry is not None else "")
        self.form.addRow("Name", self.name)
        self.entry_id = QLineEdit(key)
        self.entry_id.setReadOnly(ids is None)
        self._id_typed = bool(key)
        self.entry_id.textEdited.connect(lambda _t: setattr(self, "_id_typed", True))
        self.name.textChanged.connect(self._derive_id)
        self.form.addRow("Id", self.entry_id)
        self.kind = QComboBox()
        self.kind.addItems(list(kinds))
        if entry is not None:
            self.kind.setCurrentText(entry.kind)
        self.form.addRow("Kind", self.kind)
        self.rect = [QLineEdit(t) for t in rect_texts(entry.rect if entry is not None else None)]
        row = QHBoxLayout()
        for box, tip in zip(self.rect, ("x", "y", "width", "height")):
            box.setPlaceholderText(tip)
            box.setToolTip(f"rectangle {tip} in map pixels (all empty: not drawn); or drag it with the box tool (X)")
            row.addWidget(box)
        self.rect_row = row

    def finish(self) -> None:
        self.form.addRow("Rectangle", self.rect_row)
        buttons = self.button_box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(buttons)

    def _derive_id(self, name: str) -> None:
        if self.ids is not None and not self._id_typed:
            self.entry_id.setText(new_type_id(self.ids, name.strip()) if name.strip() else "")

    def key(self) -> str:
        key = self.entry_id.text().strip()
        if self.ids is not None:
            if not valid_id(key):
                raise ValueError("the id takes letters, digits, _ . - (and starts with a letter or digit)")
            if key in self.ids:
                raise ValueError(f"there is already one with id {key!r}")
        if not self.name.text().strip():
            raise ValueError("a name is needed")
        return key

    def accept(self) -> None:
        try:
            self.result_entry()
        except ValueError as exc:
            QMessageBox.warning(self, self.windowTitle(), str(exc))
            return
        super().accept()


class BoxDialog(EntryDialog):
    def __init__(self, box: Box | None, key: str, ids: dict | None, sides: list[str], parent=None):
        super().__init__("New box" if box is None else f"Box {key}", BOX_KINDS, box, key, ids, parent)
        self.side = QComboBox()
        self.side.addItem("(no side)", None)
        for sid in sides:
            self.side.addItem(sid, sid)
        if box is not None and box.side is not None:
            if self.side.findData(box.side) < 0:
                self.side.addItem(box.side, box.side)
            self.side.setCurrentIndex(self.side.findData(box.side))
        self.form.addRow("Side", self.side)
        self.entry_hexes = QLineEdit(" ".join(box.entry_hexes) if box is not None else "")
        self.entry_hexes.setToolTip("hex labels a unit may enter the map by; or click hexes with the box tool (X)")
        self.form.addRow("Entry hexes", self.entry_hexes)
        self.clue = QLineEdit(box.provenance.clue if box is not None and box.provenance is not None else "")
        self.clue.setPlaceholderText("(not reconstructed)")
        self.form.addRow("Clue", self.clue)
        self.finish()

    def result_entry(self) -> tuple[str, Box]:
        key = self.key()
        clue = self.clue.text().strip()
        box = Box(name=self.name.text().strip(), kind=self.kind.currentText(), side=self.side.currentData(),
                  entry_hexes=parse_labels(self.entry_hexes.text()), rect=parse_rect(*(b.text() for b in self.rect)),
                  provenance=Provenance(clue=clue) if clue else None)
        return key, box


class TrackDialog(EntryDialog):
    def __init__(self, track: Track | None, key: str, ids: dict | None, parent=None):
        super().__init__("New track" if track is None else f"Track {key}", TRACK_KINDS, track, key, ids, parent)
        self.spaces = QPlainTextEdit(spaces_text(track.spaces) if track is not None else "")
        self.spaces.setToolTip("one space per line: a label, or label = value (a whole number)")
        self.spaces.setMaximumHeight(120)
        self.form.addRow("Spaces", self.spaces)
        self.finish()

    def result_entry(self) -> tuple[str, Track]:
        key = self.key()
        return key, Track(name=self.name.text().strip(), kind=self.kind.currentText(),
                          spaces=parse_spaces(self.spaces.toPlainText()),
                          rect=parse_rect(*(b.text() for b in self.rect)))


class BoxesPanel(QWidget):
    """Boxes, then tracks, one line each; picking one makes it what the box tool places."""

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.run_dialog: Callable[[QDialog], bool] = lambda dialog: bool(dialog.exec())
        """Shows a dialog modally (tests fill it in and press OK)."""
        self.list = QListWidget()
        self.list.itemDoubleClicked.connect(lambda _item: self.edit())
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for text, slot, tip in (("Add box…", self.add_box, "a new off-map box"),
                                ("Add track…", self.add_track, "a new track (turns, VP…)"),
                                ("Edit…", self.edit, "everything of the picked box or track"),
                                ("Delete", self.delete, "delete the picked box or track")):
            b = QPushButton(text)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            row.addWidget(b)
            self.buttons[text] = b
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list, 1)
        layout.addLayout(row)
        doc.changed.connect(self._document_changed)
        self.rebuild()

    def _document_changed(self, changes: Changes) -> None:
        if changes.touches(Kind.BOXES, Kind.TRACKS):
            self.rebuild()

    def rebuild(self) -> None:
        current = self.current()
        self.list.blockSignals(True)
        self.list.clear()
        m = self.doc.map
        for kind, entries in (("box", m.boxes), ("track", m.tracks)):
            for key, e in entries.items():
                extra = (f", {e.side or 'no side'}, {len(e.entry_hexes)} entry hexes" if kind == "box"
                         else f", {len(e.spaces)} spaces")
                placed = "" if e.rect is not None else ", not placed"
                item = QListWidgetItem(f"{kind.capitalize()} {e.name} — {e.kind}{extra}{placed}  ({key})")
                item.setData(ROLE, (kind, key))
                self.list.addItem(item)
                if (kind, key) == current:
                    self.list.setCurrentItem(item)
        self.list.blockSignals(False)

    def current(self) -> tuple[str, str] | None:
        item = self.list.currentItem()
        return tuple(item.data(ROLE)) if item is not None else None

    def pick(self, kind: str, key: str) -> None:
        for i in range(self.list.count()):
            if tuple(self.list.item(i).data(ROLE)) == (kind, key):
                self.list.setCurrentRow(i)

    def _sides(self) -> list[str]:
        return list(self.doc.module.pieces.sides)

    def add_box(self) -> str | None:
        dialog = BoxDialog(None, "", self.doc.map.boxes, self._sides(), self)
        if not self.run_dialog(dialog):
            return None
        key, box = dialog.result_entry()
        self.doc.push(SaveBox(self.doc, key, box))
        self.pick("box", key)
        return key

    def add_track(self) -> str | None:
        dialog = TrackDialog(None, "", self.doc.map.tracks, self)
        if not self.run_dialog(dialog):
            return None
        key, track = dialog.result_entry()
        self.doc.push(SaveTrack(self.doc, key, track))
        self.pick("track", key)
        return key

    def edit(self) -> bool:
        current = self.current()
        if current is None:
            return False
        kind, key = current
        if kind == "box":
            old = self.doc.map.boxes[key]
            dialog: EntryDialog = BoxDialog(old, key, None, self._sides(), self)
        else:
            old = self.doc.map.tracks[key]
            dialog = TrackDialog(old, key, None, self)
        if not self.run_dialog(dialog):
            return False
        _key, new = dialog.result_entry()
        if new == old:
            return False
        self.doc.push((SaveBox if kind == "box" else SaveTrack)(self.doc, key, new))
        return True

    def delete(self) -> bool:
        """Delete the picked box or track, unless pieces or scenarios refer to it (the message says where)."""
        current = self.current()
        if current is None:
            return False
        kind, key = current
        from hexwright.runtime.validation import check_module

        after = self.doc.module.model_copy(deep=True)
        del (after.map.boxes if kind == "box" else after.map.tracks)[key]
        before = {str(p) for p in self.doc.problems()}
        new = [str(p) for p in check_module(after, self.doc.assets) if str(p) not in before]
        if new:
            QMessageBox.warning(self, f"Cannot delete {kind}", f"Other parts of the module use {kind} {key!r}:\n"
                                + "\n".join(new[:10]))
            return False
        self.doc.push((SaveBox if kind == "box" else SaveTrack)(self.doc, key, None))
        return True
