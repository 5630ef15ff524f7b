"""Exposed-rect culling: a repaint visits only the hexes it must, on any grid shape."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from ui_maps import make_module

from hexwright.runtime.ui.hex_cache import HexCache
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.map_painter import MapPainter
from hexwright.runtime.ui.map_view import MapItem

pytestmark = pytest.mark.gui


def meets(r: QRectF, x0: float, y0: float, x1: float, y1: float, eps: float = 0.0) -> bool:
    """Closed-interval overlap (touching counts), with ``eps`` of slack."""
    return r.right() >= x0 - eps and r.left() <= x1 + eps and r.bottom() >= y0 - eps and r.top() <= y1 + eps


def brute_force(cache: HexCache, x0: float, y0: float, x1: float, y1: float, eps: float = 0.0) -> set[int]:
    return {i for i in range(cache.cols * cache.rows) if meets(cache.bounding_rect(i), x0, y0, x1, y1, eps)}


@settings(max_examples=150, deadline=None)
@given(
    orientation=st.sampled_from(["flat", "pointy"]),
    shifted=st.sampled_from(["odd", "even"]),
    cols=st.integers(1, 12),
    rows=st.integers(1, 12),
    x=st.floats(-100, 900, allow_nan=False),
    y=st.floats(-100, 900, allow_nan=False),
    w=st.floats(0, 400, allow_nan=False),
    h=st.floats(0, 400, allow_nan=False),
)
def test_indices_in_rect_are_exactly_the_hexes_whose_box_meets_it(orientation, shifted, cols, rows, x, y, w, h):
    cache = HexCache(make_module(orientation, shifted, cols, rows, hex_size=30).map.grid)
    found = cache.indices_in_rect(x, y, x + w, y + h)
    assert found == sorted(set(found))
    # Exactly the brute-force set, up to rounding on a rectangle that only touches a hex.
    assert brute_force(cache, x, y, x + w, y + h, eps=-1e-6) <= set(found) <= brute_force(cache, x, y, x + w, y + h, 1e-6)


def test_a_small_exposed_rect_paints_only_nearby_hexes(qapp):
    module = make_module(cols=100, rows=100)
    mp = MapPainter(module.map, Layers())
    cache = mp.cache
    centre = cache.center(cache.index((50, 50)))
    exposed = QRectF(centre[0] - 10, centre[1] - 10, 20, 20)
    image = QImage(200, 200, QImage.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.translate(-exposed.left() + 90, -exposed.top() + 90)
    mp.paint(painter, exposed)
    painter.end()
    visited = set(mp.last_visible)
    assert cache.index((50, 50)) in visited
    assert 1 <= len(visited) <= 12
    m = mp.margin()
    assert visited == brute_force(cache, exposed.left() - m, exposed.top() - m, exposed.right() + m, exposed.bottom() + m)


def test_map_item_paints_the_exposed_rect_only(qtbot):
    """Rendering the scene region around one hex makes the item paint just that region."""
    from PySide6.QtWidgets import QGraphicsScene

    module = make_module(cols=60, rows=60)
    mp = MapPainter(module.map)
    scene = QGraphicsScene()
    item = MapItem(mp)
    scene.addItem(item)
    target = mp.cache.bounding_rect(mp.hex_index("3030"))
    image = QImage(200, 200, QImage.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 200, 200), target)
    painter.end()
    assert mp.hex_index("3030") in mp.last_visible
    assert len(mp.last_visible) <= 20


def test_invalidate_hexes_covers_just_those_hexes(qapp):
    module = make_module(cols=40, rows=40)
    mp = MapPainter(module.map)
    item = MapItem(mp)
    rect = item.invalidate_hexes(["1010", "1011"])
    for label in ("1010", "1011"):
        assert rect.contains(mp.cache.bounding_rect(mp.hex_index(label)))
    assert rect.width() < 4 * module.map.grid.hex_size and rect.height() < 5 * module.map.grid.hex_size
    assert item.invalidate_hexes(["nope"]).isNull()


def test_grid_change_rebuilds_the_geometry(qapp):
    module = make_module()
    mp = MapPainter(module.map)
    before = mp.map_rect()
    module.map.grid.hex_size = 80.0
    assert mp.map_rect().width() == pytest.approx(2 * before.width())


def test_overlay_highlight_fills_the_hex(qapp, tiny_module):
    from PySide6.QtGui import QColor

    mp = MapPainter(tiny_module.map)
    rect = mp.map_rect()
    image = QImage(int(rect.width()) + 1, int(rect.height()) + 1, QImage.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    mp.paint_overlay_hexes(painter, ["0303", "bogus"], QColor("#00ff00"))
    painter.end()
    cx, cy = mp.cache.center(mp.hex_index("0303"))
    assert image.pixelColor(int(cx - rect.left()), int(cy - rect.top())).name() == "#00ff00"
