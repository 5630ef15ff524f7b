"""Headless rendering: real pixel facts of a small synthetic map."""

from __future__ import annotations

import math

import pytest
from PySide6.QtGui import QColor, QImage
from ui_maps import CLEAR, RIVER, ROAD, WOODS, make_module

from hexwright.runtime.geometry import Hex, parse_hexside
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.map_painter import MapPainter
from hexwright.runtime.ui.render_image import render_image, render_png

pytestmark = pytest.mark.gui


def pixel(image: QImage, painter: MapPainter, scale: float, x: float, y: float) -> QColor:
    """Colour of the image pixel showing map point (x, y)."""
    rect = painter.map_rect()
    return image.pixelColor(int((x - rect.left()) * scale), int((y - rect.top()) * scale))


def center(module, label: str) -> tuple[float, float]:
    grid = module.map.grid
    return grid.layout().center(grid.labels.scheme().parse(label, grid.hex_grid()))


def side_mid(module, side_id: str) -> tuple[float, float]:
    grid = module.map.grid
    (x0, y0), (x1, y1) = grid.layout().hexside_segment(parse_hexside(grid.hex_grid(), side_id, grid.labels.scheme()))
    return (x0 + x1) / 2, (y0 + y1) / 2


def close(c: QColor, hex_color: str, tol: int = 3) -> bool:
    want = QColor(hex_color)
    return all(abs(a - b) <= tol for a, b in ((c.red(), want.red()), (c.green(), want.green()), (c.blue(), want.blue())))


@pytest.mark.parametrize("scale", [1.0, 2.0, 0.5])
def test_image_size_is_layout_bounds_plus_margin_times_scale(qapp, tiny_module, scale):
    image = render_image(tiny_module, scale)
    w, h = tiny_module.map.grid.layout().bounds()
    m = MapPainter(tiny_module.map).margin()
    assert (image.width(), image.height()) == (math.ceil((w + 2 * m) * scale), math.ceil((h + 2 * m) * scale))


def test_terrain_river_and_road_pixels(qapp, tiny_module):
    scale = 2.0
    image = render_image(tiny_module, scale)
    mp = MapPainter(tiny_module.map)
    assert close(pixel(image, mp, scale, *center(tiny_module, "0402")), WOODS)
    assert close(pixel(image, mp, scale, *center(tiny_module, "0101")), CLEAR)
    river = pixel(image, mp, scale, *side_mid(tiny_module, "0303/NE"))
    assert close(river, RIVER), river.name()
    assert river.blue() > river.red() + 80 and river.blue() > river.green() + 40
    # Halfway between 0202's centre and the midpoint of the road's hexside 0202/N: road colour.
    (cx, cy), (mx, my) = center(tiny_module, "0202"), side_mid(tiny_module, "0202/N")
    assert close(pixel(image, mp, scale, (cx + mx) / 2, (cy + my) / 2), ROAD)
    # A hexside without features is a dark grid line; with the grid off it is terrain.
    mid = side_mid(tiny_module, "0102/N")
    assert pixel(image, mp, scale, *mid).lightness() < 90
    no_grid = render_image(tiny_module, scale, Layers(grid=False))
    assert close(pixel(no_grid, mp, scale, *mid), CLEAR)


def test_clear_hex_centre_is_exactly_the_terrain_colour(qapp, tiny_module):
    image = render_image(tiny_module, 1.0)
    mp = MapPainter(tiny_module.map)
    assert close(pixel(image, mp, 1.0, *center(tiny_module, "0101")), CLEAR)


def test_margin_is_white_and_no_terrain_only_layers_leave_white(qapp, tiny_module):
    image = render_image(tiny_module, 1.0)
    assert image.pixelColor(0, 0) == QColor("#ffffff")
    blank = render_image(tiny_module, 1.0, Layers.only())
    assert {blank.pixelColor(x, y).name() for x in range(0, blank.width(), 17) for y in range(0, blank.height(), 17)} == {"#ffffff"}


def test_area_colour_is_read_as_rrggbbaa(qapp, tiny_module):
    from hexwright.runtime.model import Area

    tiny_module.map.areas["zone"] = Area(name="Zone", hexes=["0303"], color="#ff000080")
    image = render_image(tiny_module, 2.0, Layers.only("terrain", "areas"))
    mp = MapPainter(tiny_module.map)
    cx, cy = center(tiny_module, "0303")
    # Just inside the south side of 0303, on the band: a red tint over the clear colour.
    band = pixel(image, mp, 2.0, cx, cy + 0.866 * 40 - 0.07 * 40)
    assert band.red() > 230 and band.green() < 150 and band.blue() < 140, band.name()


@pytest.mark.parametrize("shifted", ["odd", "even"])
def test_pointy_top_map_renders(qapp, shifted):
    module = make_module(orientation="pointy", shifted=shifted)
    image = render_image(module, 1.0)
    w, h = module.map.grid.layout().bounds()
    m = MapPainter(module.map).margin()
    assert (image.width(), image.height()) == (math.ceil(w + 2 * m), math.ceil(h + 2 * m))
    mp = MapPainter(module.map)
    assert close(pixel(image, mp, 1.0, *center(module, "0402")), WOODS)
    assert close(pixel(image, mp, 1.0, *center(module, "0101")), CLEAR)


def test_render_png_writes_the_file_atomically(qapp, tiny_module, tmp_path):
    out = tmp_path / "map.png"
    size = render_png(tiny_module, out, scale=1.5)
    loaded = QImage(str(out))
    assert not loaded.isNull()
    assert (loaded.width(), loaded.height()) == size
    assert [p.name for p in tmp_path.iterdir()] == ["map.png"]


def test_render_rejects_a_bad_scale(qapp, tiny_module):
    with pytest.raises(ValueError, match="scale"):
        render_image(tiny_module, 0)


def test_all_features_and_patterns_paint_without_error(qapp):
    """Every glyph kind, pattern, level style and connection kind goes through the painter."""
    from typing import get_args

    from hexwright.runtime.model import (
        ConnectionType,
        HexData,
        HexFeature,
        HexFeatureType,
        HexsideData,
        Level,
        TerrainType,
    )
    from hexwright.runtime.model.map import FeatureKind, Pattern

    module = make_module(cols=8, rows=8)
    md = module.map
    kinds = get_args(FeatureKind)
    md.hex_feature_types = {k: HexFeatureType(name=k, kind=k, symbol="X") for k in kinds}
    md.terrain_types.update({p: TerrainType(name=p, color="#c0c0a0", pattern=p) for p in get_args(Pattern)})
    md.connection_types["rail"] = ConnectionType(name="Rail", kind="railroad", color="#222222", width=2)
    md.connection_types["trail"] = ConnectionType(name="Trail", kind="trail", dashed=True)
    md.hexsides["0303/N"] = HexsideData(features=["river"], connections=["road", "rail", "trail"])
    md.hexsides["0101/N"] = HexsideData(connections=["rail"])  # leaves the map
    md.levels = [Level(value=v) for v in range(4)]
    scheme, grid = md.grid.labels.scheme(), md.grid.hex_grid()
    patterns = list(get_args(Pattern))
    for i, h in enumerate(grid.hexes()):
        label = scheme.format(h, grid)
        md.hexes[label] = HexData(terrain=patterns[i % len(patterns)], level=i % 4, name="N",
                                  features=[HexFeature(type=kinds[i % len(kinds)], side="x"),
                                            HexFeature(type=kinds[(i + 5) % len(kinds)])])
    for style in ("ramp", "contours", "numbers"):
        image = render_image(module, 1.0, Layers(level_style=style))
        assert image.width() > 0
    assert Hex(0, 0) in MapPainter(md).visible_hexes(None)


def test_underlay_is_drawn_through_its_affine_transform(qapp, tiny_module):
    from PySide6.QtGui import QColor

    from hexwright.runtime.model import Underlay
    from hexwright.runtime.ui.render_image import png_bytes

    scan = QImage(100, 100, QImage.Format_ARGB32)
    scan.fill(QColor("#ff0000"))
    # Image pixels are doubled and moved 30 px right: the scan covers map x 30..230, y 0..200.
    tiny_module.map.grid.underlay = Underlay(image="images/scan.png", opacity=1.0, transform=(2, 0, 30, 0, 2, 0))
    assets = {"images/scan.png": png_bytes(scan)}
    image = render_image(tiny_module, 1.0, Layers.only("underlay"), assets=assets)
    mp = MapPainter(tiny_module.map)
    assert pixel(image, mp, 1.0, 40, 100).name() == "#ff0000"
    assert pixel(image, mp, 1.0, 220, 190).name() == "#ff0000"
    assert pixel(image, mp, 1.0, 20, 100).name() == "#ffffff"
    assert pixel(image, mp, 1.0, 240, 100).name() == "#ffffff"
    # Hidden, or missing from the assets: nothing drawn, no error.
    assert pixel(render_image(tiny_module, 1.0, Layers.only("underlay")), mp, 1.0, 40, 100).name() == "#ffffff"
