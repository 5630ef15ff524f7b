"""Issue 22: the editor draws the module's boxes and tracks in the map's style, as the play
window, the VASSAL board and the print kit do, under the setup's counters, whose first row
starts below the box's title as in play."""

from __future__ import annotations

import pytest
from builders import small_module
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from hexwright.editor.edits.naming import GridNames
from hexwright.editor.edits.setup_layout import setup_spots
from hexwright.runtime.model import Box, Placement, Rect, StyleChoice, StyleTweaks, Track, TrackSpace
from hexwright.runtime.ui.play.board_layout import HEADER

BOX = Rect(x=-300, y=0, width=220, height=160)
TRACK = Rect(x=0, y=-140, width=240, height=60)


def _module():
    m = small_module(8, 7)
    m.map.boxes["reserve"] = Box(name="Blue reserve", kind="holding", side="blue", rect=BOX)
    m.map.tracks["turns"] = Track(name="Turn track", kind="turn", rect=TRACK,
                                  spaces=[TrackSpace(label=str(n), value=n) for n in (1, 2, 3)])
    m.map.style = StyleChoice(base="modern", tweaks=StyleTweaks(colors={"furniture": "#a0d0f0"}))
    m.scenarios["basic"].setup = [Placement(piece="blue-1", box="reserve")]
    return m


@pytest.fixture
def module():
    return _module()


def test_a_counter_set_up_in_a_box_stands_below_its_title():
    m = _module()
    [spot] = setup_spots(m, m.scenarios["basic"], GridNames(m.map.grid))
    assert spot.box == "reserve" and spot.y >= BOX.y + HEADER and spot.x >= BOX.x
    assert spot.y + spot.size <= BOX.y + BOX.height


def _colour_at(window, x: float, y: float) -> QColor:
    image = window.canvas.viewport().grab().toImage()
    pos = window.canvas.mapFromScene(QPointF(x, y))
    return image.pixelColor(pos)


@pytest.mark.gui
def test_boxes_and_tracks_are_drawn_in_the_maps_style_and_follow_it(window, qtbot):
    window.canvas.set_zoom(1.0)
    window.canvas.centerOn(BOX.x + BOX.width, BOX.y + BOX.height / 2)
    qtbot.wait(20)
    inside = (BOX.x + BOX.width - 20, BOX.y + BOX.height - 20)  # clear of the title and the frame
    assert _colour_at(window, *inside).name() == "#a0d0f0"  # the style's furniture paper, tweaked
    regions = window.canvas.boxes_item.regions
    assert sorted(r.key for r in regions) == ["box:reserve", "track:turns:0", "track:turns:1", "track:turns:2"]
    assert [t[0] for t in window.canvas.boxes_item.titles] == ["Turn track"]
    window.style_dock.show()
    combo = window.style_panel.base
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key_Up)  # Classic is above Modern
    assert combo.currentData() == "classic"  # the tweak stays, the classic box is its own panel colour
    qtbot.wait(20)
    assert window.doc.map.style.base == "classic"
    assert _colour_at(window, *inside).name() == "#f4efe0"
    window.boxes.list.setCurrentRow(0)  # the picked box is outlined over its styled frame
    assert [picked for _r, _n, picked in window.canvas.overlay.boxes].count(True) == 1
    assert window.canvas.overlay.zValue() > 40 > window.canvas.boxes_item.zValue() > window.scene.map_item.zValue()
    assert Qt.MouseButton.NoButton == window.canvas.boxes_item.acceptedMouseButtons()
