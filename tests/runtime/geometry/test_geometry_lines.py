"""Hexes crossed by a line between hex centres."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hexwright.runtime.geometry import Hex, HexGrid, Layout, line_of_hexes

from .geometry_strategies import FAST, grid_and_two_hexes, grids

BIG = HexGrid(30, 30)


def axial_line(grid: HexGrid, start: Hex, dq: int, dr: int) -> list[tuple[Hex, ...]]:
    q, r = grid.to_axial(start)
    return line_of_hexes(grid, start, grid.from_axial(q + dq, r + dr))


def test_same_hex() -> None:
    assert line_of_hexes(BIG, Hex(3, 4), Hex(3, 4)) == [(Hex(3, 4),)]


def test_along_a_column_and_a_row() -> None:
    line = line_of_hexes(BIG, Hex(4, 2), Hex(4, 9))
    assert line == [(Hex(4, row),) for row in range(2, 10)]
    pointy = HexGrid(20, 20, "pointy", "even")
    line = line_of_hexes(pointy, Hex(15, 6), Hex(3, 6))
    assert line == [(Hex(col, 6),) for col in range(15, 2, -1)]


def test_straight_hex_directions_have_no_ambiguity() -> None:
    for grid in (BIG, HexGrid(30, 30, "pointy", "odd")):
        start = Hex(15, 15)
        for d in range(6):
            end = start
            for _ in range(6):
                end = grid.neighbor(end, d)
            line = line_of_hexes(grid, start, end)
            assert all(len(entry) == 1 for entry in line)
            assert len(line) == grid.distance(start, end) + 1 == 7


def test_line_along_hexsides_offers_both_hexes() -> None:
    for grid in (BIG, HexGrid(30, 30, "pointy", "even")):
        start = Hex(10, 10)
        q, r = grid.to_axial(start)
        # cube offset (2, -1, -1) runs exactly along the side between the two hexes in between
        line = axial_line(grid, start, 4, -2)
        assert len(line) == grid.distance(start, line[-1][0]) + 1 == 5
        assert [len(entry) for entry in line] == [1, 2, 1, 2, 1]
        assert line[0] == (start,)
        assert line[2] == (grid.from_axial(q + 2, r - 1),)
        assert line[1] == tuple(sorted([grid.from_axial(q + 1, r), grid.from_axial(q + 1, r - 1)]))
        for entry in line[1::2]:
            a, b = entry
            assert grid.distance(a, b) == 1
            assert entry == tuple(sorted(entry))


def test_drive_on_metz_line_along_the_map_edge() -> None:
    metz = HexGrid(9, 11)
    # 0101 to 0301: the line runs along the north side of 0201, next to off-map 0200
    assert line_of_hexes(metz, Hex(0, 0), Hex(2, 0)) == [(Hex(0, 0),), (Hex(1, -1), Hex(1, 0)), (Hex(2, 0),)]


def test_line_crossing_a_hexside_midpoint_visits_both_hexes() -> None:
    # axial (0,0) -> (4,-1) crosses the side between (2,-1) and (2,0) at its midpoint
    line = axial_line(BIG, BIG.from_axial(0, 0), 4, -1)
    assert [BIG.to_axial(entry[0]) for entry in line] == [(0, 0), (1, 0), (2, -1), (2, 0), (3, -1), (4, -1)]


@FAST
@given(grid_and_two_hexes())
def test_line_properties(case) -> None:
    grid, a, b = case
    line = line_of_hexes(grid, a, b)
    assert line[0] == (a,) and line[-1] == (b,)
    assert len(line) >= grid.distance(a, b) + 1
    assert line_of_hexes(grid, b, a) == line[::-1]
    singles = [entry[0] for entry in line if len(entry) == 1]
    assert len(singles) == len(set(singles))
    for prev, entry in zip(line, line[1:]):
        assert len(prev) == 1 or len(entry) == 1
        for x in prev:
            for y in entry:
                assert grid.distance(x, y) == 1
    for entry in line:
        if len(entry) == 2:
            assert grid.distance(*entry) == 1 and entry[0] < entry[1]


@FAST
@given(grids(max_size=12), st.data())
def test_line_matches_dense_pixel_sampling(grid: HexGrid, data) -> None:
    a = data.draw(st.builds(Hex, st.integers(0, grid.cols - 1), st.integers(0, grid.rows - 1)))
    b = data.draw(st.builds(Hex, st.integers(0, grid.cols - 1), st.integers(0, grid.rows - 1)))
    line = line_of_hexes(grid, a, b)
    layout = Layout(grid, 10.0)
    (x0, y0), (x1, y1) = layout.center(a), layout.center(b)
    steps = 400 * max(1, grid.distance(a, b))
    seen: list[Hex] = []
    for i in range(steps + 1):
        t = i / steps
        h = layout.hex_at(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        if not seen or seen[-1] != h:
            seen.append(h)
    if all(len(entry) == 1 for entry in line):
        assert seen == [entry[0] for entry in line]
    else:
        # floating point sampling lands on either side of the exact hexside run
        allowed = {h for entry in line for h in entry}
        assert set(seen) <= allowed
        assert {entry[0] for entry in line if len(entry) == 1} <= set(seen)
