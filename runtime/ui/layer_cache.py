"""The map kept as raster tiles, one image per layer group, so an edit redraws only what it changed.

A view asks :class:`LayerCache` to paint the exposed part of the map. The cache holds square
tiles of the map at the view's zoom, each with one image per layer group of the
:class:`~.map_painter.MapPainter` (under: paper, base terrain, tints; terrain: the natural
shapes and their symbol fields; contours; over: grid, lines, features, names, furniture),
and composes them. An edit marks a rectangle of some groups stale (:meth:`invalidate`): a
terrain brush stroke draws again only the natural terrain around its hexes and recomposes;
tints, contours, roads and names under and over it are not drawn again; a level stroke
draws the tints and the contours. Zooming, or an edit
that changes everything, starts afresh.

Tiles are drawn in device pixels, so composing is a copy, with nothing resampled; the
number of tiles kept is bounded (least recently used go first).
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

from .map_painter import ALL_GROUPS, CONTOURS, OVER, TERRAIN, UNDER, MapPainter

TILE = 256
"""Side of a tile in device pixels."""
MAX_TILES = 120
"""Tiles kept (up to four images of 256 KB each): a few screens' worth at any zoom."""
ORDER = (UNDER, TERRAIN, CONTOURS, OVER)


class _Tile:
    __slots__ = ("dirty", "images")

    def __init__(self) -> None:
        self.images: dict[str, QImage | None] = {}
        """Per group (``None``: the group draws nothing here); a group missing is drawn whole."""
        self.dirty: dict[str, QRectF] = {}
        """Per group, the part (in map pixels) to draw again."""


class LayerCache:
    def __init__(self, map_painter: MapPainter, paper: QColor):
        self.map_painter = map_painter
        self.paper = paper
        self._scale = 0.0
        self._state: tuple = ()
        self._tiles: OrderedDict[tuple[int, int], _Tile] = OrderedDict()
        self.drawn: list[tuple[str, QRectF]] = []
        """What the last :meth:`paint` had to draw (group, map rectangle): for tests and benchmarks."""

    @staticmethod
    def usable(transform: QTransform) -> bool:
        """Tiles need an unrotated, unskewed view with the same zoom both ways."""
        return (abs(transform.m12()) < 1e-12 and abs(transform.m21()) < 1e-12
                and abs(transform.m11() - transform.m22()) < 1e-9 and transform.m11() > 0)

    def clear(self) -> None:
        self._tiles.clear()

    def invalidate(self, rect: QRectF | None, groups: frozenset[str] = ALL_GROUPS) -> None:
        """Mark ``groups`` stale within ``rect`` (map pixels; ``None``: everywhere)."""
        if rect is None:
            for tile in self._tiles.values():
                for group in groups:
                    tile.images.pop(group, None)
                    tile.dirty.pop(group, None)
            return
        if rect.isEmpty() or not self._tiles:
            return
        s = self._scale
        for (tx, ty), tile in self._tiles.items():
            area = QRectF(tx * TILE / s, ty * TILE / s, TILE / s, TILE / s).intersected(rect)
            if area.isEmpty():
                continue
            for group in groups:
                if group in tile.images:
                    old = tile.dirty.get(group)
                    tile.dirty[group] = area if old is None else old.united(area)

    def paint(self, painter: QPainter, exposed: QRectF) -> None:
        """Compose the map within ``exposed`` (map pixels) from the tiles, drawing stale parts first."""
        transform = painter.worldTransform()
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0  # a high-DPI screen: tiles in its pixels
        s = transform.m11() * dpr
        state = self._painter_state()
        if abs(s - self._scale) > 1e-9 or not _same(state, self._state):
            self._tiles.clear()
            self._scale, self._state = s, state
        self.drawn = []
        zx0, zy0 = exposed.left() * s, exposed.top() * s
        zx1, zy1 = exposed.right() * s, exposed.bottom() * s
        keys = [(tx, ty) for ty in range(math.floor(zy0 / TILE), math.ceil(zy1 / TILE))
                for tx in range(math.floor(zx0 / TILE), math.ceil(zx1 / TILE))]
        for key in keys:
            if key not in self._tiles:
                self._tiles[key] = _Tile()
            self._tiles.move_to_end(key)
        for group in ORDER:
            self._refresh(group, keys)
        while len(self._tiles) > max(MAX_TILES, len(keys)):
            self._tiles.popitem(last=False)
        # Compose in device pixels: a copy, not a resampling.
        dx, dy = round(transform.dx() * dpr), round(transform.dy() * dpr)
        painter.save()
        painter.setWorldTransform(QTransform.fromScale(1 / dpr, 1 / dpr))
        painter.setClipRect(QRectF(zx0 + dx, zy0 + dy, zx1 - zx0, zy1 - zy0).toAlignedRect())
        for tx, ty in keys:
            tile = self._tiles[(tx, ty)]
            at = QPointF(tx * TILE + dx, ty * TILE + dy)
            for group in ORDER:
                image = tile.images.get(group)
                if image is not None:
                    painter.drawImage(at, image)
        painter.restore()

    def _painter_state(self) -> tuple:
        """What the painter draws with besides hex data (each replaced, never changed, when it changes)."""
        mp = self.map_painter
        return (mp.map_data, mp.map_data.grid, mp.style, mp.layers, mp.furniture.legend, mp.assets, mp.side_colors,
                mp.map_data.place_names, mp.map_data.furniture, mp.map_data.areas, mp.furniture.reserved_right)

    def _refresh(self, group: str, keys: list[tuple[int, int]]) -> None:
        """Draw what is missing or stale of ``group`` in these tiles, in one paint: the tiles
        without an image, then the stale parts of the others (each batch drawn once into
        one image covering it, then copied into the tiles)."""
        s = self._scale
        missing = [k for k in keys if group not in self._tiles[k].images]
        if missing:
            xs, ys = [k[0] for k in missing], [k[1] for k in missing]
            box = QRect(min(xs) * TILE, min(ys) * TILE, (max(xs) - min(xs) + 1) * TILE, (max(ys) - min(ys) + 1) * TILE)
            scratch = self._draw(group, box, kept_lines=False)
            for k in missing:
                tile = self._tiles[k]
                tile.dirty.pop(group, None)
                if scratch is None:
                    tile.images[group] = None
                    continue
                image = QImage(TILE, TILE, QImage.Format.Format_ARGB32_Premultiplied)
                _copy(scratch, box, image, k, QRect(k[0] * TILE, k[1] * TILE, TILE, TILE))
                tile.images[group] = image
        stale = [k for k in keys if group in self._tiles[k].dirty]
        if not stale:
            return
        area = QRect()
        for k in stale:
            r = self._tiles[k].dirty[group]
            area = area.united(QRectF(r.left() * s, r.top() * s, r.width() * s, r.height() * s).toAlignedRect())
        scratch = self._draw(group, area, kept_lines=True)  # around an edit: likely drawn again soon
        for k in stale:
            tile = self._tiles[k]
            tile.dirty.pop(group)
            target = tile.images.get(group)
            if target is not None and scratch is not None:
                _copy(scratch, area, target, k, area.intersected(QRect(k[0] * TILE, k[1] * TILE, TILE, TILE)))

    def _draw(self, group: str, box: QRect, kept_lines: bool) -> QImage | None:
        """``group`` drawn into an image covering ``box`` (device pixels at this zoom);
        ``None`` when the group draws nothing (natural terrain and contours in the classic style).
        ``kept_lines``: the organic lines from (and into) the pages of lines (see :mod:`.edge_sprites`)."""
        mp = self.map_painter
        if group in (TERRAIN, CONTOURS) and mp.style.terrain != "natural":
            return None
        s = self._scale
        image = QImage(box.width(), box.height(), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(self.paper if group == UNDER else QColor(0, 0, 0, 0))
        area = QRectF(box.left() / s, box.top() / s, box.width() / s, box.height() / s)
        self.drawn.append((group, area))
        p = QPainter(image)
        p.scale(s, s)
        p.translate(-area.left(), -area.top())
        p.setClipRect(area)
        mp.paint(p, area, frozenset({group}), kept_lines=kept_lines)
        p.end()
        return image


def _copy(scratch: QImage, box: QRect, image: QImage, key: tuple[int, int], part: QRect) -> None:
    """Copy ``part`` (device pixels) of ``scratch`` (covering ``box``) into the tile ``key``'s image."""
    if part.isEmpty():
        return
    p = QPainter(image)
    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
    p.drawImage(QPoint(part.left() - key[0] * TILE, part.top() - key[1] * TILE), scratch,
                part.translated(-box.left(), -box.top()))
    p.end()


def _same(a: tuple, b: tuple) -> bool:
    """The same objects (numbers: the same values)."""
    return len(a) == len(b) and all(x is y or (isinstance(x, float) and x == y) for x, y in zip(a, b))
