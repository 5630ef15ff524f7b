"""A live picture of one counter face, repainted whenever the unit, its side, type or
formation changes; :meth:`CounterPreview.flip` turns it over."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from runtime.ui.counter_painter import paint_counter

from .binding import PiecesBinding

WATCHED = {"pieces", "sides", "formations", "unit_types"}


class CounterPreview(QWidget):
    faceChanged = Signal(int)

    def __init__(self, binding: PiecesBinding, size: int = 132, parent: QWidget | None = None):
        super().__init__(parent)
        self.binding = binding
        self.piece_id: str | None = None
        self.face = 0
        self.render_count = 0
        self._size = size
        self.setMinimumSize(size, size)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)
        binding.changed.connect(self._changed)

    def sizeHint(self) -> QSize:
        return QSize(self._size, self._size)

    def faces(self) -> int:
        """How many faces the unit shows: its steps, or front and blank back for one step."""
        piece = self.binding.module.pieces.pieces.get(self.piece_id or "")
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

    def _changed(self, kind: str, key: str) -> None:
        if kind in WATCHED and (kind != "pieces" or key in ("*", self.piece_id)):
            self._clamp()
            self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().window())
        if self.faces():
            margin = 4
            rect = QRectF(margin, margin, self.width() - 2 * margin, self.height() - 2 * margin)
            paint_counter(painter, rect, self.binding.module, self.piece_id, self.face, self.binding.assets)
            self.render_count += 1
        else:
            painter.setPen(QColor("#808080"))
            painter.drawText(self.rect(), int(Qt.AlignCenter), "no unit")
        painter.end()
