"""What a new user saw wrong on maps (issue 17's findings, issue 22's furniture and boxes), drawn right."""

from __future__ import annotations

import math

import pytest
from builders import small_module
from carto_maps import showcase_module
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from hexwright.runtime.model import HexData, HexsideData, Level, Module
from hexwright.runtime.state import GameState, RngState
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import bundled_module
from hexwright.runtime.ui.board_art import board_rect, layout_for
from hexwright.runtime.ui.natural_layers import MIN_TINT_DISTANCE, tint_clearance
from hexwright.runtime.ui.play.board_items import RegionItem
from hexwright.runtime.ui.play.board_layout import Region
from hexwright.runtime.ui.play.board_scene import BoardScene
from hexwright.runtime.ui.render_image import make_painter_for, render_image

pytestmark = pytest.mark.gui


def rgb(color: QColor) -> tuple[int, int, int]:
    return color.red(), color.green(), color.blue()


def pixel_at(image: QImage, module: Module, label: str, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int]:
    mp = make_painter_for(module)
    rect = mp.map_rect()
    cx, cy = mp.cache.center(mp.hex_index(label))
    s = module.map.grid.hex_size
    return rgb(image.pixelColor(round(cx + dx * s - rect.left()), round(cy + dy * s - rect.top())))


def test_clear_ground_at_level_2_is_not_tinted_like_rough_in_the_modern_style(qapp):
    """Issue 17: a clear hex at level 2 looked like rough. The style's brown tint would; the
    tint the painter picks keeps high clear ground away from every other terrain's fill."""
    module = showcase_module("modern")
    mp = make_painter_for(module)
    md = module.map
    base = QColor(mp._style(md.default_terrain).color)
    others = [QColor(mp._style(t).color) for t in md.terrain_types if t != md.default_terrain]
    assert tint_clearance(QColor(mp.style.palette.high), base, others) < MIN_TINT_DISTANCE  # the collision
    assert tint_clearance(mp.tint_color(), base, others) >= MIN_TINT_DISTANCE


def test_clear_ground_at_level_2_keeps_its_colour_in_the_classic_style(qapp):
    """Issue 17, a new module (classic): clear at level 2 stays nearer clear than rough; a
    contour line on the hexside says where the ground rises."""
    module = small_module(6, 5)
    md = module.map
    md.levels = [Level(value=v) for v in range(3)]
    md.hexes["0303"] = HexData(level=2)
    md.hexes["0403"] = HexData(terrain="rough")
    image = render_image(module, 1.0)
    clear, rough = QColor(md.terrain_types["clear"].color), QColor(md.terrain_types["rough"].color)
    high = pixel_at(image, module, "0303", 0.3, 0.25)
    assert math.dist(high, rgb(clear)) < math.dist(high, rgb(rough))
    assert math.dist(high, rgb(clear)) > 8  # it is tinted
    # The contour line on the hexside between 0303 (level 2) and 0302 (level 0) is brown ink.
    # Beside the grid line on the hexside between 0303 (level 2) and 0302 (level 0): brown ink.
    mp = make_painter_for(module)
    (ax, ay), (bx, by) = mp.cache.center(mp.hex_index("0303")), mp.cache.center(mp.hex_index("0302"))
    rect, s = mp.map_rect(), module.map.grid.hex_size
    big = render_image(module, 4.0)
    ux, uy = (ax - bx) / math.dist((ax, ay), (bx, by)), (ay - by) / math.dist((ax, ay), (bx, by))
    x, y = (ax + bx) / 2 + ux * 0.022 * s, (ay + by) / 2 + uy * 0.022 * s
    beside = rgb(big.pixelColor(round((x - rect.left()) * 4), round((y - rect.top()) * 4)))
    contour = rgb(QColor(mp.style.palette.contour))
    assert math.dist(beside, contour) < 40


@pytest.mark.parametrize("style", ["classic", "modern"])
def test_railroads_clear_the_tree_symbols_under_them(qapp, style):
    """Issue 17: tree symbols were drawn over railroads. A railroad clears a light band."""
    def woods_with(rail: bool) -> QImage:
        module = small_module(6, 5)
        module.map.style.base = style
        for col in range(1, 7):
            for row in range(1, 6):
                module.map.hexes[f"{col:02d}{row:02d}"] = HexData(terrain="woods")
        if rail:
            for key in ("0203/N", "0202/N"):
                module.map.hexsides[key] = HexsideData(connections=["railroad"])
        return render_image(module, 2.0)

    plain, railed = woods_with(False), woods_with(True)
    module = small_module(6, 5)
    mp = make_painter_for(module)
    rect = mp.map_rect()
    (x0, y0), (x1, y1) = mp.cache.center(mp.hex_index("0203")), mp.cache.center(mp.hex_index("0201"))
    width = module.map.connection_types["railroad"].width * (0.7 if style == "modern" else 1.0)  # the style's scale

    def band_brightness(image: QImage) -> float:
        # Points beside the track, where its ties do not reach (1.5 track widths off its centre line).
        values = []
        for k in range(40):
            t = 0.1 + 0.8 * k / 39
            x, y = x0 + (x1 - x0) * t + 1.5 * width, y0 + (y1 - y0) * t
            c = image.pixelColor(round((x - rect.left()) * 2), round((y - rect.top()) * 2))
            values.append(c.lightness())
        return sum(values) / len(values)

    assert band_brightness(railed) > band_brightness(plain) + 25


def test_the_cartouche_stays_clear_of_the_play_windows_boxes_and_piles(qapp):
    """Issue 22: in the play window the title cartouche hid under the "Not in play" box."""
    loaded = load_module(bundled_module("drive_on_metz"))
    module = loaded.module
    scene = BoardScene(module, GameState(scenario="", turn=1, rng=RngState(seed=0)), loaded.assets)
    furniture = scene.map_item.map_painter.furniture._rects()
    assert {name for name, _ in furniture} >= {"title", "legend"}
    regions = [QRectF(r.x, r.y - 18, r.width, r.height + 18) for r in scene.board.regions]
    assert any(r.title == "Not in play" for r in scene.board.regions)
    for name, rect in furniture:
        assert not any(rect.intersects(r) for r in regions), name
    assert scene.map_item.boundingRect().contains(furniture[0][1])


def test_the_printed_board_keeps_its_furniture_clear_of_boxes_and_tracks(qapp):
    loaded = load_module(bundled_module("drive_on_metz"))
    module = loaded.module
    layout = layout_for(module, next(iter(module.scenarios)))
    mp = make_painter_for(module, None, loaded.assets)
    board = board_rect(module, layout, mp)
    regions = [QRectF(r.x, r.y - 18, r.width, r.height + 18) for r in layout.regions]
    for name, rect in mp.furniture._rects():
        assert board.contains(rect)
        assert not any(rect.intersects(r) for r in regions), name


@pytest.mark.parametrize("style", ["classic", "modern"])
def test_boxes_are_drawn_in_the_maps_style(qapp, style):
    module = showcase_module(style)
    mp = make_painter_for(module)
    image = QImage(200, 120, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    item = RegionItem(Region(None, "Reinforcements", 10, 10, 180, 100), "", mp.style)
    painter.translate(10, 10)
    item.paint(painter, None)
    painter.end()
    inside = image.pixelColor(150, 90)
    expected = QColor(mp.style.palette.furniture) if style == "modern" else QColor("#f4efe0")
    assert rgb(inside) == rgb(expected)
    if style == "modern":
        # Framed like the legend: a hairline inside the outer rule.
        assert image.pixelColor(int(10 + 2.5), 60).lightness() < 200 or image.pixelColor(13, 60).lightness() < 200
