"""ToV 11.2 in the play window on a synthetic module: reinforcements that enter "on any Supply
Source hex" wait for their owner, the sources they may enter are shaded blue, a click on one
places the unit there (the engine's ``enter`` action, logged), undo takes it back, and a click on
a source where a unit already stands places the next one with it."""

from __future__ import annotations

import pytest
from play_helpers import click, place_point, shown_window
from sequence_modules import entry_choice_module

from hexwright.runtime.engine import ENGINE, Choose, Enter, to_step
from hexwright.runtime.state import Game, Location
from hexwright.runtime.ui.play.rules_overlay import CHOICE

pytestmark = pytest.mark.gui


def test_11_2_the_player_clicks_the_supply_source_each_unit_enters_at(qtbot, tmp_path):
    m = entry_choice_module(units=2)
    m.rules.stacking = m.rules.stacking.model_copy(update={"limit": 2})
    game = Game(m, "act", 1, engine=ENGINE)
    for action in (Choose(option="pass"), Choose(option="reinforce", target="r_div2")):
        game.do(to_step(action))
    win = shown_window(qtbot, game, tmp_path)
    bar = win.rules
    assert "r_new regt arrives: click a blue hex to place it" in bar.step_label.text()
    assert {h for h, c in bar.overlay.shaded.items() if c == CHOICE} == {"0901", "0909"}

    click(qtbot, win, place_point(win, Location.hex("0909")))
    assert win.game.state.hex_of("r_new") == "0909"
    assert win.game.actions[-1] == to_step(Enter(unit="r_new", to="0909"))
    assert "enters the map — 11.2" in win.game.entries[-1].text
    assert "r_new_2 regt arrives" in bar.step_label.text()

    win.actions_by_name["undo"].trigger()  # Edit ▸ Undo
    assert win.game.state.hex_of("r_new") is None
    assert "r_new regt arrives" in bar.step_label.text()

    click(qtbot, win, place_point(win, Location.hex("0901")))
    assert win.game.state.hex_of("r_new") == "0901"
    click(qtbot, win, place_point(win, Location.hex("0901")))  # on the counter standing there
    assert win.game.state.hex_of("r_new_2") == "0901"
    assert win.game.actions[-1] == to_step(Enter(unit="r_new_2", to="0901"))
    assert not {h for h, c in bar.overlay.shaded.items() if c == CHOICE} & {"0901", "0909"}
