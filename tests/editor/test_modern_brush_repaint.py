"""Issue 22, Deliver 6: a brush stroke on a modern map, painted with the mouse in the editor,
changes the hexes and redraws only the natural terrain around the hexes whose shapes changed;
the canvas then shows what drawing the map afresh shows."""

from __future__ import annotations

import pytest
from builders import small_module
from image_compare import compare
from PySide6.QtGui import QImage, QPainter

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import HexData, StyleChoice
from hexwright.runtime.ui.map_painter import TERRAIN
from hexwright.runtime.ui.map_view import DESK, PAPER
from hexwright.runtime.ui.render_image import make_painter_for

pytestmark = pytest.mark.gui


@pytest.fixture
def module():
    m = small_module(8, 7)
    m.map.style = StyleChoice(base="modern")
    for label in ("0302", "0303", "0402", "0604", "0605"):
        m.map.hexes[label] = HexData(terrain="rough")
    for label in ("0504", "0505"):
        m.map.hexes[label] = HexData(terrain="marsh")
    return m


def afresh(window) -> QImage:
    """What the canvas should show: the document's map drawn directly by a new painter."""
    view = window.canvas
    image = QImage(view.viewport().size(), QImage.Format.Format_RGB32)
    image.fill(DESK)
    painter = QPainter(image)
    painter.setRenderHints(view.renderHints())
    painter.setTransform(view.viewportTransform())
    shown = view.mapToScene(view.viewport().rect()).boundingRect().intersected(
        view.map_scene.map_item.boundingRect())
    painter.fillRect(shown, PAPER)
    make_painter_for(window.doc.module).paint(painter, shown)
    painter.end()
    return image


def drawn_while(window, act) -> list:
    """What the canvas's tiles drew again (layer group, map rectangle) while ``act`` ran and
    the canvas repainted after it."""
    cache = window.scene.map_item.layer_cache
    paint, drawn = cache.paint, []

    def spy(painter, exposed):
        paint(painter, exposed)
        drawn.extend(cache.drawn)

    cache.paint = spy
    try:
        act()
        window.canvas.viewport().repaint()
    finally:
        del cache.paint
    return drawn


def same_around(window, mouse, labels) -> float:
    """How much of the canvas around ``labels`` differs from a fresh drawing (the pointer,
    and the brush outline that follows it, moved away first)."""
    mouse.qtbot.mouseMove(window.canvas.viewport(), mouse.centre(Hex(7, 6)))
    window.canvas.viewport().repaint()
    rect = window.canvas.mapFromScene(window.map_painter.repaint_rect(labels)).boundingRect()
    shown = window.canvas.viewport().grab().toImage().copy(rect)
    return compare(shown, afresh(window).copy(rect))[0]


def test_a_woods_stroke_redraws_only_the_terrain_around_the_hexes_it_reshaped(window, mouse):
    assert window.map_painter.style.terrain == "natural"
    window.canvas.viewport().grab()  # every tile drawn once
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="woods", radius=0)
    drawn = drawn_while(window, lambda: mouse.drag(mouse.centre(Hex(c, 4)) for c in (1, 2)))  # 0205, 0305
    assert [window.doc.map.terrain_of(label) for label in ("0205", "0305")] == ["woods", "woods"]
    assert window.doc.undo_stack.count() == 1
    # The woods have no woods neighbours, and clear (the default) is drawn under the shapes:
    # nothing but these two hexes' shapes changed, so nothing further was drawn again.
    own = window.map_painter.hexes_rect(["0205", "0305"])
    assert drawn and {group for group, _area in drawn} == {TERRAIN}
    assert all(own.adjusted(-1, -1, 1, 1).contains(area) for _group, area in drawn)
    assert same_around(window, mouse, ["0205", "0305"]) <= 0.001


def test_painting_over_a_terrain_reshapes_its_neighbours_too(window, mouse):
    """Rough turned to marsh beside marsh: the marsh neighbours' outlines open up, and the rough
    neighbour's closes; the canvas shows it as a fresh render does, and after the undo too."""
    window.canvas.viewport().grab()
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="marsh", radius=0)
    drawn = drawn_while(window, lambda: mouse.click(mouse.centre(Hex(5, 3))))  # 0604
    assert window.doc.map.terrain_of("0604") == "marsh"
    own = window.map_painter.hexes_rect(["0604"])
    assert any(not own.adjusted(-1, -1, 1, 1).contains(area) for _group, area in drawn)  # the neighbours'
    assert same_around(window, mouse, ["0604"]) <= 0.001
    window.doc.undo_stack.undo()
    window.canvas.viewport().repaint()
    assert window.doc.map.terrain_of("0604") == "rough"
    assert same_around(window, mouse, ["0604"]) <= 0.001
