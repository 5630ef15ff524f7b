"""Assets in the play window on a synthetic module (after St-Lô 9.3, 9.3 C): the attack dialog
offers the assets the attacking unit may be assigned; the defender's choice of assets waits in
the phase bar before the roll."""

from __future__ import annotations

import pytest
from operations_modules import defence_module
from play_helpers import counter_point, shown_window
from PySide6.QtCore import QPoint, Qt

from hexwright.runtime.engine import ENGINE, engine_state, to_act
from hexwright.runtime.state import Game

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    return shown_window(qtbot, Game(defence_module(), "fight", 1, engine=ENGINE), tmp_path)


def test_9_3_the_attacker_ticks_assets_in_the_dialog_then_the_defender_picks_in_the_phase_bar(qtbot, window):
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, Qt.NoModifier, counter_point(window, "r_bn"))
    dialog = window.rules.attack_dialog
    assert dialog is not None and list(dialog.asset_boxes) == ["b_eng", "b_m4_1", "b_m4_2", "b_m4_3", "b_m4_4"]
    qtbot.waitExposed(dialog)
    assert "engineers" not in dialog.odds_label.text() and "armour differential" not in dialog.odds_label.text()
    for asset in ("b_m4_1", "b_eng"):  # on the box's indicator
        box = dialog.asset_boxes[asset]
        qtbot.mouseClick(box, Qt.LeftButton, Qt.NoModifier, QPoint(6, box.height() // 2))
    # the odds shown count the ticked assets: the engineer's DRM (9.4.2), the armour roll to come (9.4.1)
    assert "DRM +1: engineers (9.3)" in dialog.odds_label.text()
    assert "armour differential is rolled when the attack is resolved" in dialog.odds_label.text()
    qtbot.mouseClick(dialog.roll_button, Qt.LeftButton)  # "Declare and roll": the defender chooses first
    game, bar = window.game, window.rules
    assert engine_state(game.state).seq.attached == {"b_eng": "b_inf", "b_m4_1": "b_inf"}
    assert "chooses first in the phase bar" in dialog.result_label.text() and to_act(game.module, game.state) == "red"
    labels = [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())]
    assert labels[-1] == "No more assets" and "Assign Red r_m10 regt to Red r_bn bn" in labels
    bar.choice_combo.setCurrentIndex(labels.index("Assign Red r_m10 regt to Red r_bn bn"))
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)
    assert engine_state(game.state).seq.attached["r_m10"] == "r_bn"
    bar.choice_combo.setCurrentIndex(bar.choice_combo.count() - 1)
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)  # no minor asset
    assert engine_state(game.state).top is None
    qtbot.mouseClick(dialog.roll_button, Qt.LeftButton)
    assert "armour differential" in game.entries[-1].text and "attacks 0304" in game.entries[-1].text
