"""Ctrl+V floats the copied hexes under the pointer; [ ] and R turn the stamp 60° about its
anchor (hexsides and roads turn with it), M mirrors, a click lands it, Esc cancels."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from hexwright.runtime.geometry import Hex
from hexwright.runtime.storage import files_from_module

pytestmark = pytest.mark.gui


def _copy_corner(window, mouse, qtbot):
    """Copy hexes (0,0)-(1,2): the builder's woods town 0203, its river 0203/N and road 0101/SE."""
    window.set_tool("RegionSelect")
    mouse.drag([mouse.centre(Hex(0, 0)), mouse.centre(Hex(1, 2))])
    qtbot.keyClick(window.canvas, Qt.Key_C, Qt.ControlModifier)


def _placed(grid, anchor, target, h, turns):
    """Where hex ``h`` of a stamp anchored at ``anchor`` lands at ``target`` after ``turns``."""
    qa, ra = grid.to_axial(anchor)
    q, r = grid.to_axial(h)
    dq, dr = q - qa, r - ra
    for _ in range(turns):
        dq, dr = -dr, dq + dr
    q0, r0 = grid.to_axial(target)
    return grid.from_axial(q0 + dq, r0 + dr)


def test_turned_paste_preview_follows_the_pointer_and_lands_on_click(window, mouse, qtbot):
    doc = window.doc
    names, grid = doc.names, doc.names.grid
    road_a, road_b = grid.hexside_hexes(names.side_of("0101/SE"))
    river_a, river_b = grid.hexside_hexes(names.side_of("0203/N"))
    _copy_corner(window, mouse, qtbot)
    radius = window.settings.radius
    before = files_from_module(doc.module)
    qtbot.keyClick(window.canvas, Qt.Key_V, Qt.ControlModifier)
    target = Hex(5, 3)
    qtbot.mouseMove(window.canvas.viewport(), mouse.centre(target))
    assert window.canvas.tool is window.tools["PasteStamp"]
    assert len(window.canvas.overlay.preview) == 6
    assert window.canvas.overlay.stamp_fills  # the stamp's terrain floats under the pointer
    qtbot.keyClick(window.canvas, Qt.Key_BracketRight)  # 60°
    qtbot.keyClick(window.canvas, Qt.Key_R)             # 120°
    assert window.tools["PasteStamp"].turns == 2
    assert window.settings.radius == radius  # [ ] turn the stamp, not the brush
    assert window.canvas.tool is window.tools["PasteStamp"]  # R did not pick the hexside painter
    assert "turned 120°" in window.tool_label.text()
    expected = {names.label(_placed(grid, Hex(0, 0), target, Hex(c, r), 2)) for c in (0, 1) for r in (0, 1, 2)}
    assert set(window.canvas.overlay.preview) == expected  # the preview is the turned shape
    river_lines = [line for line in window.canvas.overlay.stamp_lines if line[2] > 0.1]
    assert len(river_lines) == 1
    # the stamp is drawn: the town's woods show where the town will land, over the clear map
    town_label = names.label(_placed(grid, Hex(0, 0), target, Hex(1, 2), 2))
    assert doc.map.terrain_of(town_label) == "clear"
    [(_woods_hexes, woods_colour)] = [(ls, c) for ls, c in window.canvas.overlay.stamp_fills if town_label in ls]
    assert woods_colour == doc.map.terrain_types["woods"].color
    window.canvas.viewport().repaint()
    shown = window.canvas.viewport().grab().toImage().pixelColor(mouse.centre(_placed(grid, Hex(0, 0), target,
                                                                                      Hex(1, 2), 2)))
    woods, clear = QColor(woods_colour), QColor(doc.map.terrain_types["clear"].color)
    assert abs(shown.green() - woods.green()) < abs(shown.green() - clear.green())
    assert abs(shown.red() - woods.red()) < abs(shown.red() - clear.red())
    mouse.click(mouse.centre(target))
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Paste"
    assert window.canvas.tool is window.tools["RegionSelect"]
    assert window.canvas.overlay.stamp_fills == []
    m = doc.map
    town = _placed(grid, Hex(0, 0), target, Hex(1, 2), 2)
    assert m.hex_data(names.label(town)) == m.hex_data("0203")
    road = grid.hexside_between(*(_placed(grid, Hex(0, 0), target, h, 2) for h in (road_a, road_b)))
    assert m.hexsides[names.side_id(road)].connections == ["road"]
    river = grid.hexside_between(*(_placed(grid, Hex(0, 0), target, h, 2) for h in (river_a, river_b)))
    assert m.hexsides[names.side_id(river)].features == ["river"]
    doc.undo_stack.undo()
    assert files_from_module(doc.module) == before


def test_left_bracket_and_shift_r_turn_back_and_m_mirrors(window, mouse, qtbot):
    _copy_corner(window, mouse, qtbot)
    qtbot.keyClick(window.canvas, Qt.Key_V, Qt.ControlModifier)
    stamp = window.tools["PasteStamp"]
    qtbot.keyClick(window.canvas, Qt.Key_BracketLeft)
    assert stamp.turns == 5
    qtbot.keyClick(window.canvas, Qt.Key_R, Qt.ShiftModifier)
    assert stamp.turns == 4
    qtbot.keyClick(window.canvas, Qt.Key_M)
    assert stamp.mirrored
    target = Hex(4, 3)
    qtbot.mouseMove(window.canvas.viewport(), mouse.centre(target))
    mouse.click(mouse.centre(target))
    assert window.doc.undo_stack.count() == 1


def test_escape_cancels_the_paste(window, mouse, qtbot):
    _copy_corner(window, mouse, qtbot)
    before = window.doc.module.model_copy(deep=True)
    qtbot.keyClick(window.canvas, Qt.Key_V, Qt.ControlModifier)
    qtbot.mouseMove(window.canvas.viewport(), mouse.centre(Hex(4, 3)))
    assert window.canvas.overlay.stamp_fills
    qtbot.keyClick(window.canvas, Qt.Key_Escape)
    assert window.canvas.tool is window.tools["RegionSelect"]
    assert window.canvas.overlay.stamp_fills == []
    mouse.click(mouse.centre(Hex(5, 5)))  # an ordinary click again: selects, pastes nothing
    assert window.doc.undo_stack.count() == 0
    assert window.doc.module == before
