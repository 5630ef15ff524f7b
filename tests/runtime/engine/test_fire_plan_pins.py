"""What makes a fire mission impossible, and what a fire is worked out to be (``engine/fire.py``
``plan``, ``apply_fire``), on the synthetic fire module of ``tests/support/fire_modules.py``
(after St-Lô 10, 11, 14–16; not St-Lô): each refusal names what is wrong and cites its section."""

from __future__ import annotations

import pytest
from fire_modules import fire_module
from operations_modules import rigged

from hexwright.runtime.engine import EndPhase, Fire, apply, engine_state, legal_actions
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.fire import plan
from hexwright.runtime.state import ActionError, Eliminate, SetStep, initial_state
from hexwright.runtime.state import apply as state_apply

AT_0508 = {"mission": "barrage", "target": "0508", "op": "b_op", "op_hex": "0505"}


@pytest.fixture(scope="module")
def m():
    return fire_module()


def _start(m, phase="operations"):
    s = initial_state(m, "fire", 3)
    for _ in range(20):
        if m.meta.sequence[s.phase].id == phase and legal_actions(m, s):
            return s
        s, _ = apply(m, s, EndPhase())
    raise AssertionError(phase)


def _problem(m, fire: Fire, phase: str = "operations") -> tuple[str, str]:
    p = plan(prepared(m, _start(m, phase)), fire)
    return p.problem, p.section


@pytest.mark.parametrize(("fire", "problem", "section"), [
    (Fire(mission="nuke", target="0508"),
     "no fire mission 'nuke' (rules.json fire.missions: barrage, interdiction, defensive, air_strike)", ""),
    (Fire(mission="barrage", target="0909", op="b_op", op_hex="0505", units=("b_a1",), intensities=("normal",)),
     "0909 holds no enemy unit", "14.1"),
    (Fire(mission="barrage", target="9999", op="b_op", op_hex="0505", units=("b_a1",), intensities=("normal",)),
     "no target hex '9999'", "14.1"),
    (Fire(mission="barrage", target="0508", op="b_inf", op_hex="0505", units=("b_a1",), intensities=("normal",)),
     "b_inf is not an OP of blue in play", "11.1"),
    (Fire(mission="barrage", target="0508", op_hex="0505", units=("b_a1",), intensities=("normal",)),
     "no OP is not an OP of blue in play", "11.1"),
    (Fire(**AT_0508, units=("b_a1", "b_a2"), intensities=("normal",)), "each firing unit needs its intensity", "14.1"),
    (Fire(**AT_0508, units=("b_a1", "b_a1"), intensities=("normal", "normal")), "a unit fires once in a fire", "14.1"),
    (Fire(**AT_0508), "Barrage: name the units that fire", "14.1"),
    (Fire(**AT_0508, units=("b_inf",), intensities=("normal",)), "b_inf is not a firing unit of blue in play", "14.1"),
    (Fire(**AT_0508, units=("b_a1",), intensities=("heavy",)),
     "Barrage: intensity 'heavy' not allowed (normal, rapid, maximum)", "10.2"),
    (Fire(mission="air_strike", target="0508", op="b_op", op_hex="0505", units=("b_a1",), intensities=("normal",)),
     "no unit fires in Air strike", "15.0"),
])
def test_10_11_14_a_fire_that_cannot_be_fired_says_why(m, fire, problem, section):
    """10.1–10.3 (units, intensities), 11.1 (the OP), 14.1 (a barrage on an enemy-held hex), 15.0
    (an air strike has no firing units): a plan with a problem, and the same refusal when fired."""
    assert _problem(m, fire, "air" if fire.mission == "air_strike" else "operations") == (problem, section)


def test_10_2_a_fire_whose_plan_has_a_problem_is_refused_when_fired(m):
    with pytest.raises(ActionError, match=r"Barrage: intensity 'heavy' not allowed"):
        apply(m, _start(m), Fire(**AT_0508, units=("b_a1",), intensities=("heavy",)))


def test_a_mission_may_cap_the_units_that_fire_together(m):
    capped = m.model_copy(deep=True)
    assert capped.rules.fire is not None
    capped.rules.fire.missions["barrage"].max_units = 2
    fire = Fire(**AT_0508, units=("b_a1", "b_a2", "b_gs"), intensities=("normal",) * 3)
    assert _problem(capped, fire)[0] == "Barrage: at most 2 unit(s) fire"
    assert _problem(capped, fire.model_copy(update={"units": ("b_a1", "b_gs"), "intensities": ("normal",) * 2})) \
        == ("", "14.1")


def test_22_2_1_a_unit_whose_status_forbids_attacking_may_not_fire(m):
    """A disorganized (here: pinned) artillery unit does not fire (St-Lô 22.2.1)."""
    tx = prepared(m, _start(m))
    seq = tx.data.seq.model_copy(update={"statuses": {"b_a1": ("pinned",)}})
    tx = prepared(m, tx.state.model_copy(update={"engine": tx.data.model_copy(update={"seq": seq})}))
    p = plan(tx, Fire(**AT_0508, units=("b_a1",), intensities=("normal",)))
    assert p.problem == "Blue b_a1 regt may not fire: Pinned — 14.2"
    assert plan(tx, Fire(**AT_0508, units=("b_a2",), intensities=("normal",))).problem == ""


def test_14_1_a_fire_value_below_every_column_cannot_be_fired(m):
    """A unit whose printed value is 0 adds nothing: 0 is below the first column (1-15)."""
    weak = m.model_copy(deep=True)
    weak.pieces.pieces["b_a1"].steps[0].support = 0
    problem, section = _problem(weak, Fire(**AT_0508, units=("b_a1",), intensities=("normal",)))
    assert (problem, section) == ("a fire value of 0 is below every column of the Barrage Table", "14.1")


def test_14_1_the_column_is_the_highest_whose_lowest_value_the_fire_reaches(m):
    """16-47 from 16 up, 48+ from 48 up: 2 × 3 × OV 4 twice is 48."""
    tx = prepared(m, _start(m))
    p = plan(tx, Fire(**AT_0508, units=("b_a1", "b_a2"), intensities=("maximum",) * 2))
    assert (p.total, p.column) == (48, "48+")
    p = plan(tx, Fire(**AT_0508, units=("b_a1", "b_a2"), intensities=("maximum", "normal")))
    assert (p.total, p.column) == (32, "16-47")


def test_15_0_no_air_strike_with_the_pool_spent(m):
    s = _start(m, "air")
    fire = Fire(mission="air_strike", target="0508", op="b_op", op_hex="0505")
    for _ in range(2):
        s, _ = apply(m, rigged(s, 4), fire)
    assert engine_state(s).seq.pools["air"]["blue"] == 0
    with pytest.raises(ActionError, match="no Air strikes left"):
        apply(m, s, fire)


def test_15_0_no_air_strike_for_a_side_the_pool_gives_nothing():
    """A pool with no value for blue (only red starts with air strikes): blue has none to fly."""
    m2 = fire_module()
    m2.rules.pools["air"].initial = {"red": 2}
    problem, _ = _problem(m2, Fire(mission="air_strike", target="0508", op="b_op", op_hex="0505"), "air")
    assert problem == "no Air strikes left"


def test_16_0_a_weather_drm_counts_only_for_its_side_in_its_weather(m):
    """The interdiction mission's +2 is blue's in clear weather: none in rain."""
    rain = m.model_copy(deep=True)
    rain.scenarios["fire"].conditions = {"weather": "rain"}
    p = plan(prepared(rain, _start(rain, "interdiction")),
             Fire(mission="interdiction", units=("b_gs",), intensities=("normal",)))
    assert p.problem == "" and p.drms == ()
    clear = m.model_copy(deep=True)
    clear.scenarios["fire"].conditions = {"weather": "clear"}
    p = plan(prepared(clear, _start(clear, "interdiction")),
             Fire(mission="interdiction", units=("b_gs",), intensities=("normal",)))
    assert [(d.source, d.drm) for d in p.drms] == [("weather clear", 2)] and p.drm == 2


def test_a_step_that_fires_one_mission_refuses_another(m):
    s = _start(m)
    with pytest.raises(ActionError, match=r"this step fires barrage, not interdiction — 14\.1"):
        apply(m, s, Fire(mission="interdiction", units=("b_gs",), intensities=("normal",)))


def test_10_1_2_the_rally_logs_the_reset_with_its_section(m):
    s = _start(m)
    s, _ = apply(m, rigged(s, 1), Fire(**AT_0508, units=("b_a1",), intensities=("normal",)))
    assert engine_state(s).seq.missions == {"b_a1": 1}
    texts = []
    while m.meta.sequence[s.phase].id != "interdiction":
        s, entry = apply(m, s, EndPhase())
        texts.append(entry.text)
    assert any("fire missions reset — 10.1.2" in t for t in texts)
    assert engine_state(s).seq.missions == {}


def test_11_1_the_fire_dialog_lists_the_ops_places_best_observation_first_and_affordable_intensities(m):
    """11.1.1, 11.3: from 0505 (level 8) the OP sees 0508 with OV 4, from the three hexes two away
    with OV 1, by label; 10.1.1: b_a1 with one mission left fires at normal only."""
    from hexwright.runtime.engine import fire_options
    from hexwright.runtime.engine.data import with_engine_state

    s = _start(m)
    options = fire_options(m, s, "barrage", "0508")
    assert options.side == "blue"
    assert [(op, h, o.value) for op, h, o in options.places] == [
        ("b_op", "0505", 4), ("b_op", "0406", 1), ("b_op", "0506", 1), ("b_op", "0606", 1)]
    assert dict(options.units)["b_a1"] == ("normal", "rapid", "maximum")
    data = engine_state(s)
    spent = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update={"missions": {"b_a1": 5}})}))
    assert dict(fire_options(m, spent, "barrage", "0508").units)["b_a1"] == ("normal",)
    assert fire_options(m, s, "nuke", "0508").places == () and fire_options(m, s, "nuke", "0508").units == ()
    assert fire_options(m, s, "air_strike", "0508").units == ()  # no unit fires in an air strike
    assert fire_options(m, s, "interdiction", "0508").places == ()  # 16.0: no OP observes an interdiction
    assert fire_options(m, s, "barrage", "").places == ()  # no target chosen yet


def test_11_1_places_equally_good_for_two_ops_are_listed_op_by_op():
    """11.1.1, 11.3: a second OP of the division (``a_op``) may stand where ``b_op`` may; among
    places of the same observation value and distance the dialog lists one OP's places, by hex,
    before the next OP's (not the two OPs' places interleaved by hex)."""
    from builders import add_unit

    from hexwright.runtime.engine import fire_options
    from hexwright.runtime.model import Placement

    m2 = fire_module()
    add_unit(m2, "a_op", "blue", "op", combat=0, movement=0, formation="b_div")
    m2.scenarios["fire"].setup.append(Placement(piece="a_op", box="b_dd"))
    places = [(op, h, o.value) for op, h, o in fire_options(m2, _start(m2), "barrage", "0508").places]
    assert places == [("a_op", "0505", 4), ("b_op", "0505", 4),
                      ("a_op", "0406", 1), ("a_op", "0506", 1), ("a_op", "0606", 1),
                      ("b_op", "0406", 1), ("b_op", "0506", 1), ("b_op", "0606", 1)]


def test_10_1_1_10_3_a_reduced_firing_unit_fires_with_the_missions_and_value_of_its_reduced_face():
    """10.1.1, 10.3: the missions and fire value are those printed on the face the unit shows: b_a1
    at full strength (6 missions, support 2) affords every intensity; reduced (1 mission, support 1),
    normal only."""
    from hexwright.runtime.engine import fire_options
    from hexwright.runtime.model import StepValues

    m2 = fire_module()
    m2.pieces.pieces["b_a1"].steps.append(StepValues(combat=0, movement=0, support=1, fire_missions=1))
    s = _start(m2)
    assert dict(fire_options(m2, s, "barrage", "0508").units)["b_a1"] == ("normal", "rapid", "maximum")
    reduced, _ = state_apply(m2, s, SetStep(piece="b_a1", step=1))
    assert dict(fire_options(m2, reduced, "barrage", "0508").units)["b_a1"] == ("normal",)
    fire = Fire(**AT_0508, units=("b_a1",), intensities=("normal",))
    assert plan(prepared(m2, s), fire).parts[0].printed == 2  # 10.3: the support value of the face shown
    assert plan(prepared(m2, reduced), fire).parts[0].printed == 1


def test_10_1_1_a_firing_unit_with_no_fire_missions_printed_has_none_to_fire():
    """10.1.1: no fire-mission number on the counter is no mission: not even normal fire."""
    m2 = fire_module()
    m2.pieces.pieces["b_a1"].steps[0].fire_missions = None
    problem, section = _problem(m2, Fire(**AT_0508, units=("b_a1",), intensities=("normal",)))
    assert (problem, section) == ("Blue b_a1 regt: normal fire needs 1 mission(s), 0 left", "10.1.1, 10.2")


@pytest.mark.parametrize("unit", ["b_a1", "b_op"])
def test_11_1_14_1_an_eliminated_firing_unit_or_op_is_not_in_play(m, unit):
    """A firing unit (14.1) or OP (11.1) that was eliminated can no longer fire or observe."""
    s, _ = state_apply(m, _start(m), Eliminate(pieces=(unit,)))
    p = plan(prepared(m, s), Fire(**AT_0508, units=("b_a1",), intensities=("normal",)))
    assert p.problem == f"{unit} is not {'a firing unit' if unit == 'b_a1' else 'an OP'} of blue in play"


def _op_places(m, s, mission: str, op: str = "b_op") -> list[str]:
    from hexwright.runtime.engine.fire import op_hexes

    tx = prepared(m, s)
    return op_hexes(tx, tx.rules.fire.missions[mission], op)


def test_11_1_1_an_op_stands_near_its_own_formations_units_not_another_formations_or_another_op():
    """11.1.1 A, 14.1 B: within 4 hexes of b_inf (b_div, 0503); not near b_x (blue, of the second
    division, 0109) nor near a second OP of b_div on the map (a_op, 0909)."""
    from builders import add_unit

    from hexwright.runtime.model import Placement

    m2 = fire_module()
    add_unit(m2, "b_x", "blue", combat=2, movement=4, formation="b_div2")
    add_unit(m2, "a_op", "blue", "op", combat=0, movement=0, formation="b_div")
    m2.scenarios["fire"].setup += [Placement(piece="b_x", hex="0109"), Placement(piece="a_op", hex="0909")]
    places = _op_places(m2, _start(m2), "barrage")
    assert "0503" in places and "0506" in places and "0108" not in places and "0908" not in places


def test_15_0_a_an_air_strikes_op_stands_near_its_own_sides_units_of_the_types_named_not_the_enemys():
    """15.0 A (``op_near: unit_types``, infantry): near b_inf (0503) whatever its formation; never
    near red's infantry (r_inf, 0508) beyond b_inf's reach."""
    places = _op_places(fire_module(), _start(fire_module(), "air"), "air_strike")
    assert "0506" in places and "0509" not in places


def test_10_5_2_a_defensive_fires_op_stands_near_the_unit_it_supports_only():
    """10.5.2 A (``op_near: supported``): near b_inf when the fire supports b_inf, not near b_y,
    another unit of the same division (0109) — and the other way round."""
    from builders import add_unit

    from hexwright.runtime.engine.fire import op_hexes
    from hexwright.runtime.model import Placement
    from hexwright.runtime.model.fire import FireMission

    m2 = fire_module()
    add_unit(m2, "b_y", "blue", combat=2, movement=4, formation="b_div")
    m2.scenarios["fire"].setup.append(Placement(piece="b_y", hex="0109"))
    tx = prepared(m2, _start(m2))
    mission = FireMission(name="Defensive fire", value="defensive", op_near="supported", section="10.5")
    near_inf, near_y = op_hexes(tx, mission, "b_op", "b_inf"), op_hexes(tx, mission, "b_op", "b_y")
    assert "0503" in near_inf and "0108" not in near_inf
    assert "0108" in near_y and "0503" not in near_y


@pytest.mark.parametrize(("unit_type", "formation", "placed"), [("rec", "b_div", False), ("inf", "b_div2", True)])
def test_15_0_a_an_air_strikes_op_stands_near_own_infantry_of_any_division_not_other_types(
        unit_type, formation, placed):
    """15.0 A: near infantry whatever its division — a blue infantry unit of the second division at
    0109 gives the OP places there; a blue recon unit of the OP's own division gives none."""
    from builders import add_unit

    from hexwright.runtime.model import Placement

    m2 = fire_module()
    add_unit(m2, "b_new", "blue", unit_type, combat=1, movement=4, formation=formation)
    m2.scenarios["fire"].setup.append(Placement(piece="b_new", hex="0109"))
    places = _op_places(m2, _start(m2, "air"), "air_strike")
    assert "0506" in places and ("0108" in places) is placed


def test_11_1_2_an_enemy_op_alone_in_a_hex_is_no_target():
    """11.1.2: OPs are not units to fire at — a barrage on a hex holding only red's OP is refused."""
    from builders import add_unit

    from hexwright.runtime.model import Placement

    m2 = fire_module()
    add_unit(m2, "r_op", "red", "op", combat=0, movement=0)
    m2.scenarios["fire"].setup.append(Placement(piece="r_op", hex="0607"))
    problem, section = _problem(m2, Fire(mission="barrage", target="0607", op="b_op", op_hex="0505",
                                         units=("b_a1",), intensities=("normal",)))
    assert (problem, section) == ("0607 holds no enemy unit", "14.1")


def test_10_0_a_fire_in_a_game_without_fire_support_says_so():
    """A module without ``rules.json`` ``fire``: the fire dialog's plan names what is missing."""
    from hexwright.runtime.engine import fire_plan

    m2 = fire_module()
    s = _start(m2)
    m2.rules.fire = None
    assert fire_plan(m2, s, Fire(**AT_0508, units=("b_a1",), intensities=("normal",))).problem == \
        "this game has no fire support (rules.json fire)"
