"""Natural terrain and elevation: merged organic shapes, symbol fields, tints and contours.

Terrain of one type in the visible hexes is drawn as one path made of the hexes' organic
tiles (:mod:`runtime.geometry.organic`), filled, textured (clipped to the shape) and edged.
Elevation is a stack of regions, one per level above the lowest: each is tinted a little
(so higher ground reads darker) and its boundary is a contour line, running inside the
hexes at or above its level; lines of neighbouring levels keep apart and run in parallel.

Tiles depend on a hex and its neighbours only and are cached by exactly that, so a brush
stroke rebuilds the tiles of the hexes it touched and their neighbours, nothing else.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QRadialGradient

from hexwright.runtime.geometry.organic import organic_tile, side_key

from .edge_sprites import Edge, EdgeSprites
from .hex_cache import HexCache
from .path_ops import ops_path

TERRAIN_INSET = 0.11
TERRAIN_MEANDER = 0.08
CONTOUR_INSETS = (0.07, 0.12, 0.17)
CONTOUR_MEANDER = 0.055
MAX_TILES = 200_000
TINT_TOTAL = 0.4
"""Opacity of the stacked tints on the highest ground."""


class TileCache:
    """Organic tiles (fill and edge paths) by hex, neighbour mask and region."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._cache: HexCache | None = None
        self._tiles: dict[Hashable, tuple[Hashable, QPainterPath, QPainterPath]] = {}

    def tile(self, c: HexCache, i: int, same: tuple[bool, ...], salt: int, inset: float,
             amplitude: float) -> tuple[Hashable, QPainterPath, QPainterPath]:
        """Key (everything that shapes the tile), fill and edge of hex ``i``'s tile."""
        if self._cache is not c or len(self._tiles) > MAX_TILES:
            self._cache, self._tiles = c, {}
        inside = all(same)
        # a hex inside its region is its hexagon, whatever the region
        key = (i,) if inside else (i, same, salt, inset, amplitude)
        hit = self._tiles.get(key)
        if hit is None and inside:
            fill = QPainterPath()
            fill.addPolygon(c.polygon(i))
            fill.closeSubpath()
            hit = self._tiles[key] = (key, fill, QPainterPath())
        elif hit is None:
            corners = c.corners(i)
            keys = [side_key(self.seed, i, j, salt) for j in c.neighbors(i)]
            t = organic_tile(corners, c.center(i), same, keys, inset * c.size, amplitude * c.size)
            hit = self._tiles[key] = (key, ops_path(t.fill), ops_path(t.edge))
        return hit

    def region(self, c: HexCache, members: list[int], inside: Callable[[int], bool], salt: int,
               inset: float, amplitude: float) -> tuple[QPainterPath, list[Edge]]:
        """Fill and edges of the region made of ``members`` (``inside`` says who else belongs).

        The fill is one path (tiles filled together leave no seams); the edges stay one path
        per tile, each with its tile's key (see :mod:`.edge_sprites`), because Qt strokes many
        small paths much faster than one big one."""
        masks = [tuple(j < 0 or inside(j) for j in c.neighbors(i)) for i in members]
        return self.region_of(c, members, masks, salt, inset, amplitude)

    def region_of(self, c: HexCache, members: list[int], masks: Sequence[tuple[bool, ...]], salt: int,
                  inset: float, amplitude: float) -> tuple[QPainterPath, list[Edge]]:
        """:meth:`region` with each member's neighbours in the region or not (``masks``) known."""
        fill, edges = QPainterPath(), []
        fill.setFillRule(Qt.FillRule.WindingFill)
        for i, same in zip(members, masks):
            key, f, e = self.tile(c, i, same, salt, inset, amplitude)
            fill.addPath(f)
            if not e.isEmpty():
                edges.append((key, e))
        return fill, edges


def terrain_region(tiles: TileCache, c: HexCache, members: list[int], terrain_of: Callable[[int], str],
                   tid: str) -> tuple[QPainterPath, list[Edge]]:
    return tiles.region(c, members, lambda j: terrain_of(j) == tid, 0, TERRAIN_INSET, TERRAIN_MEANDER)


def terrain_edge_width(size: float) -> float:
    return max(0.03 * size, 0.6)


def terrain_reach(size: float) -> float:
    """How far (map pixels) a terrain tile's drawing may reach beyond its hex: half its edge
    line, and a little more."""
    return terrain_edge_width(size) / 2 + 0.05 * size


def changed_terrain_tiles(c: HexCache, terrain: Sequence[str], default: str, terrain_was: dict[int, str]) -> set[int]:
    """The hexes whose natural terrain drawing changes when the hexes ``terrain_was`` (index:
    terrain before) changed terrain: those, and each neighbour of one of them in the terrain
    it had or has (its tile's outline, and the symbols reaching into it, changed), unless
    the neighbour is in the default terrain (drawn under the shapes, not as one)."""
    out = set(terrain_was)
    for i, was in terrain_was.items():
        now = terrain[i]
        for j in c.neighbors(i):
            if j >= 0 and terrain[j] != default and terrain[j] in (was, now):
                out.add(j)
    return out


LEVEL_REACH = 0.25
"""How far (in hex sizes) the tints, contours and hillshade of a hex may reach beyond its hex's
bounding box: a slope's shading reaches 1.1 hex sizes from its centre, 0.23 beyond the box
across the hex's flats."""


def changed_level_tiles(c: HexCache, level: Sequence[int], level_was: dict[int, int],
                        thresholds: list[int]) -> set[int]:
    """The hexes whose tints and contours change when the hexes ``level_was`` (index: level
    before) changed level: those, and each neighbour at or above a contour the change crossed
    (its tile of that contour has one more, or one less, side on the region's edge)."""
    out: set[int] = set()
    for i, was in level_was.items():
        lo, hi = sorted((was, level[i]))
        crossed = [t for t in thresholds if lo < t <= hi]
        if not crossed:
            continue
        out.add(i)
        lowest = crossed[0]
        out.update(j for j in c.neighbors(i) if j >= 0 and level[j] >= lowest)
    return out


def paint_region(painter: QPainter, fill: QPainterPath, edges: list[Edge], color: QColor, size: float,
                 sprites: EdgeSprites, kept: bool) -> None:
    """Fill without antialiasing (much faster on big shapes); the antialiased edge line hides the
    steps (copied from ``sprites`` when ``kept``)."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.drawPath(fill)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    sprites.draw(painter, edges, QPen(color.darker(140), terrain_edge_width(size), Qt.PenStyle.SolidLine,
                                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin), kept)


def level_regions(tiles: TileCache, c: HexCache, visible: list[int], level_of: Callable[[int], int],
                  thresholds: list[int]) -> list[tuple[int, QPainterPath, list[Edge]]]:
    """For each threshold with visible hexes at or above it: (threshold, fill, contour)."""
    out = []
    off_map = math.inf  # (a hex on the map's edge is inside every region it is in)
    around = [(i, level_of(i), tuple(off_map if j < 0 else level_of(j) for j in c.neighbors(i))) for i in visible]
    for n, t in enumerate(thresholds):
        members, masks = [], []
        for i, level, (a, b, d, e, f, g) in around:
            if level >= t:
                members.append(i)
                masks.append((a >= t, b >= t, d >= t, e >= t, f >= t, g >= t))
        if not members:
            continue
        inset = CONTOUR_INSETS[n % len(CONTOUR_INSETS)]
        fill, edge = tiles.region_of(c, members, masks, 1000 + t, inset, CONTOUR_MEANDER)
        out.append((t, fill, edge))
    return out


def paint_level_colors(painter: QPainter, c: HexCache, visible: list[int],
                       regions: list[tuple[int, QPainterPath, list[Edge]]], brushes: dict[int, QBrush],
                       low: int) -> None:
    """Hypsometric tints: the ground in the lowest level's own brush, then each level's region
    over it in its own (a level without one keeps the colour of the level below)."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # the contour line hides the steps
    base = brushes.get(low)
    if base is not None:
        painter.setBrush(base)
        for i in visible:
            painter.drawPolygon(c.polygon(i))
    for t, fill, _edges in regions:
        brush = brushes.get(t)
        if brush is not None:
            painter.setBrush(brush)
            painter.drawPath(fill)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)


def tint_alpha(steps: int, total: float = TINT_TOTAL) -> int:
    """Alpha of one tint step so ``steps`` stacked tints reach ``total`` opacity."""
    if steps <= 0:
        return 0
    return max(1, round(255 * (1 - (1 - total) ** (1 / steps))))


TINT_CANDIDATES = ((96, 104, 122), (112, 100, 128), (120, 120, 120))
"""Neutral tints (slate, violet grey, grey) tried when the style's would collide."""
MIN_TINT_DISTANCE = 36.0
"""How far (RGB distance) the default terrain on the highest ground must stay from every other terrain's fill."""


def _rgb(color: QColor) -> tuple[int, int, int]:
    return color.red(), color.green(), color.blue()


def tint_clearance(tint: QColor, base: QColor, others: list[QColor]) -> float:
    """How far the default terrain (``base``) tinted as the highest ground stays from the nearest other terrain fill."""
    top = [b * (1 - TINT_TOTAL) + t * TINT_TOTAL for b, t in zip(_rgb(base), _rgb(tint))]
    return min((math.dist(top, _rgb(o)) for o in others), default=math.inf)


def tint_color(style_tint: QColor, base: QColor, others: list[QColor]) -> QColor:
    """The style's tint, or the first neutral one whose high ground cannot be mistaken for
    another terrain (a clear hex on a hill must not read as rough); failing all, the clearest."""
    candidates = [style_tint] + [QColor(*rgb) for rgb in TINT_CANDIDATES]
    for tint in candidates:
        if tint_clearance(tint, base, others) >= MIN_TINT_DISTANCE:
            return QColor(tint)
    return QColor(max(candidates, key=lambda t: tint_clearance(t, base, others)))


def paint_contours(painter: QPainter, regions: list[tuple[int, QPainterPath, list[Edge]]], color: QColor,
                   size: float, width: float, steps: int, sprites: EdgeSprites, kept: bool) -> None:
    """Contour lines; with six or more levels every fifth is an index contour, drawn thicker
    (copied from ``sprites`` when ``kept``)."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for t, _fill, edges in regions:
        index = steps < 6 or (t % 5 == 0)
        w = (0.03 if index else 0.018) * size * width
        sprites.draw(painter, edges, QPen(color, max(w, 0.4), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                          Qt.PenJoinStyle.RoundJoin), kept)


LIGHT = (-0.7071, -0.7071)
"""Hillshade light from the north-west (map y runs down)."""


def paint_hillshade(painter: QPainter, c: HexCache, visible: list[int], level_of: Callable[[int], int],
                    strength: float = 0.09) -> None:
    """Soft shading: a slope whose uphill faces the light is shadowed, one facing away is lit.

    Each hex gets a radial wash (dark or light) from its level gradient, the washes of
    neighbours blending into one another, so the shading follows the ground, not the hexes.
    """
    painter.setPen(Qt.PenStyle.NoPen)
    r = 1.1 * c.size
    for i in visible:
        li = level_of(i)
        cx, cy = c.center(i)
        gx = gy = 0.0
        for j in c.neighbors(i):
            if j < 0:
                continue
            nx, ny = c.center(j)
            d = math.hypot(nx - cx, ny - cy) or 1.0
            rise = level_of(j) - li
            gx += rise * (nx - cx) / d
            gy += rise * (ny - cy) / d
        shade = gx * LIGHT[0] + gy * LIGHT[1]  # > 0: the ground rises toward the light
        if abs(shade) < 1e-9:
            continue
        alpha = min(1.0, abs(shade) * strength)
        color = QColor(40, 30, 20) if shade > 0 else QColor(255, 255, 250)
        inner = QColor(color)
        inner.setAlphaF(alpha * (1.0 if shade > 0 else 0.8))
        outer = QColor(color)
        outer.setAlphaF(0.0)
        gradient = QRadialGradient(cx, cy, r)
        gradient.setColorAt(0.0, inner)
        gradient.setColorAt(1.0, outer)
        painter.setBrush(gradient)
        painter.drawEllipse(QPointF(cx, cy), r, r)
