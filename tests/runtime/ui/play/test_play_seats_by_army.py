"""Hot-seat by army (ToV 15.1, ``module.json`` ``seats``): the phase bar names the seat to act,
and the hand-over screen comes up when the choice passes to another seat of the same side."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from sequence_modules import activation_module

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.model import OptionalRule
from hexwright.runtime.model.meta import Seat
from hexwright.runtime.state import Game
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


def test_15_1_the_hand_over_names_the_army_whose_hq_was_chosen(qtbot, tmp_path):
    """Seats: the 3rd Division's player (its first seat, so the side's opening choice is its),
    the army HQ's player; choosing the HQ in the phase bar hands over to the HQ's seat."""
    m = activation_module()
    m.meta.optional_rules["four"] = OptionalRule(name="Four players", section="15.1")
    m.meta.seats = {"third": Seat(name="3rd Division", side="blue", formations=["b_d3"], optional_rules=["four"]),
                    "army": Seat(name="Blue Army", side="blue", formations=["b_army"], optional_rules=["four"]),
                    "red": Seat(name="Red", side="red", optional_rules=["four"])}
    game = Game(m, "act", 1, optional_rules={"four": True}, engine=ENGINE)
    window = PlayWindow(game, autosave_path=tmp_path / "auto.hwsav", hot_seat=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert "3rd Division (Blue) to play" in window.rules.phase_label.text()
    combo = window.rules.choice_combo
    index = next(i for i in range(combo.count()) if combo.itemText(i).startswith("Activate an HQ"))
    combo.setCurrentIndex(index)
    qtbot.mouseClick(window.rules.choice_button, Qt.LeftButton)
    assert window.handing_over and window.hand_over.title.text() == "Hand over to Blue Army (Blue)"
    qtbot.mouseClick(window.hand_over.button, Qt.LeftButton)
    assert not window.handing_over and "Blue Army (Blue) to play" in window.rules.phase_label.text()
