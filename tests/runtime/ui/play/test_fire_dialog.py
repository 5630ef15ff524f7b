"""The fire dialog in the play window (St-Lô 10.3, 11.3, 14.1 on the synthetic fire module): a
click on an enemy unit in a barrage step opens it with the OP's best place and its OV, the units'
intensities are chosen with the keyboard, and Fire rolls and applies through the window."""

from __future__ import annotations

import pytest
from fire_modules import barrage_window
from play_helpers import click, counter_point
from PySide6.QtCore import Qt

from hexwright.runtime.engine import engine_state

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    return barrage_window(qtbot, tmp_path)


def test_10_3_the_fire_dialog_shows_observation_values_and_column_then_fires(qtbot, window, tmp_path):
    assert window.rules.fire_button.isVisible()
    click(qtbot, window, counter_point(window, "r_inf2"))
    dialog = window.rules.fire_dialog
    assert dialog is not None and dialog.isVisible() and dialog.target == "0508"
    assert dialog.op_combo.currentData() == ("b_op", "0505") and "OV 4" in dialog.op_combo.currentText()
    assert not dialog.fire_button.isEnabled()  # no unit fires yet
    combo = dialog.intensity["b_a1"]
    combo.setFocus()
    for _ in range(3):
        qtbot.keyClick(combo, Qt.Key_Down)
    assert combo.currentData() == "maximum"
    text = dialog.plan_label.text()
    assert "OV 4</b>" in text and "support 2 × 3 (maximum) × OV 4 = 24" in text
    assert "final fire value 24</b> (10.3)" in text and "column 16-47" in text
    dialog.grab().save(str(tmp_path / "fire_dialog.png"))
    qtbot.mouseClick(dialog.fire_button, Qt.LeftButton)
    result = dialog.result_label.text()
    assert "Barrage Table: rolls" in result
    assert engine_state(window.game.state).seq.missions == {"b_a1": 3}
    assert window.game.entries[-1].text == result
