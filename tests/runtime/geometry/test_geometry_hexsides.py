"""Canonical hexside ids and their string form."""

from __future__ import annotations

import pytest
from hypothesis import given

from hexwright.runtime.geometry import Hex, HexGrid, Hexside, LabelScheme, format_hexside, parse_hexside

from .geometry_strategies import FAST, grid_and_hex, grids

METZ = HexGrid(9, 11, "flat", "odd")
LABELS = LabelScheme()


def lab(text: str) -> Hex:
    return LABELS.parse(text, METZ)


@FAST
@given(grid_and_hex())
def test_same_canonical_id_from_both_sides(case) -> None:
    grid, h = case
    for d in range(6):
        side = grid.hexside(h, d)
        other = grid.neighbor(h, d)
        first, second = grid.hexside_hexes(side)
        if grid.contains(other):
            assert grid.hexside(other, (d + 3) % 6) == side
            assert side.direction in (0, 1, 2)
            assert not grid.is_edge(side)
            assert {first, second} == {h, other}
            assert grid.hexside_between(h, other) == side == grid.hexside_between(other, h)
        else:
            # Edge hexside: exactly one on-map hex, named from it, also when given from outside.
            assert side == Hexside(h, d)
            assert grid.hexside(other, (d + 3) % 6) == side
            assert grid.is_edge(side)
            assert (first, second) == (h, None)
        assert grid.hexside(*side) == side


@FAST
@given(grids(max_size=15))
def test_all_hexsides_counts(grid: HexGrid) -> None:
    sides = grid.all_hexsides()
    assert sides == sorted(set(sides))
    degree = sum(len(grid.neighbors(h)) for h in grid.hexes())
    edges = 6 * grid.cols * grid.rows - degree
    assert len(sides) == degree // 2 + edges
    assert sum(grid.is_edge(s) for s in sides) == edges
    assert set(sides) == {s for h in grid.hexes() for s in grid.hexsides_of(h)}


def test_hexsides_of_is_in_direction_order() -> None:
    h = lab("0506")
    sides = METZ.hexsides_of(h)
    assert [METZ.hexside_hexes(s) for s in sides] == [
        tuple(sorted((h, METZ.neighbor(h, d)), key=lambda x: x != s.hex)) for d, s in enumerate(sides)
    ]
    assert sides[0] == Hexside(h, 0)
    assert sides[3] == Hexside(METZ.neighbor(h, "S"), 0)


def test_hexside_with_no_on_map_hex_is_rejected() -> None:
    with pytest.raises(ValueError):
        METZ.hexside(Hex(-5, -5), 0)
    assert METZ.hexside_between(lab("0101"), lab("0303")) is None


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("0106/N", "0106/N"),
        ("0105/S", "0106/N"),
        ("0107/N", "0107/N"),
        ("0106/S", "0107/N"),
        ("0807/SE", "0807/SE"),
        ("0908/NW", "0807/SE"),  # column 09 is unshifted, 08 is lower: 0908's NW is 0807
        ("0206/NW", "0106/SE"),
        ("0205/SW", "0106/NE"),
        ("0100/S", "0101/N"),  # edge hexside named from off the map
        ("0101/n", "0101/N"),
        ("0911/se", "0911/SE"),
        (" 0506/SW ", "0406/NE"),
    ],
)
def test_hexside_strings_canonicalise(text: str, canonical: str) -> None:
    side = parse_hexside(METZ, text, LABELS)
    assert format_hexside(METZ, side, LABELS) == canonical
    assert parse_hexside(METZ, canonical) == side


@pytest.mark.parametrize("text", ["0106", "0106/", "/N", "0106/E", "0106/NNE", "9999/N", "xx06/N", "0001/NW"])
def test_bad_hexside_strings_name_the_text(text: str) -> None:
    with pytest.raises(ValueError, match="hexside"):
        parse_hexside(METZ, text)


@FAST
@given(grid_and_hex(max_size=30))
def test_hexside_string_round_trip(case) -> None:
    grid, h = case
    for d in range(6):
        side = grid.hexside(h, d)
        text = format_hexside(grid, side)
        assert parse_hexside(grid, text) == side
        name = grid.directions[d]
        assert parse_hexside(grid, f"{LabelScheme().format(h, grid)}/{name}") == side
