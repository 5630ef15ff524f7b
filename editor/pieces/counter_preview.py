"""A live picture of a counter, front and back side by side as they will be printed,
repainted whenever the unit, its side, type or formation changes.

The current face (the one the step grid's art button and the face label refer to) is
framed; :meth:`CounterPreview.flip` moves to the next face. A unit with more than two steps
prints one more counter per two steps (``runtime.ui.print_sheets``), so the preview then
shows the counter that carries the current face: step 3 with step 4 (or a blank back)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from hexwright.runtime.ui.counter_painter import back_face, paint_counter, paint_face

from ..changes import Changes, Kind
from ..document import MapDocument

WATCHED = (Kind.SIDES, Kind.FORMATIONS, Kind.UNIT_TYPES)
"""Besides the unit shown: what a counter's look depends on."""


class CounterPreview(QWidget):
    faceChanged = Signal(int)

    GAP = 10
    CAPTION = 16

    def __init__(self, doc: MapDocument, size: int = 132, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.piece_id: str | None = None
        self.face = 0
        self.render_count = 0
        self._size = size
        self.setMinimumSize(self.sizeHint())
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        doc.changed.connect(self._changed)

    def sizeHint(self) -> QSize:
        return QSize(2 * self._size + self.GAP, self._size + self.CAPTION)

    def shown_faces(self) -> tuple[int, int]:
        """The front and back shown: the counter carrying the current face (0 | 1, 2 | 3…)."""
        front = self.face - self.face % 2
        return front, front + 1

    def face_rect(self, face: int) -> QRectF:
        """Where ``face`` is drawn (it must be one of :meth:`shown_faces`)."""
        margin = 4
        left = margin + (face % 2) * (self._size + self.GAP)
        return QRectF(left, margin, self._size - 2 * margin, self._size - 2 * margin)

    def faces(self) -> int:
        """How many faces the unit shows: its steps, or front and blank back for one step."""
        piece = self.doc.module.pieces.pieces.get(self.piece_id or "")
        return 0 if piece is None else max(2, len(piece.steps))

    def set_piece(self, piece_id: str | None, face: int = 0) -> None:
        self.piece_id = piece_id
        self.face = face
        self._clamp()
        self.update()
        self.faceChanged.emit(self.face)

    def flip(self) -> None:
        if self.faces():
            self.face = (self.face + 1) % self.faces()
            self.update()
            self.faceChanged.emit(self.face)

    def _clamp(self) -> None:
        if self.faces() and self.face >= self.faces():
            self.face = 0

    def _changed(self, changes: Changes) -> None:
        if changes.touches(*WATCHED) or changes.touches_entry(Kind.PIECES, self.piece_id):
            self._clamp()
            self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().window())
        if self.faces() and self.piece_id is not None:
            module, assets = self.doc.module, self.doc.assets
            front, back = self.shown_faces()
            paint_counter(painter, self.face_rect(front), module, self.piece_id, front, assets)
            paint_face(painter, self.face_rect(back), back_face(module, self.piece_id, front), assets)
            steps = len(module.pieces.pieces[self.piece_id].steps)
            for face, what in ((front, "front"), (back, "back")):
                rect = self.face_rect(face)
                if face == self.face:
                    painter.setPen(QPen(self.palette().highlight().color(), 3))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRect(rect.adjusted(-3, -3, 3, 3))
                caption = f"{what}: step {face + 1}" if face < steps else f"{what}: blank"
                painter.setPen(self.palette().windowText().color())
                painter.drawText(QRectF(rect.left(), rect.bottom() + 2, rect.width(), self.CAPTION),
                                 int(Qt.AlignmentFlag.AlignCenter), caption)
            self.render_count += 1
        else:
            painter.setPen(QColor("#808080"))
            painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter), "no unit")
        painter.end()
