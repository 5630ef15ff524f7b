"""Placing the hex grid on a pixel plane (x to the right, y downwards).

The map's bounding box starts at ``(origin_x, origin_y)``.  For a flat-top
grid whose column 0 is not shifted, hex ``(0, 0)`` is centred at
``(origin_x + size, origin_y + size * sqrt(3) / 2)``; when column 0 is the
shifted one (``shifted="even"``) it sits half a hex lower.  Pointy-top mirrors
this: hex ``(0, 0)`` is at ``(origin_x + size * sqrt(3) / 2, origin_y + size)``,
half a hex further right when row 0 is shifted.

Corners are numbered clockwise (on screen) so that corners ``i`` and
``(i + 1) % 6`` bound the hexside in direction ``i``: for flat-top, corner 0 is
the north-west corner of the north side; for pointy-top, corner 0 is the top
point (the north end of the north-east side).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .coords import Hex, round_axial
from .grid import HexGrid
from .hexsides import Hexside

Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)

# Corner offsets for a hex of circumradius 1, ordered as described above.
_FLAT_CORNERS: tuple[Point, ...] = (
    (-0.5, -SQRT3 / 2),
    (0.5, -SQRT3 / 2),
    (1.0, 0.0),
    (0.5, SQRT3 / 2),
    (-0.5, SQRT3 / 2),
    (-1.0, 0.0),
)
_POINTY_CORNERS: tuple[Point, ...] = (
    (0.0, -1.0),
    (SQRT3 / 2, -0.5),
    (SQRT3 / 2, 0.5),
    (0.0, 1.0),
    (-SQRT3 / 2, 0.5),
    (-SQRT3 / 2, -0.5),
)


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Euclidean distance from ``p`` to the segment ``a``-``b``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


@dataclass(frozen=True)
class Layout:
    """A :class:`HexGrid` drawn with hexes of circumradius ``size`` pixels."""

    grid: HexGrid
    size: float
    origin_x: float = 0.0
    origin_y: float = 0.0

    def __post_init__(self) -> None:
        if not self.size > 0:
            raise ValueError(f"hex size must be positive, not {self.size}")

    # Axial (q, r) -> pixel is affine: centre = anchor + q * qvec + r * rvec.
    def _anchor(self) -> Point:
        g, s = self.grid, self.size
        if g.orientation == "flat":
            extra = SQRT3 * s / 2 if g.shifted == "even" else 0.0
            return self.origin_x + s, self.origin_y + SQRT3 * s / 2 + extra
        extra = SQRT3 * s / 2 if g.shifted == "even" else 0.0
        return self.origin_x + SQRT3 * s / 2 + extra, self.origin_y + s

    def center(self, h: Hex) -> Point:
        """Pixel centre of ``h`` (on- or off-map)."""
        q, r = self.grid.to_axial(h)
        x0, y0 = self._anchor()
        s = self.size
        if self.grid.orientation == "flat":
            return x0 + 1.5 * s * q, y0 + SQRT3 * s * (r + q / 2)
        return x0 + SQRT3 * s * (q + r / 2), y0 + 1.5 * s * r

    def corners(self, h: Hex) -> list[Point]:
        """The six corners of ``h``; corners ``i`` and ``i+1`` bound side ``i``."""
        cx, cy = self.center(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    def corner_offsets(self) -> list[Point]:
        """The six corners of every hex relative to its centre (:meth:`corners` adds them to it)."""
        unit = _FLAT_CORNERS if self.grid.orientation == "flat" else _POINTY_CORNERS
        return [(ux * self.size, uy * self.size) for ux, uy in unit]

    def hexside_segment(self, side: Hexside) -> tuple[Point, Point]:
        """End points of a hexside, identical whichever hex it is named from.

        The segment is computed from the representation with direction 0..2,
        so both namings of one edge give bit-identical coordinates.
        """
        h, d = Hex(*side[0]), side[1]
        if d >= 3:
            h, d = self.grid.neighbor(h, d), d - 3
        return self.side_ends(self.center(h), d)

    def side_ends(self, center: Point, d: int) -> tuple[Point, Point]:
        """Corners ``d`` and ``d + 1`` of the hex centred at ``center`` (as :meth:`corners` has them):
        the ends of its side ``d``."""
        cx, cy = center
        offsets = self.corner_offsets()
        (dx0, dy0), (dx1, dy1) = offsets[d], offsets[(d + 1) % 6]
        return (cx + dx0, cy + dy0), (cx + dx1, cy + dy1)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing pixel ``(x, y)`` (may be off-map)."""
        x0, y0 = self._anchor()
        s = self.size
        if self.grid.orientation == "flat":
            q = (x - x0) / (1.5 * s)
            r = (y - y0) / (SQRT3 * s) - q / 2
        else:
            r = (y - y0) / (1.5 * s)
            q = (x - x0) / (SQRT3 * s) - r / 2
        return self.grid.from_axial(*round_axial(q, r))

    def nearest_hexside(self, x: float, y: float) -> tuple[Hexside, float]:
        """Closest side of the hex containing ``(x, y)`` and its distance in pixels.

        The hexside is canonical; ties go to the lower direction index.  Raises
        :class:`ValueError` if that side has no on-map hex.
        """
        h = self.hex_at(x, y)
        pts = self.corners(h)
        best_d, best = 0, math.inf
        for d in range(6):
            dist = _point_segment_distance((x, y), pts[d], pts[(d + 1) % 6])
            if dist < best:
                best_d, best = d, dist
        return self.grid.hexside(h, best_d), best

    def bounds(self) -> tuple[float, float]:
        """``(width, height)`` in pixels from the origin to the far edges of the map."""
        g, s = self.grid, self.size
        if g.orientation == "flat":
            any_shifted = g.cols >= 2 or g.shifted == "even"
            height = SQRT3 * s * (g.rows + (0.5 if any_shifted else 0.0))
            return s * (1.5 * g.cols + 0.5), height
        any_shifted = g.rows >= 2 or g.shifted == "even"
        width = SQRT3 * s * (g.cols + (0.5 if any_shifted else 0.0))
        return width, s * (1.5 * g.rows + 0.5)


MAP_MARGIN = 0.25
"""Room around the hexes of a drawn map, in hex sizes (roads leaving the map, thick edge lines)."""
MAX_IMAGE_PIXELS = 400_000_000
"""The largest map image drawn: its pixels alone take 1.6 GB."""


def least_image_size(layout: Layout, scale: float) -> tuple[int, int]:
    """``(width, height)`` in image pixels of the map's hexes and margin at ``scale``: a drawn
    map is at least this big (its furniture may add to it), known before any hex is loaded."""
    w, h = layout.bounds()
    m = 2 * MAP_MARGIN * layout.size
    return math.ceil((w + m) * scale), math.ceil((h + m) * scale)


def too_big(width: int, height: int, scale: float) -> str:
    """Why a map image of ``width`` × ``height`` pixels at ``scale`` is not drawn, and the largest
    scale that would be."""
    fits = scale * math.sqrt(MAX_IMAGE_PIXELS / (width * height))
    return (f"a {width}x{height} image is over the {MAX_IMAGE_PIXELS // 1_000_000} Mpx limit; "
            f"use --scale {math.floor(fits * 100) / 100:g} or less")
