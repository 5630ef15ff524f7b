"""The organic edge lines of terrain shapes and contours, kept as small images per tile.

A modern map's terrain edges and contour lines are hundreds of short curves around the
hexes a brush stroke touched, and stroking a curve with a pen wider than a pixel costs Qt
about twenty times as much as copying the same line from an image. So where a view keeps
its map as tiles (:mod:`.layer_cache`), each tile's line is stroked once into a page of
lines at the view's zoom and copied from there whenever it is drawn again: copying the
lines one after another gives the pixels stroking them one after another gives.

A line is found again by what shapes it (its tile's key: hex, neighbours, region), the pen,
the zoom and where within a device pixel the map falls (in 64ths). Pages are bounded: when
all are full, the least recently used one is emptied for new lines. Any other painter (a
rotated view, a printer, an export) strokes the lines as before.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QImage, QPaintEngine, QPainter, QPainterPath, QPen, QTransform

PAGE = 1024
"""Side of a page of lines, in pixels (4 MB)."""
MAX_PAGES = 8
"""Pages kept (32 MB): a few screens' worth of lines at any zoom."""
SUBPIXEL = 64
"""Positions within a device pixel told apart (the rest is rounded: under 1/128 px)."""

Edge = tuple[Hashable, QPainterPath]
"""A tile's line: the key of what shapes it (stable between paints) and its path."""


class _Page:
    """An image of lines packed in shelves, left to right, top to bottom."""

    def __init__(self) -> None:
        self.image = QImage(PAGE, PAGE, QImage.Format.Format_ARGB32_Premultiplied)
        self.keys: list[tuple] = []
        self.painter: QPainter | None = None
        self.empty()

    def empty(self) -> None:
        self.image.fill(0)
        self.keys.clear()
        self.x = self.y = self.shelf = 0

    def place(self, w: int, h: int) -> QRect | None:
        """Room for a ``w`` × ``h`` line, or ``None`` when the page is full."""
        if self.x + w > PAGE:
            self.x, self.y, self.shelf = 0, self.y + self.shelf, 0
        if self.y + h > PAGE:
            return None
        rect = QRect(self.x, self.y, w, h)
        self.x += w
        self.shelf = max(self.shelf, h)
        return rect


class EdgeSprites:
    def __init__(self) -> None:
        self._found: dict[tuple, tuple[_Page, QRect, QPoint]] = {}
        self._pages: list[_Page] = []
        """Least recently used first."""
        self._filling: _Page | None = None
        """The page new lines go on."""
        self._owner: object = None

    def clear(self) -> None:
        self._found.clear()
        self._pages.clear()
        self._filling = None

    def reset_for(self, owner: object) -> None:
        """The lines are shaped by ``owner`` (the grid's geometry): a new one forgets them all."""
        if owner is not self._owner:
            self._owner = owner
            self.clear()

    def draw(self, painter: QPainter, edges: list[Edge], pen: QPen, kept: bool) -> None:
        """Stroke ``edges`` with ``pen``, in order; from the pages when ``kept`` and the painter
        is a raster one with an unrotated, evenly scaled transform."""
        t = painter.worldTransform()
        engine = painter.paintEngine()
        if (not kept or engine is None or engine.type() != QPaintEngine.Type.Raster
                or t.type().value > QTransform.TransformationType.TxScale.value or t.m11() != t.m22()
                or t.m11() <= 0):
            painter.setPen(pen)
            for _key, path in edges:
                painter.drawPath(path)
            return
        s = t.m11()
        qx, qy = round(t.dx() * SUBPIXEL) / SUBPIXEL, round(t.dy() * SUBPIXEL) / SUBPIXEL
        ix, iy = math.floor(qx), math.floor(qy)
        fx, fy = qx - ix, qy - iy
        pen_key = (pen.widthF(), pen.color().rgba(), pen.capStyle().value, pen.joinStyle().value)
        pad = pen.widthF() * s / 2 + 2
        found: list[tuple[_Page, QRect, QPoint] | QPainterPath] = []
        used: set[int] = set()  # pages this paint copies from: never emptied for a new line
        for key, path in edges:
            k = (key, pen_key, s, fx, fy)
            hit = self._found.get(k)
            if hit is None:
                hit = self._make(k, path, pen, s, fx, fy, pad, used)
            if hit is None:  # too big for a page, or every page in use
                found.append(path)
                continue
            found.append(hit)
            used.add(id(hit[0]))
        for page in self._pages:
            if page.painter is not None:
                page.painter.end()
                page.painter = None
        # the pages used last go last
        self._pages = [p for p in self._pages if id(p) not in used] + [p for p in self._pages if id(p) in used]
        painter.save()
        painter.setWorldTransform(QTransform())
        for item in found:
            if isinstance(item, QPainterPath):
                painter.setWorldTransform(t)
                painter.setPen(pen)
                painter.drawPath(item)
                painter.setWorldTransform(QTransform())
            else:
                page, rect, at = item
                painter.drawImage(QPoint(at.x() + ix, at.y() + iy), page.image, rect)
        painter.restore()

    def _make(self, k: tuple, path: QPainterPath, pen: QPen, s: float, fx: float, fy: float, pad: float,
              used: set[int]) -> tuple[_Page, QRect, QPoint] | None:
        """Stroke ``path`` into a page; returns the page, where the line is on it, and where its
        top left goes (device pixels, less the whole pixels of the painter's translation)."""
        r = path.boundingRect()
        x0, y0 = math.floor(r.left() * s + fx - pad), math.floor(r.top() * s + fy - pad)
        w, h = math.ceil(r.right() * s + fx + pad) - x0, math.ceil(r.bottom() * s + fy + pad) - y0
        if w > PAGE or h > PAGE:
            return None
        page, rect = self._room(w, h, used)
        if page is None or rect is None:
            return None
        p = page.painter
        if p is None:
            p = page.painter = QPainter(page.image)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setWorldTransform(QTransform())
        p.setClipRect(rect)
        p.setWorldTransform(QTransform(s, 0, 0, s, fx - x0 + rect.left(), fy - y0 + rect.top()))
        p.setPen(pen)
        p.drawPath(path)
        hit = (page, rect, QPoint(x0, y0))
        self._found[k] = hit
        page.keys.append(k)
        return hit

    def _room(self, w: int, h: int, used: set[int]) -> tuple[_Page | None, QRect | None]:
        if self._filling is not None:
            rect = self._filling.place(w, h)
            if rect is not None:
                return self._filling, rect
        if len(self._pages) < MAX_PAGES:
            page = _Page()
        else:
            free = [p for p in self._pages if id(p) not in used]
            if not free:
                return None, None
            page = free[0]
            self._pages.remove(page)
            if page.painter is not None:
                page.painter.end()
                page.painter = None
            for k in page.keys:
                del self._found[k]
            page.empty()
        self._pages.append(page)
        self._filling = page
        return page, page.place(w, h)
