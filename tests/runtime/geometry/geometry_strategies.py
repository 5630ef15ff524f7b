"""Hypothesis strategies shared by the geometry tests."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from hexwright.runtime.geometry import Hex, HexGrid

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

orientations = st.sampled_from(["flat", "pointy"])
shifts = st.sampled_from(["odd", "even"])


@st.composite
def grids(draw: st.DrawFn, max_size: int = 30) -> HexGrid:
    """Any grid up to ``max_size`` x ``max_size`` in any orientation and shift."""
    return HexGrid(
        cols=draw(st.integers(1, max_size)),
        rows=draw(st.integers(1, max_size)),
        orientation=draw(orientations),
        shifted=draw(shifts),
    )


def on_map(grid: HexGrid) -> st.SearchStrategy[Hex]:
    """A hex on ``grid``."""
    return st.builds(Hex, st.integers(0, grid.cols - 1), st.integers(0, grid.rows - 1))


def near_map(grid: HexGrid, margin: int = 3) -> st.SearchStrategy[Hex]:
    """A hex on ``grid`` or up to ``margin`` hexes beyond any edge."""
    return st.builds(
        Hex,
        st.integers(-margin, grid.cols - 1 + margin),
        st.integers(-margin, grid.rows - 1 + margin),
    )


@st.composite
def grid_and_hex(draw: st.DrawFn, max_size: int = 30) -> tuple[HexGrid, Hex]:
    """A grid and one of its on-map hexes."""
    grid = draw(grids(max_size))
    return grid, draw(on_map(grid))


@st.composite
def grid_and_two_hexes(draw: st.DrawFn, max_size: int = 30) -> tuple[HexGrid, Hex, Hex]:
    """A grid and two of its on-map hexes (possibly equal)."""
    grid = draw(grids(max_size))
    return grid, draw(on_map(grid)), draw(on_map(grid))
