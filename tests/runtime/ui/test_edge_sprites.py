"""Organic lines kept in pages of lines: the same pixels as stroking them, made once, bounded."""

from __future__ import annotations

import pytest
from image_compare import compare
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import Grid
from hexwright.runtime.ui import edge_sprites
from hexwright.runtime.ui.edge_sprites import EdgeSprites
from hexwright.runtime.ui.hex_cache import HexCache
from hexwright.runtime.ui.natural_layers import TileCache, changed_terrain_tiles

pytestmark = pytest.mark.gui

PEN = QPen(QColor("#6b4a2a"), 1.3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)


@pytest.fixture
def hexes():
    return HexCache(Grid(cols=9, rows=7, hex_size=30.0))


def lines(c: HexCache) -> list:
    """The organic edges of a region of every other hex (each tile a boundary)."""
    members = [i for i in range(c.cols * c.rows) if i % 2 == 0]
    _fill, edges = TileCache(seed=5).region(c, members, lambda j: j % 2 == 0, 0, 0.11, 0.08)
    return edges


def draw(sprites: EdgeSprites, edges, kept: bool, scale: float, dx: float, dy: float,
         ground: QColor | None = None) -> QImage:
    image = QImage(420, 330, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(ground if ground is not None else QColor(0, 0, 0, 0))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(dx, dy)
    p.scale(scale, scale)
    sprites.draw(p, edges, PEN, kept)
    p.end()
    return image


@pytest.mark.parametrize("scale, dx, dy", [(1.0, 0.0, 0.0), (1.37, -3.25, 7.5), (0.6, 11.0, -2.7)])
def test_lines_copied_from_the_pages_are_the_lines_stroked(qapp, hexes, scale, dx, dy):
    """The same pixels where the map falls on a 64th of a pixel (a view's tiles: on whole
    pixels); elsewhere the line moves by less than 1/128 px: a shade on its edge at most."""
    edges = lines(hexes)
    assert len(edges) > 20
    stroked = draw(EdgeSprites(), edges, False, scale, dx, dy)
    sprites = EdgeSprites()
    first = draw(sprites, edges, True, scale, dx, dy)
    again = draw(sprites, edges, True, scale, dx, dy)
    assert first == again
    if (dx * 64).is_integer() and (dy * 64).is_integer():
        assert stroked == first
    else:
        assert stroked != first
    ground = QColor("#e8e0b8")  # over a ground, rounding may differ by a shade, never more
    assert compare(draw(EdgeSprites(), edges, True, scale, dx, dy, ground),
                   draw(EdgeSprites(), edges, False, scale, dx, dy, ground))[0] == 0.0


def test_a_line_is_made_once_and_copied_after(qapp, hexes, monkeypatch):
    edges = lines(hexes)
    sprites = EdgeSprites()
    made = []
    make = sprites._make
    monkeypatch.setattr(sprites, "_make", lambda *a: made.append(a[0]) or make(*a))
    draw(sprites, edges, True, 1.0, 0.0, 0.0)
    assert len(made) == len(edges)
    draw(sprites, edges, True, 1.0, 4.0, -9.0)  # panned by whole pixels: the same lines
    assert len(made) == len(edges)
    draw(sprites, edges, True, 2.0, 0.0, 0.0)  # another zoom: lines of its own
    assert len(made) == 2 * len(edges)


def test_full_pages_make_room_for_new_lines_and_the_picture_stays_right(qapp, hexes, monkeypatch):
    monkeypatch.setattr(edge_sprites, "PAGE", 128)
    monkeypatch.setattr(edge_sprites, "MAX_PAGES", 2)
    edges = lines(hexes)
    sprites = EdgeSprites()
    for scale in (1.0, 1.5, 1.0):
        assert draw(sprites, edges, True, scale, 0.0, 0.0) == draw(EdgeSprites(), edges, False, scale, 0.0, 0.0)
        assert len(sprites._pages) <= 2


def test_a_terrain_change_reshapes_the_hex_and_its_neighbours_in_either_terrain(hexes):
    c = hexes
    centre = c.index(Hex(4, 3))
    around = [j for j in c.neighbors(centre) if j >= 0]
    terrain = ["clear"] * (c.cols * c.rows)
    terrain[centre] = "woods"  # was rough
    terrain[around[0]] = "woods"  # joins the new woods
    terrain[around[1]] = "rough"  # loses its rough neighbour
    terrain[around[2]] = "marsh"  # neither: its outline does not change
    # the others are clear, the default: drawn under the shapes, not as one
    assert changed_terrain_tiles(c, terrain, "clear", {centre: "rough"}) == {centre, around[0], around[1]}
