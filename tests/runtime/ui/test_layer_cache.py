"""The map kept as raster tiles per layer group: the same picture as drawing afresh, and an
edit redraws only the group it changed, only around its hexes."""

from __future__ import annotations

import pytest
from carto_maps import showcase_module
from image_compare import compare
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from hexwright.runtime.ui.map_painter import CONTOURS, OVER, TERRAIN, UNDER
from hexwright.runtime.ui.map_view import DESK, PAPER, MapScene, MapView
from hexwright.runtime.ui.render_image import make_painter_for

pytestmark = pytest.mark.gui


@pytest.fixture
def setup(qtbot):
    module = showcase_module("modern")
    view = MapView(MapScene(make_painter_for(module)))
    view.resize(520, 380)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return module, view


def afresh(module, view: MapView) -> QImage:
    """What the viewport should show: the map drawn directly, with a new painter (no caches)."""
    size = view.viewport().size()
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(DESK)
    painter = QPainter(image)
    painter.setRenderHints(view.renderHints())
    painter.setTransform(view.viewportTransform())
    rect = view.map_scene.map_item.boundingRect()
    shown = view.mapToScene(view.viewport().rect()).boundingRect().intersected(rect)
    painter.fillRect(shown, PAPER)
    make_painter_for(module).paint(painter, shown)
    painter.end()
    return image


def shown(view: MapView) -> QImage:
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def assert_same(a: QImage, b: QImage) -> None:
    differing, _mask = compare(a, b)
    assert differing <= 0.001, f"{differing:.3%} of pixels differ"


@pytest.mark.parametrize("zoom", [1.0, 1.37])
def test_the_tiles_compose_the_same_picture_as_drawing_afresh(setup, zoom):
    module, view = setup
    view.set_zoom(zoom)
    view.centerOn(*view.map_painter.cache.center(view.map_painter.hex_index("0605")))
    assert_same(shown(view), afresh(module, view))


def edit_and_repaint(view: MapView, labels: list[str]) -> list[str]:
    item = view.map_scene.map_item
    rect = item.invalidate_hexes(labels)
    view.viewport().repaint(view.mapFromScene(rect).boundingRect().adjusted(-2, -2, 2, 2))
    return sorted({group for group, _area in item.layer_cache.drawn})


def test_a_terrain_stroke_redraws_only_the_terrain_around_its_hexes(setup):
    module, view = setup
    view.set_zoom(1.0)
    view.centerOn(*view.map_painter.cache.center(view.map_painter.hex_index("0605")))
    shown(view)  # every tile drawn
    stroke = ["0504", "0505", "0605"]
    for label in stroke:
        module.map.hexes[label] = module.map.hexes[label].model_copy(update={"terrain": "marsh"})
    assert edit_and_repaint(view, stroke) == [TERRAIN]
    drawn = view.map_scene.map_item.layer_cache.drawn
    around = view.map_painter.repaint_rect(stroke).adjusted(-1, -1, 1, 1)  # out to whole pixels
    assert drawn and all(around.contains(area) for _group, area in drawn)
    assert_same(shown(view), afresh(module, view))


def test_a_level_stroke_redraws_tints_and_contours_but_not_terrain_or_lines(setup):
    module, view = setup
    view.centerOn(*view.map_painter.cache.center(view.map_painter.hex_index("0605")))
    shown(view)
    stroke = ["0604", "0605"]
    for label in stroke:
        module.map.hexes[label] = module.map.hexes[label].model_copy(update={"level": 2})
    assert edit_and_repaint(view, stroke) == [CONTOURS, UNDER]
    assert_same(shown(view), afresh(module, view))


def test_a_hexside_edit_redraws_every_group_around_it(setup):
    """A change the painter cannot see in the hexes (a river on a hexside) redraws all groups."""
    _module, view = setup
    view.centerOn(*view.map_painter.cache.center(view.map_painter.hex_index("0303")))  # in view whatever the map's furniture
    shown(view)
    assert edit_and_repaint(view, ["0303", "0304"]) == [CONTOURS, OVER, TERRAIN, UNDER]


def test_replacing_the_style_starts_afresh(setup):
    from hexwright.runtime.model import BUILTIN_STYLES

    module, view = setup
    shown(view)
    view.map_painter.set_style(BUILTIN_STYLES["classic"])
    view.viewport().repaint()
    drawn = view.map_scene.map_item.layer_cache.drawn
    assert {group for group, _ in drawn} == {UNDER, OVER}  # classic draws no natural terrain, no contour group
    module.map.style.base = "classic"
    assert_same(shown(view), afresh(module, view))


def test_an_image_of_the_scene_is_drawn_afresh_not_from_tiles(setup):
    """QGraphicsScene.render (exports) passes no widget: no tiles at the export's scale."""
    _module, view = setup
    shown(view)
    view.map_scene.map_item.layer_cache.drawn = []
    image = QImage(200, 150, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    view.map_scene.render(painter, QRectF(0, 0, 200, 150), QRectF(0, 0, 400, 300))
    painter.end()
    assert view.map_scene.map_item.layer_cache.drawn == []
    assert len({image.pixel(x, 75) for x in range(0, 200, 5)}) > 3  # the map was drawn


def test_a_second_view_at_another_zoom_keeps_its_own_tiles(setup, qtbot):
    """The play window's overview shows the same scene smaller: painting it must not throw away the
    board's tiles (they were one cache, cleared by each view's zoom in turn), and an edit reaches both."""
    module, view = setup
    view.set_zoom(1.0)
    shown(view)
    item = view.map_scene.map_item
    board = item.layer_cache
    overview = MapView(view.map_scene)
    overview.resize(200, 150)
    qtbot.addWidget(overview)
    overview.show()
    qtbot.waitExposed(overview)
    overview.fit_to_window()
    overview.viewport().grab()  # the overview's tiles, at its zoom
    assert item.layer_cache is not board and item.layer_cache.drawn
    small = item.layer_cache
    shown(view)
    assert item.layer_cache is board and board.drawn == []  # composed from its tiles, nothing drawn again
    stroke = ["0604", "0605"]
    for label in stroke:
        module.map.hexes[label] = module.map.hexes[label].model_copy(update={"level": 2})
    item.invalidate_hexes(stroke)
    overview.viewport().grab()
    assert item.layer_cache is small and {group for group, _area in small.drawn} == {CONTOURS, UNDER}
    assert_same(shown(view), afresh(module, view))


def test_the_level_regions_are_made_once_for_every_group_and_view(setup):
    """Tints (under) and contours are drawn from the same level regions: made once for the hexes shown."""
    _module, view = setup
    mp = view.map_painter
    everything = mp.visible_indices(None)
    first = mp._level_regions(everything)
    assert first and mp._level_regions(list(everything)) is first
    mp.invalidate(["0605"])
    assert mp._level_regions(everything) is not first  # an edit: made again
