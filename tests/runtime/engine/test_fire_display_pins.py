"""What the play window shows of fire support, pinned where ``test_fire_display.py`` leaves it
loose (``engine/fire_display.py``), on the synthetic fire module of ``tests/support/fire_modules.py``
and variants of it (after St-Lô 10.1, 11.1.1, 11.3, 11.3.7; not St-Lô): the values a battery shows
on each face, a battery without a formation or without missions, a game without fire rules, which
observed mission an OP is placed for, and how far an OP looks."""

from __future__ import annotations

import pytest
from fire_modules import fire_module

from hexwright.runtime.engine.fire_display import artillery_display, observing_mission, op_places, op_sight
from hexwright.runtime.model import HexData
from hexwright.runtime.model.fire import FireMission
from hexwright.runtime.model.pieces import StepValues
from hexwright.runtime.state import SetStep, initial_state
from hexwright.runtime.state import apply as state_apply


@pytest.fixture(scope="module")
def m():
    return fire_module()


def _name(found: tuple[str, FireMission] | None) -> str | None:
    return None if found is None else found[0]


def _rows(m, s):
    return {b.unit: b for b in artillery_display(m, s)["blue"]}


def test_10_1_a_battery_shows_the_missions_and_values_of_the_face_it_shows(m):
    """A two-step battery at full strength shows its first face, reduced its second; a one-step
    battery turned to its back (a face with no values) still shows its only step."""
    two = m.model_copy(deep=True)
    two.pieces.pieces["b_a1"].steps.append(StepValues(combat=0, movement=0, support=1, defensive=0,
                                                      long_range=1, fire_missions=3))
    s = initial_state(two, "fire", 3)
    full = _rows(two, s)["b_a1"]
    assert (full.missions, full.left, dict(full.values)) == (6, 6, {"defensive": 1, "long_range": 1, "support": 2})
    s, _ = state_apply(two, s, SetStep(piece="b_a1", step=1))
    reduced = _rows(two, s)["b_a1"]
    assert (reduced.missions, reduced.left, dict(reduced.values)) == \
        (3, 3, {"defensive": 0, "long_range": 1, "support": 1})
    back, _ = state_apply(m, initial_state(m, "fire", 3), SetStep(piece="b_gs", step=1))
    gs = _rows(m, back)["b_gs"]
    assert (gs.missions, gs.left, dict(gs.values)) == (4, 4, {"defensive": 3, "long_range": 3, "support": 5})


def test_10_1_a_battery_without_missions_or_a_value_shows_zero_and_no_formation_as_blank(m):
    bare = m.model_copy(deep=True)
    v = bare.pieces.pieces["b_far"].steps[0]
    v.fire_missions, v.long_range = None, None
    bare.pieces.pieces["b_far"].formation = None
    rows = _rows(bare, initial_state(bare, "fire", 3))
    far = rows["b_far"]
    assert (far.missions, far.spent, far.left) == (0, 0, 0)
    assert dict(far.values) == {"defensive": 2, "long_range": 0, "support": 3}
    assert far.formation == ""
    assert (rows["b_a1"].formation, rows["b_gs"].formation) == ("b_div", "b_corps")
    assert [b.unit for b in artillery_display(bare, initial_state(bare, "fire", 3))["blue"]][0] == "b_far"


def test_10_1_a_game_without_fire_rules_has_no_artillery_display_and_no_op(m):
    plain = m.model_copy(deep=True)
    plain.rules.fire = None
    s = initial_state(plain, "fire", 3)
    assert artillery_display(plain, s) == {}
    assert observing_mission(plain) is None and observing_mission(plain, "barrage") is None
    assert op_places(plain, s, "b_op") == []
    sight = op_sight(plain, s, "b_op", "0505")
    assert (sight.mission, sight.placeable) == ("", False)
    assert sight.value_of("0508") == 4  # the OP still sees: observation is the LOS rule's (11.3.7)


def test_11_1_1_the_op_is_placed_for_the_named_mission_else_the_first_placed_near_its_formation(m):
    fire = m.rules.fire
    assert fire is not None
    assert observing_mission(m, "air_strike") == ("air_strike", fire.missions["air_strike"])
    assert observing_mission(m, "barrage") == ("barrage", fire.missions["barrage"])
    assert observing_mission(m, "interdiction") is None  # not observed (16.0)
    assert observing_mission(m, "nuke") is None
    air_first = m.model_copy(deep=True)
    assert air_first.rules.fire is not None
    missions = air_first.rules.fire.missions
    air_first.rules.fire.missions = {"air_strike": missions["air_strike"],
                                     **{k: v for k, v in missions.items() if k != "air_strike"}}
    assert _name(observing_mission(air_first)) == "barrage"
    missions = air_first.rules.fire.missions
    missions["barrage"] = missions["barrage"].model_copy(update={"op_near": "active_hq"})
    missions["defensive"] = missions["defensive"].model_copy(update={"op_near": "active_hq"})
    assert _name(observing_mission(air_first)) == "air_strike"  # none near a formation: the first observed


def test_11_1_1_with_no_observed_mission_or_no_such_op_there_is_nowhere_to_place_it(m):
    unobserved = m.model_copy(deep=True)
    assert unobserved.rules.fire is not None
    unobserved.rules.fire.missions = {"interdiction": unobserved.rules.fire.missions["interdiction"]}
    s = initial_state(unobserved, "fire", 3)
    assert observing_mission(unobserved) is None
    assert op_places(unobserved, s, "b_op") == []
    assert (op_sight(unobserved, s, "b_op", "0505").mission, op_sight(unobserved, s, "b_op", "0505").placeable) \
        == ("", False)
    s = initial_state(m, "fire", 3)
    assert op_places(m, s, "ghost") == []
    ghost = op_sight(m, s, "ghost", "0505")
    assert (ghost.mission, ghost.placeable) == ("barrage", False)


def test_11_3_7_the_ov_of_a_hex_is_the_one_observed_there_and_zero_where_nothing_is_seen(m):
    """Next to the level-8 OP, hexes at levels 7, 6 and 5 (OV 1, 2, 3) besides the level-0 ones (OV 4)."""
    hills = m.model_copy(deep=True)
    for label, level in (("0506", 7), ("0504", 6), ("0405", 5)):
        hills.map.hexes[label] = HexData(level=level)
    sight = op_sight(hills, initial_state(hills, "fire", 3), "b_op", "0505")
    values = {o.target: o.value for o in sight.seen}
    assert [values[h] for h in ("0506", "0504", "0405", "0101")] == [1, 2, 3, 4]
    for target, value in values.items():
        assert sight.value_of(target) == value, target
    assert "0505" not in values and sight.value_of("0505") == 0
    assert sight.value_of("9999") == 0


@pytest.mark.parametrize("reach", [1, 2, 3])
def test_11_3_an_op_sees_no_farther_than_the_maximum_range_and_as_far_as_it(m, reach):
    limited = m.model_copy(deep=True)
    limited.rules.los = limited.rules.los.model_copy(update={"max_range": reach})
    sight = op_sight(limited, initial_state(limited, "fire", 3), "b_op", "0505")
    assert max(o.distance for o in sight.seen) == reach


def test_11_3_without_a_maximum_range_an_op_sees_across_the_map(m):
    unlimited = m.model_copy(deep=True)
    unlimited.rules.los = unlimited.rules.los.model_copy(update={"max_range": None})
    s = initial_state(unlimited, "fire", 3)
    far = {o.target: o.value for o in op_sight(unlimited, s, "b_op", "0505").seen}
    assert far == {o.target: o.value for o in op_sight(m, s, "b_op", "0505").seen}
    assert far["0508"] == 4
