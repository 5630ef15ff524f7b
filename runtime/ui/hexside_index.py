"""Which stored hexsides border each hex, and where they are drawn.

The map stores hexside data sparsely under string ids (``0106/N``). To paint only what an
exposed rectangle needs, the painter asks for the hexsides bordering the visible hexes;
this index answers that without formatting ids for every hex, and makes an id's geometry
only when a paint first needs it. It rebuilds itself when the set of hexside ids changes
(data under an id is always read live from the map).
"""

from __future__ import annotations

from collections.abc import Mapping
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
        self._ids_of_hex: dict[int, list[str]] = {}
        """The stored hexside ids bordering each hex (by dense index), sorted."""
        self._order: list[str] = []
        """Every readable stored id, sorted."""
        self._geoms: dict[str, SideGeom] = {}
        """Each id's geometry, made the first time it is asked for."""
        self._labels: Mapping[str, int] = {}
        self._directions: dict[str, int] = {}
        self._neighbors: list[tuple[int, ...]] = []
        self._ends: list[tuple[Point, Point]] = []
        self._by_vertex: dict[tuple[float, float], list[SideGeom]] | None = None
        """Made on the first :meth:`at_vertex` (only smooth lines ask): None until then."""
        self.unreadable: list[str] = []

    def update(self, cache: HexCache, hexsides: dict) -> None:
        """Re-index if the grid or the set of stored hexside ids changed.

        Only which hexes each id borders is indexed now; an id's geometry (its hexes, its
        segment) is made when a paint first asks for it. A usual id (canonical, its hex in the
        grid's own spelling, one of the first three directions) is read with two dictionary
        lookups and its other hex taken from the grid's neighbour table: a 400×400 map stores
        some 66,000 hexsides, and the first paint of the editor shows about a thousand."""
        if self._cache is cache and self._keys is not None and self._keys == hexsides.keys():
            return
        self._cache, self._keys = cache, set(hexsides)
        self._ids_of_hex, self._order, self._geoms, self._by_vertex, self.unreadable = {}, [], {}, None, []
        grid, lay = cache.hex_grid, cache.layout
        labels = self._labels = cache.label_index()
        directions = self._directions = {name: d for d, name in enumerate(grid.directions)}
        neighbors = self._neighbors = cache.neighbor_table()
        offsets = lay.corner_offsets()
        self._ends = [(offsets[d], offsets[(d + 1) % 6]) for d in range(3)]
        ids_of_hex, order, geoms = self._ids_of_hex, self._order, self._geoms
        for key in sorted(hexsides):
            label, _slash, name = key.rpartition("/")
            i, d = labels.get(label), directions.get(name)
            if i is not None and d is not None and d < 3:  # canonical: its hex first
                a, b = i, neighbors[i][d]
            else:
                try:
                    side = read_canonical_id(grid, key, labels, directions) or parse_hexside(grid, key, cache.scheme)
                except ValueError:
                    self.unreadable.append(key)  # the validator reports it; the painter skips it
                    continue
                h0, h1 = grid.hexside_hexes(side)
                p0, p1 = lay.hexside_segment(side)
                a, b = cache.index(h0), -1 if h1 is None else cache.index(h1)
                geoms[key] = SideGeom(key, side, a, b, p0, p1)
            order.append(key)
            ids_of_hex.setdefault(a, []).append(key)
            if b >= 0:
                ids_of_hex.setdefault(b, []).append(key)

    def _geom(self, key: str) -> SideGeom:
        """The geometry of the stored id ``key`` (a usual one: made now, on its hex's corners)."""
        geom = self._geoms.get(key)
        if geom is None:
            cache = self._cache
            assert cache is not None
            label, _slash, name = key.rpartition("/")
            i, d = self._labels[label], self._directions[name]
            cx, cy = cache.center(i)
            (dx0, dy0), (dx1, dy1) = self._ends[d]
            geom = self._geoms[key] = SideGeom(key, Hexside(Hex(*divmod(i, cache.rows)), d), i, self._neighbors[i][d],
                                               (cx + dx0, cy + dy0), (cx + dx1, cy + dy1))
        return geom

    def near(self, indices: list[int]) -> list[SideGeom]:
        """Stored hexsides bordering any of the hexes ``indices``, each once, sorted by id."""
        found: set[str] = set()
        ids_of_hex = self._ids_of_hex
        for i in indices:
            found.update(ids_of_hex.get(i, ()))
        return [self._geom(k) for k in sorted(found)]

    def of_hex(self, i: int) -> list[SideGeom]:
        """Stored hexsides bordering hex ``i``, sorted by id."""
        return [self._geom(k) for k in self._ids_of_hex.get(i, ())]

    def at_vertex(self, p: Point) -> list[SideGeom]:
        """Stored hexsides with an end at the hex corner ``p``."""
        by_vertex = self._by_vertex
        if by_vertex is None:
            by_vertex = self._by_vertex = {}
            for geom in map(self._geom, self._order):  # by id, as each corner's list has always been
                by_vertex.setdefault(_vertex_key(geom.p0), []).append(geom)
                by_vertex.setdefault(_vertex_key(geom.p1), []).append(geom)
        return by_vertex.get(_vertex_key(p), [])


def _vertex_key(p: Point) -> tuple[float, float]:
    return round(p[0], 3), round(p[1], 3)
