"""Printed hex labels: formatting, parsing and validation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwright.runtime.geometry import Hex, HexGrid, LabelScheme, alpha_column, alpha_number

from .geometry_strategies import FAST, grids, on_map

METZ = HexGrid(9, 11)


@st.composite
def schemes(draw: st.DrawFn) -> LabelScheme:
    kind = draw(st.sampled_from(["numeric", "alpha"]))
    return LabelScheme(
        kind=kind,
        first_col=draw(st.integers(1 if kind == "alpha" else 0, 1)),
        first_row=draw(st.integers(0, 1)),
        col_digits=draw(st.none() | st.integers(1, 4)),
        row_digits=draw(st.none() | st.integers(1, 4)),
        order=draw(st.sampled_from(["col_row", "row_col"])),
        separator=draw(st.sampled_from(["", ".", "-", " / "])),
    )


@FAST
@given(grids(max_size=30), schemes(), st.data())
def test_round_trip(grid: HexGrid, scheme: LabelScheme, data) -> None:
    h = data.draw(on_map(grid))
    col_row = scheme.order == "col_row"
    second_width = scheme.row_width(grid) if col_row else scheme.col_width(grid)
    second_number = h.row + scheme.first_row if col_row else h.col + scheme.first_col
    if scheme.kind == "numeric" and not scheme.separator and len(str(second_number)) > second_width:
        with pytest.raises(ValueError, match="overflows"):
            scheme.format(h, grid)
        return
    text = scheme.format(h, grid)
    assert scheme.parse(text, grid) == h


@FAST
@given(grids(max_size=30), st.data())
def test_numeric_labels_are_zero_padded_and_ordered(grid: HexGrid, data) -> None:
    scheme = LabelScheme()
    a, b = data.draw(on_map(grid)), data.draw(on_map(grid))
    ta, tb = scheme.format(a, grid), scheme.format(b, grid)
    assert len(ta) == len(tb)
    assert (ta < tb) == (a < b)


def test_drive_on_metz_labels() -> None:
    scheme = LabelScheme()
    assert scheme.format(Hex(0, 0), METZ) == "0101"
    assert scheme.format(Hex(0, 5), METZ) == "0106"
    assert scheme.format(Hex(8, 10), METZ) == "0911"
    assert scheme.parse("0509", METZ) == Hex(4, 8)
    assert scheme.parse("509", METZ) == Hex(4, 8)  # short leading column tolerated


def test_st_lo_large_numbers() -> None:
    grid = HexGrid(60, 40)
    scheme = LabelScheme()
    assert scheme.parse("5613", grid) == Hex(55, 12)
    assert scheme.format(Hex(55, 12), grid) == "5613"
    with pytest.raises(ValueError, match="6113"):
        scheme.parse("6113", grid)


def test_automatic_digits_grow_with_the_map() -> None:
    grid = HexGrid(100, 12)
    assert LabelScheme().format(Hex(0, 0), grid) == "00101"
    assert LabelScheme().parse("10012", grid) == Hex(99, 11)
    assert LabelScheme(col_digits=1, row_digits=1).format(Hex(2, 3), METZ) == "34"
    assert LabelScheme(first_col=0, first_row=0).format(Hex(0, 0), METZ) == "0000"


def test_alpha_labels() -> None:
    assert [alpha_column(n) for n in (1, 2, 26, 27, 52, 53, 702, 703)] == [
        "A", "B", "Z", "AA", "AZ", "BA", "ZZ", "AAA"
    ]
    assert all(alpha_number(alpha_column(n)) == n for n in range(1, 2000))
    scheme = LabelScheme(kind="alpha")
    grid = HexGrid(30, 12)
    assert scheme.format(Hex(2, 6), grid) == "C07"
    assert scheme.format(Hex(27, 0), grid) == "AB01"
    assert scheme.parse("c07", grid) == Hex(2, 6)
    assert LabelScheme(kind="alpha", order="row_col", separator="-").format(Hex(2, 6), grid) == "07-C"
    with pytest.raises(ValueError):
        LabelScheme(kind="alpha", first_col=0)


def test_off_map_labels() -> None:
    scheme = LabelScheme()
    assert scheme.format(Hex(-1, 5), METZ) == "0006"
    assert scheme.format(Hex(9, 5), METZ) == "1006"
    assert scheme.parse("0006", METZ, allow_off_map=True) == Hex(-1, 5)
    with pytest.raises(ValueError, match="'0006'.*off the 9x11 map"):
        scheme.parse("0006", METZ)
    with pytest.raises(ValueError):
        scheme.format(Hex(-2, 0), METZ)
    with pytest.raises(ValueError):
        scheme.format(Hex(0, 99), METZ)  # row 100 does not fit 2 digits without a separator
    assert LabelScheme(separator=".").format(Hex(0, 99), METZ) == "01.100"
    with pytest.raises(ValueError):
        LabelScheme(kind="alpha").format(Hex(-1, 0), METZ)


@pytest.mark.parametrize("text", ["", "01", "01O6", "AB06", "-106", "01.06", "0106x", "٠١٠٦"])
def test_bad_numeric_labels_name_the_label(text: str) -> None:
    with pytest.raises(ValueError, match="hex label"):
        LabelScheme().parse(text, METZ)


@pytest.mark.parametrize("text", ["06A", "A", "06", "A-06", "Ä06"])
def test_bad_alpha_labels(text: str) -> None:
    with pytest.raises(ValueError):
        LabelScheme(kind="alpha").parse(text, METZ)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"kind": "roman"},
        {"order": "diagonal"},
        {"first_col": -1},
        {"first_row": -1},
        {"col_digits": 0},
        {"separator": "x"},
    ],
)
def test_scheme_validation(kwargs) -> None:
    with pytest.raises(ValueError):
        LabelScheme(**kwargs)


def _label_or_error(scheme: LabelScheme, h: Hex, grid: HexGrid) -> str:
    try:
        return scheme.format(h, grid)
    except ValueError as exc:
        return f"error: {exc}"


@FAST
@given(grids(max_size=25), schemes())
def test_all_labels_at_once_equal_one_by_one(grid: HexGrid, scheme: LabelScheme) -> None:
    """``format_all`` (the rules' and loader's bulk form) names every hex as ``format`` does,
    or fails as the first hex ``format`` cannot label."""
    one_by_one = [_label_or_error(scheme, h, grid) for h in grid.hexes()]
    errors = [x for x in one_by_one if x.startswith("error: ")]
    if errors:
        with pytest.raises(ValueError, match="cannot be labelled"):
            scheme.format_all(grid)
    else:
        assert scheme.format_all(grid) == one_by_one


@FAST
@given(grids(max_size=25), schemes())
def test_the_label_index_gives_each_label_its_hex_and_cannot_be_changed(grid: HexGrid, scheme: LabelScheme) -> None:
    """``index`` maps every label ``format`` gives to its hex's dense index (``col * rows + row``),
    read-only since the checks and the painter share it; it fails where ``format_all`` fails."""
    try:
        labels = scheme.format_all(grid)
    except ValueError:
        with pytest.raises(ValueError, match="cannot be labelled"):
            scheme.index(grid)
        return
    index = scheme.index(grid)
    assert {label: h[0] * grid.rows + h[1] for label, h in zip(labels, grid.hexes())} == dict(index)
    with pytest.raises(TypeError):
        index[labels[0]] = -1  # type: ignore[index]
    assert scheme.index(grid)[labels[-1]] == len(labels) - 1
