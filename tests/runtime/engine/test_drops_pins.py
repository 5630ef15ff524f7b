"""The air drop's refusals (``engine/drops.py``) on *Drive on Metz* positions (§2.3, §8.2): a unit
not waiting in its drop box, and a drop without its optional rule in play, each with the section."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import Drop, apply
from hexwright.runtime.state import ActionError

from .dom_positions import dom, position

ON = {"us_airborne": True}
AIRBORNE = "us_101_502"


def test_s8_2_a_unit_out_of_its_drop_box_is_not_dropped():
    s = position({}, optional_rules=ON)  # in play, but out of its box
    with pytest.raises(ActionError, match=r"US 502/101 abiregt is not waiting in a box it can be dropped from "
                                          r"— §2\.3, §8\.2"):
        apply(dom(), s, Drop(unit=AIRBORNE, to="0305"))


def test_s2_3_no_drop_once_the_optional_rule_is_not_in_play():
    s = position({AIRBORNE: "box:us_airborne"}, optional_rules=ON)
    off = s.model_copy(update={"optional_rules": {**s.optional_rules, "us_airborne": False}})
    with pytest.raises(ActionError, match=r"the US airborne optional rule is not in play — §2\.3, §8\.2"):
        apply(dom(), off, Drop(unit=AIRBORNE, to="0305"))
    _, entry = apply(dom(), s, Drop(unit=AIRBORNE, to="0305"))
    assert "(air drop)" in entry.text
