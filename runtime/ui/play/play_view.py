"""The board view: the map view's zoom and pan, plus dragging counters and clicking stacks.

Dragging a counter on a hex drags its whole stack (pieces and markers), unless the stack
is expanded or Ctrl is held, when only that counter moves; counters in boxes, piles and
track spaces are laid out side by side and move one at a time. Dropping it on a hex, a box, a
pile or a track space asks for one :class:`MovePieces` action; dropping it anywhere else,
or where it came from, puts it back. A click without a drag selects the counter and
expands (or folds) a stack of two or more.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtWidgets import QGraphicsView

from hexwright.runtime.state import Location, MovePieces

from ..map_view import MapView
from .board_items import CounterItem
from .board_scene import BoardScene

DRAG_START_PX = 4


@dataclass
class Drag:
    items: list[CounterItem]
    start_scene: QPointF
    start_view: QPointF
    source: Location
    pressed: CounterItem
    moved: bool = False


class PlayView(MapView):
    actionRequested = Signal(object)
    """A :class:`MovePieces` action the user asked for by dropping counters."""
    counterSelected = Signal(str, str)
    """kind (``piece``/``marker``) and id of the clicked counter."""
    contextRequested = Signal(object, object, object)
    """(kind, id) or None, the Location under the cursor (or None), and the global QPoint."""
    dragStarted = Signal(str, str)
    """kind and id of the counter picked up (the rules engine shades its reach)."""
    dragHovered = Signal(str)
    """the hex label under a carried counter ("" off the map)."""
    dragFinished = Signal()
    hexClicked = Signal(str)
    """a click on the map away from any counter (choosing a retreat or advance hex, the LOS tool)."""

    def __init__(self, scene: BoardScene, parent=None):
        super().__init__(scene, parent)
        self.setDragMode(QGraphicsView.NoDrag)
        self._drag: Drag | None = None
        self._click_from: QPointF | None = None
        self.hexHovered.connect(self._hover_hex)

    @property
    def board(self) -> BoardScene:
        return self.scene()

    def counter_at(self, view_pos) -> CounterItem | None:
        for item in self.items(view_pos.toPoint() if isinstance(view_pos, QPointF) else view_pos):
            if isinstance(item, CounterItem):
                return item
        return None

    def location_at(self, scene_pos: QPointF) -> Location | None:
        """The box, pile or track space at a scene point, else the hex, else None."""
        region = self.board.board.region_at(scene_pos.x(), scene_pos.y())
        if region is not None:
            return region.at
        label = self.label_at(scene_pos)
        return Location.hex(label) if label else None

    # -- mouse ----------------------------------------------------------------------------

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and not self._space_down:
            item = self.counter_at(event.position())
            if item is not None and item.placed.kind == "chit":
                self.board.select(item.key)
                self.counterSelected.emit(*item.key)
                event.accept()
                return
            if item is not None:
                at = item.placed.at
                single = (bool(event.modifiers() & Qt.ControlModifier) or at == self.board.expanded
                          or at.kind != "hex")
                keys = [item.key] if single else self.board.stack_at(at)
                items = [self.board.counters[k] for k in keys if k in self.board.counters]
                self._drag = Drag(items, self.mapToScene(event.position().toPoint()), event.position(), at, item)
                event.accept()
                return
            self._click_from = event.position()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        drag = self._drag
        if drag is None:
            super().mouseMoveEvent(event)
            self._hover_hex(self._hovered)
            return
        pos = event.position()
        if not drag.moved and (pos - drag.start_view).manhattanLength() >= DRAG_START_PX:
            drag.moved = True
            self.board.viewer.hide()
            self.dragStarted.emit(*drag.pressed.key)
            for i, item in enumerate(drag.items):
                item.setZValue(200_000 + i)
        if drag.moved:
            delta = self.mapToScene(pos.toPoint()) - drag.start_scene
            for item in drag.items:
                item.setPos(QPointF(item.placed.x, item.placed.y) + delta)
        scene_pos = self.mapToScene(pos.toPoint())
        self.mouseMovedOnMap.emit(scene_pos.x(), scene_pos.y())
        self._set_hovered(self.label_at(scene_pos))
        if drag.moved:
            self.dragHovered.emit(self.label_at(scene_pos))
        event.accept()

    def mouseReleaseEvent(self, event) -> None:
        drag = self._drag
        if drag is None or event.button() != Qt.LeftButton:
            click = self._click_from
            self._click_from = None
            if (click is not None and event.button() == Qt.LeftButton and not self._space_down
                    and (event.position() - click).manhattanLength() < DRAG_START_PX):
                self.hexClicked.emit(self.label_at(self.mapToScene(event.position().toPoint())))
            super().mouseReleaseEvent(event)
            return
        self._drag = None
        event.accept()
        if drag.moved:
            self.dragFinished.emit()
        if not drag.moved:
            key = drag.pressed.key
            self.board.select(key)
            self.counterSelected.emit(*key)
            if len(self.board.stack_at(drag.source)) > 1 and drag.source.kind == "hex":
                self.board.toggle_expanded(drag.source)
            return
        target = self.location_at(self.mapToScene(event.position().toPoint()))
        if target is None or target == drag.source:
            self.board.show_state(self.board.state)
            return
        pieces = tuple(i.placed.id for i in drag.items if i.placed.kind == "piece")
        markers = tuple(i.placed.id for i in drag.items if i.placed.kind == "marker")
        self.board.expanded = None
        self.actionRequested.emit(MovePieces(pieces=pieces, markers=markers, to=target))

    def contextMenuEvent(self, event) -> None:
        item = self.counter_at(event.pos())
        scene_pos = self.mapToScene(event.pos())
        self.contextRequested.emit(item.key if item is not None else None, self.location_at(scene_pos),
                                   event.globalPos())
        event.accept()

    def _hover_hex(self, label: str) -> None:
        if self._drag is not None:
            return
        self.board.show_viewer(Location.hex(label) if label else None)
