"""Levels in their own colours (hypsometric tints), even levels as stripes (St-Lô 11.2.1).

A map whose levels carry colours is printed the way a wargame map prints elevation: each
level's ground in its colour, a level with a ``stripe_color`` as stripes of both, contour
lines between, the default terrain's symbols on top, and the levels in the legend.
"""

from __future__ import annotations

import pytest
from carto_maps import st_lo_module
from PySide6.QtGui import QColor

from hexwright.runtime.model import Level, MapData, TerrainType
from hexwright.runtime.model.legend import legend_entries
from hexwright.runtime.ui.render_image import make_painter_for, render_image

pytestmark = pytest.mark.gui

RED, GREEN, BLUE = "#d04040", "#40b040", "#4060d0"


def coloured(style: str):
    """Three bands of levels on plain ground (no hedge symbols): 0-1 red, 2 stripes, 3+ blue."""
    module = st_lo_module(style, cols=10, rows=8)
    m: MapData = module.map
    m.terrain_types["bocage"] = TerrainType(name="Plain", color="#e0e0e0")  # solid: nothing drawn over the tint
    for label, data in m.hexes.items():
        m.hexes[label] = data.model_copy(update={"terrain": None, "features": []})
    m.hexsides.clear()
    m.default_terrain = "bocage"
    m.levels = [Level(value=0, color=RED), Level(value=1, color=RED), Level(value=2, color=RED, stripe_color=BLUE)]
    m.levels += [Level(value=v, color=BLUE) for v in range(3, 14)]
    return module


def centre_pixel(module, image, label, dx=0.0, dy=0.0, style=None) -> QColor:
    grid = module.map.grid
    x, y = grid.layout().center(grid.labels.scheme().parse(label, grid.hex_grid()))
    rect = make_painter_for(module, style=style).map_rect()
    return image.pixelColor(int(x + dx - rect.left()), int(y + dy - rect.top()))


def near(c: QColor, hex_color: str, tol: int = 40) -> bool:
    want = QColor(hex_color)
    return max(abs(c.red() - want.red()), abs(c.green() - want.green()), abs(c.blue() - want.blue())) <= tol


@pytest.mark.parametrize("style", ["modern", "classic"])
def test_each_level_prints_in_its_own_colour_and_a_striped_level_in_both(qapp, style):
    module = coloured(style)
    levels = {label: d.level for label, d in module.map.hexes.items() if not d.name}
    image = render_image(module, 1.0)
    low = next(lb for lb, v in sorted(levels.items()) if v <= 1)
    high = next(lb for lb, v in sorted(levels.items()) if v >= 4)
    assert near(centre_pixel(module, image, low), RED), centre_pixel(module, image, low).name()
    assert near(centre_pixel(module, image, high), BLUE), centre_pixel(module, image, high).name()
    striped = next(lb for lb, v in sorted(levels.items()) if v == 2)
    samples = [centre_pixel(module, image, striped, dx, dy) for dx in range(-8, 9, 2) for dy in (-3, 0, 3)]
    assert any(near(c, RED) for c in samples) and any(near(c, BLUE) for c in samples), [c.name() for c in samples]


def test_without_level_colours_the_map_draws_as_before(qapp):
    """Only a module that gives its levels colours gets hypsometric tints (the excerpt has none)."""
    plain = st_lo_module("modern", cols=10, rows=8)
    assert render_image(plain, 1.0) == render_image(st_lo_module("modern", cols=10, rows=8), 1.0)
    module = coloured("modern")
    assert render_image(module, 1.0) != render_image(st_lo_module("modern", cols=10, rows=8), 1.0)


def test_the_legend_lists_the_coloured_levels_lowest_first(qapp):
    module = coloured("modern")
    rows = [e for e in legend_entries(module.map, module.tables.terrain_effects) if e.kind == "level"]
    assert [e.type_id for e in rows] == [str(v) for v in range(14)]
    assert not [e for e in legend_entries(st_lo_module().map, None) if e.kind == "level"]
