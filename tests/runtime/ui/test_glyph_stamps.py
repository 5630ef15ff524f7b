"""Terrain glyphs stamped as images (issue 18): the glyphs the paths draw, within antialiasing,
at any even scale; a rotated painter draws the paths."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from hexwright.runtime.model import Grid, TerrainType
from hexwright.runtime.ui.glyph_stamps import GlyphStamps
from hexwright.runtime.ui.hex_cache import HexCache
from hexwright.runtime.ui.terrain_style import TerrainStyle


def canvas(scale: float, move: tuple[float, float]) -> tuple[QImage, QPainter]:
    image = QImage(420, 360, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.translate(*move)
    painter.scale(scale, scale)
    return image, painter


def by_paths(painter: QPainter, style: TerrainStyle, members: list[int], c: HexCache) -> None:
    for i in members:
        cx, cy = c.center(i)
        painter.save()
        painter.translate(cx, cy)
        style.set_glyph_ink(painter)
        painter.drawPath(style.glyph_for(*divmod(i, c.rows)))
        painter.restore()


@pytest.mark.parametrize(("pattern", "scale", "move"), [("trees", 1.0, (0.0, 0.0)), ("hills", 1.37, (3.3, 1.6)),
                                                         ("marsh", 0.61, (10.25, 7.8)), ("hatch", 1.0, (0.5, 0.5))])
def test_stamped_glyphs_are_the_glyphs_the_paths_draw(qapp, pattern, scale, move):
    c = HexCache(Grid(cols=6, rows=5, hex_size=37.0))
    style = TerrainStyle(TerrainType(name="t", color="#8fb573", pattern=pattern), c.size,
                         [(x - c.center(0)[0], y - c.center(0)[1]) for x, y in c.corners(0)])
    members = list(range(30))
    drawn, painter = canvas(scale, move)
    by_paths(painter, style, members, c)
    painter.end()
    stamped, painter = canvas(scale, move)
    stamps = GlyphStamps()
    placement = stamps.placement(painter)
    assert placement is not None
    stamps.paint(painter, style, members, c, placement)
    painter.end()
    a, b = bytes(drawn.constBits()), bytes(stamped.constBits())
    inked = [sum(1 for k in range(0, len(px), 4) if px[k:k + 3] != b"\xff\xff\xff") for px in (a, b)]
    assert inked[0] > 500  # the glyphs are there
    assert abs(inked[0] - inked[1]) < inked[0] // 20  # as many pixels inked
    # within the golden images' tolerance: antialiasing moves (a glyph lands within 1/16 px), never a glyph
    assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 40


def test_a_rotated_painter_draws_the_paths(qapp):
    image = QImage(10, 10, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    stamps = GlyphStamps()
    assert stamps.placement(painter) is not None
    painter.rotate(30)
    assert stamps.placement(painter) is None
    painter.resetTransform()
    painter.scale(2.0, 1.0)
    assert stamps.placement(painter) is None
    painter.end()
