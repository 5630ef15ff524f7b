"""Areas: a dialog for an area's name, kind and colour, and a dock listing every area to
select, edit, re-save from the selection or delete. Each change is one ``SaveArea`` step."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import get_args

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import Area, Provenance
from hexwright.runtime.ui.colors import qcolor

from ..changes import Changes, Kind
from ..commands import SaveArea
from ..document import MapDocument
from ..edits.palette import new_type_id
from .palette_dock import swatch

AREA_KINDS: tuple[str, ...] = get_args(Area.model_fields["kind"].annotation)
DEFAULT_COLOUR = "#d0302080"
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$")  # as runtime.model's Color
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")  # as runtime.model's Id


def valid_id(text: str) -> bool:
    return bool(ID_RE.match(text)) and len(text) <= 64


@dataclass(frozen=True)
class AreaLook:
    """What the area dialog edits."""

    name: str
    kind: str = "other"
    color: str = DEFAULT_COLOUR
    area_id: str = ""
    clue: str = ""
    """The area's provenance clue (empty: not reconstructed)."""


class AreaDialog(QDialog):
    def __init__(self, look: AreaLook, title: str, parent: QWidget | None = None, ids: dict | None = None):
        """``ids``: the map's areas, for a new area whose id is chosen here (default made from
        the name while the id has not been typed); None: the id is fixed (shown, not editable)."""
        super().__init__(parent)
        self.setWindowTitle(title)
        self.ids = ids
        form = QFormLayout()
        self.name = QLineEdit(look.name)
        form.addRow("Name", self.name)
        self.area_id = QLineEdit(look.area_id)
        self.area_id.setToolTip("letters, digits, _ . - (what scenarios and rules refer to)")
        self.area_id.setReadOnly(ids is None)
        self._id_typed = bool(look.area_id)
        self.area_id.textEdited.connect(lambda _t: setattr(self, "_id_typed", True))
        self.name.textChanged.connect(self._derive_id)
        form.addRow("Id", self.area_id)
        self.kind = QComboBox()
        self.kind.addItems(AREA_KINDS)
        self.kind.setCurrentText(look.kind)
        form.addRow("Kind", self.kind)
        colour_row = QHBoxLayout()
        self.color = QLineEdit(look.color)
        self.color.setToolTip("#rrggbb or #rrggbbaa (the last two: opacity of the tint)")
        pick = QPushButton("Pick…")
        pick.clicked.connect(self._pick)
        colour_row.addWidget(self.color)
        colour_row.addWidget(pick)
        form.addRow("Colour", colour_row)
        self.clue = QLineEdit(look.clue)
        self.clue.setPlaceholderText("(not reconstructed)")
        self.clue.setToolTip("provenance: what a reconstructed area rests on (a figure, a rule)")
        form.addRow("Clue", self.clue)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _derive_id(self, name: str) -> None:
        if self.ids is not None and not self._id_typed:
            match = [aid for aid, a in self.ids.items() if a.name == name.strip()]
            self.area_id.setText(match[0] if match else new_type_id(self.ids, name.strip()) if name.strip() else "")

    def _pick(self) -> None:
        colour = QColorDialog.getColor(qcolor(self.color.text()), self, "Area colour", QColorDialog.ColorDialogOption.ShowAlphaChannel)
        if colour.isValid():
            self.color.setText("#%02x%02x%02x%02x" % (colour.red(), colour.green(), colour.blue(), colour.alpha()))

    def look(self) -> AreaLook | None:
        """The entered values, or None if the name is empty, the id is not an id or the colour
        does not parse."""
        name, colour, aid = self.name.text().strip(), self.color.text().strip(), self.area_id.text().strip()
        if not name or not COLOUR_RE.match(colour) or (self.ids is not None and not valid_id(aid)):
            return None
        return AreaLook(name, self.kind.currentText(), colour, aid, self.clue.text().strip())


def ask_area_look(parent: QWidget, look: AreaLook, title: str, ids: dict | None = None) -> AreaLook | None:
    dialog = AreaDialog(look, title, parent, ids)
    while dialog.exec():
        result = dialog.look()
        if result is not None:
            return result
        QMessageBox.warning(parent, title, "An area needs a name, an id (letters, digits, _ . -) and a colour "
                            "like #d03020 or #d0302080.")
    return None


def provenance_of(clue: str) -> Provenance | None:
    """A reconstructed mark with ``clue``; None for an empty clue."""
    return Provenance(clue=clue) if clue.strip() else None


def area_id_for(doc: MapDocument, name: str) -> str:
    """The id of the area called ``name``, or a fresh id made from it."""
    match = [aid for aid, a in doc.map.areas.items() if a.name == name]
    return match[0] if match else new_type_id(doc.map.areas, name)


class AreasPanel(QWidget):
    """Every area of the map: name, kind, number of hexes, colour."""

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.ask_look: Callable[..., AreaLook | None] = \
            lambda look, title, ids=None: ask_area_look(self, look, title, ids)
        """Asks for name, kind and colour (tests replace it)."""
        self.list = QListWidget()
        self.list.itemDoubleClicked.connect(lambda _item: self.select_hexes())
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for text, slot, tip in (("Select", self.select_hexes, "select the area's hexes (double-click does too)"),
                                ("Edit…", self.edit, "name, kind and colour"),
                                ("Set hexes", self.set_hexes, "the area's hexes become the selection"),
                                ("Delete", self.delete, "delete the area")):
            b = QPushButton(text)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            buttons.addWidget(b)
            self.buttons[text] = b
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        doc.changed.connect(self._document_changed)
        self.rebuild()

    def _document_changed(self, changes: Changes) -> None:
        if changes.touches(Kind.AREAS):
            self.rebuild()

    def rebuild(self) -> None:
        current = self.current()
        self.list.clear()
        for aid, area in self.doc.map.areas.items():
            item = QListWidgetItem(swatch(area.color), f"{area.name} — {area.kind}, {len(area.hexes)} hexes  ({aid})")
            item.setData(Qt.ItemDataRole.UserRole, aid)
            self.list.addItem(item)
            if aid == current:
                self.list.setCurrentItem(item)

    def current(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def pick(self, area_id: str) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == area_id:
                self.list.setCurrentRow(i)

    def select_hexes(self) -> None:
        aid = self.current()
        if aid is None:
            return
        hexes = []
        for label in self.doc.map.areas[aid].hexes:
            try:
                hexes.append(self.doc.names.hex_of(label))
            except ValueError:
                continue
        self.doc.set_selection(hexes)

    def edit(self) -> None:
        aid = self.current()
        if aid is None:
            return
        area = self.doc.map.areas[aid]
        clue = area.provenance.clue if area.provenance is not None else ""
        look = self.ask_look(AreaLook(area.name, area.kind, area.color, aid, clue), f"Area {aid}")
        if look is None:
            return
        new = area.model_copy(update={"name": look.name, "kind": look.kind, "color": look.color,
                                      "provenance": provenance_of(look.clue)})
        if new != area:
            self.doc.push(SaveArea(self.doc, aid, new))

    def set_hexes(self) -> None:
        aid = self.current()
        if aid is None or not self.doc.selection:
            return
        hexes = [self.doc.names.label(h) for h in sorted(self.doc.selection)]
        self.doc.push(SaveArea(self.doc, aid, self.doc.map.areas[aid].model_copy(update={"hexes": hexes})))

    def delete(self) -> bool:
        """Delete the current area, unless pieces or scenarios refer to it (the message says where)."""
        aid = self.current()
        if aid is None:
            return False
        from hexwright.runtime.validation import check_module

        after = self.doc.module.model_copy(deep=True)
        del after.map.areas[aid]
        before = {str(p) for p in self.doc.problems()}
        new = [str(p) for p in check_module(after, self.doc.assets) if str(p) not in before]
        if new:
            QMessageBox.warning(self, "Cannot delete area", f"Other parts of the module use area {aid!r}:\n"
                                + "\n".join(new[:10]))
            return False
        self.doc.push(SaveArea(self.doc, aid, None))
        return True
