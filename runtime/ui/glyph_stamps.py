"""Terrain glyphs stamped as small images instead of drawn as paths hex by hex.

A glyph (the trees of woods, the hills of rough) is an antialiased path: Qt fills it anew for
every hex, tens of microseconds each, 17,000 times on a 200×200 map. Here each look's glyph is
drawn once per variant and per eighth-of-a-pixel offset into a small image at the painter's scale,
then copied to each hex at whole pixels: the same coverage, placed within 1/16 of a pixel.
Only for a painter that scales evenly and moves (no rotation, no shear); otherwise the caller
draws the paths.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter, QTransform

from .hex_cache import HexCache
from .terrain_style import TerrainStyle

PHASES = 8
"""Sub-pixel offsets per axis an image is made for (a glyph lands within 1/(2·PHASES) px)."""
PAD = 2
"""Pixels of room around a glyph's bounds in its image (antialiasing, the pen's round ends)."""


class GlyphStamps:
    """The images of the glyphs drawn at one scale (made again when the scale changes)."""

    def __init__(self) -> None:
        self._scale = 0.0
        self._images: dict[tuple, tuple[QImage, int, int, TerrainStyle]] = {}

    def placement(self, painter: QPainter) -> tuple[float, float, float] | None:
        """The painter's scale and move, when glyphs can be stamped under it; else None."""
        t = painter.worldTransform()
        if t.type().value > QTransform.TransformationType.TxScale.value or t.m11() != t.m22() or t.m11() <= 0:
            return None
        if t.m11() != self._scale:
            self._scale, self._images = t.m11(), {}
        return t.m11(), t.dx(), t.dy()

    def _image(self, style: TerrainStyle, variant: int, fx: int, fy: int) -> tuple[QImage, int, int, TerrainStyle]:
        s, path = self._scale, style.glyphs[variant]
        pen = style.glyph_pen.widthF() if style.stroked else 0.0
        r = path.boundingRect().adjusted(-pen, -pen, pen, pen)
        ox, oy = PAD - math.floor(r.left() * s), PAD - math.floor(r.top() * s)
        image = QImage(math.ceil(r.right() * s) + ox + PAD + 1, math.ceil(r.bottom() * s) + oy + PAD + 1,
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.translate(ox + fx / PHASES, oy + fy / PHASES)
        p.scale(s, s)
        style.set_glyph_ink(p)
        p.drawPath(path)
        p.end()
        return image, ox, oy, style

    def paint(self, painter: QPainter, style: TerrainStyle, members: list[int], c: HexCache,
              placement: tuple[float, float, float]) -> None:
        """The glyph of ``style`` on each of the hexes ``members``, centred on each hex."""
        s, dx, dy = placement
        images, make, rows, center = self._images, self._image, c.rows, c.center
        painter.save()
        painter.resetTransform()
        draw = painter.drawImage
        for i in members:
            cx, cy = center(i)
            col, row = divmod(i, rows)
            variant = style.variant(col, row)
            x, y = s * cx + dx, s * cy + dy
            ix, iy = math.floor(x), math.floor(y)
            fx, fy = round((x - ix) * PHASES), round((y - iy) * PHASES)
            key = (id(style), variant, fx, fy)
            found = images.get(key)
            if found is None:
                found = images[key] = make(style, variant, fx, fy)
            draw(ix - found[1], iy - found[2], found[0])
        painter.restore()
