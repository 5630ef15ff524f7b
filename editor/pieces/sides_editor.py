"""Sides, formations, movement classes, unit types, markers and chits, each as a grid."""

from __future__ import annotations

from typing import get_args

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QSizePolicy, QTabWidget, QWidget

from hexwright.runtime.model import Chit, Formation, Marker, MarkerFace, MovementClass, Side, UnitType
from hexwright.runtime.model.pieces import Echelon, NatoSymbol
from hexwright.runtime.ui.counter_painter import paint_chit, paint_marker

from ..changes import Changes, Kind
from ..document import MapDocument
from .entry_table import (
    Column,
    DictSource,
    EntryTable,
    bool_column,
    color_column,
    int_column,
    ref_column,
    text_column,
)


def _choice_column(name: str, choices: tuple[str, ...]) -> Column:
    def put(data: dict, text: str) -> None:
        if text not in choices:
            raise ValueError(f"one of {', '.join(c for c in choices if c)}")
        data[name] = text

    return Column(name.replace("_", " ").capitalize(), lambda e: str(getattr(e, name)), put)


def _face_column(index: int, field: str, title: str) -> Column:
    def get(marker: Marker) -> str:
        return getattr(marker.faces[index], field) or "" if index < len(marker.faces) else ""

    def put(data: dict, text: str) -> None:
        faces = data["faces"]
        if index >= len(faces):
            if not text:
                return
            faces.append(MarkerFace().model_dump())
        faces[index][field] = text or (None if field == "image" else MarkerFace.model_fields[field].default)

    return Column(title, get, put, color=field == "color")


def _chit_face_column(field: str, title: str) -> Column:
    def put(data: dict, text: str) -> None:
        data["face"][field] = text or MarkerFace.model_fields[field].default

    return Column(title, lambda c: str(getattr(c.face, field) or ""), put, color=field == "color")


def _list_column(name: str, title: str) -> Column:
    def put(data: dict, text: str) -> None:
        data[name] = [part.strip() for part in text.split(",") if part.strip()]

    return Column(title, lambda e: ", ".join(getattr(e, name)), put)


class FacePreview(QWidget):
    """The faces of the marker or chit selected in ``table``, as they will print."""

    def __init__(self, doc: MapDocument, table: EntryTable, kind: Kind, size: int = 72):
        super().__init__()
        self.doc = doc
        self.table = table
        self.kind = kind
        self.key: str | None = None
        self._size = size
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(size + 8)
        table.table.currentCellChanged.connect(lambda row, *_: self.show_row(row))
        doc.changed.connect(self._document_changed)

    def _document_changed(self, changes: Changes) -> None:
        if changes.touches(self.kind):
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(3 * self._size, self._size + 8)

    def show_row(self, row: int) -> None:
        entries = self.table.source.entries()
        self.key = entries[row][0] if 0 <= row < len(entries) else None
        self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        module = self.doc.module
        s = self._size
        if self.kind is Kind.MARKERS and self.key in module.pieces.markers:
            for i in range(len(module.pieces.markers[self.key].faces)):
                paint_marker(painter, QRectF(4 + i * (s + 8), 4, s, s), module, self.key, i, self.doc.assets)
        elif self.kind is Kind.CHITS and self.key in module.pieces.chits:
            paint_chit(painter, QRectF(4, 4, s, s), module, self.key, self.doc.assets)
        painter.end()


class SidesEditor(QTabWidget):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        p = lambda: doc.module.pieces  # noqa: E731 - read at edit time
        sides = lambda: list(p().sides)  # noqa: E731
        first_side = lambda: next(iter(p().sides), "side")  # noqa: E731
        self.sides = EntryTable(doc, DictSource(doc, Kind.SIDES, lambda: Side(name="New side", color="#c0c0c0")),
                                Side, [text_column("name"), text_column("short"), color_column("color"),
                                       color_column("text_color"),
                                       _choice_column("map_edge", ("", "north", "south", "east", "west"))])
        self.formations = EntryTable(
            doc, DictSource(doc, Kind.FORMATIONS, lambda: Formation(name="New formation", side=first_side())),
            Formation, [text_column("name"), ref_column("side", sides, optional=False),
                        _choice_column("echelon", get_args(Echelon)),
                        ref_column("parent", lambda: list(p().formations)),
                        color_column("color", "Colour bar", optional=True)])
        self.movement_classes = EntryTable(
            doc, DictSource(doc, Kind.MOVEMENT_CLASSES, lambda: MovementClass(name="New class")),
            MovementClass, [text_column("name")])
        self.unit_types = EntryTable(
            doc, DictSource(doc, Kind.UNIT_TYPES,
                                lambda: UnitType(name="New type", movement_class=next(iter(p().movement_classes), "foot"))),
            UnitType, [text_column("name"), _choice_column("symbol", get_args(NatoSymbol)),
                       ref_column("movement_class", lambda: list(p().movement_classes), optional=False),
                       text_column("abbreviation"), bool_column("armored"), bool_column("is_hq", "HQ"),
                       bool_column("exerts_zoc", "ZOC")])
        self.markers = EntryTable(
            doc, DictSource(doc, Kind.MARKERS, lambda: Marker(name="New marker", faces=[MarkerFace(text="?")])),
            Marker, [text_column("name"),
                     _choice_column("kind", get_args(Marker.model_fields["kind"].annotation)),
                     ref_column("side", sides), int_column("count"),
                     _face_column(0, "text", "Front text"), _face_column(0, "color", "Front colour"),
                     _face_column(1, "text", "Back text"), _face_column(1, "color", "Back colour")])
        self.chits = EntryTable(
            doc, DictSource(doc, Kind.CHITS, lambda: Chit(name="New chit")),
            Chit, [text_column("name"), ref_column("side", sides),
                   _choice_column("kind", get_args(Chit.model_fields["kind"].annotation)),
                   _list_column("activates", "Activates (ids)"), _chit_face_column("text", "Text"),
                   _chit_face_column("color", "Colour")])
        self.marker_preview = FacePreview(doc, self.markers, Kind.MARKERS)
        self.chit_preview = FacePreview(doc, self.chits, Kind.CHITS)
        self.markers.vbox.insertWidget(1, self.marker_preview)
        self.chits.vbox.insertWidget(1, self.chit_preview)
        for widget, title in ((self.sides, "Sides"), (self.formations, "Formations"),
                              (self.movement_classes, "Movement classes"), (self.unit_types, "Unit types"),
                              (self.markers, "Markers"), (self.chits, "Chits")):
            self.addTab(widget, title)
