"""The engine's fixed API (``runtime/engine/core.py``) on small synthetic modules: the rules and
steps whose enforcement the players may set, and a step that allows leaving the map only."""

from __future__ import annotations

import pytest
from builders import add_unit, rules_module
from pin_modules import go, seq_module

from hexwright.runtime.engine import Choose, EndPhase, ExitMap, Move, SetEnforcement, apply, engine_state, legal_actions
from hexwright.runtime.model import Phase, Placement, Scenario
from hexwright.runtime.model.sequence import ActionsStep, SequenceRules
from hexwright.runtime.state import ActionError, initial_state


def test_a_rule_or_a_declared_step_may_be_set_and_the_log_says_so():
    """``zoc`` is a rule; ``step.x`` names the step ``x`` the module declares (here off: it is
    skipped, and the movement step after it waits)."""
    m = seq_module({"a": [go(id="x"), ActionsStep(id="y", allow=["move"])]})
    s = initial_state(m, "s", 1)
    assert legal_actions(m, s) == [Choose(option="go")]
    s, entry = apply(m, s, SetEnforcement(rule="zoc", level="warn"))
    assert entry.text == "rule zoc: warn"
    s, entry = apply(m, s, SetEnforcement(rule="step.x", level="off"))
    assert entry.text == "rule step.x: off" and engine_state(s).enforcement["step.x"] == "off"
    assert Choose(option="go") not in legal_actions(m, s) and EndPhase() in legal_actions(m, s)  # y waits


@pytest.mark.parametrize("rule", ["teleport", "step.z", "step.", "steps.x", "step.xx", "step.x.y"])
def test_a_rule_or_step_the_module_does_not_have_is_refused_naming_what_may_be_set(rule):
    m = seq_module({"a": [go(id="x")]})
    with pytest.raises(ActionError, match=rf"no rule '{rule}' \(rules: .*zoc.*, step\.<step id>\)"):
        apply(m, initial_state(m, "s", 1), SetEnforcement(rule=rule, level="warn"))


def test_a_step_that_allows_leaving_the_map_only_offers_the_exits_and_no_move():
    m = rules_module()
    m.meta.sequence = [Phase(id="move", name="Movement", side="blue", kind="movement")]
    m.rules.sequence = SequenceRules(phases={"move": [ActionsStep(id="m", allow=["exit"])]})
    add_unit(m, "b_1", movement=4)
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue", setup=[Placement(piece="b_1", hex="0102")])}
    actions = legal_actions(m, initial_state(m, "s", 1))
    assert any(isinstance(a, ExitMap) and a.unit == "b_1" for a in actions)
    assert not any(isinstance(a, Move) for a in actions) and EndPhase() in actions


def test_a_game_that_ends_before_any_choice_refuses_every_action():
    """Every step sets a pool by itself, one turn: the game is over as soon as it is looked at,
    though the state handed in has not been moved on yet."""
    from hexwright.runtime.model.sequence import PoolDef, SetPool

    m = seq_module({"a": [SetPool(id="p", pool="x", values={"blue": 1})],
                    "b": [SetPool(id="q", pool="x", values={"blue": 2})]}, last_turn=1)
    m.rules.pools = {"x": PoolDef(name="X")}
    s = initial_state(m, "s", 1)
    assert legal_actions(m, s) == []
    with pytest.raises(ActionError, match="the game is over"):
        apply(m, s, EndPhase())
