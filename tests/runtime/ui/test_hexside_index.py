"""The painter's index of stored hexsides: which border each hex, and where each is drawn,
for ids written canonically, from the other hex, on the map's edge, and unreadable ones."""

from __future__ import annotations

from hexwright.runtime.geometry import parse_hexside
from hexwright.runtime.model import HexsideData, new_module
from hexwright.runtime.ui.hex_cache import HexCache
from hexwright.runtime.ui.hexside_index import HexsideIndex

RIVER = HexsideData(features=["river"])


def _index():
    m = new_module("t", "T", 4, 3)  # flat; index = col * 3 + row
    m.map.hexsides = {"0102/N": RIVER, "0202/SE": RIVER, "0101/S": RIVER,  # 0101/S names 0102/N from above
                      "0101/NW": RIVER,  # on the west edge: no hex beyond it
                      "0909/N": RIVER, "0102/XX": RIVER}  # off the grid, no such direction
    cache = HexCache(m.map.grid)
    index = HexsideIndex()
    index.update(cache, m.map.hexsides)
    return m, cache, index


def _expected(m, cache, key):
    grid = m.map.grid.hex_grid()
    side = parse_hexside(grid, key, m.map.grid.labels.scheme())
    a, b = grid.hexside_hexes(side)
    return side, cache.index(a), -1 if b is None else cache.index(b), cache.layout.hexside_segment(side)


def test_each_stored_hexside_is_found_from_both_its_hexes_with_its_segment():
    m, cache, index = _index()
    for key in ("0102/N", "0202/SE", "0101/S", "0101/NW"):
        side, a, b, (p0, p1) = _expected(m, cache, key)
        for i in {a, b} - {-1}:
            geom = next(g for g in index.of_hex(i) if g.key == key)
            assert (geom.side, geom.a, geom.b) == (side, a, b)
            assert (geom.p0, geom.p1) == (p0, p1) or (geom.p1, geom.p0) == (p0, p1)


def test_near_gives_the_hexsides_of_the_hexes_asked_each_once_sorted_by_id():
    m, cache, index = _index()
    assert [g.key for g in index.near([0, 1])] == ["0101/NW", "0101/S", "0102/N"]  # 0101/S and 0102/N: one edge, two ids
    _side, a, b, _segment = _expected(m, cache, "0202/SE")
    assert a == 4 and b >= 0
    assert [g.key for g in index.near([a, a, b])] == [g.key for g in index.near([b])] == ["0202/SE"]
    assert index.near([11]) == []


def test_the_hexsides_meeting_at_a_corner_are_found_and_unreadable_ids_are_left_out():
    m, cache, index = _index()
    _side, _a, _b, (p0, p1) = _expected(m, cache, "0102/N")
    assert {g.key for g in index.at_vertex(p0)} >= {"0102/N", "0101/S"}
    assert {g.key for g in index.at_vertex(p1)} >= {"0102/N", "0101/S"}
    assert index.unreadable == ["0102/XX", "0909/N"]
