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


def _with_drops(**update):
    m = dom().model_copy(deep=True)
    m.rules.drops[0] = m.rules.drops[0].model_copy(update=update)
    return m


def test_s8_2_a_unit_the_drop_does_not_name_waits_in_its_box_undropped():
    """The drop names only the 502/101 (``units``): another US unit put in the airborne box is
    offered no drop and refused one; a piece the game does not hold waits for no drop."""
    from hexwright.runtime.engine import drop_of, legal_actions

    m = dom()
    s = position({AIRBORNE: "box:us_airborne", "us_5_2": "box:us_airborne"}, optional_rules=ON)
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Drop)} == {AIRBORNE}
    with pytest.raises(ActionError, match="US 2/5 iregt is not waiting in a box it can be dropped from"):
        apply(m, s, Drop(unit="us_5_2", to="0305"))
    assert drop_of(m, s, AIRBORNE, m.rules) == m.rules.drops[0]
    assert drop_of(m, s, "us_5_2", m.rules) is None and drop_of(m, s, "nobody", m.rules) is None


def test_s8_2_a_movement_step_that_does_not_allow_drops_shows_no_landing_hexes():
    """A module whose US movement step allows ``move`` and ``exit`` only: the airborne in its box
    has no reach (no landing hexes shown) and its drop is refused as out of its phase."""
    from hexwright.runtime.engine import reach_of

    m = dom().model_copy(deep=True)
    m.rules.sequence.phases["us_movement"][0].allow = ["move", "exit"]
    s = position({AIRBORNE: "box:us_airborne"}, optional_rules=ON)
    assert reach_of(m, s, AIRBORNE) is None
    assert reach_of(dom(), s, AIRBORNE) is not None
    with pytest.raises(ActionError, match=r"is dropped in a United States .* movement phase, not now"):
        apply(m, s, Drop(unit=AIRBORNE, to="0305"))


def test_s8_2_a_unit_dropped_from_one_of_two_drop_boxes_has_been_dropped_already():
    """Two drops (a second box, for other units): the 502/101 on the map is told it was dropped
    already, not that it is not in a drop box."""
    from hexwright.runtime.model.rules_config import AirDrop

    m = dom().model_copy(deep=True)
    m.rules.drops.append(AirDrop(box="us_box_a", units=["us_5_2"], section="§2.3"))
    s = position({AIRBORNE: "box:us_airborne"}, optional_rules=ON)
    s, _ = apply(m, s, Drop(unit=AIRBORNE, to="0305"))
    with pytest.raises(ActionError, match=r"has been dropped already: a unit is dropped once — §2\.3, §8\.2"):
        apply(m, s, Drop(unit=AIRBORNE, to="0405"))


def test_s8_2_a_drop_off_the_map_is_refused_naming_the_hex():
    s = position({AIRBORNE: "box:us_airborne"}, optional_rules=ON)
    with pytest.raises(ActionError, match="hex label '2020' is off the 9x11 map"):
        apply(dom(), s, Drop(unit=AIRBORNE, to="2020"))


def test_s8_2_at_warn_a_drop_on_an_enemy_held_hex_is_still_refused():
    """The drop rule at ``warn`` overrides terrain, not the sequence: opposing units never share a
    hex (§6), so landing on the enemy is refused whatever the level."""
    from hexwright.runtime.engine import SetEnforcement

    s = position({AIRBORNE: "box:us_airborne", "de_462_utrfhr": "0606"}, optional_rules=ON)
    s, _ = apply(dom(), s, SetEnforcement(rule="drop", level="warn"))
    with pytest.raises(ActionError, match="an enemy unit holds the hex: opposing units never share a hex at 0606"):
        apply(dom(), s, Drop(unit=AIRBORNE, to="0606"))


def test_s6_a_drop_onto_an_own_unit_overstacks_to_be_put_right_by_the_end_of_the_phase():
    """A drop allowed onto a hex with a unit (``empty_hex`` false): landing on the 2/5 at 0305
    overstacks it (limit 1), noted to be put right by the end of the phase (§6)."""
    from hexwright.runtime.engine import check_and_apply

    m = _with_drops(empty_hex=False)
    s = position({AIRBORNE: "box:us_airborne", "us_5_2": "0305"}, optional_rules=ON)
    s, _entry, rulings = check_and_apply(m, s, Drop(unit=AIRBORNE, to="0305"))
    assert s.hex_of(AIRBORNE) == "0305"
    assert "over the stacking limit (2 > 1): to be put right by the end of the phase at 0305 — §6" in \
        [str(r) for r in rulings]


def test_s9_3_no_drop_while_a_retreat_waits():
    """Figure 9's attack on 0509 rolls 1 (D2): while DE Fhnjkr/462's retreat waits, the airborne in
    its box is told to let the retreat finish first."""
    from hexwright.runtime.engine import Declare, Resolve, engine_state

    from .dom_positions import seed_rolling

    fig7 = {"us_7_ccb": "0510", "us_7_ccr": "0408", "us_5_11": "0409", "us_5_10": "0407",
            "de_462_fhnjkr": "0509", "de_462_1010": "0507", "de_3_8": "0609", AIRBORNE: "box:us_airborne"}
    m = dom()
    s = position(fig7, phase="us_combat", seed=seed_rolling(1), optional_rules=ON)
    s, _ = apply(m, s, Declare(attackers=("us_5_11", "us_7_ccb", "us_7_ccr"), hex="0509"))
    s, _ = apply(m, s, Resolve(hex="0509"))
    assert engine_state(s).top is not None and engine_state(s).top.proc == "retreat"
    with pytest.raises(ActionError, match=r"^finish the retreat first"):
        apply(m, s, Drop(unit=AIRBORNE, to="0305"))
