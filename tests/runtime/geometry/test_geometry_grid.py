"""Adjacency, distance, ranges and indexing on HexGrid."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwright.runtime.geometry import Hex, HexGrid, LabelScheme

from .geometry_strategies import FAST, grid_and_hex, grid_and_two_hexes, grids, near_map

# Drive on Metz: flat-top, 9 x 11, labels CCRR from 01, label-even columns
# (zero-based odd columns) drawn half a hex lower.
METZ = HexGrid(9, 11, "flat", "odd")
LABELS = LabelScheme()


def lab(text: str) -> Hex:
    return LABELS.parse(text, METZ)


def labelled_neighbours(text: str) -> set[str]:
    return {LABELS.format(h, METZ) for _, h in METZ.neighbors(lab(text))}


@pytest.mark.parametrize(
    ("hex_label", "expected"),
    [
        ("0106", {"0105", "0107", "0205", "0206"}),
        ("0206", {"0106", "0107", "0205", "0207", "0306", "0307"}),
        ("0509", {"0408", "0409", "0508", "0510", "0608", "0609"}),
        ("0309", {"0208", "0209", "0308", "0310", "0408", "0409"}),
        ("0110", {"0109", "0111", "0209", "0210"}),
        ("0101", {"0102", "0201"}),  # 0201 is lower: 0202 is not adjacent
        ("0911", {"0910", "0810", "0811"}),
    ],
)
def test_drive_on_metz_neighbours(hex_label: str, expected: set[str]) -> None:
    assert labelled_neighbours(hex_label) == expected


def test_drive_on_metz_named_directions() -> None:
    assert METZ.directions == ("N", "NE", "SE", "S", "SW", "NW")
    assert METZ.neighbor(lab("0106"), "NE") == lab("0205")
    assert METZ.neighbor(lab("0106"), "SE") == lab("0206")
    assert METZ.neighbor(lab("0206"), "NE") == lab("0306")
    assert METZ.neighbor(lab("0206"), "SE") == lab("0307")
    assert METZ.direction_between(lab("0509"), lab("0608")) == 1
    assert METZ.direction_between(lab("0509"), lab("0609")) == 2
    assert METZ.direction_between(lab("0110"), lab("0211")) is None
    assert METZ.distance(lab("0101"), lab("0911")) == 14
    assert METZ.distance(lab("0106"), lab("0506")) == 4


def test_pointy_shift_moves_rows_east() -> None:
    odd = HexGrid(5, 5, "pointy", "odd")
    assert odd.neighbor(Hex(0, 0), "E") == Hex(1, 0)
    assert odd.neighbor(Hex(0, 0), "SE") == Hex(0, 1)
    assert odd.neighbor(Hex(0, 1), "SE") == Hex(1, 2)
    assert odd.neighbor(Hex(0, 1), "SW") == Hex(0, 2)
    even = HexGrid(5, 5, "pointy", "even")
    assert even.neighbor(Hex(0, 0), "SE") == Hex(1, 1)
    assert even.neighbor(Hex(0, 0), "SW") == Hex(0, 1)


def test_neighbor_may_leave_the_map() -> None:
    assert METZ.neighbor(Hex(0, 0), "N") == Hex(0, -1)
    assert not METZ.contains(METZ.neighbor(Hex(0, 0), "NW"))


@FAST
@given(grid_and_hex())
def test_neighbour_symmetry(case) -> None:
    grid, a = case
    for d, b in grid.neighbors(a):
        assert grid.contains(b)
        assert ((d + 3) % 6, a) in grid.neighbors(b)
        assert grid.direction_between(a, b) == d
        assert grid.distance(a, b) == 1
    assert [d for d, _ in grid.neighbors(a)] == sorted(d for d, _ in grid.neighbors(a))
    assert len(grid.neighbors(a)) == sum(grid.contains(grid.neighbor(a, d)) for d in range(6))


@FAST
@given(grids(), st.data())
def test_distance_is_bfs_on_the_plane(grid: HexGrid, data) -> None:
    start = data.draw(near_map(grid))
    radius = 5
    steps = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if steps[h] == radius:
            continue
        for d in range(6):
            n = grid.neighbor(h, d)
            if n not in steps:
                steps[n] = steps[h] + 1
                queue.append(n)
    assert len(steps) == 1 + 3 * radius * (radius + 1)
    for h, n in steps.items():
        assert grid.distance(start, h) == n
        assert grid.distance(h, start) == n


@FAST
@given(grids(), st.data(), st.integers(0, 8))
def test_within_matches_distance_filter(grid: HexGrid, data, radius: int) -> None:
    centre = data.draw(near_map(grid))
    expected = [h for h in grid.hexes() if grid.distance(centre, h) <= radius]
    assert grid.within(centre, radius) == expected


def test_within_small_cases() -> None:
    assert METZ.within(lab("0506"), 0) == [lab("0506")]
    assert len(METZ.within(lab("0506"), 1)) == 7
    assert len(METZ.within(lab("0506"), 2)) == 19
    assert METZ.within(lab("0101"), -1) == []


@FAST
@given(grid_and_two_hexes())
def test_distance_is_a_metric(case) -> None:
    grid, a, b = case
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)


@FAST
@given(grids(max_size=12))
def test_hexes_and_dense_index(grid: HexGrid) -> None:
    hexes = grid.hexes()
    assert hexes == sorted(hexes)
    assert len(hexes) == grid.cols * grid.rows
    assert [grid.index(h) for h in hexes] == list(range(len(hexes)))
    assert [grid.hex_at(i) for i in range(len(hexes))] == hexes
    with pytest.raises(ValueError):
        grid.index(Hex(grid.cols, 0))
    with pytest.raises(ValueError):
        grid.hex_at(len(hexes))


@FAST
@given(grids(max_size=20))
def test_neighbour_lists_by_parity_equal_the_grid_neighbours(grid: HexGrid) -> None:
    """The neighbour table (steps per column/row parity; the rules' lists are it without the
    off-map ones) equals ``grid.neighbor`` hex by hex, -1 off the map."""
    from hexwright.runtime.rules.hexmap import neighbor_lists

    expected = [tuple((d, grid.index(n)) for d, n in grid.neighbors(h)) for h in grid.hexes()]
    assert neighbor_lists(grid) == expected
    six = [tuple(grid.index(n) if grid.contains(n) else -1 for n in (grid.neighbor(h, d) for d in range(6)))
           for h in grid.hexes()]
    assert grid.neighbor_table() == six
