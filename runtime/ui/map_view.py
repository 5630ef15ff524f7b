"""The map as a QGraphicsScene item, and a zoomable, pannable view of it.

:class:`MapItem` paints only the exposed rectangle through :class:`MapPainter`, and
:meth:`MapItem.invalidate_hexes` repaints just the hexes an edit touched. :class:`MapView`
zooms with the wheel (around the cursor) and the ``+``/``-`` keys between 25 % and 800 %,
fits the map to the window, pans with the middle button or space + left drag, and tells
which hex is under the cursor.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from .layer_cache import LayerCache
from .map_painter import MapPainter

PAPER = QColor("#ffffff")
DESK = QColor("#8c8c88")
MIN_ZOOM, MAX_ZOOM = 0.25, 8.0
WHEEL_STEP = 1.0015
"""Zoom factor per eighth of a degree of wheel rotation: one notch (120) is about ×1.2."""
KEY_STEP = 1.25
ZOOMS_KEPT = 3
"""Zooms whose map tiles a :class:`MapItem` keeps (a view and its overview, and the zoom before the last)."""


class MapItem(QGraphicsItem):
    """The whole map as one item; paints through a :class:`MapPainter`."""

    def __init__(self, map_painter: MapPainter, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self.map_painter = map_painter
        self.layer_cache = LayerCache(map_painter, PAPER)
        """Raster tiles per layer group, so an edit redraws only what it changed (views only): the
        cache of the zoom painted last."""
        self._caches: dict[float, LayerCache] = {}
        """A cache per zoom in use, the most recent last: two views of the scene (the play window's
        board and its overview) each keep theirs instead of clearing one another's at every paint."""
        self._rect = map_painter.map_rect()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        exposed = option.exposedRect.intersected(self._rect)
        device = painter.device()
        if device is not None:
            # QGraphicsScene.render() exposes the whole item: cut it down to what the device shows.
            inverse, ok = painter.worldTransform().inverted()
            if ok:
                exposed = exposed.intersected(inverse.mapRect(QRectF(0, 0, device.width(), device.height())))
        if exposed.isEmpty():
            return
        if widget is not None and LayerCache.usable(painter.worldTransform()):
            self._cache_for(painter).paint(painter, exposed)  # a view: compose cached tiles
            return
        painter.fillRect(exposed, PAPER)  # printing, QGraphicsScene.render(): draw afresh
        self.map_painter.paint(painter, exposed)

    def _cache_for(self, painter: QPainter) -> LayerCache:
        """The tiles of this zoom (device pixels per map pixel); at most :data:`ZOOMS_KEPT` zooms are kept."""
        device = painter.device()
        scale = round(painter.worldTransform().m11() * (device.devicePixelRatioF() if device is not None else 1.0), 9)
        cache = self._caches.pop(scale, None)
        if cache is None:
            fresh = not self._caches and self.layer_cache._scale == 0.0
            cache = self.layer_cache if fresh else LayerCache(self.map_painter, PAPER)
            while len(self._caches) >= ZOOMS_KEPT:
                self._caches.pop(next(iter(self._caches)))
        self._caches[scale] = self.layer_cache = cache
        return cache

    def _every_cache(self) -> list[LayerCache]:
        return list({id(c): c for c in (self.layer_cache, *self._caches.values())}.values())

    def invalidate_hexes(self, labels: Iterable[str]) -> QRectF:
        """The data of these hexes changed: forget what the painter cached about them and
        repaint only around them (see ``MapPainter.repaint_rect``); returns that rectangle."""
        labels = list(labels)
        dirty = self.map_painter.invalidate(labels)
        rect = dirty.rect if dirty.rect is not None else self.map_painter.repaint_rect(labels)
        if dirty.everywhere:
            for cache in self._every_cache():
                cache.invalidate(None, dirty.groups)
            self.update()
        elif not rect.isNull():
            for cache in self._every_cache():
                cache.invalidate(rect, dirty.groups)
            self.update(rect)
        return rect

    def refresh(self) -> None:
        """Repaint everything, e.g. after the grid or the layers changed."""
        self.map_painter.invalidate()
        for cache in self._every_cache():
            cache.clear()
        rect = self.map_painter.map_rect()
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
            if self.scene() is not None:
                self.scene().setSceneRect(rect)
        self.update()


class MapScene(QGraphicsScene):
    """A scene holding one :class:`MapItem` (pieces and overlays go on top of it later)."""

    def __init__(self, map_painter: MapPainter, parent=None):
        super().__init__(parent)
        self.map_item = MapItem(map_painter)
        self.map_item.setZValue(-1000)
        self.addItem(self.map_item)
        self.setSceneRect(self.map_item.boundingRect())
        self.setBackgroundBrush(DESK)
        self.setItemIndexMethod(QGraphicsScene.NoIndex)


class MapView(QGraphicsView):
    """A view of a :class:`MapScene` with map-style zoom and pan."""

    hexHovered = Signal(str)
    """Label of the hex under the cursor, or ``""`` when it leaves the map."""
    zoomChanged = Signal(float)
    """New zoom factor (1.0 is 100 %)."""
    mouseMovedOnMap = Signal(float, float)
    """Cursor position in map pixels."""

    def __init__(self, scene: MapScene, parent: QWidget | None = None):
        super().__init__(scene, parent)
        self._scene = scene  # keep the Python wrapper (and so the scene) alive with the view
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing | QPainter.SmoothPixmapTransform)
        self.setTransformationAnchor(QGraphicsView.NoAnchor)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.MinimalViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.setFocusPolicy(Qt.StrongFocus)
        self.viewport().setMouseTracking(True)
        self._hovered = ""
        self._pan_from: QPoint | None = None
        self._space_down = False
        self._fitted = False  # after fit_to_window, resizes keep the map fitted until the user zooms or pans

    # -- map access ---------------------------------------------------------------------

    @property
    def map_scene(self) -> MapScene:
        return self._scene

    @property
    def map_painter(self) -> MapPainter:
        return self.map_scene.map_item.map_painter

    def label_at(self, scene_pos: QPointF) -> str:
        """Label of the on-map hex at a scene position, ``""`` if none."""
        c = self.map_painter.cache
        h = c.layout.hex_at(scene_pos.x(), scene_pos.y())
        return c.label(c.index(h)) if c.hex_grid.contains(h) else ""

    # -- zoom ---------------------------------------------------------------------------

    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, factor: float, anchor: QPointF | QPoint | None = None) -> float:
        """Zoom to ``factor`` (clamped to 25 %–800 %) keeping the map point under ``anchor``
        (viewport pixels; default: the viewport centre) where it is. Returns the new zoom."""
        factor = min(MAX_ZOOM, max(MIN_ZOOM, factor))
        old = self.zoom()
        if abs(factor - old) < 1e-9:
            return old
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        anchor = QPointF(anchor)
        before = self.mapToScene(anchor.toPoint())
        self.setTransform(QTransform.fromScale(factor, factor))
        after = QPointF(self.mapFromScene(before))
        delta = after - anchor
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + round(delta.x()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + round(delta.y()))
        self.zoomChanged.emit(factor)
        return factor

    def zoom_by(self, step: float, anchor: QPointF | QPoint | None = None) -> float:
        self._fitted = False
        return self.set_zoom(self.zoom() * step, anchor)

    def zoom_in(self) -> float:
        return self.zoom_by(KEY_STEP)

    def zoom_out(self) -> float:
        return self.zoom_by(1 / KEY_STEP)

    def fit_to_window(self) -> float:
        """Zoom so the whole board fits (within the zoom limits) and centre it. A board too wide
        even at the smallest zoom (a map with its boxes, tracks and charts beside it) fits and
        centres its map instead: the map is what a player opens the window to see."""
        rect = self.sceneRect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.isEmpty():
            return self.zoom()
        factor = self.set_zoom(min(view.width() / rect.width(), view.height() / rect.height()))
        wide, tall = rect.width() * factor > view.width() + 1, rect.height() * factor > view.height() + 1
        item = self.map_scene.map_item
        board_map = item.mapRectToScene(self.map_painter.grid_rect())  # the hexes alone
        if (wide or tall) and not board_map.isEmpty():
            rect = board_map  # the room left beside the scroll bars the board will have
            width = view.width() - (self.verticalScrollBar().sizeHint().width() if tall else 0)
            height = view.height() - (self.horizontalScrollBar().sizeHint().height() if wide else 0)
            factor = self.set_zoom(min(width / rect.width(), height / rect.height()))
        self.centerOn(rect.center())
        self._fitted = True
        return factor

    def resizeEvent(self, event) -> None:
        """A window laid out after the first fit (docks, show) refits instead of keeping a
        map fitted to a viewport size that no longer exists."""
        super().resizeEvent(event)
        if self._fitted:
            self.fit_to_window()

    # -- events -------------------------------------------------------------------------

    def wheelEvent(self, event) -> None:
        delta = event.angleDelta().y()
        if delta == 0:
            super().wheelEvent(event)
            return
        self.zoom_by(WHEEL_STEP ** delta, event.position())
        event.accept()

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key_Plus, Qt.Key_Equal):
            self.zoom_in()
        elif key in (Qt.Key_Minus, Qt.Key_Underscore):
            self.zoom_out()
        elif key == Qt.Key_1:
            self._fitted = False
            self.set_zoom(1.0)
        elif key in (Qt.Key_0, Qt.Key_F):
            self.fit_to_window()
        elif key == Qt.Key_Space:
            if not event.isAutoRepeat():
                self._space_down = True
                self.viewport().setCursor(Qt.OpenHandCursor)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def keyReleaseEvent(self, event) -> None:
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space_down = False
            if self._pan_from is None:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MiddleButton or (event.button() == Qt.LeftButton and self._space_down):
            self._fitted = False
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        pos = event.position().toPoint()
        if self._pan_from is not None:
            delta = pos - self._pan_from
            self._pan_from = pos
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
        else:
            super().mouseMoveEvent(event)
        scene_pos = self.mapToScene(pos)
        self.mouseMovedOnMap.emit(scene_pos.x(), scene_pos.y())
        self._set_hovered(self.label_at(scene_pos))

    def mouseReleaseEvent(self, event) -> None:
        if self._pan_from is not None and event.button() in (Qt.MiddleButton, Qt.LeftButton):
            self._pan_from = None
            if self._space_down:
                self.viewport().setCursor(Qt.OpenHandCursor)
            else:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event) -> None:
        self._set_hovered("")
        super().leaveEvent(event)

    def _set_hovered(self, label: str) -> None:
        if label != self._hovered:
            self._hovered = label
            self.hexHovered.emit(label)
