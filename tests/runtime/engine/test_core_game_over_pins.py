"""A game that ends before the action asked for (``engine/core.py``; ToV 13.0): the victory
check the engine runs first ends it, or the saved state is marked over while a step still waits."""

from __future__ import annotations

import pytest
from pin_modules import go, seq_module

from hexwright.runtime.engine import (
    Choose,
    EndPhase,
    apply,
    engine_state,
    legal_actions,
    prepared,
    with_engine_state,
)
from hexwright.runtime.model.sequence import VictoryCheck
from hexwright.runtime.model.tables import SuddenDeath
from hexwright.runtime.state import ActionError, initial_state


def sudden_death_module(hex: str = "0303"):
    m = seq_module({"a": [VictoryCheck(id="vc", name="Victory determination", section="13.0"), go(id="after")]})
    m.tables.victory.sudden_death = [SuddenDeath(side="blue", hexes=[hex], level="Blue sudden death",
                                                 section="13.0")]
    return m


def test_tov_13_0_an_action_asked_for_when_the_victory_check_before_it_ends_the_game_is_refused():
    """The saved state waits before a victory check that finds a sudden death: the game ends
    when the engine runs it, so the action asked for after it is refused, not applied."""
    m = sudden_death_module()
    s = initial_state(m, "s", 1).model_copy(update={"control": {"0303": "blue"}})
    assert not engine_state(s).over
    with pytest.raises(ActionError, match=r"^the game is over$"):
        apply(m, s, Choose(option="go"))
    with pytest.raises(ActionError, match=r"^the game is over$"):
        apply(m, s, EndPhase())
    assert legal_actions(m, s) == []


def test_a_game_marked_over_offers_no_action_though_a_step_still_waits():
    """A save of a finished game whose step still waits for a choice (the victory check found
    nothing, the game was then ended): nothing is legal, and every action is refused."""
    m = sudden_death_module("0606")  # no unit there: no sudden death
    s = initial_state(m, "s", 1)
    tx = prepared(m, s)
    assert legal_actions(m, s) == [Choose(option="go")]
    over = with_engine_state(tx.state, tx.data.model_copy(update={"over": True}))
    assert legal_actions(m, over) == []
    with pytest.raises(ActionError, match=r"^the game is over$"):
        apply(m, over, Choose(option="go"))
