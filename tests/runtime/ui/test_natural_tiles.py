"""Natural terrain's tiles and ground: kept by everything that shapes them, and a part of the map
drawn alone is that part of the whole."""

from __future__ import annotations

import pytest
from carto_maps import showcase_module
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import Grid
from hexwright.runtime.ui.hex_cache import HexCache
from hexwright.runtime.ui.map_painter import UNDER
from hexwright.runtime.ui.natural_layers import TileCache, changed_level_tiles
from hexwright.runtime.ui.render_image import make_painter_for

pytestmark = pytest.mark.gui


def test_a_contour_moved_inward_is_a_new_tile_not_the_one_kept(qapp):
    """A level appearing renumbers the contours, and each number has its own inset: the tile
    of the same hex and level must be made again, not found with the old inset."""
    c = HexCache(Grid(cols=5, rows=4, hex_size=30.0))
    tiles = TileCache(seed=2)
    same = (True, False, True, True, False, True)
    key_a, _fill_a, edge_a = tiles.tile(c, 7, same, 1002, 0.07, 0.055)
    key_b, _fill_b, edge_b = tiles.tile(c, 7, same, 1002, 0.12, 0.055)
    assert key_a != key_b and edge_a != edge_b
    assert tiles.tile(c, 7, same, 1002, 0.07, 0.055)[2] is edge_a  # kept


def test_the_ground_of_a_part_inside_the_map_is_that_part_of_the_whole(qapp):
    """Well inside the map the ground is filled as one rectangle, not hex by hex: the same pixels."""
    module = showcase_module("modern")
    mp = make_painter_for(module)
    c = mp.cache
    middle = c.bounding_rect(c.index_of_label("0504")).united(c.bounding_rect(c.index_of_label("0605")))
    assert mp._covered().contains(middle)

    def under(rect: QRectF) -> QImage:
        image = QImage(round(middle.width()), round(middle.height()), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(0, 0, 0, 0))
        p = QPainter(image)
        p.translate(-middle.left(), -middle.top())
        p.setClipRect(middle)
        make_painter_for(module).paint(p, rect, frozenset({UNDER}))
        p.end()
        return image

    whole = under(mp.map_rect())
    part = under(middle)
    assert part == whole
    assert len({part.pixel(x, 20) for x in range(0, part.width(), 4)}) > 1  # tints on the ground


def test_a_level_change_reshapes_the_hex_and_its_neighbours_at_or_above_a_crossed_contour():
    c = HexCache(Grid(cols=9, rows=7, hex_size=30.0))
    centre = c.index(Hex(4, 3))
    around = [j for j in c.neighbors(centre) if j >= 0]
    level = [0] * (c.cols * c.rows)
    level[centre] = 3  # was 1: the contours of 2 and 3 now run round it
    level[around[0]] = 2  # its tile of contour 2 loses a side on the edge
    level[around[1]] = 1  # below both contours crossed: unchanged
    level[around[2]] = 5  # its tiles of 2 and 3 lose a side each
    assert changed_level_tiles(c, level, {centre: 1}, [1, 2, 3, 4, 5]) == {centre, around[0], around[2]}
    assert changed_level_tiles(c, level, {centre: 3}, [1, 2, 3, 4, 5]) == set()  # nothing crossed
