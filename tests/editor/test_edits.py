"""Pure hex-level edit logic (no Qt): brushes, fills, hexside chains, crossings, regions, regrids."""

from __future__ import annotations

import pytest
from builders import small_module

from hexwright.editor.edits.affine import apply, invert, solve_affine
from hexwright.editor.edits.brush import brush_hexes, flood_region
from hexwright.editor.edits.connections import crossings, hex_steps
from hexwright.editor.edits.hexside_path import hexside_chain, touching_sides
from hexwright.editor.edits.naming import GridNames
from hexwright.editor.edits.palette import new_type_id, type_uses, without_type
from hexwright.editor.edits.patch import MapPatch
from hexwright.editor.edits.region import copy_region, delete_patch, paste_patch, region_sides
from hexwright.editor.edits.regrid import regridded_settings, resized_module
from hexwright.runtime.geometry import Hex, HexGrid
from hexwright.runtime.model import HexData, Labels
from hexwright.runtime.storage import files_from_module


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("radius,count", [(0, 1), (1, 7), (2, 19), (5, 91)])
def test_brush_covers_a_full_hexagon_inside_the_map(orientation, radius, count):
    grid = HexGrid(20, 20, orientation)
    hexes = brush_hexes(grid, Hex(10, 10), radius)
    assert len(hexes) == count
    assert all(grid.distance(Hex(10, 10), h) <= radius for h in hexes)


def test_brush_is_clipped_at_the_map_edge_and_radius_is_checked():
    grid = HexGrid(8, 8)
    assert len(brush_hexes(grid, Hex(0, 0), 1)) == 3
    assert brush_hexes(grid, Hex(-3, 0), 1) == []
    with pytest.raises(ValueError):
        brush_hexes(grid, Hex(0, 0), 6)


def test_flood_region_is_contiguous_same_terrain():
    m = small_module(5, 5)
    names = GridNames(m.map.grid)
    for r in range(5):
        m.map.hexes[names.label(Hex(2, r))] = HexData(terrain="water")
    left = flood_region(m.map, names, Hex(0, 0))
    assert {h.col for h in left} == {0, 1}
    assert Hex(1, 2) not in left  # the builder's woods hex 0203 is another terrain
    assert len(left) == 9
    assert flood_region(m.map, names, Hex(2, 0)) == [Hex(2, r) for r in range(5)]


def test_hexside_chain_fills_the_gap_between_sides():
    grid = HexGrid(8, 8)
    layout = GridNames(small_module(8, 8).map.grid).layout
    a = grid.hexside(Hex(3, 3), "N")
    b = grid.hexside(Hex(3, 3), "SE")
    chain = hexside_chain(layout, a, b)
    assert chain[-1] == b and len(chain) == 2  # N -> NE -> SE around the hex
    for x, y in zip([a, *chain], chain):
        assert y in touching_sides(layout, x)
    assert hexside_chain(layout, a, a) == []


def test_touching_sides_of_an_inner_side_are_four():
    layout = GridNames(small_module(8, 8).map.grid).layout
    assert len(touching_sides(layout, layout.grid.hexside(Hex(3, 3), "N"))) == 4


def test_crossings_between_adjacent_far_and_off_map_hexes():
    grid = HexGrid(8, 8)
    assert crossings(grid, Hex(2, 2), Hex(3, 2)) == [grid.hexside_between(Hex(2, 2), Hex(3, 2))]
    far = crossings(grid, Hex(1, 1), Hex(5, 1))
    assert len(far) == 4
    steps = hex_steps(grid, Hex(1, 1), Hex(5, 1))
    assert all(grid.distance(x, y) == 1 for x, y in zip(steps, steps[1:]))
    off = crossings(grid, Hex(0, 3), Hex(-1, 3))
    assert len(off) == 1 and grid.is_edge(off[0])
    assert crossings(grid, Hex(-1, 3), Hex(-2, 3)) == []


def test_patch_applies_and_reverts_exactly():
    m = small_module()
    original = files_from_module(m)
    patch = MapPatch()
    patch.set_hex(m.map, "0101", HexData(terrain="woods", level=1))
    patch.set_hex(m.map, "0203", None)
    patch.set_hex(m.map, "0303", HexData(terrain="clear"))  # default terrain: stays sparse
    patch.apply(m.map)
    assert m.map.terrain_of("0101") == "woods" and "0203" not in m.map.hexes and "0303" not in m.map.hexes
    assert patch.changed_hexes() == ["0101", "0203"]
    patch.apply(m.map, after=False)
    assert files_from_module(m) == original


def test_copy_paste_moves_hexes_sides_and_roads_rigidly():
    m = small_module(8, 7)
    names = GridNames(m.map.grid)
    region = [Hex(c, r) for c in (0, 1) for r in (0, 1, 2)]
    assert {names.side_id(s) for s in region_sides(names, region)} >= {"0203/N", "0101/SE"}
    clip = copy_region(m.map, names, region)
    patch = paste_patch(m.map, names, clip, Hex(4, 2))
    patch.apply(m.map)
    assert m.map.hex_data("0605").features[0].name == "Ville"
    assert m.map.hexsides["0605/N"].features == ["river"]
    assert m.map.hexsides["0503/SE"].connections == ["road"]


def test_paste_on_an_odd_column_keeps_the_shape():
    m = small_module(8, 7)
    names = GridNames(m.map.grid)
    clip = copy_region(m.map, names, [Hex(1, 1), Hex(1, 2)])  # 0202 and 0203 with the river between
    paste_patch(m.map, names, clip, Hex(4, 3)).apply(m.map)
    _a, _b = names.grid.hexside_hexes(names.side_of("0203/N"))
    moved = [h for h in names.grid.hexes() if m.map.hex_data(names.label(h)).features]
    assert len(moved) == 2  # the original and the pasted town
    pasted = max(moved)
    upper = names.grid.neighbor(pasted, "N")
    assert m.map.hexsides[names.side_id(names.grid.hexside_between(upper, pasted))].features == ["river"]


def test_delete_patch_clears_the_region_only():
    m = small_module(8, 7)
    names = GridNames(m.map.grid)
    delete_patch(m.map, names, [Hex(1, 2)]).apply(m.map)
    assert "0203" not in m.map.hexes
    assert "0203/N" in m.map.hexsides  # its other hex 0202 was not in the region


@pytest.mark.parametrize("west,north", [(1, 0), (2, 1), (0, 3), (-1, 0)])
def test_resize_keeps_content_where_it_was_drawn(west, north):
    m = small_module(8, 7)
    m.map.grid = m.map.grid.model_copy(update={"labels": Labels(first_col=1, first_row=1)})
    out = resized_module(m, west=west, north=north, east=1, south=-1)
    old, new = GridNames(m.map.grid), GridNames(out.map.grid)
    assert (out.map.grid.cols, out.map.grid.rows) == (9 + west, 6 + north)
    for label, data in m.map.hexes.items():
        h = old.hex_of(label)
        moved = Hex(h.col + west, h.row + north)
        if new.contains(moved):
            assert out.map.hexes[new.label(moved)] == data
            assert new.layout.center(moved) == pytest.approx(old.layout.center(h))
    for key in m.map.hexsides:
        side = old.side_of(key)
        moved = Hex(side.hex.col + west, side.hex.row + north)
        if new.contains(moved):
            seg = new.layout.hexside_segment(new.grid.hexside(moved, side.direction))
            assert new.side_id(new.grid.hexside(moved, side.direction)) in out.map.hexsides
            assert seg[0] == pytest.approx(old.layout.hexside_segment(side)[0])


def test_resize_relabels_scenarios_and_drops_cut_off_hexes():
    m = small_module(6, 5)
    out = resized_module(m, west=-1)
    assert out.scenarios["basic"].setup[0].hex == "0102"  # was 0202
    # 0101 was cut off; the road that crossed into old 0201 now leaves the map there.
    assert out.map.hexsides["0101/NW"].connections == ["road"]
    assert "0203/N" not in out.map.hexsides and out.map.hexsides["0103/N"].features == ["river"]
    with pytest.raises(ValueError):
        resized_module(m, west=-6)


def test_grid_settings_relabel_hexes():
    m = small_module(6, 5)
    out = regridded_settings(m, labels=Labels(kind="alpha"))
    assert out.map.hexes["B03"].features[0].name == "Ville"
    assert "B03/N" in out.map.hexsides


def test_deleting_a_type_in_use_gives_its_hexes_the_replacement():
    m = small_module()
    assert type_uses(m, "terrain", "woods") == 1
    out = without_type(m, "terrain", "woods", "rough")
    assert "woods" not in out.map.terrain_types and out.map.terrain_of("0203") == "rough"
    out = without_type(m, "terrain", "clear", "marsh")
    assert out.map.default_terrain == "marsh" and out.map.terrain_of("0101") == "marsh"
    out = without_type(m, "hexside", "river", None)
    assert "0203/N" not in out.map.hexsides
    out = without_type(m, "connection", "road", "railroad")
    assert out.map.hexsides["0101/SE"].connections == ["railroad"]
    out = without_type(m, "feature", "town", "city")
    assert out.map.hexes["0203"].features[0].type == "city"
    with pytest.raises(ValueError):
        without_type(m, "terrain", "woods", None)
    assert new_type_id({"hills": 1}, "Hills") == "hills-2"


def test_affine_from_three_points_recovers_scale_rotation_offset():
    truth = (0.8, -0.6, 12.0, 0.6, 0.8, -7.0)
    src = [(10.0, 20.0), (300.0, 40.0), (90.0, 250.0)]
    dst = [apply(truth, p) for p in src]
    assert solve_affine(src, dst) == pytest.approx(truth)
    assert apply(invert(truth), apply(truth, (5.0, 6.0))) == pytest.approx((5.0, 6.0))
    with pytest.raises(ValueError):
        solve_affine([(0, 0), (1, 1), (2, 2)], dst)
