"""The engine's fixed API (``engine/core.py``) on small synthetic modules: the players'
enforcement choices (a rule's or a declared step's level), the actions a step allowing only
exits lists, and a game that ends before the action asked for (ToV 13.0)."""

from __future__ import annotations

import pytest
from builders import add_unit, rules_module
from pin_modules import go, seq_module

from hexwright.runtime.engine import (
    Choose,
    EndPhase,
    ExitMap,
    Move,
    SetEnforcement,
    apply,
    engine_state,
    legal_actions,
    prepared,
    with_engine_state,
)
from hexwright.runtime.model import Box, Phase, Placement, Scenario
from hexwright.runtime.model.sequence import ActionsStep, SequenceRules, VictoryCheck
from hexwright.runtime.model.tables import SuddenDeath
from hexwright.runtime.state import ActionError, initial_state


def test_a_declared_steps_enforcement_is_set_by_its_step_id_and_logged():
    """``step.<step id>`` names a step the module declares; the level is kept with the rules'
    levels and the log says what was set."""
    m = seq_module({"a": [go(id="first")]})
    s = initial_state(m, "s", 1)
    s, entry = apply(m, s, SetEnforcement(rule="step.first", level="warn"))
    assert entry.text == "rule step.first: warn"
    s, entry = apply(m, s, SetEnforcement(rule="zoc", level="off"))
    assert entry.text == "rule zoc: off"
    assert engine_state(s).enforcement == {"step.first": "warn", "zoc": "off"}


@pytest.mark.parametrize("rule", ["step.nope", "stepxfirst", "step.", "first", "nope"])
def test_an_enforcement_level_for_a_rule_or_step_the_module_does_not_have_is_refused(rule):
    m = seq_module({"a": [go(id="first")]})
    s = initial_state(m, "s", 1)
    with pytest.raises(ActionError, match=rf"^no rule '{rule}' \(rules: .*zoc.*, step\.<step id>\)$"):
        apply(m, s, SetEnforcement(rule=rule, level="warn"))


def exit_module(allow: list[str]):
    m = rules_module()
    m.map.boxes["gone"] = Box(name="Exited", kind="exited")
    m.meta.sequence = [Phase(id="move", name="Movement", side="blue", kind="movement")]
    m.rules.sequence = SequenceRules(phases={"move": [ActionsStep(id="m", allow=allow)]})
    add_unit(m, "b_1", movement=4)
    add_unit(m, "r_1", "red")
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue", setup=[
        Placement(piece="b_1", hex="0102"), Placement(piece="r_1", hex="0707")])}
    return m, initial_state(m, "s", 1)


def test_a_step_that_allows_only_exits_lists_the_exits_and_no_move():
    m, s = exit_module(["exit"])
    listed = legal_actions(m, s)
    exits = [a for a in listed if isinstance(a, ExitMap)]
    assert exits and all(a.unit == "b_1" for a in exits)
    assert not any(isinstance(a, Move) for a in listed)
    assert listed[-1] == EndPhase()
    both = legal_actions(*exit_module(["move", "exit"]))
    assert set(exits) <= set(both) and any(isinstance(a, Move) for a in both)


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
