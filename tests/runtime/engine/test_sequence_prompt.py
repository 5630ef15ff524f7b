"""What the play window shows of the sequence, without Qt: the step waiting, who acts and why."""

from __future__ import annotations

from sequence_modules import chit_module, initiative_module

from hexwright.runtime.engine import Choose, Draw, PutChit, Roll, apply, step_prompt
from hexwright.runtime.state import initial_state

from .dom_positions import dom


def test_a_dom_phase_reads_as_before():
    m = dom()
    p = step_prompt(m, initial_state(m, "campaign", 1))
    assert p.text(m) == "US movement · United States (XX Corps) to play" and p.choices == []


def test_the_chit_drawn_is_why_its_owner_acts():
    m = chit_module()
    s = initial_state(m, "chits", 3)
    p = step_prompt(m, s)
    assert p.text(m) == "Chit selection · Red to play"
    assert [label for label, _a in p.choices] == ["Put Red I into the cup", "Put Red I (2) into the cup"]
    s, _ = apply(m, s, PutChit(chit="red_i"))
    assert step_prompt(m, s).choices == [("Draw a chit", Draw())]
    s, _ = apply(m, s, Draw())
    chit = m.pieces.chits[s.drawn[-1]]
    if chit.side:
        assert step_prompt(m, s).text(m).endswith(f"{m.pieces.sides[chit.side].name} to play (drew {chit.name})")


def test_the_initiative_roll_is_why_a_side_acts():
    m = initiative_module()
    s = initial_state(m, "ops", 1)
    assert step_prompt(m, s).choices == [("Roll the dice", Roll())]
    s, _ = apply(m, s, Roll())  # reinforcements
    s, _ = apply(m, s, Roll())  # initiative
    p = step_prompt(m, s)
    assert "won the initiative" in p.why and f"({p.why})" in p.text(m)
    assert ("Pass", Choose(option="pass")) in p.choices
    assert ("HQ activation: " + ("Blue b_hq regt" if p.side == "blue" else "Red r_hq regt"),
            Choose(option="activate", target=f"{p.side[0]}_hq")) in p.choices
