"""The Map Style dock: picking and tweaking the style repaints the canvas, each change one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

pytestmark = pytest.mark.gui


def show_dock(window, qtbot):
    window.style_dock.show()
    window.style_dock.raise_()
    qtbot.waitExposed(window.style_panel)
    return window.style_panel


def pick(qtbot, combo, data):
    """Choose the entry with ``data`` by keyboard, as a user would."""
    combo.setFocus()
    while combo.currentData() != data:
        before = combo.currentIndex()
        qtbot.keyClick(combo, Qt.Key_Down if combo.findData(data) > before else Qt.Key_Up)
        assert combo.currentIndex() != before, f"cannot reach {data!r}"


def test_picking_modern_repaints_the_canvas_and_undo_goes_back(window, qtbot):
    panel = show_dock(window, qtbot)
    doc = window.doc
    before = window.canvas.viewport().grab().toImage()
    pick(qtbot, panel.base, "modern")
    assert doc.map.style.base == "modern"
    assert window.map_painter.style.name == "modern" and window.map_painter.style.terrain == "natural"
    qtbot.wait(20)
    after = window.canvas.viewport().grab().toImage()
    assert after != before  # the canvas is the live preview
    assert doc.is_dirty
    doc.undo_stack.undo()
    assert doc.map.style.base == "classic" and window.map_painter.style.name == "classic"
    assert panel.base.currentData() == "classic"  # the dock follows the undo


def test_stepping_a_width_is_one_undo_step_and_tweaks_the_painter(window, qtbot):
    panel = show_dock(window, qtbot)
    doc = window.doc
    steps = doc.undo_stack.count()
    panel.line_scale.setFocus()
    for _ in range(4):
        qtbot.keyClick(panel.line_scale, Qt.Key_Up)
    assert doc.map.style.tweaks.line_scale == pytest.approx(1.2)
    assert doc.undo_stack.count() == steps + 1
    assert window.map_painter.style.lines.roads == pytest.approx(1.2)
    pick(qtbot, panel.terrain, "natural")
    assert doc.map.style.tweaks.terrain == "natural" and window.map_painter.style.terrain == "natural"
    qtbot.mouseClick(panel.hillshade, Qt.LeftButton, pos=QPoint(8, panel.hillshade.height() // 2))
    assert doc.map.style.tweaks.hillshade is True and window.map_painter.style.hillshade
    panel.set_water("#113355")
    assert window.map_painter.style.palette.water == "#113355"
    qtbot.mouseClick(panel.reset, Qt.LeftButton)
    assert doc.map.style.tweaks.line_scale is None and window.map_painter.style.terrain == "hexes"


def test_title_and_legend_become_map_furniture(window, qtbot):
    panel = show_dock(window, qtbot)
    doc = window.doc
    rect = window.map_painter.map_rect()
    panel.title.setFocus()
    qtbot.keyClicks(panel.title, "Battle of Ville")
    qtbot.keyClick(panel.title, Qt.Key_Return)
    assert doc.map.furniture.title == "Battle of Ville"
    qtbot.mouseClick(panel.legend, Qt.LeftButton, pos=QPoint(8, panel.legend.height() // 2))
    assert doc.map.furniture.legend
    assert window.map_painter.map_rect().width() > rect.width()  # the cartouche and legend are drawn too
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.map.furniture.title == "" and not doc.map.furniture.legend
    assert panel.title.text() == ""
