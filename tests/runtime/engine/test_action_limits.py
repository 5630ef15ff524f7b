"""The limits of the engine's actions as a save or an e-mail packet carries them (``from_step``):
each field's bound holds exactly — the last value inside is read, the first outside is a
``ValidationError`` (issue 20: a stranger's file is data with bounds, not whatever it says)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from hexwright.runtime.engine.actions import from_step
from hexwright.runtime.state import RulesStep

ID64, ID65 = "u" * 64, "u" * 65
HEX16, HEX17 = "1" * 16, "1" * 17

# (step name, the other arguments, field, the last value inside, the first value outside)
LIMITS = [
    ("move", {"to": "0101"}, "unit", ID64, ID65),
    ("move", {"to": "0101"}, "unit", "u", ""),
    ("move", {"unit": "u"}, "to", HEX16, HEX17),
    ("move", {"unit": "u"}, "to", "1", ""),
    ("move", {"unit": "u", "to": "0101"}, "mode", ID64, ID65),
    ("exit", {"unit": "u", "hex": "0101"}, "edge", ID64, ID65),
    ("declare", {"hex": "0101"}, "attackers", ["u"] * 64, ["u"] * 65),
    ("declare", {"hex": "0101"}, "attackers", ["u"], []),
    ("declare", {"attackers": ["u"], "hex": "0101"}, "intensity", 99, 100),
    ("declare", {"attackers": ["u"], "hex": "0101"}, "intensity", 0, -1),
    ("declare", {"attackers": ["u"], "hex": "0101"}, "air", 99, 100),
    ("declare", {"attackers": ["u"], "hex": "0101"}, "air", 0, -1),
    ("declare", {"attackers": ["u"], "hex": "0101"}, "assets", ["a"] * 16, ["a"] * 17),
    ("retreat", {"unit": "u"}, "path", ["0101"], []),
    ("advance", {"unit": "u"}, "path", ["0101"], []),
    ("support", {}, "points", 99, 100),
    ("support", {}, "points", 0, -1),
    ("fire", {"mission": "m"}, "target", HEX16, HEX17),
    ("fire", {"mission": "m"}, "op", ID64, ID65),
    ("fire", {"mission": "m"}, "op_hex", HEX16, HEX17),
    ("fire", {"mission": "m"}, "units", ["u"] * 64, ["u"] * 65),
    ("fire", {"mission": "m"}, "intensities", ["n"] * 64, ["n"] * 65),
    ("fire", {"mission": "m"}, "supports", ID64, ID65),
    ("choose", {}, "option", ID64, ID65),
    ("choose", {"option": "pass"}, "target", ID64, ID65),
    ("put_chit", {}, "chit", ID64, ID65),
]


@pytest.mark.parametrize(("name", "args", "field", "inside", "outside"), LIMITS,
                         ids=[f"{n}.{f}={o!r:.12}" for n, _a, f, _i, o in LIMITS])
def test_an_engine_action_is_read_up_to_each_limit_and_refused_past_it(name, args, field, inside, outside):
    action = from_step(RulesStep(name=name, args={**args, field: inside}))
    got = getattr(action, field)
    assert (list(got) if isinstance(got, tuple) else got) == inside
    with pytest.raises(ValidationError, match=field):
        from_step(RulesStep(name=name, args={**args, field: outside}))


def test_the_actions_that_roll_dice_are_the_fire_the_draw_the_roll_and_the_resolution():
    """Strict undo stops at these (issue 20's PBEM dice): ``draws_dice`` is set on exactly them."""
    from hexwright.runtime.engine.actions import STEPS_WITH_DICE

    assert {"fire", "draw", "roll", "resolve"} == STEPS_WITH_DICE


def test_a_saved_engine_step_holds_its_name_once_and_only_the_arguments_that_differ_from_their_defaults():
    """What a save or a packet carries for an engine action: ``name`` as the step's name (not
    again in its arguments), no default-valued argument, and it reads back as the same action."""
    from hexwright.runtime.engine.actions import Move, is_engine_action, to_step
    from hexwright.runtime.state import NextPhase  # a manual action, not the engine's

    step = to_step(Move(unit="u", to="0101"))
    assert step.name == "move" and step.args == {"unit": "u", "to": "0101"}
    assert from_step(step) == Move(unit="u", to="0101")
    assert is_engine_action(Move(unit="u", to="0101")) is True and is_engine_action(NextPhase()) is False
