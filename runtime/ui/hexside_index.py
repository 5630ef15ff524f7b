"""Which stored hexsides border each hex, and where they are drawn.

The map stores hexside data sparsely under string ids (``0106/N``). To paint only what an
exposed rectangle needs, the painter asks for the hexsides bordering the visible hexes;
this index answers that without formatting ids for every hex. It rebuilds itself when
the set of hexside ids changes (data under an id is always read live from the map).
"""

from __future__ import annotations

from typing import NamedTuple

from hexwright.runtime.geometry import Hexside, parse_hexside
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
        self._by_vertex: dict[tuple[float, float], list[SideGeom]] = {}
        self.unreadable: list[str] = []

    def update(self, cache: HexCache, hexsides: dict) -> None:
        """Re-index if the grid or the set of stored hexside ids changed."""
        if self._cache is cache and self._keys is not None and self._keys == hexsides.keys():
            return
        self._cache, self._keys = cache, set(hexsides)
        self._by_hex, self._by_vertex, self.unreadable = {}, {}, []
        grid, lay = cache.hex_grid, cache.layout
        labels = cache.label_index()
        directions = {name: d for d, name in enumerate(grid.directions)}
        for key in sorted(hexsides):
            side = read_canonical_id(grid, key, labels, directions)  # the usual id, read without parsing
            if side is not None and side.direction < 3:  # canonical: its hex first, the segment on its corners
                h, d = side
                i = cache.index(h)
                other = grid.neighbor(h, d)
                p0, p1 = lay.side_ends(cache.center(i), d)
                geom = SideGeom(key, side, i, cache.index(other) if grid.contains(other) else -1, p0, p1)
            else:
                try:
                    side = side or parse_hexside(grid, key, cache.scheme)
                except ValueError:
                    self.unreadable.append(key)  # the validator reports it; the painter skips it
                    continue
                a, b = grid.hexside_hexes(side)
                p0, p1 = lay.hexside_segment(side)
                geom = SideGeom(key, side, cache.index(a), -1 if b is None else cache.index(b), p0, p1)
            self._by_hex.setdefault(geom.a, []).append(geom)
            for p in (p0, p1):
                self._by_vertex.setdefault(_vertex_key(p), []).append(geom)
            if geom.b >= 0:
                self._by_hex.setdefault(geom.b, []).append(geom)

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
        return self._by_vertex.get(_vertex_key(p), [])


def _vertex_key(p: Point) -> tuple[float, float]:
    return round(p[0], 3), round(p[1], 3)
