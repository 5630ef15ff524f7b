"""Painting levels and long lines on a big map: level regions, level keys, continued lines.

Real mouse clicks (with Shift) and keys on the editor's canvas; the model is checked after.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import HexData, Level


@pytest.fixture
def module(module):
    """The small module with a plateau: a connected region of level 3 inside level 1 ground."""
    m = module.map
    m.levels = [Level(value=v, name=f"Level {v}") for v in (1, 3, 5)]
    names = {(c, r): f"{c + 1:02d}{r + 1:02d}" for c in range(8) for r in range(7)}
    plateau = {(2, 2), (3, 2), (2, 3), (3, 3), (4, 3)}
    for (c, r), label in names.items():
        data = m.hexes.get(label) or HexData()
        m.hexes[label] = data.model_copy(update={"level": 3 if (c, r) in plateau else 1})
    return module


def level_of(doc, c, r):
    return doc.map.hex_data(doc.names.label(Hex(c, r))).level


def test_shift_click_sets_the_whole_connected_level_region_in_one_step(window, mouse):
    doc = window.doc
    window.set_tool("LevelBrush")
    window.settings.update(level_mode="set", level=5, radius=0)
    mouse.shift_click(mouse.centre(Hex(3, 3)))
    assert [level_of(doc, c, r) for c, r in ((2, 2), (3, 2), (2, 3), (3, 3), (4, 3))] == [5] * 5
    assert level_of(doc, 5, 3) == 1 and level_of(doc, 1, 1) == 1  # the ground round it is untouched
    doc.undo_stack.undo()
    assert level_of(doc, 4, 3) == 3 and level_of(doc, 2, 2) == 3  # one undo step


def test_shift_click_raises_and_lowers_a_region_and_a_plain_click_one_hex(window, mouse):
    doc = window.doc
    window.set_tool("LevelBrush")
    window.settings.update(level_mode="raise", radius=0)
    mouse.shift_click(mouse.centre(Hex(2, 2)))
    assert level_of(doc, 4, 3) == 4 and level_of(doc, 2, 2) == 4
    window.settings.update(level_mode="lower")
    mouse.click(mouse.centre(Hex(4, 3)))
    assert level_of(doc, 4, 3) == 3 and level_of(doc, 3, 3) == 4
    mouse.shift_click(mouse.centre(Hex(0, 0)))  # the level-1 ground all round: one region
    assert level_of(doc, 0, 0) == 0 and level_of(doc, 7, 6) == 0 and level_of(doc, 3, 3) == 4


def test_plus_and_minus_step_the_brush_through_the_maps_levels(window, mouse, qtbot):
    doc = window.doc
    window.set_tool("LevelBrush")
    assert window.settings.level == 1  # the map's first level, not 0
    canvas = window.canvas
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key_Plus)
    assert window.settings.level == 3
    qtbot.keyClick(canvas, Qt.Key_Equal)
    assert window.settings.level == 5
    qtbot.keyClick(canvas, Qt.Key_Plus)
    assert window.settings.level == 6  # past the last declared level: one more
    qtbot.keyClick(canvas, Qt.Key_Minus)
    qtbot.keyClick(canvas, Qt.Key_Minus)
    assert window.settings.level == 3
    window.settings.update(level_mode="set", radius=0)
    mouse.click(mouse.centre(Hex(6, 5)))
    assert level_of(doc, 6, 5) == 3
    assert "set 3" in window.canvas.tool.status_text()


def test_shift_click_continues_a_boundary_from_the_last_side_painted(window, mouse):
    """A divisional boundary down the map: one click on its first side, Shift+click on its last."""
    doc = window.doc
    m = doc.map
    from hexwright.runtime.model import HexsideFeatureType

    m.hexside_feature_types["border"] = HexsideFeatureType(name="Division boundary", kind="boundary")
    window.set_tool("HexsidePainter")
    window.settings.update(hexside_feature="border")
    layout = doc.names.layout
    grid = doc.names.grid
    top = grid.hexside_between(Hex(3, 0), Hex(4, 0))
    bottom = grid.hexside_between(Hex(3, 6), Hex(4, 6))
    mouse.click(mouse.side_mid(top))
    mouse.shift_click(mouse.side_mid(bottom))
    keys = sorted(k for k, d in m.hexsides.items() if "border" in d.features)
    assert doc.names.side_id(top) in keys and doc.names.side_id(bottom) in keys
    assert len(keys) >= 7  # a continuous run of sides from the north edge to the south edge
    sides = [doc.names.side_of(k) for k in keys]
    corners = [{(round(x), round(y)) for x, y in layout.hexside_segment(s)} for s in sides]
    for i, ends in enumerate(corners):  # every side touches another: one connected line
        assert any(ends & other for j, other in enumerate(corners) if j != i)
    doc.undo_stack.undo()
    assert sorted(k for k, d in m.hexsides.items() if "border" in d.features) == [doc.names.side_id(top)]


def test_the_palette_shows_a_level_printed_as_stripes_in_both_colours(window):
    """St-Lô 11.2.1: an even level is a combination of the colours on either side."""
    from hexwright.editor.commands.set_levels import SetLevels

    doc = window.doc
    levels = [Level(value=1, color="#d04040"), Level(value=2, color="#d04040", stripe_color="#4060d0"),
              Level(value=3, color="#4060d0")]
    doc.push(SetLevels(doc, levels, "Colour the levels"))
    image = window.palette_dock.items[("level", "2")].icon(0).pixmap(16, 16).toImage()
    colours = {image.pixelColor(x, y).name() for x in range(16) for y in range(16)}
    assert {"#d04040", "#4060d0"} <= colours
    solid = window.palette_dock.items[("level", "3")].icon(0).pixmap(16, 16).toImage()
    assert {solid.pixelColor(x, y).name() for x in range(16) for y in range(16)} == {"#4060d0"}
