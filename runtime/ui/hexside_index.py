"""Which stored hexsides border each hex, and where they are drawn.

The map stores hexside data sparsely under string ids (``0106/N``). To paint only what an
exposed rectangle needs, the painter asks for the hexsides bordering the visible hexes;
this index answers that without formatting ids for every hex. It rebuilds itself when
the set of hexside ids changes (data under an id is always read live from the map).
"""

from __future__ import annotations

from typing import NamedTuple

from hexwright.runtime.geometry import Hex, Hexside, parse_hexside
from hexwright.runtime.geometry.hexsides import read_canonical_id

from .hex_cache import HexCache

Point = tuple[float, float]


class SideGeom(NamedTuple):
    """One stored hexside: its id, the hexes either side (-1: off the map) and its segment."""

    key: str
    side: Hexside
    a: int
    b: int
    p0: Point
    p1: Point

    @property
    def mid(self) -> Point:
        return (self.p0[0] + self.p1[0]) / 2, (self.p0[1] + self.p1[1]) / 2


class HexsideIndex:
    def __init__(self) -> None:
        self._cache: HexCache | None = None
        self._keys: set[str] | None = None
        self._by_hex: dict[int, list[SideGeom]] = {}
        self._all: list[SideGeom] = []
        self._by_vertex: dict[tuple[float, float], list[SideGeom]] | None = None
        """Made on the first :meth:`at_vertex` (only smooth lines ask): None until then."""
        self.unreadable: list[str] = []

    def update(self, cache: HexCache, hexsides: dict) -> None:
        """Re-index if the grid or the set of stored hexside ids changed.

        A usual id (canonical, its hex in the grid's own spelling, one of the first three
        directions) is read with two dictionary lookups, its other hex taken from the grid's
        neighbour table and its ends from the corner offsets, with no Hex arithmetic: a
        400×400 map stores some 66,000 hexsides, and the first paint waits for all of them."""
        if self._cache is cache and self._keys is not None and self._keys == hexsides.keys():
            return
        self._cache, self._keys = cache, set(hexsides)
        self._by_hex, self._by_vertex, self._all, self.unreadable = {}, None, [], []
        grid, lay = cache.hex_grid, cache.layout
        labels = cache.label_index()
        directions = {name: d for d, name in enumerate(grid.directions)}
        neighbors = cache.neighbor_table()
        offsets = lay.corner_offsets()
        ends = [(offsets[d], offsets[(d + 1) % 6]) for d in range(3)]
        center, rows = cache.center, grid.rows
        by_hex, every = self._by_hex, self._all
        for key in sorted(hexsides):
            label, _slash, name = key.rpartition("/")
            i, d = labels.get(label), directions.get(name)
            if i is not None and d is not None and d < 3:  # canonical: its hex first, the segment on its corners
                cx, cy = center(i)
                (dx0, dy0), (dx1, dy1) = ends[d]
                p0, p1 = (cx + dx0, cy + dy0), (cx + dx1, cy + dy1)
                geom = SideGeom(key, Hexside(Hex(*divmod(i, rows)), d), i, neighbors[i][d], p0, p1)
            else:
                try:
                    side = read_canonical_id(grid, key, labels, directions) or parse_hexside(grid, key, cache.scheme)
                except ValueError:
                    self.unreadable.append(key)  # the validator reports it; the painter skips it
                    continue
                a, b = grid.hexside_hexes(side)
                p0, p1 = lay.hexside_segment(side)
                geom = SideGeom(key, side, cache.index(a), -1 if b is None else cache.index(b), p0, p1)
            every.append(geom)
            by_hex.setdefault(geom.a, []).append(geom)
            if geom.b >= 0:
                by_hex.setdefault(geom.b, []).append(geom)

    def near(self, indices: list[int]) -> list[SideGeom]:
        """Stored hexsides bordering any of the hexes ``indices``, each once, sorted by id."""
        found: dict[str, SideGeom] = {}
        by_hex = self._by_hex
        for i in indices:
            for geom in by_hex.get(i, ()):
                found[geom.key] = geom
        return [found[k] for k in sorted(found)]

    def of_hex(self, i: int) -> list[SideGeom]:
        """Stored hexsides bordering hex ``i``."""
        return self._by_hex.get(i, [])

    def at_vertex(self, p: Point) -> list[SideGeom]:
        """Stored hexsides with an end at the hex corner ``p``."""
        by_vertex = self._by_vertex
        if by_vertex is None:
            by_vertex = self._by_vertex = {}
            for geom in self._all:  # by id, as each corner's list has always been
                by_vertex.setdefault(_vertex_key(geom.p0), []).append(geom)
                by_vertex.setdefault(_vertex_key(geom.p1), []).append(geom)
        return by_vertex.get(_vertex_key(p), [])


def _vertex_key(p: Point) -> tuple[float, float]:
    return round(p[0], 3), round(p[1], 3)
