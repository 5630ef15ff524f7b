"""What the play window shows of the sequence (``engine/prompt.py``), exactly: phase, step
waiting (when it is not the phase itself), the side and why (when it adds something), and the
labels of the choices not played on the board."""

from __future__ import annotations

import random

from sequence_modules import chit_module, initiative_module

from hexwright.runtime.engine import Choose, Draw, Move, PutChit, Roll, apply, legal_actions, step_prompt
from hexwright.runtime.engine.prompt import StepPrompt
from hexwright.runtime.state import initial_state


def test_the_text_leaves_out_a_step_named_as_its_phase_and_a_why_that_repeats_them():
    m = chit_module()
    assert StepPrompt("Action", "Draw a chit", "blue", "drew Blue I").text(m) == \
        "Action · Draw a chit · Blue to play (drew Blue I)"
    assert StepPrompt("Action", "Action", "blue", "").text(m) == "Action · Blue to play"
    assert StepPrompt("Action", "Draw a chit", "red", "Draw a chit").text(m) == "Action · Draw a chit · Red to play"
    assert StepPrompt("Action", "", "red", "Action").text(m) == "Action · Red to play"
    assert StepPrompt("", "Draw a chit", "green", "why").text(m) == "Draw a chit · green to play (why)"
    assert StepPrompt("Action").text(m) == "Action · - to play"


def test_st_lo_3_2_the_prompt_follows_the_operations_loop():
    """Reinforcement roll (its why is its own name: left out), the initiative segment, then the
    operation segment's choices labelled by the module's option labels and the HQ's name; once
    an activation's actions step waits the choices are made on the board."""
    m = initiative_module()
    s = initial_state(m, "ops", 1)
    p = step_prompt(m, s)
    assert (p.phase, p.step, p.side) == ("Reinforcement", "Reinforcement roll", "red")
    assert p.text(m) == "Reinforcement · Reinforcement roll · Red to play" and p.choices == [("Roll the dice", Roll())]
    s, _ = apply(m, s, Roll())
    assert step_prompt(m, s).text(m) == "Operations · Initiative segment · Red to play (Reinforcement roll)"
    s, _ = apply(m, s, Roll())
    p = step_prompt(m, s)
    assert p.text(m).startswith(f"Operations · Operation segment · {m.pieces.sides[p.side].name} to play (won the "
                                "initiative")
    hq = f"{p.side[0]}_hq"
    assert p.choices == [(f"HQ activation: {m.pieces.sides[p.side].name} {hq} regt", Choose(option="activate",
                                                                                           target=hq)),
                         ("Pass", Choose(option="pass"))]
    s, _ = apply(m, s, Choose(option="activate", target=hq))
    p = step_prompt(m, s)
    assert p.step == "Movement" and p.choices == []
    assert any(isinstance(a, Move) for a in legal_actions(m, s))


def test_an_option_or_chit_the_module_does_not_name_is_labelled_from_its_id():
    """ToV 4.3: a chit its owner may skip offers "Play" and "Skip"; a chit id with no chit
    declared is shown as its id."""
    m = chit_module()
    m.pieces.chits.pop("red_ii")
    s = initial_state(m, "chits", 1)
    assert [label for label, _a in step_prompt(m, s).choices] == ["Put Red I into the cup", "Put red_ii into the cup"]
    draw = m.rules.sequence.phases["action"][0].steps[0]
    draw.skip, draw.skip_sides = "supply_check", ["blue", "red"]
    s, _ = apply(m, s, PutChit(chit="red_i"))
    assert step_prompt(m, s).choices == [("Draw a chit", Draw())]
    rnd = random.Random(0)
    while legal_actions(m, s) != [Choose(option="play"), Choose(option="skip")]:
        s, _ = apply(m, s, rnd.choice(legal_actions(m, s)))
    assert step_prompt(m, s).choices == [("Play", Choose(option="play")), ("Skip", Choose(option="skip"))]



def test_tov_11_2_an_arrivals_choice_is_labelled_with_the_units_of_each_group():
    from builders import add_unit
    from pin_modules import seq_module

    from hexwright.runtime.model.sequence import ArrivalGroup, ChoiceOption, ChoiceStep, ChoiceTrigger

    m = seq_module({"a": [ChoiceStep(id="reinforce", name="Reinforcements", options=[
        ChoiceOption(kind="arrivals", id="bring", label="Bring in", count=1)])]})
    add_unit(m, "b_2", "blue")
    add_unit(m, "b_3", "blue")
    m.rules.arrivals = {"reserve": ArrivalGroup(side="blue", pieces=["b_2", "b_3"], hexes=["0101"],
                                                trigger=ChoiceTrigger(), section="11.2")}
    s = initial_state(m, "s", 1)
    assert step_prompt(m, s).choices == [("Bring in: Blue b_2 regt, Blue b_3 regt",
                                          Choose(option="bring", target="reserve"))]


def test_with_no_side_named_by_the_sequence_the_side_to_play_is_the_games():
    """A step played by the phase's side, in a phase of no side: the game's side to act."""
    from pin_modules import go, seq_module

    from hexwright.runtime.engine import prepared
    from hexwright.runtime.model.sequence import PhaseSide

    m = seq_module({"a": [go(id="x", side=PhaseSide())]}, side=None)
    s = initial_state(m, "s", 1)
    assert prepared(m, s).data.seq.active == "" and s.active_side == "blue"
    p = step_prompt(m, s)
    assert p.side == "blue" and p.text(m) == "Phase A · x · Blue to play"
