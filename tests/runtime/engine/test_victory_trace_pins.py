"""Victory points, sudden death and victory levels (``engine/victory.py``) as module data, on a
small synthetic module: how each VP rule reads its parameters (Drive on Metz §10.1–10.2, ToV
2.3, 11.3, 13.0–13.1, 15.2, St-Lô 21.1), the end-of-turn count of turns in a victory area
(DoM §10.1) and when a sudden death decides the verdict (ToV 13.0)."""

from __future__ import annotations

from builders import add_unit, rules_module
from sequence_modules import attack_hq, relocation_module

from hexwright.runtime.engine import EngineState, Relocate, apply, engine_state, scores, verdict, with_engine_state
from hexwright.runtime.engine.seqdata import SeqState
from hexwright.runtime.engine.victory import destroyed_formations, end_of_turn_scoring, sudden_death
from hexwright.runtime.model import Area, Formation, OptionalRule, Placement, Scenario
from hexwright.runtime.model.sequence import ArrivalGroup, TurnTrigger
from hexwright.runtime.model.tables import SuddenDeath, Victory, VictoryLevel, VpRule
from hexwright.runtime.state import GameState, Location, initial_state


def front_module():
    """A 6 × 6 map, blue's supply source in 0101; blue b_inf (infantry) in 0303, b_arm (armour)
    in 0304; red r_1 (two steps, formation f1 with r_2) in 0505, r_2 in 0506; area "east" is
    0505, 0506 and 0303. No VP rule yet."""
    m = rules_module(6, 6, features={"0101": ["source"]})
    m.map.hexes["0101"].features[0].side = "blue"
    add_unit(m, "b_inf", "blue")
    add_unit(m, "b_arm", "blue", "arm")
    add_unit(m, "r_1", "red", formation="f1", reduced=2)
    add_unit(m, "r_2", "red", formation="f1")
    m.pieces.formations["f1"] = Formation(name="1st Regiment", side="red")
    m.map.areas["east"] = Area(name="East", hexes=["0505", "0506", "0303"])
    m.tables.victory = Victory()
    m.scenarios = {"s": Scenario(name="S", last_turn=5, setup=[
        Placement(piece=p, hex=h) for p, h in (("b_inf", "0303"), ("b_arm", "0304"), ("r_1", "0505"),
                                               ("r_2", "0506"))])}
    return m


def placed(s: GameState, **where: str) -> GameState:
    """``s`` with units moved to hexes ("x": eliminated); ``<unit>_step`` keys set the step."""
    pieces = dict(s.pieces)
    for key, value in where.items():
        if key.endswith("_step"):
            unit = key.removesuffix("_step")
            pieces[unit] = pieces[unit].model_copy(update={"step": int(value)})
        else:
            at = Location.off("eliminated") if value == "x" else Location.hex(value)
            pieces[key] = pieces[key].model_copy(update={"at": at})
    return s.model_copy(update={"pieces": pieces})


def test_score_line_reads_signed_points_description_detail_and_section():
    """The VP list shown to the players: "+1 Crossroads (controls 0303) — 10.1"; a cost reads
    with its minus sign and a score with no detail has no brackets."""
    m = front_module()
    m.tables.victory.rules = [VpRule(side="blue", kind="control_hex", points=1, params={"hex": "0303"},
                                     description="Crossroads", section="10.1")]
    s = initial_state(m, "s", 1)
    assert [str(x) for x in scores(m, s)] == ["+1 Crossroads (controls 0303) — 10.1"]
    m.rules.arrivals = {"g": ArrivalGroup(side="red", pieces=["r_2"], trigger=TurnTrigger(turn=2), vp=-2,
                                          section="11.3")}
    s = with_engine_state(s, EngineState(seq=SeqState(arrived=("g",))))
    assert [str(x) for x in scores(m, s)] == ["+1 Crossroads (controls 0303) — 10.1", "-2 arrival g — 11.3"]


def test_dom_10_1_every_named_hex_scores_whatever_per_says_only_an_area_with_per_once_is_capped():
    """``hexes`` score one by one even with the default ``per: once``; an area scores each hex
    held with ``per: unit`` and once with ``per: once`` (St-Lô 21.1.2)."""
    m = front_module()
    s = initial_state(m, "s", 1)
    m.tables.victory.rules = [VpRule(side="blue", kind="control_hex", points=2, params={"hexes": ["0303", "0304"]},
                                     section="10.1")]
    assert [(x.points, x.detail) for x in scores(m, s)] == [(2, "controls 0303"), (2, "controls 0304")]
    held = placed(s, r_1="0101", r_2="0102", b_arm="0505", b_inf="0506")  # blue holds all of east but 0303
    held = held.model_copy(update={"control": {**held.control, "0303": "blue"}})
    m.tables.victory.rules = [VpRule(side="blue", kind="control_hex", points=1, per="unit", params={"area": "east"},
                                     section="21.1.2")]
    assert [x.detail for x in scores(m, held)] == ["controls 0303", "controls 0505", "controls 0506"]
    m.tables.victory.rules[0].per = "once"
    assert [x.detail for x in scores(m, held)] == ["controls 0303"]


def test_st_lo_21_1_occupied_by_counts_only_a_unit_of_those_types_and_an_empty_list_any_unit():
    """Blue holds 0304 with armour: a rule wanting infantry there scores nothing until the
    infantry stands in it; ``occupied_by: []`` is any unit of the side."""
    m = front_module()
    rule = VpRule(side="blue", kind="control_hex", points=3, params={"hex": "0304", "occupied_by": ["inf"]},
                  section="21.1")
    m.tables.victory.rules = [rule]
    s = initial_state(m, "s", 1)
    assert scores(m, s) == []
    assert [x.detail for x in scores(m, placed(s, b_arm="0202", b_inf="0304"))] == ["occupies 0304"]
    rule.params["occupied_by"] = []
    assert [x.detail for x in scores(m, s)] == ["occupies 0304"]


def test_tov_13_1_a_unit_reduced_and_then_eliminated_scores_as_eliminated_not_as_reduced():
    """r_1 lost its first step, then was eliminated: it keeps its step, yet only the
    ``eliminate`` rule scores it; r_2 eliminated at full strength scores only that too."""
    m = front_module()
    m.tables.victory.rules = [
        VpRule(side="blue", kind="eliminate", points=2, params={"of_side": "red"}, section="13.1"),
        VpRule(side="blue", kind="reduced", points=1, params={"of_side": "red"}, section="13.1")]
    s = initial_state(m, "s", 1)
    reduced = placed(s, r_1_step="1")
    assert [(x.points, x.detail) for x in scores(m, reduced)] == [(1, "r_1 reduced")]
    gone = placed(reduced, r_1="x", r_2="x")
    assert gone.pieces["r_1"].step == 1
    assert [(x.points, x.detail) for x in scores(m, gone)] == [(2, "r_1 eliminated"), (2, "r_2 eliminated")]


def test_tov_2_3_relocate_hq_counts_hqs_of_of_side_only_and_without_of_side_every_hq():
    """The red HQ is relocated: a rule for blue HQs scores nothing; a rule with no ``of_side``
    scores it."""
    m = relocation_module()
    s, _ = attack_hq(m)
    s, _ = apply(m, s, Relocate(unit="r_hq", to="0909"))
    assert [x.points for x in scores(m, s)] == [2]
    m.tables.victory.rules[0].params = {"of_side": "blue"}
    assert scores(m, s) == []
    m.tables.victory.rules[0].params = {}
    assert [x.points for x in scores(m, s)] == [2]


def test_tov_11_3_an_arrival_scores_its_vp_once_arrived_and_a_group_without_vp_adds_no_line():
    m = front_module()
    m.rules.arrivals = {
        "free": ArrivalGroup(side="red", pieces=["r_1"], trigger=TurnTrigger(turn=2)),
        "paid": ArrivalGroup(side="red", pieces=["r_2"], trigger=TurnTrigger(turn=2), vp=-1, section="11.3")}
    s = initial_state(m, "s", 1)
    assert scores(m, s) == []
    s = with_engine_state(s, EngineState(seq=SeqState(arrived=("free", "paid"))))
    assert [(x.side, x.points, x.description, x.section) for x in scores(m, s)] == [("red", -1, "arrival paid", "11.3")]


def test_tov_15_2_a_formation_with_one_unit_left_is_not_destroyed():
    m = front_module()
    s = initial_state(m, "s", 1)
    assert destroyed_formations(m, placed(s, r_1="x"), ["f1"]) == []
    assert destroyed_formations(m, placed(s, r_1="x", r_2="x"), ["f1"]) == ["f1"]


def supply_death(m, hexes: list[str]):
    m.tables.victory.sudden_death = [SuddenDeath(side="blue", hexes=hexes, trace="supply", level="Breakthrough",
                                                 section="13.0")]
    m.rules.supply.max_length = 0  # only the source itself traces supply
    return initial_state(m, "s", 1)


def test_tov_13_0_a_hex_held_but_out_of_supply_is_no_sudden_death():
    m = front_module()
    s = supply_death(m, ["0303"])
    assert sudden_death(m, s) == ""
    m.rules.supply.max_length = None
    assert sudden_death(m, s) == "Blue: Breakthrough (0303 held in supply — 13.0)"


def test_tov_13_0_sudden_death_holds_when_the_hexes_are_exactly_all_that_trace_supply():
    """Blue holds its own source 0101, the one hex that traces supply: that is enough."""
    m = front_module()
    s = placed(supply_death(m, ["0101"]), b_inf="0101")
    assert sudden_death(m, s) == "Blue: Breakthrough (0101 held in supply — 13.0)"


def test_tov_15_2_a_state_with_no_entry_for_the_optional_rule_counts_it_as_not_in_use():
    """A game saved before the module declared the optional rule: its condition does not apply."""
    m = front_module()
    m.meta.optional_rules = {"alt": OptionalRule(name="Alternate victory", section="15.2")}
    m.tables.victory.sudden_death = [SuddenDeath(side="blue", hexes=["0303"], optional_rule="alt", section="15.2")]
    s = initial_state(m, "s", 1, {"alt": True})
    assert sudden_death(m, s) == "Blue: Sudden death (0303 held — 15.2)"
    assert sudden_death(m, s.model_copy(update={"optional_rules": {}})) == ""


def test_tov_13_0_a_sudden_death_decides_the_verdict_only_once_the_game_is_over():
    """While the game goes on, the verdict reads the points even though blue holds the
    sudden-death hex; once the game ended at the victory check, blue wins at its level."""
    m = front_module()
    m.tables.victory.rules = [VpRule(side="red", kind="control_hex", points=4, params={"hex": "0505"})]
    m.tables.victory.levels = [VictoryLevel(min_margin=1, name="Marginal")]
    m.tables.victory.sudden_death = [SuddenDeath(side="blue", hexes=["0303"], level="Breakthrough", section="13.0")]
    s = initial_state(m, "s", 1)
    v = verdict(m, s)
    assert (v.winner, v.level, v.basis) == ("red", "Marginal", "margin")
    v = verdict(m, with_engine_state(s, EngineState(over=True)))
    assert (v.winner, v.level, v.basis, v.why) == ("blue", "Breakthrough", "sudden_death", "0303 held — 13.0")


def area_module():
    """Blue scores 5 VP for each unit one turn in the east (``turns`` left at its default); a
    control rule on the same area and a rule on an area the map lacks count no turns."""
    m = front_module()
    m.tables.victory.rules = [
        VpRule(side="blue", kind="control_hex", points=1, params={"area": "east"}, section="10.1"),
        VpRule(side="blue", kind="occupy_area_turns", points=5, params={"area": "nowhere"}, section="10.1"),
        VpRule(side="blue", kind="occupy_area_turns", points=5, params={"area": "east"}, section="10.1")]
    return m


def test_dom_10_1_units_of_the_side_in_the_area_at_the_end_of_one_turn_score_by_default():
    """b_inf ends the turn in the east (0303): it scores at once (``turns`` 1 by default); the
    red units standing in the east count for nothing, and neither does b_arm outside."""
    m = area_module()
    s = initial_state(m, "s", 1)
    data, texts = end_of_turn_scoring(m, s, engine_state(s))
    assert texts == ["b_inf: 5 VP, 1 turn in East — 10.1"]
    assert (data.area_scored, data.area_turns) == (("2:b_inf",), {})
    s = with_engine_state(s, data)
    assert [(x.points, x.detail) for x in scores(m, s) if x.points == 5] == [(5, "b_inf")]


def test_dom_10_1_a_unit_already_scored_for_the_area_scores_no_more_however_long_it_stays():
    m = area_module()
    s = initial_state(m, "s", 1)
    data, _ = end_of_turn_scoring(m, s, engine_state(s))
    again, texts = end_of_turn_scoring(m, s, data)
    assert texts == [] and again.area_scored == ("2:b_inf",)
