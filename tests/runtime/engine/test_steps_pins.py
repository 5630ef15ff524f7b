"""The steps that wait for a player and the ones that run by themselves (``engine/steps.py``),
on small synthetic sequences: choices and their refusals, filling a cup (ToV 4.2), table rolls
with modifiers and persistent results (ToV 4.1), pools (St-Lô 3.4), supply checks (ToV 8.1)."""

from __future__ import annotations

import pytest
from builders import add_unit
from pin_modules import GO, PASS, go, seq_module

from hexwright.runtime.engine import Choose, Draw, EndPhase, PutChit, Roll, apply, legal_actions, prepared, to_act
from hexwright.runtime.model import Area, Chit, Die, HexData, HexFeature, LookupRow, LookupTable, Turn, TurnTrack
from hexwright.runtime.model.sequence import (
    ChitSelection,
    ChoiceOption,
    ChoiceStep,
    CupFill,
    FixedSide,
    PoolDef,
    RollModifier,
    SetPool,
    StatusDef,
    SupplyCheck,
    TableRoll,
)
from hexwright.runtime.state import ActionError, Location, initial_state


def start(m):
    return initial_state(m, "s", 1)


# -- choices -------------------------------------------------------------------------------------


def test_a_choice_refused_names_the_choices_there_are():
    m = seq_module({"a": [ChoiceStep(id="op", name="Operation", section="3.2.3",
                                     options=[GO, PASS, ChoiceOption(kind="pass", id="red_only", sides=["red"])])]})
    s = start(m)
    assert legal_actions(m, s) == [Choose(option="go"), Choose(option="pass")]
    with pytest.raises(ActionError, match=r"red_only is not a choice now \(choices: go, pass\) — 3\.2\.3"):
        apply(m, s, Choose(option="red_only"))
    with pytest.raises(ActionError, match=r"go b_1 is not a choice now"):
        apply(m, s, Choose(option="go", target="b_1"))
    with pytest.raises(ActionError, match=r"nothing to end now: Operation waits for a choice"):
        apply(m, s, EndPhase())
    with pytest.raises(ActionError, match=r"no roll is due now \(waiting: Operation\)"):
        apply(m, s, Roll())
    with pytest.raises(ActionError, match=r"no cup to draw from now \(waiting: Operation\)"):
        apply(m, s, Draw())
    with pytest.raises(ActionError, match=r"no cup to fill now \(waiting: Operation\)"):
        apply(m, s, PutChit(chit="x"))


def test_a_choice_is_logged_by_its_label_or_its_id_and_a_pass_as_a_pass():
    m = seq_module({"a": [ChoiceStep(id="one", options=[ChoiceOption(kind="procedure", id="raid", label="Raid")]),
                          ChoiceStep(id="two", options=[GO]), ChoiceStep(id="three", options=[PASS])]})
    s = start(m)
    s, entry = apply(m, s, Choose(option="raid"))
    assert entry.text == "Blue chooses Raid"
    s, entry = apply(m, s, Choose(option="go"))
    assert entry.text == "Blue chooses go"
    s, entry = apply(m, s, Choose(option="pass"))
    assert entry.text.startswith("Blue passes")


def test_an_hq_choice_offers_the_sides_hqs_on_the_map_or_the_unit_types_named():
    m = seq_module({"a": [ChoiceStep(id="act", options=[ChoiceOption(kind="hq", id="activate", label="Activate")]),
                          ChoiceStep(id="act2", options=[ChoiceOption(kind="hq", id="pick", hq_types=["inf"])])]})
    add_unit(m, "b_hq", "blue", "hq")
    add_unit(m, "b_hq2", "blue", "hq")
    add_unit(m, "r_hq", "red", "hq")
    m.scenarios["s"].setup += [m.scenarios["s"].setup[0].model_copy(update={"piece": p}) for p in ("b_hq", "r_hq")]
    s = start(m)
    assert legal_actions(m, s) == [Choose(option="activate", target="b_hq")]  # b_hq2 is not in play
    s, entry = apply(m, s, Choose(option="activate", target="b_hq"))
    assert entry.text == "Blue chooses Activate: Blue b_hq regt" and prepared(m, s).data.seq.hq == "b_hq"
    assert legal_actions(m, s) == [Choose(option="pick", target="b_1")]
    gone = s.model_copy(update={"pieces": {**s.pieces, "b_1": s.pieces["b_1"].model_copy(
        update={"at": Location.off("eliminated")})}})
    assert legal_actions(m, gone) == []


# -- cups ----------------------------------------------------------------------------------------


def cup_module(**fill):
    m = seq_module({"a": [CupFill(id="fill", name="Chit selection", cup="cup", section="4.2",
                                  side=FixedSide(side="blue"), **fill), go(id="after")]})
    m.pieces.chits = {c: Chit(name=c.upper(), side="blue") for c in ("c1", "c2", "c3", "c4", "x")}
    m.tables.turn_track = TurnTrack(turns=[Turn(number=1, data={"n": "2"}), Turn(number=2, data={})])
    return m


def test_tov_4_2_a_side_picks_its_count_of_chits_less_those_already_in():
    m = cup_module(sides={"blue": ChitSelection(chits=["c1", "c2", "c3"], count=2)}, always=["x"], empty_first=False)
    m.scenarios["s"].cups = {"cup": ["c1"]}
    s = start(m)
    assert legal_actions(m, s) == [PutChit(chit="c2"), PutChit(chit="c3")]
    with pytest.raises(ActionError, match=r"Blue cannot put c1 into the cup — 4\.2"):
        apply(m, s, PutChit(chit="c1"))
    with pytest.raises(ActionError, match=r"Blue cannot put c4 into the cup — 4\.2"):
        apply(m, s, PutChit(chit="c4"))
    s, entry = apply(m, s, PutChit(chit="c3"))
    assert "Blue puts C3 into the cup" in entry.text and "Chit selection: 3 chit(s) in the cup" in entry.text
    assert s.cups["cup"] == ("c1", "c3", "x")


def test_tov_4_2_the_count_may_come_from_the_turn_track_and_none_at_all_puts_every_chit():
    m = cup_module(sides={"blue": ChitSelection(chits=["c1", "c2", "c3"], count_field="n")})
    s = start(m)
    assert legal_actions(m, s) == [PutChit(chit="c1"), PutChit(chit="c2"), PutChit(chit="c3")]
    s, _ = apply(m, s, PutChit(chit="c2"))
    assert legal_actions(m, s) == [PutChit(chit="c1"), PutChit(chit="c3")]
    s, _ = apply(m, s, PutChit(chit="c1"))
    assert s.cups["cup"] == ("c1", "c2")
    turn2 = start(m).model_copy(update={"turn": 2})  # no count on the track that turn: every chit
    assert prepared(m, turn2).state.cups["cup"] == ("c1", "c2", "c3")
    m2 = cup_module(sides={"blue": ChitSelection(chits=["c1", "c2"])})
    assert prepared(m2, start(m2)).state.cups["cup"] == ("c1", "c2")


def test_tov_4_2_a_side_choosing_several_chits_is_told_once_that_it_is_to_act():
    m = cup_module(sides={"blue": ChitSelection(chits=["c1", "c2", "c3", "c4"], count=3)})
    s, first = apply(m, start(m), PutChit(chit="c1"))
    assert "Blue to act: Chit selection" in first.text
    s, entry = apply(m, s, PutChit(chit="c2"))
    assert entry.text == "Blue puts C2 into the cup"  # still blue's choice: not announced again
    assert legal_actions(m, s) == [PutChit(chit="c3"), PutChit(chit="c4")]


def test_tov_4_2_removed_chits_never_go_in_and_special_chits_only_on_their_turn():
    m = cup_module(sides={"blue": ChitSelection(chits=["c1", "c2"], count=1, special={"2": ["c4"]})},
                   always=["x", "c3"])
    m.scenarios["s"].removed_chits = ["c2", "c3"]
    s = start(m)
    tx = prepared(m, s)
    assert tx.state.cups["cup"] == ("c1", "x")  # c2 removed: c1 is the only choice, so no choice
    assert prepared(m, s.model_copy(update={"turn": 2})).data.seq.step == "Chit selection"
    assert legal_actions(m, s.model_copy(update={"turn": 2})) == [PutChit(chit="c1"), PutChit(chit="c4")]


def test_tov_4_2_the_cup_is_emptied_first_unless_the_step_says_not_to():
    m = cup_module(sides={"blue": ChitSelection(chits=["c1"])})
    m.scenarios["s"].cups = {"cup": ["c4"]}
    assert prepared(m, start(m)).state.cups["cup"] == ("c1",)
    m2 = cup_module(sides={"blue": ChitSelection(chits=["c1"])}, empty_first=False)
    m2.scenarios["s"].cups = {"cup": ["c4"]}
    assert prepared(m2, start(m2)).state.cups["cup"] == ("c1", "c4")


# -- table rolls -----------------------------------------------------------------------------------


def weather_module(**roll):
    m = seq_module({"a": [TableRoll(id="wx", name="Weather roll", table="wx", side=FixedSide(side="blue"),
                                    section="4.1", **roll)]})
    m.tables.lookups["wx"] = LookupTable(name="Weather", columns=["weather", "air"], rows=[
        LookupRow(key=str(k), cells=[w, str(a)]) for k, w, a in
        [(1, "storm", 0), (2, "rain", 0), (3, "rain", 1), (4, "clear", 2), (5, "clear", 3), (6, "clear", 9)]])
    m.rules.pools = {"air": PoolDef(name="Air points", min=0, max=3)}
    return m


def roll_with(m, s, die: int):
    """Roll with the seeded counter that gives ``die`` first."""
    from hexwright.runtime.state.rng import roll

    for counter in range(500):
        rng = s.rng.model_copy(update={"counter": counter})
        if roll(rng, 6, 1)[0] == [die]:
            return apply(m, s.model_copy(update={"rng": rng}), Roll())
    raise AssertionError(f"no {die} in 500 rolls")


def test_tov_4_1_a_table_roll_stores_the_result_and_sets_pools_from_its_columns_within_their_limits():
    m = weather_module(pools={"1": "air"})
    s = start(m)
    assert legal_actions(m, s) == [Roll()] and to_act(m, s) == "blue"
    after, entry = roll_with(m, s, 6)
    seq = prepared(m, after).data.seq
    assert seq.conditions == {"weather": "clear"} and seq.pools == {"air": {"blue": 3}}  # 9, capped at 3
    assert "weather: clear (rolled 6 → 6 on Weather) — 4.1" in entry.text and "Blue Air points: 3" in entry.text
    after, _ = roll_with(m, s, 3)
    assert prepared(m, after).data.seq.pools == {"air": {"blue": 1}}


def test_tov_4_1_3_modifiers_by_previous_result_and_turn_and_the_roll_kept_on_the_table():
    m = weather_module(modifiers=[RollModifier(drm=-2, previous=["rain"]), RollModifier(drm=3, turns=[2]),
                                  RollModifier(drm=1, previous=["clear"], note="fair")])
    s = start(m)
    after, entry = roll_with(m, s, 4)
    assert "(rolled 4 → 4 on Weather)" in entry.text
    rainy = s.model_copy(update={"engine": prepared(m, s).data.model_copy(update={
        "seq": prepared(m, s).data.seq.model_copy(update={"conditions": {"weather": "rain"}})})})
    after, entry = roll_with(m, rainy, 2)
    assert "(rolled 2, -2 after rain → 1 on Weather)" in entry.text  # 0 is below the table: its lowest row
    assert prepared(m, after).data.seq.conditions["weather"] == "storm"
    after, entry = roll_with(m, rainy.model_copy(update={"turn": 2}), 5)
    assert "(rolled 5, -2 after rain, +3 turn → 6 on Weather)" in entry.text
    clear = s.model_copy(update={"engine": prepared(m, s).data.model_copy(update={
        "seq": prepared(m, s).data.seq.model_copy(update={"conditions": {"weather": "clear"}})})})
    after, entry = roll_with(m, clear.model_copy(update={"turn": 2}), 6)
    assert "(rolled 6, +3 turn, +1 fair → 6 on Weather)" in entry.text  # 10, above the table: its highest row


def test_a_table_roll_on_a_table_with_a_gap_is_refused_naming_the_row():
    m = weather_module()
    m.tables.lookups["wx"].rows = [r for r in m.tables.lookups["wx"].rows if r.key != "3"]
    with pytest.raises(ActionError, match="Weather has no row 3"):
        roll_with(m, start(m), 3)


def test_a_die_of_the_modules_own_faces_is_rolled():
    m = weather_module(die="d4")
    m.meta.dice["d4"] = Die(faces=4)
    s = start(m)
    seen = set()
    for counter in range(60):
        after, _ = apply(m, s.model_copy(update={"rng": s.rng.model_copy(update={"counter": counter})}), Roll())
        seen.add(after.last_roll[0])
    assert seen == {1, 2, 3, 4}


# -- steps that run by themselves --------------------------------------------------------------------


def test_st_lo_3_4_pools_are_set_by_turn_within_their_limits():
    m = seq_module({"a": [SetPool(id="levels", pool="init", values={"blue": 1, "red": 5},
                                  by_turn={"2": {"blue": -9}}), go(id="after")]})
    m.rules.pools = {"init": PoolDef(name="Initiative", min=-2, max=2)}
    s = start(m)
    assert prepared(m, s).data.seq.pools == {"init": {"blue": 1, "red": 2}}
    assert prepared(m, s.model_copy(update={"turn": 2})).data.seq.pools == {"init": {"blue": -2}}
    m.rules.pools = {}
    assert prepared(m, s).data.seq.pools == {"init": {"blue": 1, "red": 5}}  # undeclared: no limits


def supply_module(**check):
    """Blue has a supply source at 0101 (two hexes from b_1); red has none."""
    m = seq_module({"a": [SupplyCheck(id="sup", section="8.1", **check), go(id="after")]})
    m.map.hexes["0101"] = HexData(features=[HexFeature(type="source", side="blue")])
    m.map.areas["redoubt"] = Area(name="Redoubt", hexes=["0505"])
    m.rules.statuses = {"out_of_supply": StatusDef(name="Out of supply")}
    return m


def test_tov_8_1_a_supply_check_marks_the_units_that_trace_no_supply():
    tx = prepared(supply_module(), start(supply_module()))
    assert tx.data.seq.statuses == {"r_1": ("out_of_supply",)}
    assert "supply check: out of supply Red r_1 regt — 8.1" in tx.text()


def test_tov_12_7_units_in_an_exempt_area_and_sides_not_checked_stay_in_supply():
    for check in ({"exempt_areas": ["redoubt"]}, {"sides": ["blue"]}):
        m = supply_module(**check)
        tx = prepared(m, start(m))
        assert tx.data.seq.statuses == {} and "supply check: every unit in supply — 8.1" in tx.text()


def test_a_supply_check_may_cost_a_step_instead_of_giving_a_status():
    m = supply_module(status=None, step_loss=True)
    add_unit(m, "r_2", "red", reduced=1)
    m.scenarios["s"].setup.append(m.scenarios["s"].setup[1].model_copy(update={"piece": "r_2", "hex": "0606"}))
    tx = prepared(m, start(m))
    assert tx.data.seq.statuses == {}
    assert tx.state.pieces["r_2"].step == 1 and tx.state.pieces["r_1"].at.kind == "eliminated"
