"""Smooth roads through hexes and meandering rivers along hexsides, as path operations.

A road crosses hexsides at their midpoints, square to the hexside; inside a hex it runs as
a cubic Bézier from one crossing to the next whose handles point at the hex centre, so
where it leaves one hex and enters the next the curve keeps its direction (no kinks), a
road straight across a hex stays straight, and a road turning 60° or 120° bends smoothly.
A hex with one crossing (a road ending in a town) or three or more (a junction) draws a
spoke from each crossing to its centre.

A river along a hexside meanders a little off the straight hexside, by at most a small
fraction of the hex size and never near its ends, so it always reads as that hexside;
where it continues onto the next hexside the bend is rounded symmetrically, so the two
halves of each bend, drawn from either hexside, meet exactly.

Operations are those of :mod:`.organic` plus ``("C", (c1x, c1y, c2x, c2y, x, y))``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .organic import PathOp, meander
from .pixels import Point

HANDLE = 0.55
"""Handle length of a road's Bézier, as a fraction of centre-to-crossing."""
BEND = 0.14
"""How far from a vertex (in hex sizes) a river's rounded bend starts."""


MAX_TURN = math.radians(40)
"""How far a road's direction at a crossing may lean off square to the hexside."""


def crossing_direction(mid: Point, center: Point, other_here: Point | None, other_there: Point | None) -> Point:
    """The direction (a unit vector into this hex) a road has where it crosses the hexside at ``mid``.

    ``other_here`` / ``other_there``: the road's other crossing in this hex and in the hex
    across (``None`` where the road does not simply pass through). Square to the hexside by
    default; for a road passing through both hexes it points from the crossing before to the
    crossing after, as a Catmull-Rom spline does, leaning at most :data:`MAX_TURN`. Seen from
    the hex across, the result is exactly reversed, so the road keeps its direction there.
    """
    nx, ny = center[0] - mid[0], center[1] - mid[1]
    n = math.hypot(nx, ny) or 1.0
    nx, ny = nx / n, ny / n
    if other_here is None or other_there is None:
        return nx, ny
    dx, dy = other_here[0] - other_there[0], other_here[1] - other_there[1]
    d = math.hypot(dx, dy) or 1.0
    dx, dy = dx / d, dy / d
    cross, dot = nx * dy - ny * dx, nx * dx + ny * dy
    angle = math.atan2(cross, dot)
    angle = max(-MAX_TURN, min(MAX_TURN, angle))
    ca, sa = math.cos(angle), math.sin(angle)
    return nx * ca - ny * sa, nx * sa + ny * ca


def road_in_hex(center: Point, crossings: Sequence[Point],
                directions: Sequence[Point] | None = None) -> list[PathOp]:
    """The road inside one hex through the hexside midpoints ``crossings``.

    ``directions``: the road's direction into the hex at each crossing (see
    :func:`crossing_direction`); by default square to the hexside, toward the centre.
    """
    cx, cy = center
    if len(crossings) == 2:
        (ax, ay), (bx, by) = crossings
        la, lb = math.hypot(cx - ax, cy - ay) * HANDLE, math.hypot(cx - bx, cy - by) * HANDLE
        if directions is None:
            directions = [crossing_direction(p, center, None, None) for p in crossings]
        (ux, uy), (vx, vy) = directions
        return [("M", (ax, ay)), ("C", (ax + ux * la, ay + uy * la, bx + vx * lb, by + vy * lb, bx, by))]
    ops: list[PathOp] = []
    for ax, ay in crossings:
        ops.append(("M", (ax, ay)))
        ops.append(("L", (cx, cy)))
    return ops


def road_off_map(center: Point, crossing: Point, overhang: float) -> list[PathOp]:
    """The stub of a road leaving the map: on from the crossing, away from the centre."""
    cx, cy = center
    x, y = crossing
    return [("M", (x, y)), ("L", (x + (x - cx) * overhang, y + (y - cy) * overhang))]


def river_on_side(p0: Point, p1: Point, key: int, amplitude: float,
                  bend0: Point | None, bend1: Point | None, samples: int = 10) -> list[PathOp]:
    """A river along the hexside ``p0``-``p1``, meandering by up to ``amplitude``.

    ``key`` seeds the meander (use the same key from either hex). ``bend0``/``bend1``: the far end
    of the hexside the river continues onto at ``p0``/``p1`` (``None``: it ends or branches
    there, so the line runs to the vertex).
    """
    forward = (round(p0[0], 4), round(p0[1], 4)) <= (round(p1[0], 4), round(p1[1], 4))
    if not forward:  # always compute from the canonical end, so both hexes agree
        p0, p1, bend0, bend1 = p1, p0, bend1, bend0
    length = math.dist(p0, p1) or 1.0
    ux, uy = (p1[0] - p0[0]) / length, (p1[1] - p0[1]) / length
    nx, ny = -uy, ux
    r = BEND * length
    ops: list[PathOp] = []
    start = _bend_end(p0, (ux, uy), r, bend0)
    ops.append(("M", start[0]))
    if start[1] is not None:
        ops.append(("Q", (*start[1], p0[0] + ux * r, p0[1] + uy * r)))
    for j in range(1, samples):
        t = j / samples
        if t * length <= r or (1 - t) * length <= r:
            continue
        w = amplitude * meander(key, t)
        ops.append(("L", (p0[0] + ux * length * t + nx * w, p0[1] + uy * length * t + ny * w)))
    end = _bend_end(p1, (-ux, -uy), r, bend1)
    ops.append(("L", (p1[0] - ux * r, p1[1] - uy * r)))
    if end[1] is not None:
        ops.append(("Q", (*end[1], *end[0])))
    else:
        ops.append(("L", end[0]))
    return ops


def _bend_end(vertex: Point, inward: Point, r: float, far: Point | None) -> tuple[Point, Point | None]:
    """Where a river's line ends at ``vertex`` and the control point of its rounded half-bend.

    Without a continuation it ends at the vertex itself. With one, the bend from ``r`` before
    the vertex on this hexside to ``r`` after it on the next is a quadratic with the vertex
    as control; each hexside draws its half, ending at the bend's midpoint.
    """
    if far is None:
        return vertex, None
    vx, vy = vertex
    p = (vx + inward[0] * r, vy + inward[1] * r)
    fl = math.dist(vertex, far) or 1.0
    q = (vx + (far[0] - vx) / fl * r, vy + (far[1] - vy) / fl * r)
    mid = ((p[0] + 2 * vx + q[0]) / 4, (p[1] + 2 * vy + q[1]) / 4)
    return mid, ((p[0] + vx) / 2, (p[1] + vy) / 2)
