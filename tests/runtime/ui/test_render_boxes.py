"""``hexwright render`` draws the module's off-map boxes and tracks beside the map, where the
play window puts them and as it draws them, in the map's style (a small synthetic module)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from ui_maps import make_module

from hexwright.runtime.model import StyleChoice, resolve_style
from hexwright.runtime.model.map import Box, Rect, Track, TrackSpace
from hexwright.runtime.state import GameState, RngState
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.map_painter import MapPainter
from hexwright.runtime.ui.play.board_layout import board_layout
from hexwright.runtime.ui.region_painter import BOX_FILL, TRACK_FILL
from hexwright.runtime.ui.render_image import render_image, render_png

pytestmark = pytest.mark.gui

BOX = Rect(x=330.0, y=20.0, width=120.0, height=90.0)


def boxed_module(style: str | None = None):
    """The tiny map with a reinforcement box placed right of it and a turn track of five spaces
    laid out below it (no rect: where the play window puts it)."""
    m = make_module()
    m.map.boxes["reinf"] = Box(name="Reinforcements", kind="reinforcement", rect=BOX)
    m.map.tracks["turn"] = Track(name="Turn Track", kind="turn", spaces=[TrackSpace(label=str(n)) for n in range(1, 6)])
    if style is not None:
        m.map.style = StyleChoice(base=style)
    return m


def at(image, left: float, top: float, x: float, y: float) -> QColor:
    return image.pixelColor(int(x - left), int(y - top))


def close(c: QColor, want: QColor, tol: int = 4) -> bool:
    return all(abs(a - b) <= tol for a, b in ((c.red(), want.red()), (c.green(), want.green()), (c.blue(), want.blue())))


def regions(m):
    layout = board_layout(m, GameState(scenario="", turn=1, rng=RngState(seed=0)))
    return {r.key: r for r in layout.regions}


def test_render_draws_the_modules_box_and_track_where_the_play_window_puts_them(qapp):
    m = boxed_module()
    plain = render_image(make_module(), 1.0)
    image = render_image(m, 1.0)
    places = regions(m)
    box, space = places["box:reinf"], places["track:turn:2"]
    right = max(box.x + box.width, space.x + space.width)
    bottom = max(box.y + box.height, space.y + space.height)
    map_rect = MapPainter(m.map).map_rect()
    assert image.width() > plain.width() and image.height() > plain.height()
    left, top = map_rect.left(), map_rect.top()
    assert image.width() >= right - left and image.height() >= bottom - top  # the band beside the map is drawn
    # inside the box, under its title, and inside the third turn space, under its number: their fills
    assert close(at(image, left - 12, top - 12, box.x + box.width / 2, box.y + box.height - 8), BOX_FILL)
    assert close(at(image, left - 12, top - 12, space.x + 3, space.y + space.height - 3), TRACK_FILL)
    assert "track:turn:4" in places and "pile:eliminated" in places  # the play window's piles are not drawn:
    pile = places["pile:eliminated"]
    assert pile.y > bottom or not close(at(image, left - 12, top - 12, pile.x + 5, pile.y + pile.height - 5), BOX_FILL)


def test_the_boxes_and_tracks_follow_the_map_style_and_the_furniture_layer(qapp, tmp_path):
    modern = render_image(boxed_module("modern"), 1.0)
    classic = render_image(boxed_module("classic"), 1.0)
    m = boxed_module("modern")
    box = regions(m)["box:reinf"]
    rect = MapPainter(m.map).map_rect()
    inside = (box.x + box.width / 2, box.y + box.height - 8)
    paper = QColor(resolve_style(m.map.style).palette.furniture)
    assert close(at(modern, rect.left() - 12, rect.top() - 12, *inside), paper)
    assert close(at(classic, rect.left() - 12, rect.top() - 12, *inside), BOX_FILL)
    hexes_only = render_image(m, 1.0, Layers(furniture=False))
    assert hexes_only.size() == render_image(make_module(), 1.0, Layers(furniture=False)).size()
    size = render_png(m, tmp_path / "board.png", 1.0)
    assert size == (modern.width(), modern.height())
