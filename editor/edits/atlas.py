"""Painting real geography onto a hex map: a projection and lines as the editor's tools lay them.

A module's map reconstructed from an atlas (places, rivers, roads, areas in longitude and
latitude) goes through these: a :class:`Projection` fixed by one anchor place and a scale
puts points on the module's grid; rivers are painted as the hexside painter paints a drag
(:meth:`Corners.chain`: the chain of hex corners that keeps closest to the river's course);
roads as the road tool lays a drag from place to place (:func:`road_sides`). Used by the
build scripts of the reconstructed modules (``packaging/tov``, ``packaging/stlo``).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping
from dataclasses import dataclass

from hexwright.runtime.geometry import Hex, Hexside, Layout

from .connections import crossings

Point = tuple[float, float]  # (longitude, latitude) in degrees
Pixel = tuple[float, float]
Place = tuple[float, float, str]  # (longitude, latitude, kind)
Waypoint = str | Point  # a place's name, or a point


@dataclass(frozen=True)
class Anchor:
    """Where one real place falls on the grid, and how many hexes a degree spans.

    ``x`` is in hex-centre spacings east of column 0's centre (``col`` + half for a shifted
    pointy-top row), ``row`` a zero-based row as a fraction (flat-top: in row spacings).
    """

    lon: float
    lat: float
    x: float
    row: float
    per_lon: float  # hex-centre spacings per degree of longitude
    per_lat: float  # rows per degree of latitude


class Projection:
    """Longitude/latitude ↔ hexes and map pixels on the module's grid."""

    def __init__(self, layout: Layout, anchor: Anchor, places: Mapping[str, Place] | None = None):
        self.layout = layout
        self.grid = layout.grid
        self.anchor = anchor
        self.places = places or {}
        x0, y0 = layout.center(Hex(0, 0))
        self.x0, self.y0 = x0, y0
        self.w = layout.center(Hex(1, 0))[0] - x0
        self.h = layout.center(Hex(0, 1))[1] - y0

    def fractional(self, lon: float, lat: float) -> tuple[float, float]:
        """(x in hex widths from column 0's centre, zero-based row as a fraction)."""
        a = self.anchor
        return a.x + (lon - a.lon) * a.per_lon, a.row + (a.lat - lat) * a.per_lat

    def pixel(self, p: Point) -> Pixel:
        x, row = self.fractional(*p)
        return self.x0 + x * self.w, self.y0 + row * self.h

    def hex_at(self, p: Point) -> Hex:
        return self.layout.hex_at(*self.pixel(p))

    def lonlat(self, h: Hex) -> Point:
        """The real place at the centre of hex ``h``."""
        cx, cy = self.layout.center(h)
        x, row = (cx - self.x0) / self.w, (cy - self.y0) / self.h
        a = self.anchor
        return a.lon + (x - a.x) / a.per_lon, a.lat - (row - a.row) / a.per_lat

    def place_hex(self, name: str) -> Hex:
        lon, lat, _kind = self.places[name]
        return self.hex_at((lon, lat))

    def waypoint_hex(self, w: Waypoint) -> Hex:
        return self.place_hex(w) if isinstance(w, str) else self.hex_at(w)


def inside(p: Point, polygon: list[Point]) -> bool:
    """Even-odd rule point in polygon."""
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def segment_distance(p: Pixel, a: Pixel, b: Pixel) -> float:
    """Distance from ``p`` to the segment ``a``–``b``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def polyline_distance(p: Pixel, line: list[Pixel]) -> float:
    """Distance from ``p`` to the nearest point of a polyline."""
    if len(line) == 1:
        return math.dist(p, line[0])
    return min(segment_distance(p, a, b) for a, b in zip(line, line[1:]))


class Corners:
    """The graph of hex corners joined by hexsides (sides with at least one map hex)."""

    def __init__(self, layout: Layout):
        self.layout = layout
        self.points: dict[tuple[int, int], Pixel] = {}
        self.edges: dict[tuple[int, int], list[tuple[tuple[int, int], Hexside]]] = {}
        grid = layout.grid
        seen: set[Hexside] = set()
        for h in grid.hexes():
            for side in grid.hexsides_of(h):
                if side in seen:
                    continue
                seen.add(side)
                a, b = layout.hexside_segment(side)
                ka, kb = self._key(a), self._key(b)
                self.points[ka], self.points[kb] = a, b
                self.edges.setdefault(ka, []).append((kb, side))
                self.edges.setdefault(kb, []).append((ka, side))

    @staticmethod
    def _key(p: Pixel) -> tuple[int, int]:
        return round(p[0] * 16), round(p[1] * 16)

    def nearest(self, p: Pixel) -> tuple[int, int]:
        return min(self.points, key=lambda k: math.dist(self.points[k], p))

    def chain(self, line: list[Pixel]) -> list[Hexside]:
        """The hexsides of the corner path from the line's first point to its last that keeps
        closest to its course (one path, so it never doubles back round a hex)."""
        start, goal = self.nearest(line[0]), self.nearest(line[-1])
        size = self.layout.size
        segments = list(zip(line, line[1:]))

        def off_course(p: Pixel) -> float:
            return min(segment_distance(p, a, b) for a, b in segments) / size

        best = {start: 0.0}
        back: dict[tuple[int, int], tuple[tuple[int, int], Hexside]] = {}
        queue = [(0.0, start)]
        while queue:
            cost, k = heapq.heappop(queue)
            if k == goal:
                break
            if cost > best[k]:
                continue
            for k2, side in self.edges.get(k, []):
                p1, p2 = self.points[k], self.points[k2]
                mid = ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)
                step = size * (1.0 + 8.0 * off_course(mid) ** 2)
                if cost + step < best.get(k2, math.inf):
                    best[k2] = cost + step
                    back[k2] = (k, side)
                    heapq.heappush(queue, (cost + step, k2))
        path: list[Hexside] = []
        k = goal
        while k != start and k in back:
            k, side = back[k]
            path.append(side)
        return path[::-1]


def densify(points: list[Pixel], step: float) -> list[Pixel]:
    """The polyline with extra points at most ``step`` apart (the pointer's track in a drag)."""
    out = [points[0]]
    for a, b in zip(points, points[1:]):
        n = max(1, math.ceil(math.dist(a, b) / step))
        out.extend((a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(1, n + 1))
    return out


def road_sides(proj: Projection, waypoints: list[Waypoint]) -> list[Hexside]:
    """The hexsides a road crosses from waypoint to waypoint, as the road tool lays a drag."""
    hexes = [proj.waypoint_hex(w) for w in waypoints]
    out: list[Hexside] = []
    for a, b in zip(hexes, hexes[1:]):
        for side in crossings(proj.grid, a, b):
            if side not in out:
                out.append(side)
    return out
