"""Drop units from the order of battle onto map hexes and off-map boxes.

:class:`MapDropHandler` is an event filter for any map view with ``label_at(scene_pos)``
(the editor canvas, :class:`runtime.ui.map_view.MapView`): a drag of unit ids
(``application/x-hexwright-piece``) over a map hex is accepted, and the drop places the
units there through ``place(piece_ids, hex=label)`` — normally
:meth:`ScenarioEditor.place`. :class:`BoxList` lists the off-map boxes and places dropped
units in the box under the cursor.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from ..document import MapDocument
from .oob_table import PIECE_MIME, piece_ids_from_mime

Place = Callable[..., bool]


class MapDropHandler(QObject):
    def __init__(self, view, place: Place, parent: QObject | None = None):
        super().__init__(parent or view)
        self.view = view
        self.place = place
        view.setAcceptDrops(True)
        view.viewport().setAcceptDrops(True)
        view.viewport().installEventFilter(self)

    def hex_at(self, pos) -> str:
        return self.view.label_at(self.view.mapToScene(pos.toPoint() if hasattr(pos, "toPoint") else pos))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(event, QDropEvent):  # drag enter and drag move events are drop events too
            return False
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            if event.mimeData().hasFormat(PIECE_MIME) and self.hex_at(event.position()):
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
            else:
                event.ignore()
            return True
        if kind == QEvent.Type.Drop:
            label = self.hex_at(event.position())
            ids = piece_ids_from_mime(event.mimeData())
            if label and ids and self.place(ids, hex=label):
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
            else:
                event.ignore()
            return True
        return False


class BoxList(QListWidget):
    """The module's off-map boxes; dropping units on one places them in it."""

    def __init__(self, doc: MapDocument, place: Place, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.place = place
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.viewport().installEventFilter(self)
        self.reload()

    def reload(self) -> None:
        self.clear()
        for key, box in self.doc.module.map.boxes.items():
            item = QListWidgetItem(f"{box.name} ({box.kind})")
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.addItem(item)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Drops arrive at the viewport; handle them here rather than in the item view's own
        drag and drop, which expects its own model's rows."""
        if watched is not self.viewport() or not isinstance(event, QDropEvent):
            return False
        item = self.itemAt(event.position().toPoint())
        ids = piece_ids_from_mime(event.mimeData())
        kind = event.type()
        if ids and (kind == QEvent.Type.DragEnter
                    or (kind == QEvent.Type.DragMove and item is not None)
                    or (kind == QEvent.Type.Drop and item is not None
                        and self.place(ids, box=item.data(Qt.ItemDataRole.UserRole)))):
            event.acceptProposedAction()
        else:
            event.ignore()
        return True
