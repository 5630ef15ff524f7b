"""Per-hex geometry the painter needs again and again, computed once per grid.

Everything here depends only on the grid (shape, size, origin, label scheme), never
on what the hexes hold, so it stays valid while a designer paints terrain. Hexes are
addressed by their dense index (``col * rows + row``); polygons, labels and neighbours
are built lazily the first time a hex is drawn, so opening a 10,000-hex map stays fast.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QPolygonF

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import Grid

SQRT3 = math.sqrt(3.0)


class GridLines(NamedTuple):
    """The sides of some hexes, each once (:meth:`HexCache.grid_lines`)."""

    inner: dict[int, QLineF]
    """The sides between two hexes by ``6 * hex + direction``, each under the hex it is one of the
    first three sides of (direction 0, 1 or 2)."""
    edge: list[QLineF]
    """The sides on the map's edge."""

    def side(self, i: int, d: int, j: int) -> QLineF | None:
        """Side ``d`` of hex ``i`` (``j``: the neighbour across it), if it is among these."""
        return self.inner.get(6 * i + d) if d < 3 else self.inner.get(6 * j + d - 3)


def grid_key(grid: Grid) -> tuple:
    """Everything about a grid that changes where hexes are drawn or how they are named."""
    return (
        grid.orientation, grid.cols, grid.rows, grid.shifted, grid.hex_size,
        grid.origin_x, grid.origin_y, grid.labels.model_dump_json(),
    )


class HexCache:
    """Centres, polygons, labels and neighbours of every hex of one grid."""

    def __init__(self, grid: Grid):
        self.key = grid_key(grid)
        self.hex_grid = grid.hex_grid()
        self.layout = grid.layout()
        self.scheme = grid.labels.scheme()
        self.size = grid.hex_size
        self.cols, self.rows = grid.cols, grid.rows
        self.flat = grid.orientation == "flat"
        n = self.cols * self.rows
        self._centers: list[tuple[float, float] | None] = [None] * n
        self._polygons: list[QPolygonF | None] = [None] * n
        self._labels: list[str | None] = [None] * n
        self._neighbors: list[tuple[int, ...]] | None = None
        self._index_of_label: Mapping[str, int] | None = None
        self._offsets = self.layout.corner_offsets()
        self._template = QPolygonF([QPointF(x, y) for x, y in self._offsets])
        """A hex's outline about (0, 0): a hex's polygon is it moved to the hex's centre."""
        # Half extents of one hex's bounding box.
        self.half_w = self.size if self.flat else SQRT3 * self.size / 2
        self.half_h = SQRT3 * self.size / 2 if self.flat else self.size

    # -- addressing ---------------------------------------------------------------------

    def hex_of(self, i: int) -> Hex:
        return Hex(*divmod(i, self.rows))

    def index(self, h: Hex) -> int:
        return h[0] * self.rows + h[1]

    def index_of_label(self, label: str) -> int | None:
        """Dense index of the hex called ``label``; ``None`` if no hex has that label."""
        return self.label_index().get(label)

    def label_index(self) -> Mapping[str, int]:
        """Every hex label of the grid with its dense index (read-only)."""
        if self._index_of_label is None:
            try:  # every label at once, shared with the checks that read the module
                self._index_of_label = self.scheme.index(self.hex_grid)
                self._labels = list[str | None](self._index_of_label)
            except ValueError:  # a grid its scheme cannot label: labels made (and refused) one by one
                self._index_of_label = {self.label(i): i for i in range(self.cols * self.rows)}
        return self._index_of_label

    # -- lazily cached per-hex values ---------------------------------------------------

    def center(self, i: int) -> tuple[float, float]:
        c = self._centers[i]
        if c is None:
            c = self._centers[i] = self.layout.center(self.hex_of(i))
        return c

    def polygon(self, i: int) -> QPolygonF:
        p = self._polygons[i]
        if p is None:
            p = self._polygons[i] = self._template.translated(*self.center(i))
        return p

    def corners(self, i: int) -> list[tuple[float, float]]:
        """The six corners of hex ``i`` as plain points (for the pure geometry)."""
        cx, cy = self.center(i)
        return [(cx + dx, cy + dy) for dx, dy in self._offsets]

    def side_line(self, i: int, d: int) -> QLineF:
        """Side ``d`` of hex ``i`` (the one towards its neighbour ``d``), from corner ``d`` to the next."""
        cx, cy = self.center(i)
        (x0, y0), (x1, y1) = self._offsets[d], self._offsets[(d + 1) % 6]
        return QLineF(cx + x0, cy + y0, cx + x1, cy + y1)

    def grid_lines(self, visible: list[int]) -> GridLines:
        """Every side of these hexes once: those between two hexes (each from the hex it is one of
        the first three sides of), and those on the map's edge. A side between a hex here and
        one that is not is drawn from the other, or lies outside the rectangle they were chosen for."""
        offsets = self._offsets
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = offsets[:4]
        table, center = self.neighbor_table(), self.center
        inner: dict[int, QLineF] = {}
        edge: list[QLineF] = []
        for i in visible:
            cx, cy = center(i)
            six = table[i]
            if min(six) >= 0:  # most hexes: their first three sides
                k = 6 * i
                inner[k] = QLineF(cx + x0, cy + y0, cx + x1, cy + y1)
                inner[k + 1] = QLineF(cx + x1, cy + y1, cx + x2, cy + y2)
                inner[k + 2] = QLineF(cx + x2, cy + y2, cx + x3, cy + y3)
                continue
            for d in range(6):
                if six[d] < 0 or d < 3:
                    (ax, ay), (bx, by) = offsets[d], offsets[(d + 1) % 6]
                    line = QLineF(cx + ax, cy + ay, cx + bx, cy + by)
                    if six[d] < 0:
                        edge.append(line)
                    else:
                        inner[6 * i + d] = line
        return GridLines(inner, edge)

    def label(self, i: int) -> str:
        text = self._labels[i]
        if text is None:
            text = self._labels[i] = self.scheme.format(self.hex_of(i), self.hex_grid)
        return text

    def neighbors(self, i: int) -> tuple[int, ...]:
        """Dense indices of the six neighbours of hex ``i`` in direction order; -1 if off-map."""
        table = self._neighbors
        if table is None:
            table = self._neighbors = self.hex_grid.neighbor_table()
        return table[i]

    def neighbor_table(self) -> list[tuple[int, ...]]:
        """:meth:`neighbors` of every hex, by index (made for the whole grid on first use)."""
        if self._neighbors is None:
            self._neighbors = self.hex_grid.neighbor_table()
        return self._neighbors

    def bounding_rect(self, i: int) -> QRectF:
        cx, cy = self.center(i)
        return QRectF(cx - self.half_w, cy - self.half_h, 2 * self.half_w, 2 * self.half_h)

    # -- culling ------------------------------------------------------------------------

    def indices_in_rect(self, x0: float, y0: float, x1: float, y1: float) -> list[int]:
        """Dense indices of hexes whose bounding box meets the rectangle, col-major.

        Works out the column (flat-top) or row (pointy-top) range from the rectangle, then
        the rows (columns) within each one, so the cost is proportional to the hexes found,
        not to the size of the map.
        """
        s, lay, out = self.size, self.layout, []
        if self.flat:
            ax = lay.center(Hex(0, 0))[0]
            step, span = 1.5 * s, SQRT3 * s
            c0 = max(0, math.ceil((x0 - s - ax) / step))
            c1 = min(self.cols - 1, math.floor((x1 + s - ax) / step))
            for c in range(c0, c1 + 1):
                top = lay.center(Hex(c, 0))[1]
                r0 = max(0, math.ceil((y0 - self.half_h - top) / span))
                r1 = min(self.rows - 1, math.floor((y1 + self.half_h - top) / span))
                base = c * self.rows
                out.extend(range(base + r0, base + r1 + 1))
            return out
        ay = lay.center(Hex(0, 0))[1]
        step, span = 1.5 * s, SQRT3 * s
        r0 = max(0, math.ceil((y0 - s - ay) / step))
        r1 = min(self.rows - 1, math.floor((y1 + s - ay) / step))
        for r in range(r0, r1 + 1):
            left = lay.center(Hex(0, r))[0]
            c0 = max(0, math.ceil((x0 - self.half_w - left) / span))
            c1 = min(self.cols - 1, math.floor((x1 + self.half_w - left) / span))
            out.extend(c * self.rows + r for c in range(c0, c1 + 1))
        return sorted(out)
