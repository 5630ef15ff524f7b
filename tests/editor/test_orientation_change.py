"""Changing grid orientation: the map is transposed (every hexside stays between the same two
hexes), or an in-place change is refused when hexsides would end up between other hexes."""

from __future__ import annotations

import pytest
from builders import small_module

from hexwright.editor.edits.naming import GridNames
from hexwright.editor.edits.regrid import orientation_loss, regridded_settings, transposed_module
from hexwright.runtime.geometry import Hex
from hexwright.runtime.storage import files_from_module


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("shifted", ["odd", "even"])
def test_transposing_keeps_every_pair_of_neighbours(orientation, shifted):
    m = small_module(7, 5)
    m.map.grid.orientation, m.map.grid.shifted = orientation, shifted
    m.map.hexsides = {}
    out = transposed_module(m)
    old, new = m.map.grid.hex_grid(), out.map.grid.hex_grid()
    assert (new.cols, new.rows) == (5, 7) and out.map.grid.orientation != orientation
    for h in old.hexes():
        assert sorted(Hex(n.row, n.col) for _, n in old.neighbors(h)) == sorted(n for _, n in new.neighbors(Hex(h.row, h.col)))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_transposed_rivers_and_roads_stay_between_the_same_hexes(orientation):
    m = small_module(7, 6)
    m.map.grid.orientation = orientation
    names = GridNames(m.map.grid)
    grid = names.grid
    m.map.hexsides = {}
    from hexwright.runtime.model import HexsideData

    # every side of hex (3, 2), including a map-edge side on the corner hex (0, 0)
    for d in range(6):
        m.map.hexsides[names.side_id(grid.hexside(Hex(3, 2), d))] = HexsideData(features=["river"] if d % 2 else [],
                                                                                connections=[] if d % 2 else ["road"])
    m.map.hexsides[names.side_id(grid.hexside(Hex(0, 0), 0))] = HexsideData(features=["river"])
    out = transposed_module(m)
    new_names = GridNames(out.map.grid)
    assert len(out.map.hexsides) == 7
    for key, data in m.map.hexsides.items():
        side = names.side_of(key)
        _a, _b = grid.hexside_hexes(side)
        n = grid.neighbor(side.hex, side.direction)
        new_side = new_names.grid.hexside_between(Hex(side.hex.row, side.hex.col), Hex(n.row, n.col))
        assert out.map.hexsides[new_names.side_id(new_side)] == data
    # the town hex moved with its data; twice transposed is the original map, byte for byte
    assert out.map.hexes[new_names.label(Hex(2, 1))] == m.map.hexes["0203"]
    assert files_from_module(transposed_module(out)) == files_from_module(m)


def test_in_place_orientation_change_is_refused_when_hexsides_would_move():
    m = small_module(6, 5)
    assert "2 hexsides" in orientation_loss(m)
    with pytest.raises(ValueError, match="Transpose the map instead"):
        regridded_settings(m, orientation="pointy")
    m.map.hexsides = {}
    assert orientation_loss(m) is None
    out = regridded_settings(m, orientation="pointy")  # only hexes: columns and rows are kept
    assert out.map.grid.orientation == "pointy" and out.map.hexes == m.map.hexes


@pytest.mark.gui
def test_map_settings_dialog_transposes_or_refuses(window):
    from hexwright.editor.views.map_settings_dialog import MapSettingsDialog

    doc = window.doc
    before = files_from_module(doc.module)
    dialog = MapSettingsDialog(doc, window)
    dialog.orientation.setCurrentText("pointy")
    dialog.transpose.setChecked(False)
    dialog.sides["east"].setValue(1)  # with a resize too: nothing at all happens
    with pytest.raises(ValueError, match="hexsides"):
        dialog.apply()
    assert files_from_module(doc.module) == before and doc.undo_stack.count() == 0

    dialog = MapSettingsDialog(doc, window)
    dialog.orientation.setCurrentText("pointy")
    assert dialog.transpose.isChecked()
    dialog.apply()
    g = doc.map.grid
    assert (g.orientation, g.cols, g.rows) == ("pointy", 7, 8)
    assert doc.undo_stack.undoText() == "Transpose Map"
    assert doc.map.hexes["0302"].features[0].name == "Ville"  # 0203 → column 3, row 2
    assert len(doc.map.hexsides) == 2
    doc.undo_stack.undo()
    assert files_from_module(doc.module) == before


def test_changing_shifted_columns_in_place_is_refused_when_hexsides_would_move():
    m = small_module(6, 5)
    with pytest.raises(ValueError, match="west/north edge instead"):
        regridded_settings(m, shifted="even")
    m.map.hexsides = {}
    assert regridded_settings(m, shifted="even").map.grid.shifted == "even"
