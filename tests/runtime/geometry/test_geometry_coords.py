"""Offset/axial conversion, direction names and grid construction."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwright.runtime.geometry import FLAT_DIRECTIONS, POINTY_DIRECTIONS, Hex, HexGrid, direction_index, opposite
from hexwright.runtime.geometry.coords import from_axial, round_axial, to_axial

from .geometry_strategies import FAST, orientations, shifts


@FAST
@given(st.integers(-50, 50), st.integers(-50, 50), orientations, shifts)
def test_offset_axial_round_trip(col: int, row: int, orientation, shifted) -> None:
    h = Hex(col, row)
    assert from_axial(*to_axial(h, orientation, shifted), orientation, shifted) == h


@pytest.mark.parametrize(
    ("orientation", "shifted", "expected"),
    [
        # odd-q: column 1 is lower, so (1, 0) sits south-east of (0, 0).
        ("flat", "odd", {Hex(1, 0): (1, 0), Hex(1, 1): (1, 1), Hex(2, 1): (2, 0)}),
        ("flat", "even", {Hex(1, 0): (1, -1), Hex(1, 1): (1, 0)}),
        ("pointy", "odd", {Hex(0, 1): (0, 1), Hex(1, 1): (1, 1)}),
        ("pointy", "even", {Hex(0, 1): (-1, 1), Hex(1, 1): (0, 1)}),
    ],
)
def test_axial_conventions(orientation, shifted, expected) -> None:
    for h, axial in expected.items():
        assert to_axial(h, orientation, shifted) == axial
    assert to_axial(Hex(0, 0), orientation, shifted) == (0, 0)


def test_direction_names_and_opposites() -> None:
    assert FLAT_DIRECTIONS == ("N", "NE", "SE", "S", "SW", "NW")
    assert POINTY_DIRECTIONS == ("NE", "E", "SE", "SW", "W", "NW")
    assert [opposite(d) for d in range(6)] == [3, 4, 5, 0, 1, 2]
    for names in (FLAT_DIRECTIONS, POINTY_DIRECTIONS):
        for d, name in enumerate(names):
            assert names[opposite(d)] == name.translate(str.maketrans("NSEW", "SNWE"))


def test_direction_index_accepts_names_and_indices() -> None:
    assert direction_index("se", "flat") == 2
    assert direction_index(" W ", "pointy") == 4
    assert direction_index(5, "flat") == 5
    for bad, orientation in [("E", "flat"), ("N", "pointy"), (6, "flat"), (-1, "flat"), (True, "flat")]:
        with pytest.raises(ValueError):
            direction_index(bad, orientation)


def test_round_axial_exact_centres_and_fractions() -> None:
    from fractions import Fraction

    assert round_axial(2.0, -3.0) == (2, -3)
    assert round_axial(Fraction(1, 3), Fraction(-1, 4)) == (0, 0)
    assert round_axial(0.9, 0.05) == (1, 0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"cols": 0, "rows": 5},
        {"cols": 5, "rows": -1},
        {"cols": 5, "rows": 5, "orientation": "diagonal"},
        {"cols": 5, "rows": 5, "shifted": "both"},
    ],
)
def test_grid_rejects_bad_shapes(kwargs) -> None:
    with pytest.raises(ValueError):
        HexGrid(**kwargs)


def test_grid_is_hashable_value() -> None:
    assert HexGrid(9, 11) == HexGrid(cols=9, rows=11, orientation="flat", shifted="odd")
    assert len({HexGrid(9, 11), HexGrid(9, 11)}) == 1
