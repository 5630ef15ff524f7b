"""Pixel layout: centres, corners, hexside segments, picking and bounds."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwright.runtime.geometry import Hex, HexGrid, Hexside, Layout

from .geometry_strategies import FAST, grid_and_hex, grids, near_map

SQRT3 = math.sqrt(3)
sizes = st.floats(5.0, 120.0)
origins = st.floats(-500.0, 500.0)


def close(p: tuple[float, float], q: tuple[float, float], tol: float = 1e-6) -> bool:
    return math.dist(p, q) <= tol


@pytest.mark.parametrize(
    ("orientation", "shifted", "expected"),
    [
        ("flat", "odd", (10 + 40, 20 + 20 * SQRT3)),
        ("flat", "even", (10 + 40, 20 + 40 * SQRT3)),
        ("pointy", "odd", (10 + 20 * SQRT3, 20 + 40)),
        ("pointy", "even", (10 + 40 * SQRT3, 20 + 40)),
    ],
)
def test_first_hex_centre(orientation, shifted, expected) -> None:
    layout = Layout(HexGrid(5, 5, orientation, shifted), 40.0, 10.0, 20.0)
    assert close(layout.center(Hex(0, 0)), expected)


def test_shifted_columns_are_lower_and_rows_further_east() -> None:
    flat = Layout(HexGrid(4, 4, "flat", "odd"), 10.0)
    assert flat.center(Hex(1, 0))[1] - flat.center(Hex(0, 0))[1] == pytest.approx(5 * SQRT3)
    assert flat.center(Hex(2, 0))[1] == pytest.approx(flat.center(Hex(0, 0))[1])
    pointy = Layout(HexGrid(4, 4, "pointy", "odd"), 10.0)
    assert pointy.center(Hex(0, 1))[0] - pointy.center(Hex(0, 0))[0] == pytest.approx(5 * SQRT3)
    assert pointy.center(Hex(0, 2))[0] == pytest.approx(pointy.center(Hex(0, 0))[0])


@FAST
@given(grids(), sizes, origins, origins, st.data())
def test_pixel_round_trip_and_corners(grid: HexGrid, size: float, ox: float, oy: float, data) -> None:
    layout = Layout(grid, size, ox, oy)
    h = data.draw(near_map(grid))
    cx, cy = layout.center(h)
    assert layout.hex_at(cx, cy) == h
    corners = layout.corners(h)
    assert len(corners) == 6
    for x, y in corners:
        assert math.hypot(x - cx, y - cy) == pytest.approx(size)
        # points just inside each corner still belong to h
        assert layout.hex_at(cx + 0.98 * (x - cx), cy + 0.98 * (y - cy)) == h


@FAST
@given(grid_and_hex(), sizes)
def test_corner_pairs_bound_the_side_in_that_direction(case, size: float) -> None:
    grid, h = case
    layout = Layout(grid, size)
    cx, cy = layout.center(h)
    corners = layout.corners(h)
    for d in range(6):
        nx, ny = layout.center(grid.neighbor(h, d))
        a, b = corners[d], corners[(d + 1) % 6]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert close(mid, ((cx + nx) / 2, (cy + ny) / 2), 1e-6 * size)
        seg = layout.hexside_segment(Hexside(h, d))
        assert seg == layout.hexside_segment(Hexside(grid.neighbor(h, d), (d + 3) % 6))
        tol = 1e-9 * size
        assert (close(seg[0], a, tol) and close(seg[1], b, tol)) or (close(seg[0], b, tol) and close(seg[1], a, tol))
    # corners run clockwise on screen (y down): positive shoelace area
    area = sum(corners[i][0] * corners[i - 5][1] - corners[i - 5][0] * corners[i][1] for i in range(6))
    assert area > 0


def test_direction_zero_side_faces_north_or_north_east() -> None:
    flat = Layout(HexGrid(3, 3), 10.0)
    (x1, y1), (x2, y2) = flat.hexside_segment(Hexside(Hex(1, 1), 0))
    assert y1 == pytest.approx(y2) and y1 < flat.center(Hex(1, 1))[1]
    pointy = Layout(HexGrid(3, 3, "pointy"), 10.0)
    (x1, y1), (x2, y2) = pointy.hexside_segment(Hexside(Hex(1, 1), 1))  # east side is vertical
    assert x1 == pytest.approx(x2) and x1 > pointy.center(Hex(1, 1))[0]


@FAST
@given(grid_and_hex(), sizes, st.integers(0, 5), st.floats(0.2, 0.8), st.floats(0.0, 0.05))
def test_nearest_hexside(case, size: float, d: int, along: float, inset: float) -> None:
    grid, h = case
    layout = Layout(grid, size)
    cx, cy = layout.center(h)
    corners = layout.corners(h)
    (ax, ay), (bx, by) = corners[d], corners[(d + 1) % 6]
    px, py = ax + along * (bx - ax), ay + along * (by - ay)
    x, y = px + inset * (cx - px), py + inset * (cy - py)
    side, dist = layout.nearest_hexside(x, y)
    assert side == grid.hexside(h, d)
    assert dist == pytest.approx(inset * size * SQRT3 / 2, abs=1e-6 * size)


def test_nearest_hexside_far_off_the_map_is_rejected() -> None:
    layout = Layout(HexGrid(3, 3), 10.0)
    with pytest.raises(ValueError):
        layout.nearest_hexside(-500.0, -500.0)


@FAST
@given(grids(), sizes, origins, origins)
def test_bounds_are_tight(grid: HexGrid, size: float, ox: float, oy: float) -> None:
    layout = Layout(grid, size, ox, oy)
    width, height = layout.bounds()
    points = [p for h in grid.hexes() for p in layout.corners(h)]
    tol = 1e-6 * (size + abs(ox) + abs(oy))
    assert min(x for x, _ in points) >= ox - tol
    assert min(y for _, y in points) >= oy - tol
    assert max(x for x, _ in points) == pytest.approx(ox + width, abs=tol)
    assert max(y for _, y in points) == pytest.approx(oy + height, abs=tol)


def test_bounds_of_drive_on_metz() -> None:
    width, height = Layout(HexGrid(9, 11), 10.0).bounds()
    assert width == pytest.approx(10 * (1.5 * 9 + 0.5))
    assert height == pytest.approx(10 * SQRT3 * 11.5)


def test_layout_rejects_non_positive_size() -> None:
    with pytest.raises(ValueError):
        Layout(HexGrid(3, 3), 0.0)
