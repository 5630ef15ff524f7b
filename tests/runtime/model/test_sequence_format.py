"""The sequence of play as module data (``rules.json`` ``sequence``): steps told apart by
``kind``, unknown fields refused, written and read back unchanged, every reference checked."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError
from sequence_modules import activation_module, chit_module, initiative_module

from hexwright.runtime.model.rules_config import RulesConfig
from hexwright.runtime.model.sequence import Call, CupDraw, Initiative, Loop, SequenceRules
from hexwright.runtime.storage import files_from_module, module_from_files
from hexwright.runtime.validation.rules_config import rules_problems


def test_steps_are_told_apart_by_kind_and_nest():
    seq = SequenceRules.model_validate({"phases": {"ops": [
        {"kind": "loop", "until": [{"kind": "all_passed"}, {"kind": "die"}], "min_by_turn": {"1": 12},
         "steps": [{"kind": "initiative", "tie": "de", "pool": "initiative", "end_loop_on": 1},
                   {"kind": "choice", "options": [{"kind": "pass", "id": "pass"}]}]}]}})
    loop = seq.phases["ops"][0]
    assert isinstance(loop, Loop) and isinstance(loop.steps[0], Initiative) and loop.min_by_turn == {"1": 12}


@pytest.mark.parametrize("bad, where", [
    ({"kind": "cup_draw", "cup": "c", "by_kindd": {}}, "by_kindd"),
    ({"kind": "teleport"}, "teleport"),
    ({"kind": "loop", "steps": [], "until": [{"kind": "all_passed"}]}, "steps"),
    ({"kind": "initiative"}, "tie"),
])
def test_unknown_kinds_fields_and_missing_values_are_refused(bad, where):
    with pytest.raises(ValidationError, match=where):
        SequenceRules.model_validate({"procedures": {"p": [bad]}})


@pytest.mark.parametrize("build", [chit_module, initiative_module])
def test_a_module_with_a_sequence_writes_and_reads_back_the_same(build):
    m = build()
    files = files_from_module(m)
    rules = json.loads(files["rules.json"])
    steps = [st for lst in rules["sequence"]["phases"].values() for st in lst]
    assert all("kind" in st for st in steps)  # the tag is written even at its default
    assert all("kind" in st["side"] for st in steps if "side" in st) and any("side" in st for st in steps)
    again = module_from_files(files).module
    assert again.rules == m.rules and rules_problems(again) == []


def test_every_reference_of_the_sequence_is_checked():
    m = chit_module()
    draw = m.rules.sequence.phases["action"][0].steps[0]
    assert isinstance(draw, CupDraw)
    draw.by_kind["command"] = "no_such_procedure"
    draw.cup = "no_cup"
    m.rules.sequence.phases["ghost"] = []
    m.rules.enforcement = {"step.draw": "warn", "step.nope": "off"}
    problems = {(p.field, p.message) for p in rules_problems(m)}
    assert ("sequence.phases.action.0.steps.0.by_kind", "unknown procedure 'no_such_procedure'") in problems
    assert ("sequence.phases.action.0.steps.0.cup", "unknown box 'no_cup'") in problems
    assert ("sequence.phases", "unknown phase 'ghost'") in problems
    assert ("enforcement", "unknown rule id 'step.nope'") in problems
    assert not any("step.draw" in msg for _f, msg in problems)


def test_rules_without_a_sequence_still_default():
    assert RulesConfig().sequence == SequenceRules()


def test_an_initiative_that_ends_the_loop_must_be_inside_one():
    """St-Lô 3.2.6: a double 1 ends the operations loop. An initiative step with ``end_loop_on``
    outside any loop could only roll again for ever: ``hexwright validate`` names its field.
    Inside a loop, or in a procedure a loop calls (directly or through another procedure), it is fine."""
    m = initiative_module()
    assert rules_problems(m) == []
    loop = m.rules.sequence.phases["operations"][0]
    assert isinstance(loop, Loop)
    initiative = loop.steps[0]
    # in a procedure the loop calls, through a second procedure: still inside the loop
    m.rules.sequence.procedures["roll"] = [initiative]
    m.rules.sequence.procedures["roll_first"] = [Call(id="c2", name="Roll", procedure="roll")]
    loop.steps[0] = Call(id="c1", name="Roll first", procedure="roll_first")
    assert rules_problems(m) == []
    # the same roll at a phase's top level: refused, by field
    m.rules.sequence.phases["initiative"].append(initiative.model_copy(update={"id": "init_top"}))
    problems = {p.field: p.message for p in rules_problems(m)}
    assert set(problems) == {"sequence.phases.initiative.1.end_loop_on"}
    assert "not inside a loop" in problems["sequence.phases.initiative.1.end_loop_on"]
    # and in a procedure called only from outside a loop
    m.rules.sequence.phases["initiative"].pop()
    m.rules.sequence.phases["recovery"].append(Call(id="c3", name="Roll", procedure="roll"))
    loop.steps[0] = initiative
    m.rules.sequence.procedures.pop("roll_first")
    problems = {p.field: p.message for p in rules_problems(m)}
    assert set(problems) == {"sequence.procedures.roll.0.end_loop_on"}


def test_an_activation_may_not_run_inside_another():
    """The engine keeps one activation at a time: one begun inside another would end both (the
    outer's later steps ordering no unit, its other units keeping its status). ``hexwright
    validate`` names the inner one, in the outer's steps or in a procedure called from them
    (directly or through another procedure); a procedure with an activation called from a
    phase (SHAEF's choice, ToV 4.3) is fine."""
    from hexwright.runtime.model.sequence import ActionsStep, Activation, ChoiceOption, ChoiceStep

    m = activation_module()
    assert rules_problems(m) == []
    red = m.rules.sequence.phases["red_orders"][0]
    assert isinstance(red, Activation)
    inner = Activation(id="inner", name="Inner", steps=[ActionsStep(id="mv", allow=["move"])])
    red.steps.append(inner)
    problems = {p.field: p.message for p in rules_problems(m)}
    assert set(problems) == {"sequence.phases.red_orders.0.steps.2"}
    assert "an activation inside another activation" in problems["sequence.phases.red_orders.0.steps.2"]
    red.steps[2] = ChoiceStep(id="pick", options=[ChoiceOption(kind="procedure", id="go", procedure="via")])
    m.rules.sequence.procedures["via"] = [Call(id="c", procedure="hq_activation")]
    problems = {p.field: p.message for p in rules_problems(m)}
    assert set(problems) == {"sequence.procedures.hq_activation.0"}
    # through a procedure called from a phase, outside any activation: fine
    red.steps.pop()
    m.rules.sequence.phases["blue_orders"].append(Call(id="via_phase", procedure="via"))
    assert rules_problems(m) == []


def test_a_reorganization_needs_an_activation_and_an_hq_roll_an_hq_chosen():
    """Steps that act on an HQ, reached without one, are named by ``hexwright validate``: a
    reorganization (St-Lô 12.2) outside any activation stopped the sequence ("no HQ is
    active" from every query of the game), an HQ activation roll (6.1) with no HQ chosen was
    offered and always refused. In an activation's steps, in a procedure called from one, after
    a choice of an HQ or in the procedure that choice runs, they are fine."""
    from hexwright.runtime.model.operations import HqRoll, Reorganize
    from hexwright.runtime.model.sequence import Activation, ChoiceOption, ChoiceStep

    m = initiative_module()
    assert rules_problems(m) == []
    phases, procedures = m.rules.sequence.phases, m.rules.sequence.procedures
    phases["reinforcement"] = [Reorganize(id="reorg", mode="breakdown"), HqRoll(id="roll")]
    problems = {p.field: p.message for p in rules_problems(m)}
    assert set(problems) == {"sequence.phases.reinforcement.0", "sequence.phases.reinforcement.1"}
    assert "a reorganization outside an activation" in problems["sequence.phases.reinforcement.0"]
    assert "an HQ activation roll with no HQ chosen" in problems["sequence.phases.reinforcement.1"]

    # after a choice of an HQ (among other options) in the same list; in a procedure that choice
    # runs; a reorganization in an activation's steps, in a procedure called from them, and in
    # one that procedure calls in turn; a procedure nobody calls never runs
    choose = ChoiceStep(id="pick", options=[ChoiceOption(kind="hq", id="hq", procedure="rolling"),
                                            ChoiceOption(kind="pass", id="pass")])
    procedures["rolling"] = [HqRoll(id="roll2")]
    procedures["reorganizing"] = [Call(id="on", procedure="a_reorganizing")]
    procedures["a_reorganizing"] = [Reorganize(id="reorg2", mode="buildup")]
    procedures["unused"] = [Reorganize(id="reorg4", mode="buildup"), HqRoll(id="roll4")]
    phases["reinforcement"] = [choose, HqRoll(id="roll"), Call(id="later", procedure="rolled_later"),
                               Activation(id="act", steps=[
                                   Reorganize(id="reorg", mode="breakdown"),
                                   ChoiceStep(id="what", options=[ChoiceOption(kind="procedure", id="r",
                                                                               procedure="reorganizing")])])]
    procedures["rolled_later"] = [HqRoll(id="roll5")]
    assert rules_problems(m) == []

    # a procedure with an HQ roll run by an 'hq' option outside any activation: no place for a
    # reorganization; each procedure is checked at every call of it
    procedures["rolling"].append(Reorganize(id="reorg5", mode="breakdown"))
    phases["recovery"].append(Call(id="again", procedure="reorganizing"))
    problems = {p.field for p in rules_problems(m)}
    assert problems == {"sequence.procedures.rolling.1", "sequence.procedures.a_reorganizing.0"}
    procedures["rolling"].pop()
    phases["recovery"].pop()

    # the same procedures called from where there is no activation and no HQ chosen
    phases["recovery"].append(ChoiceStep(id="other", options=[
        ChoiceOption(kind="procedure", id="a", procedure="orphan_roll"),
        ChoiceOption(kind="procedure", id="b", procedure="orphan_reorg")]))
    procedures["orphan_roll"] = [HqRoll(id="roll3")]
    procedures["orphan_reorg"] = [Reorganize(id="reorg3", mode="breakdown")]
    phases["recovery"].append(HqRoll(id="roll6"))  # after a choice with no 'hq' option
    phases["reinforcement"].insert(0, Call(id="early", procedure="called_roll"))  # a plain call chooses no HQ
    procedures["called_roll"] = [HqRoll(id="roll7")]
    problems = {p.field for p in rules_problems(m)}
    recovery = f"sequence.phases.recovery.{len(phases['recovery']) - 1}"
    assert problems == {"sequence.procedures.orphan_roll.0", "sequence.procedures.orphan_reorg.0", recovery,
                        "sequence.procedures.called_roll.0"}
