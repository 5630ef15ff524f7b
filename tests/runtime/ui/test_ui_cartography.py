"""Map styles in the renderer: natural terrain inside its hexes, stable shapes, local repaints."""

from __future__ import annotations

import math

import pytest
from carto_maps import showcase_module, st_lo_module
from image_compare import PIXEL_TOLERANCE, compare
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from hexwright.runtime.model import HexData
from hexwright.runtime.ui.render_image import make_painter_for, render_image

pytestmark = pytest.mark.gui


def center(module, label):
    grid = module.map.grid
    return grid.layout().center(grid.labels.scheme().parse(label, grid.hex_grid()))


def pixel(image, module, x, y, scale=1.0, style=None):
    rect = make_painter_for(module, style=style).map_rect()
    return image.pixelColor(int((x - rect.left()) * scale), int((y - rect.top()) * scale))


def greenish(c: QColor) -> bool:
    return c.green() > c.red() + 12 and c.green() > c.blue() + 12


def test_modern_woods_fill_their_hex_and_stay_out_of_the_clear_neighbour(qapp):
    module = showcase_module("modern")
    image = render_image(module, 2.0)
    # 0302 is woods, 0402 beside it is clear: sample along the line between their centres.
    (ax, ay), (bx, by) = center(module, "0302"), center(module, "0402")
    inside = [pixel(image, module, ax + (bx - ax) * t, ay + (by - ay) * t, 2.0) for t in (0.1, 0.3)]
    outside = [pixel(image, module, ax + (bx - ax) * t, ay + (by - ay) * t, 2.0) for t in (0.52, 0.7, 0.9)]
    assert all(greenish(c) for c in inside), [c.name() for c in inside]
    assert not any(greenish(c) for c in outside), [c.name() for c in outside]


def test_classic_keeps_the_hex_filled_look(qapp):
    module = showcase_module("classic")
    image = render_image(module, 2.0)
    (ax, ay), (bx, by) = center(module, "0302"), center(module, "0402")
    # Right up to the hexside the woods hex is woods-coloured (no natural inset).
    assert greenish(pixel(image, module, ax + (bx - ax) * 0.47, ay + (by - ay) * 0.47, 2.0))


def test_renders_are_identical_run_after_run_and_the_seed_changes_the_shapes(qapp):
    a = render_image(showcase_module("modern"), 1.0)
    b = render_image(showcase_module("modern"), 1.0)
    assert a == b
    other = showcase_module("modern")
    other.meta.id = "another"
    assert render_image(other, 1.0) != a


def test_render_style_overrides_the_modules_own(qapp):
    module = showcase_module("classic")
    assert render_image(module, 1.0, style="modern") == render_image(showcase_module("modern"), 1.0)


@pytest.mark.parametrize("style", ["modern", "classic"])
def test_repainting_only_around_an_edited_hex_gives_the_full_render(qapp, style):
    """An edit re-shapes the edited hex and its neighbours only: a local repaint is enough."""
    module = st_lo_module(style, cols=10, rows=8)
    mp = make_painter_for(module)
    rect = mp.map_rect()
    image = QImage(math.ceil(rect.width()), math.ceil(rect.height()), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)

    def paint(exposed):
        p = QPainter(image)
        p.translate(-rect.left(), -rect.top())
        if exposed is not None:
            p.setClipRect(exposed)
            p.fillRect(exposed, Qt.GlobalColor.white)
        mp.paint(p, exposed)
        p.end()

    paint(None)
    label = "0504"
    hd = module.map.hexes.get(label, HexData())
    module.map.hexes[label] = hd.model_copy(update={"terrain": "woods", "level": hd.level + 3})
    mp.invalidate([label])  # what the editor does with the edit's change record
    touched = [label] + [mp.cache.label(j) for j in mp.cache.neighbors(mp.hex_index(label)) if j >= 0]
    exposed = QRectF(mp.hexes_rect(touched).toAlignedRect())
    paint(exposed)
    fresh = render_image(module, 1.0)
    # A clip changes antialiasing a little (Qt rasterises clipped strokes another way): compare
    # with the golden-image tolerance; a shape left stale would differ far more.
    differing, _mask = compare(image, fresh)
    assert differing <= PIXEL_TOLERANCE / 4


def test_fourteen_levels_draw_fourteen_contour_regions(qapp):
    module = st_lo_module("modern")
    mp = make_painter_for(module)
    levels = {hd.level for hd in module.map.hexes.values()}
    assert max(levels) >= 10
    regions = []
    regions = mp._level_regions(mp.visible_indices(None))
    assert [t for t, _f, _e in regions] == sorted(v for v in levels if v > 0)
    assert all(edges and not any(e.isEmpty() for _key, e in edges) for _t, _f, edges in regions)


def test_the_legend_lists_the_terrain_effects_chart(qapp):
    from hexwright.runtime.model.legend import legend_entries

    module = showcase_module("modern")
    rows = {(e.kind, e.type_id): e for e in legend_entries(module.map, module.tables.terrain_effects)}
    assert rows["terrain", "woods"].movement == "2" and rows["terrain", "woods"].combat == "−1 col"
    assert rows["terrain", "bocage"].movement == "foot 2, mech 3"
    assert rows["hexside", "river"].movement == "all MF" and rows["hexside", "river"].combat == "−2 col"
    assert rows["connection", "rail"].movement == "1/3"
    mp = make_painter_for(module)
    assert mp.map_rect().contains(QRectF(760.0, 0.0, 10.0, 10.0))  # the legend is part of the render


def test_hillshade_darkens_slopes_facing_away_from_the_light_and_lights_the_others(qapp):
    from hexwright.runtime.model import StyleTweaks

    module = st_lo_module("modern", cols=10, rows=8)
    flat = render_image(module, 1.0)
    module.map.style.tweaks = StyleTweaks(hillshade=True)
    shaded = render_image(module, 1.0)
    assert shaded != flat
    mp = make_painter_for(module)
    darker = lighter = 0
    for label, hd in module.map.hexes.items():
        i = mp.hex_index(label)
        x, y = center(module, label)
        a, b = pixel(flat, module, x, y), pixel(shaded, module, x, y)
        west = mp.cache.neighbors(i)[5]  # the north-west neighbour of a flat-top hex
        if west < 0:
            continue
        rise = module.map.hexes[mp.cache.label(west)].level - hd.level
        if rise > 0 and b.lightness() < a.lightness():
            darker += 1
        if rise < 0 and b.lightness() > a.lightness():
            lighter += 1
    assert darker > 0 and lighter > 0
