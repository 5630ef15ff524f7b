"""From what a player does on the board to an engine action (``engine/intent.py``, the play
window's drops and clicks, without Qt): a retreat or an advance chosen by the hex it ends in
(DoM §9.3, §9.5), an HQ relocation (ToV 2.3), the movement modes a move may name (ToV 11.2),
a drop on the exited pile, and why an action would be refused."""

from __future__ import annotations

from hexwright.runtime.engine import (
    Advance,
    Choose,
    Declare,
    ExitMap,
    Move,
    Relocate,
    Resolve,
    Retreat,
    action_for_drop,
    apply,
    choices,
    offered_modes,
    reach_of,
    refusal,
)
from hexwright.runtime.state import Location, initial_state

from .dom_positions import dom, position, seed_rolling

FIG7 = {"us_7_ccb": "0510", "us_7_ccr": "0408", "us_5_11": "0409", "us_5_10": "0407",
        "de_462_fhnjkr": "0509", "de_462_1010": "0507", "de_3_8": "0609"}
DEFENDER = "de_462_fhnjkr"


def retreat_due():
    """Figure 9: a D2 on 0509; the defender's one legal retreat is 0608 then 0607."""
    m = dom()
    s = position(FIG7, phase="us_combat", seed=seed_rolling(1))
    s, _ = apply(m, s, Declare(attackers=("us_5_11", "us_7_ccb", "us_7_ccr"), hex="0509"))
    s, _ = apply(m, s, Resolve(hex="0509"))
    return m, s


def test_s9_3_a_click_or_a_drop_on_the_hex_a_retreat_ends_in_chooses_that_retreat():
    m, s = retreat_due()
    legal = Retreat(unit=DEFENDER, path=("0608", "0607"))
    assert choices(m, s) == {"0607": legal}
    assert action_for_drop(m, s, DEFENDER, Location.hex("0607")) == legal
    # a hex no legal retreat ends in: the one-hex retreat the player asked for, for the rules to judge
    assert action_for_drop(m, s, DEFENDER, Location.hex("0508")) == Retreat(unit=DEFENDER, path=("0508",))
    assert reach_of(m, s, DEFENDER) is None and reach_of(m, s, "us_5_11") is None  # no movement while it is due
    assert offered_modes(m, s) == []


def test_s9_5_a_drop_on_the_hex_an_advance_ends_in_chooses_that_advance():
    m, s = retreat_due()
    s, _ = apply(m, s, Retreat(unit=DEFENDER, path=("0608", "0607")))
    clicks = choices(m, s)
    assert clicks["0608"] == Advance(unit="us_5_11", path=("0509", "0608"))
    assert clicks["0509"].path == ("0509",) and set(clicks) == {"0509", "0608"}
    assert action_for_drop(m, s, "us_5_11", Location.hex("0608")) == Advance(unit="us_5_11", path=("0509", "0608"))
    # the advance ending in 0608 is us_5_11's: another attacker dropped there asks for its own
    assert action_for_drop(m, s, "us_7_ccb", Location.hex("0608")) == Advance(unit="us_7_ccb", path=("0608",))
    # a unit that took no part is moved, for the rules to refuse
    assert action_for_drop(m, s, "us_5_10", Location.hex("0406")) == Move(unit="us_5_10", to="0406", mode="")


def test_tov_2_3_a_click_on_a_hex_chooses_the_hq_relocation_there():
    from sequence_modules import relocation_module

    from hexwright.runtime.engine import EndPhase

    m = relocation_module()
    s = initial_state(m, "act", 1)
    for division in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=division))
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    s, _ = apply(m, s, Resolve(hex="0505"))
    clicks = choices(m, s)
    assert clicks["0909"] == Relocate(unit="r_hq", to="0909") and all(isinstance(a, Relocate) for a in clicks.values())
    assert choices(m, initial_state(m, "act", 1)) == {}


def test_tov_11_2_the_modes_a_move_may_name_are_the_steps_when_it_also_allows_normal_moves():
    from sequence_modules import reinforcement_module

    m = reinforcement_module()
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    s, _ = apply(m, s, Choose(option="reinforce", target="r_div2"))
    assert offered_modes(m, s) == [("rail", "Rail"), ("double", "Double")]
    assert reach_of(m, s, "r_new", "nope") is None  # no such mode
    assert reach_of(m, s, "r_new", "rail") is not None
    m.rules.sequence.procedures["reinforcements"][0].steps[0].modes_only = True
    assert offered_modes(m, s) == []  # the step's modes only: nothing to choose
    assert offered_modes(m, initial_state(m, "act", 1)) == []  # a choice waits, not a move


def test_tov_11_2_a_mode_open_only_on_the_arrival_turn_gives_no_reach_later():
    from sequence_modules import reinforcement_module

    from hexwright.runtime.engine import EndPhase

    m = reinforcement_module()
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    s, _ = apply(m, s, Choose(option="reinforce", target="r_div2"))
    s, _ = apply(m, s, EndPhase())  # the reinforcements' move ends; red's later step allows the modes too
    later = s.model_copy(update={"turn": 2})
    assert reach_of(m, later, "r_new", "rail") is None and reach_of(m, later, "r_new", "") is not None


def test_s10_2_a_drop_on_the_exited_pile_leaves_by_the_cheapest_exit():
    from builders import add_unit, rules_module

    from hexwright.runtime.model import Box, Phase, Placement, Scenario
    from hexwright.runtime.model.sequence import ActionsStep, SequenceRules

    m = rules_module()
    m.map.boxes["gone"] = Box(name="Exited", kind="exited")
    m.meta.sequence = [Phase(id="move", name="Movement", side="blue", kind="movement")]
    m.rules.sequence = SequenceRules(phases={"move": [ActionsStep(id="m", allow=["move", "exit"])]})
    add_unit(m, "b_1", movement=4)
    add_unit(m, "b_far", movement=1)
    add_unit(m, "r_1", "red")
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue", setup=[
        Placement(piece="b_1", hex="0102"), Placement(piece="b_far", hex="0404"), Placement(piece="r_1", hex="0707")])}
    s = initial_state(m, "s", 1)
    exits = reach_of(m, s, "b_1").exits
    assert exits
    hex, edge, _ = min(exits, key=lambda e: (e[2], e[0], e[1]))
    assert action_for_drop(m, s, "b_1", Location.box("gone")) == ExitMap(unit="b_1", hex=hex, edge=edge)
    assert action_for_drop(m, s, "b_1", Location.off("exited")) == ExitMap(unit="b_1", hex=hex, edge=edge)
    assert action_for_drop(m, s, "b_1", Location.off("eliminated")) is None  # not the engine's business
    assert refusal(m, s, Move(unit="b_1", to="0103")) is None
    assert refusal(m, s, Move(unit="b_1", to="0707")) == "Red r_1 regt is in 0707: opposing units never share a hex"


def test_s8_1_3_a_drop_on_the_exited_pile_with_no_exit_in_reach_is_refused_by_name():
    """A unit that cannot reach a map edge this move, dropped on the exited pile: a refusal
    saying so (it was a pydantic error: the exit action could not be made with no edge)."""
    from builders import add_unit, rules_module

    from hexwright.runtime.model import Phase, Placement, Scenario
    from hexwright.runtime.model.sequence import ActionsStep, SequenceRules

    m = rules_module()
    m.meta.sequence = [Phase(id="move", name="Movement", side="blue", kind="movement")]
    m.rules.sequence = SequenceRules(phases={"move": [ActionsStep(id="m", allow=["move", "exit"])]})
    add_unit(m, "b_far", movement=1)
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue",
                                 setup=[Placement(piece="b_far", hex="0404")])}
    s = initial_state(m, "s", 1)
    assert not reach_of(m, s, "b_far").exits
    action = action_for_drop(m, s, "b_far", Location.off("exited"))
    assert action == ExitMap(unit="b_far", hex="0404", edge="")
    why = refusal(m, s, action)
    assert why is not None and "cannot leave the map from here this move" in why


def test_s8_1_the_window_shows_the_reach_of_exactly_the_units_that_may_move_now():
    from hexwright.runtime.engine import movers

    m = dom()
    s = position({"us_5_10": "0305", "us_5_11": "0307", "us_7_ccb": "0310", "de_462_1010": "0911"})
    may = set(movers(m, s))
    assert may and may < set(s.pieces)  # the US units on the map, not the German ones
    for pid in sorted(s.pieces):
        assert (reach_of(m, s, pid) is not None) == (pid in may), pid
    unit = next(p for p in sorted(may) if reach_of(m, s, p).hexes)
    moved, _ = apply(m, s, Move(unit=unit, to=sorted(reach_of(m, s, unit).hexes)[0]))
    assert reach_of(m, moved, unit) is None  # it has moved this phase
    assert [p for p in sorted(may) if reach_of(m, moved, p) is not None] == [p for p in sorted(may) if p != unit]
    assert reach_of(m, s, "no_such_unit") is None
    shown = {p: reach_of(m, s, p) for p in sorted(may)}
    stops = {p: v.stops() for p, v in shown.items()}
    assert any(any(st.values()) for st in stops.values())  # stopped in EZOC (§8.1.1): shaded apart
    assert all(st == {h: stop for h, (_cost, _path, stop) in shown[p].hexes.items()} for p, st in stops.items())


def test_s8_2_the_landing_hexes_shown_cost_nothing_and_each_is_a_stop():
    """A drop's view (DoM §8.2: the unit lands, spends no MF and moves no further): allowance
    0, every landing hex at cost 0 with itself as the path, each shaded as a stop."""
    from .test_engine_drops import AIRBORNE, ON

    m = dom()
    s = position({AIRBORNE: "box:us_airborne", "de_462_utrfhr": "0606"}, optional_rules=ON)
    view = reach_of(m, s, AIRBORNE)
    assert view is not None and view.drop and view.hexes
    assert view.allowance == 0 and view.exits == ()
    assert all(cost == 0 and path == (h,) for h, (cost, path, _stop) in view.hexes.items())
    assert view.stops() == dict.fromkeys(view.hexes, True)


def test_s8_1_a_units_reach_on_the_map_is_no_drop_and_shades_its_stops():
    m = dom()
    s = position({"us_5_10": "0305", "de_462_1010": "0507"})
    view = reach_of(m, s, "us_5_10")
    assert view is not None and view.drop is False and view.allowance > 0
    stops = view.stops()
    assert set(stops) == set(view.hexes) and stops == {h: x[2] for h, x in view.hexes.items()}
    assert any(stops.values()) and not all(stops.values())  # EZOC of 0507 stops (§8.1.1); the rest do not


def test_st_lo_8_1_a_step_allowing_only_its_modes_moves_a_dropped_unit_in_the_first_of_them():
    """An actions step with ``modes_only`` (St-Lô 8.1/8.2: a Movement or a Strategic Movement
    action): a counter dropped on the board moves in the step's first mode, not its last."""
    from sequence_modules import reinforcement_module

    m = reinforcement_module()
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    s, _ = apply(m, s, Choose(option="reinforce", target="r_div2"))
    # normal moves allowed too: a drop is a normal move
    assert action_for_drop(m, s, "r_new", Location.hex("0505")) == Move(unit="r_new", to="0505", mode="")
    step = m.rules.sequence.procedures["reinforcements"][0].steps[0]
    assert step.modes == ["rail", "double"]
    step.modes_only = True
    assert action_for_drop(m, s, "r_new", Location.hex("0505")) == Move(unit="r_new", to="0505", mode="rail")
