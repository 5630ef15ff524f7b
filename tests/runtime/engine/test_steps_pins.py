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
        assert "out of supply" not in tx.text()


def test_a_supply_check_may_cost_a_step_instead_of_giving_a_status():
    m = supply_module(status=None, step_loss=True)
    add_unit(m, "r_2", "red", reduced=1)
    m.scenarios["s"].setup.append(m.scenarios["s"].setup[1].model_copy(update={"piece": "r_2", "hex": "0606"}))
    tx = prepared(m, start(m))
    assert tx.data.seq.statuses == {}
    assert tx.state.pieces["r_2"].step == 1 and tx.state.pieces["r_1"].at.kind == "eliminated"


# -- attacks that must be made (St-Lô 9.1 B, 27.2 C) -------------------------------------------------


def test_st_lo_9_1_b_outside_any_activation_every_unit_next_to_an_enemy_must_attack():
    """A phase's own combat step with ``must_attack``: no activation, so every unit of the side
    that could attack must, before the step ends."""
    from builders import dom_crt

    from hexwright.runtime.model.sequence import ActionsStep

    m = seq_module({"a": [ActionsStep(id="fight", name="Combat", allow=["declare", "resolve"], must_attack=True,
                                      section="9.1")]})
    m.tables.crts["crt"] = dom_crt()
    m.scenarios["s"].setup[1] = m.scenarios["s"].setup[1].model_copy(update={"hex": "0304"})
    s = start(m)
    assert EndPhase() not in legal_actions(m, s)
    with pytest.raises(ActionError, match=r"^Blue b_1 regt must still attack every adjacent enemy unit — 9\.1$"):
        apply(m, s, EndPhase())


def test_st_lo_9_1_b_in_an_activation_only_its_units_must_attack_though_others_may():
    """A combat step open to the whole side (``units: side``) inside an HQ activation: b_4, not
    activated (beyond the HQ's range), may join an attack but is not bound to attack."""
    from sequence_modules import activation_module

    m = activation_module()
    steps = m.rules.sequence.procedures["hq_activation"][0].steps
    steps[1] = steps[1].model_copy(update={"must_attack": True, "units": "side"})  # shared by the modules made
    m.scenarios["act"].setup = [p.model_copy(update={"hex": "0506"}) if p.piece == "b_4" else p
                                for p in m.scenarios["act"].setup]
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="hq", target="b_hq"))
    s, _ = apply(m, s, EndPhase())  # the movement step
    assert any("b_4" in a.attackers for a in legal_actions(m, s) if hasattr(a, "attackers"))
    with pytest.raises(ActionError, match=r"^Blue b_1 regt, Blue b_2 regt must still attack every adjacent enemy "
                                          r"unit — 10\.0$"):
        apply(m, s, EndPhase())


def test_ending_a_step_is_refused_while_a_procedure_is_open():
    """ToV 2.3: an HQ cut off is relocated first; ending the step meanwhile is refused by name."""
    from sequence_modules import relocation_module

    from hexwright.runtime.engine import engine_state
    from hexwright.runtime.model.sequence import ActionsStep

    m = relocation_module(cut_off=True)
    m.rules.sequence.phases["red_orders"] = [
        SupplyCheck(id="supply", name="Supply check", side=FixedSide(side="red"), sides=["red"],
                    status="out_of_supply", section="8.1"),
        ActionsStep(id="red_move", name="Red movement", side=FixedSide(side="red"), allow=["move"])]
    m.scenarios["act"].setup = [p.model_copy(update={"hex": {"r_hq": "0101", "b_4": "0202"}.get(p.piece, p.hex)})
                                for p in m.scenarios["act"].setup]
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    assert engine_state(s).frames[-1].proc == "relocate"
    with pytest.raises(ActionError, match="finish the relocate first"):
        apply(m, s, EndPhase())


def test_st_lo_9_2_7_b_an_hq_with_some_of_its_units_left_may_still_be_chosen():
    """``hq_with_units``: one unit of b_hq2's left in play is enough (its companies b_c1 and b_c2
    eliminated, b_c3 and b_bn2 not)."""
    from operations_modules import tactical_module

    from hexwright.runtime.state import Eliminate
    from hexwright.runtime.state import apply as state_apply

    m = tactical_module()
    m.rules.sequence.phases["operations"][0].steps[0].options[0].hq_with_units = True
    s, _ = state_apply(m, initial_state(m, "ops", 1), Eliminate(pieces=("b_c1", "b_c2")))
    assert Choose(option="activate", target="b_hq2") in legal_actions(m, s)


def test_st_lo_7_1_a_paid_action_is_chosen_without_a_target_and_only_by_the_sides_it_names():
    """A tactical action with a cost (St-Lô 7.1) is refused, before anything is paid, when named
    with a target or by a side it is not open to."""
    from operations_modules import rigged, tactical_module

    from hexwright.runtime.engine import engine_state

    m = tactical_module()
    s, _ = apply(m, initial_state(m, "ops", 1), Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    with pytest.raises(ActionError, match=r"^movement b_bn is not a choice now — 7\.1$"):
        apply(m, s, Choose(option="movement", target="b_bn"))
    options = m.rules.sequence.procedures["activation"][1].steps[0].steps[0].options
    options[0] = options[0].model_copy(update={"sides": ["red"]})  # the options are shared by the modules made
    with pytest.raises(ActionError, match=r"^movement is not a choice now — 7\.1$"):
        apply(m, s, Choose(option="movement"))
    assert engine_state(s).seq.pools["tap"]["blue"] == 4


def test_an_end_option_outside_a_loop_ends_its_step_and_is_logged_by_its_label():
    m = seq_module({"a": [ChoiceStep(id="c", options=[ChoiceOption(kind="end", id="stop", label="Stop here")]),
                          go(id="after")]})
    s, entry = apply(m, start(m), Choose(option="stop"))
    assert entry.text == "Blue chooses Stop here"
    assert prepared(m, s).data.seq.step == "after" and legal_actions(m, s) == [Choose(option="go")]


def test_tov_4_2_a_side_whose_chits_in_the_cup_already_exceed_its_count_puts_no_more():
    """The cup is not emptied first and already holds three of blue's chits, one over its count
    of two: blue has nothing to put (not one fewer than it could choose from)."""
    m = cup_module(sides={"blue": ChitSelection(chits=["c1", "c2", "c3", "c4", "c5"], count=2)}, empty_first=False)
    m.scenarios["s"].cups = {"cup": ["c1", "c2", "c3"]}
    tx = prepared(m, start(m))
    assert tx.state.cups["cup"] == ("c1", "c2", "c3") and tx.data.seq.step == "after"


def test_tov_4_2_a_cup_filled_inside_a_loop_goes_round_the_sides_once():
    """A cup fill nested in a loop (one iteration) goes on from side to side as at the top level."""
    from hexwright.runtime.model.sequence import CountEnds, EachSide, Loop

    fill = CupFill(id="fill", name="Chit selection", cup="cup", side=EachSide(order=["blue", "red"]), section="4.2",
                   sides={"blue": ChitSelection(chits=["c1", "c2"], count=1), "red": ChitSelection(chits=["r1"])})
    m = seq_module({"a": [Loop(id="loop", until=[CountEnds(count=1)], steps=[fill]), go(id="after")]})
    m.pieces.chits = {c: Chit(name=c.upper(), side="red" if c == "r1" else "blue") for c in ("c1", "c2", "r1")}
    s, _ = apply(m, start(m), PutChit(chit="c2"))
    assert s.cups["cup"] == ("c2", "r1") and prepared(m, s).data.seq.step == "after"


def test_a_roll_is_refused_while_a_procedure_is_open_or_when_no_step_waits():
    from sequence_modules import relocation_module

    m = relocation_module(cut_off=True)
    m.rules.sequence.phases["red_orders"] = [SupplyCheck(id="supply", name="Supply check", side=FixedSide(side="red"),
                                                         sides=["red"], status="out_of_supply", section="8.1")]
    m.scenarios["act"].setup = [p.model_copy(update={"hex": {"r_hq": "0101", "b_4": "0202"}.get(p.piece, p.hex)})
                                for p in m.scenarios["act"].setup]
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))  # red's HQ is cut off: a relocation opens
    with pytest.raises(ActionError, match=r"^no roll is due now$"):
        apply(m, s, Roll())
    bare = seq_module({})
    bare.meta.sequence = []
    with pytest.raises(ActionError, match=r"^no roll is due now$"):
        apply(bare, start(bare), Roll())


def test_st_lo_14_3_a_recovery_with_nothing_to_recover_says_so():
    """Outside an activation (no units taking part) nothing is recovered, and the log says so."""
    from hexwright.runtime.model.sequence import Recover

    m = seq_module({"a": [Recover(id="rec", statuses=["pinned"], succeed_on=[1], section="14.3"), go(id="after")]})
    s, entry = apply(m, start(m), Roll())
    assert "recovery: nothing to recover — 14.3" in entry.text and prepared(m, s).data.seq.step == "after"


def test_a_table_roll_on_a_table_the_module_lacks_is_refused_by_name():
    m = seq_module({"a": [TableRoll(id="w", table="nope", section="4.1"), go(id="after")]})
    with pytest.raises(ActionError, match=r"no lookup table 'nope'"):
        apply(m, start(m), Roll())


def test_st_lo_14_3_1_recovery_in_an_activation_rolls_only_for_the_hexes_of_units_holding_the_status():
    """A recovery step in an HQ activation (every activated unit takes part): b_1 is pinned, b_2
    and b_3 are not — one roll, for b_1's hex."""
    from sequence_modules import activation_module

    from hexwright.runtime.engine import engine_state
    from hexwright.runtime.model.sequence import Recover

    m = activation_module()
    m.rules.sequence.procedures["hq_activation"][0].steps = [
        Recover(id="rec", statuses=["pinned"], succeed_on=[1, 2, 3, 4, 5, 6], section="14.3")]
    s = initial_state(m, "act", 1)
    data = engine_state(s)
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"statuses": {"b_1": ("pinned",)}})})})
    s, _ = apply(m, s, Choose(option="hq", target="b_hq"))
    s, entry = apply(m, s, Roll())
    assert len(entry.dice) == 1 and "recovery at 0404 rolls" in entry.text and "recovered (Blue b_1 regt)" in entry.text
    assert "b_1" not in engine_state(s).seq.statuses


def test_st_lo_3_2_1_initiative_adds_the_pool_of_a_side_that_has_one_and_nothing_for_a_side_without():
    """Blue's initiative level is 1, red has none: blue 3 + 1 ties red's 4, and the tie goes to red."""
    from operations_modules import rigged

    from hexwright.runtime.model.sequence import Initiative

    m = seq_module({"a": [SetPool(id="levels", pool="init", values={"blue": 1}),
                          Initiative(id="init", pool="init", tie="red", section="3.2.1"), go(id="after")]})
    _, entry = apply(m, rigged(start(m), 3, 4), Roll())
    assert "Red to act: won the initiative Blue 3+1, Red 4 (tie)" in entry.text


def test_st_lo_3_2_1_without_sides_named_every_side_of_the_module_rolls_for_the_initiative():
    from operations_modules import rigged

    from hexwright.runtime.model.sequence import Initiative

    m = seq_module({"a": [Initiative(id="init", tie="blue", section="3.2.1"), go(id="after")]})
    _, entry = apply(m, rigged(start(m), 2, 5), Roll())
    assert entry.dice == (2, 5) and "Red to act: won the initiative Blue 2, Red 5" in entry.text
    assert "(tie)" not in entry.text


def test_st_lo_3_2_6_a_double_one_ends_the_loop_and_nobody_wins_the_initiative():
    """Both unmodified rolls 1 (after the loop's minimum): the rolls are logged and the loop
    ends; no side is made active by that roll."""
    from operations_modules import rigged

    from hexwright.runtime.model.sequence import CountEnds, Initiative, Loop

    m = seq_module({"a": [Loop(id="ops", name="Operations", until=[CountEnds(count=5)], section="3.2",
                               steps=[Initiative(id="init", sides=["blue", "red"], tie="red", end_loop_on=1,
                                                 section="3.2.6"), go(id="op")]), go(id="after")]})
    s, entry = apply(m, rigged(start(m), 1, 1), Roll())
    assert "initiative: Blue 1, Red 1" in entry.text and "the loop ends: every unmodified roll is 1 (3.2.6)" in entry.text
    assert "won the initiative" not in entry.text and prepared(m, s).data.seq.step == "after"


def test_tov_4_1_5_a_condition_lasting_to_this_turn_is_shown_with_the_result():
    """Rain leaves mud for one turn (to this turn): the log shows it held to turn 1."""
    from hexwright.runtime.model.sequence import Persist

    m = weather_module(persist=[Persist(result="rain", condition="mud", turns=1)])
    after, entry = roll_with(m, start(m), 2)
    assert "weather: rain (rolled 2 → 2 on Weather) (mud to turn 1) — 4.1" in entry.text
    assert prepared(m, after).data.seq.lasting == {"mud": 1}


def test_a_table_roll_on_a_table_without_numbered_rows_is_refused_naming_the_modified_roll():
    m = weather_module(modifiers=[RollModifier(drm=1, turns=[1])])
    for row, key in zip(m.tables.lookups["wx"].rows, "abcdef"):
        row.key = key
    with pytest.raises(ActionError, match="Weather has no row 4"):
        roll_with(m, start(m), 3)


def test_tov_4_1_a_table_cell_that_is_not_a_number_sets_no_pool():
    m = weather_module(pools={"1": "air"})
    m.tables.lookups["wx"].rows[1].cells[1] = "–"
    after, entry = roll_with(m, start(m), 2)
    assert prepared(m, after).data.seq.pools == {} and "Air points" not in entry.text


def test_st_lo_7_1_an_end_option_in_a_loop_ends_the_loop_by_its_label():
    from hexwright.runtime.model.sequence import CountEnds, Loop

    end = ChoiceOption(kind="end", id="stop", label="End of activation")
    m = seq_module({"a": [Loop(id="actions", until=[CountEnds(count=9)], steps=[
        ChoiceStep(id="c", options=[GO, end])]), go(id="after")]})
    s, entry = apply(m, start(m), Choose(option="stop"))
    assert "Blue chooses End of activation; the loop ends: End of activation" in entry.text
    assert prepared(m, s).data.seq.step == "after"


def test_tov_13_0_a_victory_check_that_finds_a_sudden_death_ends_the_game_and_says_why():
    from hexwright.runtime.engine import engine_state
    from hexwright.runtime.model.sequence import VictoryCheck
    from hexwright.runtime.model.tables import SuddenDeath

    m = seq_module({"a": [go(id="first"), VictoryCheck(id="vc", name="Victory determination", section="13.0"),
                          go(id="after")]})
    m.tables.victory.sudden_death = [SuddenDeath(side="blue", hexes=["0303"], level="Blue sudden death",
                                                 section="13.0")]
    s = start(m).model_copy(update={"control": {"0303": "blue"}})
    s, entry = apply(m, s, Choose(option="go"))
    assert "game over — Blue: Blue sudden death (0303 held — 13.0) (13.0)" in entry.text
    assert engine_state(s).over and legal_actions(m, s) == []


def test_tov_4_2_a_side_in_the_fills_order_with_no_chits_of_its_own_puts_none_and_the_fill_goes_on():
    """A cup fill going round blue and red where only blue puts chits (red has no ``sides``
    entry): red's turn puts nothing and the step ends (it raised a KeyError)."""
    from hexwright.runtime.model.sequence import EachSide

    fill = CupFill(id="fill", name="Chit selection", cup="cup", side=EachSide(order=["red", "blue"]), section="4.2",
                   sides={"blue": ChitSelection(chits=["c1", "c2"], count=1)})
    m = seq_module({"a": [fill, go(id="after")]})
    m.pieces.chits = {c: Chit(name=c.upper(), side="blue") for c in ("c1", "c2")}
    s = start(m)
    assert legal_actions(m, s) == [PutChit(chit="c1"), PutChit(chit="c2")]
    s, _ = apply(m, s, PutChit(chit="c1"))
    assert s.cups["cup"] == ("c1",) and prepared(m, s).data.seq.step == "after"
