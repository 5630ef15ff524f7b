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

from PySide6.QtCore import QRect
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
        self.keys: list[tuple[tuple, Hashable]] = []
        """The lines on the page (look, tile key), to forget when it is emptied."""
        self.painter: QPainter | None = None
        self.empty()

    def empty(self) -> None:
        self.image.fill(0)
        self.keys.clear()
        self.x = self.y = self.shelf = 0

    def place(self, w: int, h: int) -> tuple[int, int] | None:
        """Room for a ``w`` × ``h`` line (its top left on the page), or ``None`` when the page is full."""
        if self.x + w > PAGE:
            self.x, self.y, self.shelf = 0, self.y + self.shelf, 0
        if self.y + h > PAGE:
            return None
        at = (self.x, self.y)
        self.x += w
        self.shelf = max(self.shelf, h)
        return at


Line = tuple[_Page, int, int, int, int, int, int]
"""A line kept: its page, where its top left goes (device pixels, less the whole pixels of the
painter's translation), and where it is on the page (left, top, width, height)."""


class EdgeSprites:
    def __init__(self) -> None:
        self._found: dict[tuple, dict[Hashable, Line]] = {}
        """By look (pen, zoom, position within a pixel), then by the tile's key."""
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
        look = (pen.widthF(), pen.color().rgba(), pen.capStyle().value, pen.joinStyle().value, s, fx, fy)
        found = self._found.setdefault(look, {})
        lines: list[Line | QPainterPath] = []
        used: set[_Page] = set()  # pages this paint copies from: never emptied for a new line
        for key, path in edges:
            hit = found.get(key)
            if hit is None:
                hit = self._make(look, key, path, pen, used)
                if hit is None:  # too big for a page, or every page in use
                    lines.append(path)
                    continue
            lines.append(hit)
            used.add(hit[0])
        for page in self._pages:
            if page.painter is not None:
                page.painter.end()
                page.painter = None
        # the pages used last go last
        self._pages = [p for p in self._pages if p not in used] + [p for p in self._pages if p in used]
        painter.save()
        painter.setWorldTransform(QTransform())
        draw_image = painter.drawImage
        for line in lines:
            if isinstance(line, QPainterPath):
                painter.setWorldTransform(t)
                painter.setPen(pen)
                painter.drawPath(line)
                painter.setWorldTransform(QTransform())
            else:
                page, x, y, sx, sy, w, h = line
                draw_image(x + ix, y + iy, page.image, sx, sy, w, h)
        painter.restore()

    def _make(self, look: tuple, key: Hashable, path: QPainterPath, pen: QPen, used: set[_Page]) -> Line | None:
        """Stroke ``path`` into a page."""
        s, fx, fy = look[4:]
        pad = pen.widthF() * s / 2 + 2
        r = path.boundingRect()
        x0, y0 = math.floor(r.left() * s + fx - pad), math.floor(r.top() * s + fy - pad)
        w, h = math.ceil(r.right() * s + fx + pad) - x0, math.ceil(r.bottom() * s + fy + pad) - y0
        if w > PAGE or h > PAGE:
            return None
        room = self._room(w, h, used)
        if room is None:
            return None
        page, (px, py) = room
        p = page.painter
        if p is None:
            p = page.painter = QPainter(page.image)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setWorldTransform(QTransform())
        p.setClipRect(QRect(px, py, w, h))
        p.setWorldTransform(QTransform(s, 0, 0, s, fx - x0 + px, fy - y0 + py))
        p.setPen(pen)
        p.drawPath(path)
        hit = (page, x0, y0, px, py, w, h)
        self._found[look][key] = hit
        page.keys.append((look, key))
        return hit

    def _room(self, w: int, h: int, used: set[_Page]) -> tuple[_Page, tuple[int, int]] | None:
        if self._filling is not None:
            at = self._filling.place(w, h)
            if at is not None:
                return self._filling, at
        if len(self._pages) < MAX_PAGES:
            page = _Page()
        else:
            free = [p for p in self._pages if p not in used]
            if not free:
                return None
            page = free[0]
            self._pages.remove(page)
            if page.painter is not None:
                page.painter.end()
                page.painter = None
            for look, key in page.keys:
                del self._found[look][key]
            page.empty()
        self._pages.append(page)
        self._filling = page
        at = page.place(w, h)
        return None if at is None else (page, at)
