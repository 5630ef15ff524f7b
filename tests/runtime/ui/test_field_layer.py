"""Symbol fields cut to their terrain's shape through one reused scratch image."""

from __future__ import annotations

import pytest
from image_compare import compare
from PySide6.QtCore import QPointF, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath

from hexwright.runtime.model import Grid
from hexwright.runtime.ui.field_layer import FieldLayer
from hexwright.runtime.ui.hex_cache import HexCache
from hexwright.runtime.ui.textures import Texture

pytestmark = pytest.mark.gui


@pytest.fixture
def hexes():
    return HexCache(Grid(cols=6, rows=5, hex_size=30.0))


def shape(c: HexCache, members: list[int]) -> QPainterPath:
    """The members' hexagons a little shrunk: a shape the stamps overhang."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for i in members:
        cx, cy = c.center(i)
        path.addPolygon([QPointF(cx + 0.8 * (p.x() - cx), cy + 0.8 * (p.y() - cy)) for p in c.polygon(i)])
        path.closeSubpath()
    return path


def draw(layer: FieldLayer, c: HexCache, tex: Texture, members: list[int], size=(260, 200)) -> QImage:
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#ffffff"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    layer.paint(p, tex, members, shape(c, members), c.corners, c.center, 1.0)
    p.end()
    return image


def through_a_clip(c: HexCache, tex: Texture, members: list[int], size=(260, 200)) -> QImage:
    """The same field the plain way: the stamps into an image over the shape's box, drawn
    through the shape as a (hard) clip."""
    fill = shape(c, members)
    box = fill.boundingRect().toAlignedRect().intersected(QRect(0, 0, *size))
    stamps = QImage(box.size(), QImage.Format.Format_ARGB32_Premultiplied)
    stamps.fill(Qt.GlobalColor.transparent)
    p = QPainter(stamps)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(-box.left(), -box.top())
    for i in members:
        tex.paint(p, i, c.corners(i), c.center(i), 1.0)
    p.end()
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#ffffff"))
    p = QPainter(image)
    p.setClipPath(fill)
    p.drawImage(box.topLeft(), stamps)
    p.end()
    return image


def test_the_field_is_the_stamps_cut_to_the_shape_as_a_clip_would_cut_them(qapp, hexes):
    tex = Texture("trees", QColor("#9cbf7a"), hexes.size, seed=3)
    members = [7, 8, 12, 13]
    raster = draw(FieldLayer(), hexes, tex, members)
    assert compare(raster, through_a_clip(hexes, tex, members))[0] == 0.0
    cx, cy = hexes.center(7)
    assert raster.pixelColor(int(cx), int(cy)) != QColor("#ffffff") or any(
        raster.pixelColor(int(cx) + d, int(cy)) != QColor("#ffffff") for d in range(-8, 9))
    far = hexes.center(27)
    assert raster.pixelColor(int(far[0]), int(far[1])) == QColor("#ffffff")  # nothing outside the shape


def test_a_smaller_field_after_a_bigger_one_shows_nothing_of_the_first(qapp, hexes):
    """The scratch is kept between paints: what it held before must not show through."""
    tex = Texture("trees", QColor("#9cbf7a"), hexes.size, seed=3)
    layer = FieldLayer()
    draw(layer, hexes, tex, list(range(30)))
    scratch = layer._scratch
    again = draw(layer, hexes, tex, [13])
    assert layer._scratch is scratch  # reused, not made again
    assert compare(again, draw(FieldLayer(), hexes, tex, [13]))[0] == 0.0
