"""Turning and mirroring a copied stamp on the hex grid (pure, no Qt).

A stamp turns about its anchor in 60° steps; the hexsides it carries turn with it, so a
river along its edge and a road across it keep their shape (Tiled #1476 asks this of
hexagonal maps)."""

from __future__ import annotations

import pytest
from builders import small_module

from hexwright.editor.edits.naming import GridNames
from hexwright.editor.edits.region import Clip, copy_region, paste_patch, transform_clip
from hexwright.runtime.geometry import Hex, HexGrid
from hexwright.runtime.model import HexData, HexsideData


def _names(m):
    return GridNames(m.map.grid)


def _clip_with_road(orientation: str):
    """A three-hex stamp: woods anchor, a road from it to its neighbour, a river on its top side."""
    m = small_module(9, 9)
    m.map.grid.orientation = orientation
    names = _names(m)
    grid = names.grid
    m.map.hexes, m.map.hexsides = {}, {}
    a = Hex(4, 4)
    b = grid.neighbor(a, 1)
    c = grid.neighbor(a, 2)
    for h, terrain in ((a, "woods"), (b, "marsh"), (c, "rough")):
        m.map.hexes[names.label(h)] = HexData(terrain=terrain)
    m.map.hexsides[names.side_id(grid.hexside(a, 1))] = HexsideData(connections=["road"])
    m.map.hexsides[names.side_id(grid.hexside_between(b, c))] = HexsideData(features=["river"])
    return m, names, [a, b, c]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_six_turns_and_two_mirrors_give_the_stamp_back(orientation):
    m, names, hexes = _clip_with_road(orientation)
    clip = copy_region(m.map, names, hexes)
    assert transform_clip(clip, orientation, 6) == clip
    assert transform_clip(transform_clip(clip, orientation, 0, True), orientation, 0, True) == clip
    turned = clip
    for _ in range(6):
        turned = transform_clip(turned, orientation, 1)
    assert turned == clip


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("turns", range(6))
def test_a_turned_stamp_keeps_its_road_between_the_turned_hexes(orientation, turns):
    m, names, hexes = _clip_with_road(orientation)
    grid = names.grid
    clip = copy_region(m.map, names, hexes)
    anchor = min(hexes)
    m.map.hexes, m.map.hexsides = {}, {}  # paste onto an empty map: only the stamp is there
    patch = paste_patch(m.map, names, transform_clip(clip, orientation, turns), Hex(4, 4))
    patch.apply(m.map, True)
    # The hexes sit where a rotation of their axial offsets about the anchor puts them.
    qa, ra = grid.to_axial(anchor)
    q0, r0 = grid.to_axial(Hex(4, 4))

    def placed(h):
        q, r = grid.to_axial(h)
        dq, dr = q - qa, r - ra
        for _ in range(turns):
            dq, dr = -dr, dq + dr
        return grid.from_axial(q0 + dq, r0 + dr)

    new_a, new_b, new_c = (placed(h) for h in hexes)
    assert [m.map.terrain_of(names.label(h)) for h in (new_a, new_b, new_c)] == ["woods", "marsh", "rough"]
    road = names.side_id(grid.hexside_between(new_a, new_b))
    assert m.map.hexsides[road].connections == ["road"]
    river = names.side_id(grid.hexside_between(new_b, new_c))
    assert m.map.hexsides[river].features == ["river"]
    assert len(m.map.hexsides) == 2 and len(m.map.hexes) == 3
    assert grid.direction_between(new_a, new_b) == (1 + turns) % 6


def test_one_turn_moves_a_north_river_to_the_north_east_on_flat_hexes():
    clip = Clip(hexes={(0, 0): HexData(terrain="woods")}, sides={((0, 0), 0): HexsideData(features=["river"])})
    assert transform_clip(clip, "flat", 1).sides == {((0, 0), 1): HexsideData(features=["river"])}
    assert transform_clip(clip, "flat", -1).sides == {((0, 0), 5): HexsideData(features=["river"])}


@pytest.mark.parametrize("orientation,pairs", [
    ("flat", {0: 0, 1: 5, 2: 4, 3: 3, 4: 2, 5: 1}),      # N stays N, NE ↔ NW, SE ↔ SW
    ("pointy", {0: 5, 1: 4, 2: 3, 3: 2, 4: 1, 5: 0}),    # NE ↔ NW, E ↔ W, SE ↔ SW
])
def test_mirror_swaps_left_and_right(orientation, pairs):
    grid = HexGrid(9, 9, orientation)
    centre = Hex(4, 4)
    q0, r0 = grid.to_axial(centre)
    for d, mirrored in pairs.items():
        clip = Clip(hexes={(0, 0): None}, sides={((0, 0), d): HexsideData(features=["river"])})
        assert list(transform_clip(clip, orientation, 0, True).sides) == [((0, 0), mirrored)]
        # the neighbour in direction d lands where the neighbour in the mirrored direction is
        q, r = grid.to_axial(grid.neighbor(centre, d))
        clip = Clip(hexes={(q - q0, r - r0): HexData(terrain="woods")})
        q, r = grid.to_axial(grid.neighbor(centre, mirrored))
        assert list(transform_clip(clip, orientation, 0, True).hexes) == [(q - q0, r - r0)]


def test_stamp_preview_colours_hexes_by_terrain_and_draws_rivers_and_roads():
    from hexwright.editor.edits.stamp_preview import RIVER_WIDTH, ROAD_WIDTH, stamp_preview

    m, names, hexes = _clip_with_road("flat")
    clip = copy_region(m.map, names, hexes)
    fills, lines = stamp_preview(m.map, names, transform_clip(clip, "flat", 1), Hex(2, 2))
    colours = {colour: labels for labels, colour in fills}
    assert sorted(len(v) for v in colours.values()) == [1, 1, 1]
    assert set(colours) == {m.map.terrain_types[t].color for t in ("woods", "marsh", "rough")}
    assert sorted(width for _, _, width in lines) == [ROAD_WIDTH, RIVER_WIDTH]
    (road,) = [seg for seg, _, width in lines if width == ROAD_WIDTH]
    grid = names.grid
    placed = [grid.from_axial(*(a + b for a, b in zip(grid.to_axial(Hex(2, 2)), off)))
              for off in ((0, 0), (1, 0))]  # anchor, and its NE neighbour (1, -1) turned to SE (1, 0)
    assert road == (names.layout.center(placed[0]), names.layout.center(placed[1]))
