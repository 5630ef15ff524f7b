"""Fire support shown in the play window between fires, on the synthetic fire module (after St-Lô
10.1, 11.1.1, 11.3, 11.3.7; not St-Lô): what an OP can see — its places shaded, the hexes it
observes from the hex clicked tinted with their OV — and the artillery display panel following
every fire and undo through the window's one change channel."""

from __future__ import annotations

import pytest
from fire_modules import barrage_window
from play_helpers import click, counter_point, place_point
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from hexwright.runtime.engine import engine_state
from hexwright.runtime.rules import observe
from hexwright.runtime.state import Location

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    return barrage_window(qtbot, tmp_path)


def pixel(window, label: str) -> QColor:
    """The colour shown a little inside hex ``label``'s left corner (clear of counters)."""
    x, y = window.view.map_painter.cache.center(window.view.map_painter.hex_index(label))
    point = window.view.mapFromScene(x - window.module.map.grid.hex_size * 0.7, y)
    return window.view.viewport().grab().toImage().pixelColor(point)


def test_11_3_clicking_the_op_then_a_hex_shows_what_it_observes_with_the_ov(qtbot, window, tmp_path):
    view = window.rules.op_view
    done = len(window.game.actions)
    assert view.combo.isVisible() and not view.active
    click(qtbot, window, counter_point(window, "b_op"))  # the OP in its display box
    assert view.op == "b_op" and view.combo.currentData() == "b_op"
    places = set(window.rules.op_view.overlay.places)
    assert {"0503", "0505"} <= places and "0109" not in places  # 11.1.1: within b_inf's radius
    plain = pixel(window, "0507")
    click(qtbot, window, place_point(window, Location.hex("0505")))
    sight = view.overlay.sight
    assert sight is not None and sight.at == "0505" and sight.placeable
    assert sight.value_of("0508") == 4 and "best OV 4" in window.statusBar().currentMessage()
    seen = {o.target: o.value for o in sight.seen}
    assert seen["0507"] == observe(window.module, "0505", "0507").value and pixel(window, "0507") != plain
    assert "0508" in seen and all(observe(window.module, "0505", h).visible for h in seen)
    click(qtbot, window, place_point(window, Location.hex("0109")))  # not a place for it: shown, flagged
    assert view.overlay.sight.at == "0109" and not view.overlay.sight.placeable
    assert "may not be placed there now" in window.statusBar().currentMessage()
    click(qtbot, window, place_point(window, Location.hex("0505")))
    window.grab().save(str(tmp_path / "op_view.png"))
    view.combo.setFocus()
    qtbot.keyClick(view.combo, Qt.Key_Home)  # "OP view: off"
    assert not view.active and view.overlay.sight is None and not view.overlay.places
    assert len(window.game.actions) == done  # looking changes nothing in the game


def test_10_1_the_artillery_display_panel_follows_a_fire_and_its_undo(qtbot, window):
    panel = window.artillery
    assert panel is not None and set(panel.rows) == {"b_a1", "b_a2", "b_gs", "b_far"}
    assert panel.rows["b_a1"].text(1).endswith("6 of 6 left") and "support 2" in panel.rows["b_a1"].text(2)
    click(qtbot, window, counter_point(window, "r_inf2"))  # the fire dialog on 0508 (14.1)
    dialog = window.rules.fire_dialog
    combo = dialog.intensity["b_a1"]
    combo.setFocus()
    for _ in range(3):
        qtbot.keyClick(combo, Qt.Key_Down)  # maximum: three missions (10.2.1)
    qtbot.mouseClick(dialog.fire_button, Qt.LeftButton)
    assert engine_state(window.game.state).seq.missions == {"b_a1": 3}
    row = window.artillery.rows["b_a1"]
    assert row.text(1) == "■■■□□□  3 of 6 left"
    assert window.artillery.rows["b_a2"].text(1).endswith("6 of 6 left")
    window.activateWindow()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_Z, Qt.ControlModifier)  # undo
    assert engine_state(window.game.state).seq.missions == {}
    assert window.artillery.rows["b_a1"].text(1) == "□□□□□□  6 of 6 left"
