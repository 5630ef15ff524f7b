"""What the play window shows of fire support between fires, on the synthetic module of
``tests/support/fire_modules.py`` (after St-Lô 10.1, 11.1.1, 11.3, 11.3.7; not St-Lô): the
artillery displays with every battery's missions, and what an OP observes from a hex."""

from __future__ import annotations

import pytest
from fire_modules import fire_module
from operations_modules import rigged

from hexwright.runtime.engine import EndPhase, Fire, apply, legal_actions
from hexwright.runtime.engine.fire_display import artillery_display, op_places, op_sight
from hexwright.runtime.rules import observe
from hexwright.runtime.state import initial_state


@pytest.fixture(scope="module")
def m():
    return fire_module()


def _operations(m):
    s = initial_state(m, "fire", 3)
    for _ in range(20):
        if m.meta.sequence[s.phase].id == "operations" and legal_actions(m, s):
            return s
        s, _ = apply(m, s, EndPhase())
    raise AssertionError("no operations phase")


def test_10_1_the_artillery_display_lists_every_battery_with_its_missions_spent_and_left(m):
    s = _operations(m)
    display = artillery_display(m, s)
    assert list(display) == ["blue"]
    rows = {b.unit: b for b in display["blue"]}
    assert set(rows) == {"b_a1", "b_a2", "b_gs", "b_far"}
    a1 = rows["b_a1"]
    assert (a1.missions, a1.spent, a1.left, a1.in_play) == (6, 0, 6, True)
    assert dict(a1.values) == {"defensive": 1, "long_range": 1, "support": 2}
    assert a1.where == "Blue artillery display"
    s, _ = apply(m, rigged(s, 1, 1), Fire(mission="barrage", target="0508", op="b_op", op_hex="0505",
                                          units=("b_a1", "b_gs"), intensities=("maximum", "rapid")))
    rows = {b.unit: b for b in artillery_display(m, s)["blue"]}
    assert (rows["b_a1"].spent, rows["b_a1"].left) == (3, 3)  # maximum: three missions (10.2.1)
    assert (rows["b_gs"].spent, rows["b_gs"].left) == (2, 2)  # rapid: two
    assert rows["b_a2"].spent == 0


def test_11_1_1_an_op_may_stand_within_the_command_radius_of_its_formations_units(m):
    s = _operations(m)
    places = op_places(m, s, "b_op")
    assert "0505" in places and "0503" in places and "0109" not in places
    assert op_sight(m, s, "b_op", "0505").placeable and not op_sight(m, s, "b_op", "0109").placeable


def test_11_3_7_what_an_op_sees_is_the_observation_rule_hex_by_hex_with_its_ov(m):
    """From the level-8 hex 0505: the level-4 0508 three hexes away at OV 4 (11.3.7: four levels
    above); every hex it lists is one ``observe`` finds visible, and no other within 12 hexes."""
    s = _operations(m)
    sight = op_sight(m, s, "b_op", "0505")
    assert sight.value_of("0508") == 4 and sight.mission == "barrage"
    seen = {o.target: o.value for o in sight.seen}
    for label in [f"{c:02d}{r:02d}" for c in range(1, 10) for r in range(1, 10)]:
        if label == "0505":
            continue
        found = observe(m, "0505", label)
        assert (label in seen) == found.visible, label
        if found.visible:
            assert seen[label] == found.value
    low = op_sight(m, s, "b_op", "0503")  # level 0: only what is within two hexes (11.3.1 A)
    assert "0508" not in {o.target for o in low.seen} and {o.distance for o in low.seen} <= {1, 2}
