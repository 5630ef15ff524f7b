"""VASSAL's hex grid formulas, and our four grid shapes mapped onto them and back (issue 16)."""

from __future__ import annotations

import itertools
import math

import pytest

from hexwright.runtime.interchange.vassal_grid import (
    BoardTransform,
    VassalGrid,
    VassalHexGrid,
    VassalNumbering,
    aligned_transform,
    board_centers,
    grid_from_vassal,
    vassal_grid,
)
from hexwright.runtime.model import Grid, Labels

SHAPES = list(itertools.product(["flat", "pointy"], ["odd", "even"]))


def test_default_vassal_grid_names_hexes_as_its_documentation_describes():
    # dy 64, dx = 64*sqrt(3)/2, origin (0, 32), hOff = vOff = 1, one leading zero, no stagger.
    g = VassalGrid(VassalHexGrid(x0=0, y0=32, dx=64 * math.sqrt(3) / 2, dy=64), VassalNumbering())
    assert g.location_name((0, 32)) == "0101"
    assert g.location_name((0, 96)) == "0102"
    # Odd raw columns stand half a hex lower: column 1, row 0 is centred at y = 32 + 32.
    assert g.location_name((55, 64)) == "0201"
    assert g.center_point(1, 0) == (int(64 * math.sqrt(3) / 2), 64)
    assert g.location("0201") == (55, 64)
    assert g.location("1012") == (int(9 * 64 * math.sqrt(3) / 2), 32 + (11 * 64 + 32))


def test_vassal_numbering_writes_leading_zeros_letters_and_parts_in_order():
    n = VassalNumbering(first="V", sep="-", h_type="A", h_leading=0, v_leading=2, h_off=0, v_off=1)
    assert n.name(row=4, col=0) == "005-A"
    assert n.name(row=0, col=27) == "001-BB"  # VASSAL repeats letters after Z: AA, BB, CC…
    assert n.parse("005-A") == (0, 4)
    assert n.parse("001-BB") == (27, 0)
    with pytest.raises(ValueError, match="not a location"):
        n.parse("A-005")


def test_staggered_numbering_counts_odd_columns_one_row_further():
    g = VassalGrid(VassalHexGrid(x0=0, y0=32, dx=55.4, dy=64), VassalNumbering(stagger=True))
    assert g.location_name((55, 64)) == "0202"
    assert g.location("0202") == (55, 64)


def test_sideways_grid_swaps_x_and_y_origin_included():
    g = VassalGrid(VassalHexGrid(x0=10, y0=20, dx=60, dy=70, sideways=True), VassalNumbering())
    # raw column 1 (odd, "lower" in the swapped frame = further right) at swapped x = 10 + 60.
    assert g.center_point(1, 0) == (20 + 35, 70)
    assert g.location_name((55, 70)) == "0201"


def _map_area(grid: Grid, t: BoardTransform) -> tuple[float, float, float, float]:
    w, h = grid.layout().bounds()
    left, top = t.apply(grid.origin_x, grid.origin_y)
    right, bottom = t.apply(grid.origin_x + w, grid.origin_y + h)
    return round(left), round(top), round(right), round(bottom)


@pytest.mark.parametrize(("orientation", "shifted"), SHAPES)
@pytest.mark.parametrize("labels", [Labels(), Labels(kind="alpha"), Labels(order="row_col", separator=".", first_col=0),
                                    Labels(first_row=0, row_digits=3)])
def test_every_hex_of_a_23x17_map_maps_to_a_vassal_point_and_back(orientation, shifted, labels):
    grid = Grid(orientation=orientation, shifted=shifted, cols=23, rows=17, hex_size=37.3, origin_x=12.2,
                origin_y=-7.7, labels=labels)
    t = aligned_transform(grid, 1.3, 40.0, 25.0)
    vg = vassal_grid(grid, t)
    centers = board_centers(grid, t)
    assert len(centers) == 23 * 17
    for label, (x, y) in centers.items():
        px, py = vg.location(label)
        assert abs(px - x) <= 1.0 and abs(py - y) <= 1.0, label
        assert vg.location_name((round(x), round(y))) == label
    back = grid_from_vassal(vg, _map_area(grid, t), "test")
    assert back.problems == []
    new = back.grid
    assert (new.orientation, new.shifted, new.cols, new.rows) == (orientation, shifted, 23, 17)
    assert new.labels.scheme().format((5, 7), new.hex_grid()) == labels.scheme().format((5, 7), grid.hex_grid())
    assert math.isclose(new.hex_size, 37.3 * 1.3)
    again = board_centers(new, BoardTransform())
    assert again.keys() == centers.keys()
    for label, (x, y) in centers.items():
        assert math.isclose(again[label][0], x, abs_tol=1e-6) and math.isclose(again[label][1], y, abs_tol=1e-6)


def test_import_reports_what_our_labels_cannot_say():
    vg = VassalGrid(VassalHexGrid(x0=0, y0=32, dx=70, dy=64), VassalNumbering(stagger=True, v_type="A", sep="abc"))
    result = grid_from_vassal(vg, (0, 0, 800, 600), "x.vmod/buildFile.xml")
    text = " ".join(result.problems)
    assert "irregular hexes" in text
    assert "staggered numbering" in text
    assert "rows numbered by letters" in text
    assert "separator" in text
    assert result.grid.orientation == "flat"


def test_a_grid_with_no_hex_on_the_board_is_refused_with_the_file_named():
    vg = VassalGrid(VassalHexGrid(x0=5000, y0=5000, dx=55.4, dy=64), VassalNumbering())
    with pytest.raises(ValueError, match=r"x.vmod/buildFile.xml: no whole hex"):
        grid_from_vassal(vg, (0, 0, 100, 100), "x.vmod/buildFile.xml")
    bad = VassalGrid(VassalHexGrid(x0=0, y0=0, dx=float("nan"), dy=64), VassalNumbering())
    with pytest.raises(ValueError, match="dx/dy"):
        grid_from_vassal(bad, (0, 0, 100, 100), "x.vmod/buildFile.xml")
