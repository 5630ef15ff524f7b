"""Chit-pull activation as module data, on a synthetic module (after Traces of Victory 4.0–4.3,
11.1, 6.1, 13.0): per-turn chit counts, random draws from the seeded dice, the drawn chit's
owner acting, activation by command range measured when activated, arrivals on the Nth draw,
weather persisting as mud, control by feature kind, VP with a supply trace, sudden death."""

from __future__ import annotations

import random

import pytest
from sequence_modules import chit_module

from hexwright.runtime.engine import (
    Choose,
    Draw,
    Move,
    PutChit,
    Roll,
    apply,
    control_map,
    engine_state,
    is_over,
    legal_actions,
    prepared,
    scores,
    to_act,
    unit_reach,
    verdict,
    weather_now,
)
from hexwright.runtime.engine.data import EngineState
from hexwright.runtime.model.pieces import Restriction
from hexwright.runtime.state import ActionError, GameState, Location, initial_state


def start(m=None, seed: int = 1) -> tuple:
    m = m or chit_module()
    return m, initial_state(m, "chits", seed)


def until(m, s: GameState, pred, rnd: random.Random | None = None, limit: int = 400) -> GameState:
    """Play random legal actions until ``pred(state, actions)`` holds."""
    rnd = rnd or random.Random(0)
    for _ in range(limit):
        acts = legal_actions(m, s)
        if pred(s, acts):
            return s
        assert acts, "stuck before the condition held"
        s, _ = apply(m, s, rnd.choice(acts))
    raise AssertionError("condition never held")


def place(m, s: GameState, **where: str) -> GameState:
    pieces = dict(s.pieces)
    for pid, hex in where.items():
        pieces[pid] = pieces[pid].model_copy(update={"at": Location.hex(hex)})
    return s.model_copy(update={"pieces": pieces})


def test_4_2_cup_fill_uses_the_turn_tracks_per_turn_counts():
    """Turn 1: blue may put 2 (all its chits: no choice), red picks 1 of 2; Supply always goes in (4.2, 8.0)."""
    m, s = start()
    acts = legal_actions(m, s)
    assert acts == [PutChit(chit="red_i"), PutChit(chit="red_ii")] and to_act(m, s) == "red"
    s, entry = apply(m, s, PutChit(chit="red_ii"))
    assert sorted(s.cups["cup"]) == ["blue_i", "blue_ii", "red_ii", "supply"]
    assert "4 chit(s) in the cup" in entry.text
    with pytest.raises(ActionError):
        apply(m, s, PutChit(chit="red_i"))  # the cup is filled: now a draw is due
    # turn 2: the turn track gives blue 1 chit, so blue chooses too
    s = until(m, s, lambda st, a: st.turn == 2 and any(isinstance(x, PutChit) for x in a))
    assert to_act(m, s) == "blue" and legal_actions(m, s) == [PutChit(chit="blue_i"), PutChit(chit="blue_ii")]
    s, _ = apply(m, s, PutChit(chit="blue_ii"))
    assert to_act(m, s) == "red"
    s, _ = apply(m, s, PutChit(chit="red_i"))
    assert sorted(s.cups["cup"]) == ["blue_ii", "red_i", "supply"]


def test_4_3_draws_are_random_logged_and_make_the_owner_active():
    m, s = start()
    s, _ = apply(m, s, PutChit(chit="red_i"))
    assert legal_actions(m, s) == [Draw()]
    cup = set(s.cups["cup"])
    seen = []
    while s.turn == 1 and legal_actions(m, s) == [Draw()]:
        s, entry = apply(m, s, Draw())
        chit = s.drawn[-1]
        seen.append(chit)
        owner = m.pieces.chits[chit].side
        assert entry.drawn is None and f"drew {m.pieces.chits[chit].name}" in entry.text
        if owner:
            assert to_act(m, s) == owner and engine_state(prepared(m, s).state).seq.why == f"drew {m.pieces.chits[chit].name}"
        s = until(m, s, lambda st, a: Draw() in a or st.turn > 1, rnd=random.Random(len(seen)))
    assert set(seen) == cup  # every chit drawn once, then the loop ends with the cup empty


def test_4_3_draw_order_comes_from_the_seeded_dice():
    orders = []
    for seed in (1, 1, 2, 3, 4, 5):
        m, s = start(seed=seed)
        s, _ = apply(m, s, PutChit(chit="red_i"))
        s, _ = apply(m, s, Draw())
        orders.append(s.drawn[0])
    assert orders[0] == orders[1] and len(set(orders)) > 1


def test_2_3_activation_by_command_range_measured_when_activated():
    """Units within 3 hexes of the HQ when its chit is drawn; b_far (5 away) is not; moving the HQ later
    changes nothing (2.3)."""
    m, s = start()
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s = until(m, s, lambda st, a: st.drawn and m.pieces.chits[st.drawn[-1]].side == "blue" and
              any(isinstance(x, Move) for x in a), rnd=random.Random(3))
    act = engine_state(prepared(m, s).state).seq.activation
    assert act is not None and act.hq == "b_hq" and set(act.units) == {"b_hq", "b_1", "b_2"}
    movers = {x.unit for x in legal_actions(m, s) if isinstance(x, Move)}
    assert movers == {"b_hq", "b_1", "b_2"}
    with pytest.raises(ActionError, match="not activated"):
        apply(m, s, Move(unit="b_far", to="0107"))
    s, _ = apply(m, s, Move(unit="b_hq", to="0203"))
    assert {x.unit for x in legal_actions(m, s) if isinstance(x, Move)} == {"b_1", "b_2"}


def test_11_1_arrival_on_the_second_draw_of_the_hq_chit_is_activated_without_range():
    m, s = start()
    s, _ = apply(m, s, PutChit(chit="red_i"))
    draws = 0
    rnd = random.Random(5)
    while draws < 2:
        s = until(m, s, lambda st, a: Draw() in a, rnd=rnd)
        s, entry = apply(m, s, Draw())
        if m.pieces.chits[s.drawn[-1]].side == "blue":
            draws += 1
            if draws == 1:
                assert s.pieces["b_late"].at.kind == "unavailable"
    assert s.pieces["b_late"].at == Location.box("blue_arrivals") and "arrival blue_second_draw" in entry.text
    act = engine_state(prepared(m, s).state).seq.activation
    assert "b_late" in act.units  # 11.0: arrivals are activated without command range
    assert any(isinstance(x, Move) and x.unit == "b_late" for x in legal_actions(m, s))


def test_4_1_weather_roll_persists_mud_for_two_turns_and_movement_reads_it():
    """Turn 1 is fixed rain: mud on turns 1 and 2 (4.1.5, 4.1.6); clear costs 4 in mud."""
    m, s = start()
    s, entry = apply(m, s, PutChit(chit="red_i"))
    assert "weather: rain" in entry.text and "mud to turn 2" in entry.text
    assert weather_now(m, s) == "mud"
    reach = unit_reach(m, s, "b_1", m.rules)
    assert reach.hexes["0404"].cost == 4  # clear in mud (normally 2)
    s = until(m, s, lambda st, a: st.turn == 2 and Roll() in a)
    s, entry = apply(m, s, Roll())
    data = engine_state(s).seq
    assert "-1 after rain" in entry.text  # 4.1.3: rain last turn
    assert weather_now(m, s) == "mud"  # still turn 2
    assert data.lasting["mud"] == (3 if data.conditions["weather"] == "rain" else 2)


def test_weather_again_rain_leaps_the_mud_over():
    """4.1.5 example: mud already on the current turn and rain again: mud to the next turn."""
    m, s = start()
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s = until(m, s, lambda st, a: st.turn == 2 and Roll() in a)
    for seed in range(200):
        rng = s.rng.model_copy(update={"counter": seed})
        after, _ = apply(m, s.model_copy(update={"rng": rng}), Roll())
        if engine_state(after).seq.conditions["weather"] == "rain":
            assert engine_state(after).seq.lasting["mud"] == 3
            return
    raise AssertionError("no rain in 200 rolls")


def test_8_1_supply_chit_marks_units_out_of_supply_and_movement_halves():
    m, s = start()
    # red units cut blue b_far off from its source 0101
    s = place(m, s, r_1="0102", r_2="0201")
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s = until(m, s, lambda st, a: st.drawn and st.drawn[-1] == "supply", rnd=random.Random(2))
    statuses = engine_state(s).seq.statuses
    assert "out_of_supply" in statuses.get("b_far", ())
    full = 6
    assert unit_reach(m, s, "b_far", m.rules).allowance == full / 2


def test_12_1_restriction_refused_with_its_reason():
    m = chit_module()
    m.scenarios["chits"].restrictions = {"b_1": [Restriction(kind="no_move_before_turn", turn=2, section="12.1")]}
    m, s = start(m)
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s = until(m, s, lambda st, a: any(isinstance(x, Move) and x.unit == "b_hq" for x in a), rnd=random.Random(3))
    assert not any(isinstance(x, Move) and x.unit == "b_1" for x in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"b_1 regt may not move before turn 2 — 12\.1"):
        apply(m, s, Move(unit="b_1", to="0305"))


def test_6_1_control_only_of_the_feature_kinds_named():
    """Only towns and supply sources are controlled (6.1): passing a clear hex controls nothing."""
    m, s = start()
    s = place(m, s, b_1="0504")
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s = until(m, s, lambda st, a: Move(unit="b_1", to="0505") in a, rnd=random.Random(3))
    s, _ = apply(m, s, Move(unit="b_1", to="0505"))
    s = until(m, s, lambda st, a: any(isinstance(x, Move) and x.unit == "b_1" for x in a) or st.turn > 1,
              rnd=random.Random(4))
    control = control_map(m, s)
    assert control.get("0505") == "blue"
    assert "0504" not in control and "0304" not in control


def test_13_1_objective_scores_only_while_it_traces_supply():
    """3 VP for a controlled objective that traces supply as if a blue unit stood there (13.0, 13.1):
    an enemy ZOC on the empty objective blocks the line (8.1)."""
    m, s = start()
    s = s.model_copy(update={"control": {"0505": "blue"}})
    s = place(m, s, r_hq="0909", r_1="0908", r_2="0809")
    points = [sc for sc in scores(m, s) if "0505" in sc.detail]
    assert [sc.points for sc in points] == [3] and "traces supply" in points[0].detail
    cut = place(m, s, r_1="0506")
    assert control_map(m, cut)["0505"] == "blue"
    assert not [sc for sc in scores(m, cut) if "0505" in sc.detail]


def test_13_0_sudden_death_at_the_victory_determination_step():
    m, s = start()
    s = place(m, s, b_1="0505", b_2="0707", r_hq="0909", r_1="0908", r_2="0809")
    s = s.model_copy(update={"control": {"0505": "blue", "0707": "blue"}})
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s = until(m, s, lambda st, a: is_over(st) or st.turn > 1, rnd=random.Random(1))
    assert is_over(s) and "Allied sudden death" in engine_state(s).outcome and s.turn == 1
    v = verdict(m, s)  # the victory screen's verdict is the condition's, whatever the points
    assert (v.winner, v.level, v.basis) == ("blue", "Allied sudden death", "sudden_death")
    assert v.text(m).startswith("Blue: Allied sudden death — 0505, 0707 held in supply")
    assert verdict(m, place(m, start()[1], b_1="0505")).basis == "margin"  # a game going on: by points


def test_13_1_a_level_that_names_a_victory_is_not_called_a_victory_twice():
    from hexwright.runtime.engine.victory import Verdict

    m = chit_module()
    assert Verdict({"blue": 3, "red": 0}, "red", 3, "German Major Victory", "total").text(m) == \
        "Red: German Major Victory (Blue 3, Red 0)"
    assert Verdict({"blue": 9, "red": 2}, "blue", 7, "Marginal").text(m) == "Blue: Marginal victory, ΔVP 7 (Blue 9, Red 2)"


def test_step_enforcement_off_skips_the_step_and_warn_allows_with_override():
    m = chit_module()
    m.rules.enforcement = {"step.weather_roll": "off"}
    m, s = start(m)
    s, entry = apply(m, s, PutChit(chit="red_i"))
    assert "weather" not in entry.text and weather_now(m, s) is None
    m2 = chit_module()
    m2.rules.enforcement = {"step.move": "warn"}
    m2, s2 = start(m2)
    s2, _ = apply(m2, s2, PutChit(chit="red_i"))
    s2 = until(m2, s2, lambda st, a: any(isinstance(x, Move) and x.unit == "b_hq" for x in a), rnd=random.Random(3))
    assert any(isinstance(x, Move) and x.unit == "b_far" for x in legal_actions(m2, s2))
    s2, entry = apply(m2, s2, Move(unit="b_far", to="0107"))
    assert s2.hex_of("b_far") == "0107" and "override: Blue b_far regt is not activated — 9.0" in entry.text



@pytest.mark.parametrize("level", ["enforce", "warn"])
def test_4_3_the_attackers_offered_are_the_activated_units_next_to_the_defender(level):
    """The attack dialog's list (available_attackers): an activated unit next to the defender,
    not one left out of the activation (unless the players relaxed the step to a warning)."""
    from hexwright.runtime.engine import available_attackers

    m = chit_module()
    m.rules.enforcement = {"step.move": level}
    m, s = start(m)
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s = until(m, s, lambda st, a: any(isinstance(x, Move) and x.unit == "b_hq" for x in a), rnd=random.Random(3))
    assert "b_1" in engine_state(s).seq.activation.units and "b_far" not in engine_state(s).seq.activation.units
    s = place(m, s, r_1="0606", b_1="0605", b_far="0607")
    assert available_attackers(m, s, "0606") == (["b_1"] if level == "enforce" else ["b_1", "b_far"])

def test_engine_data_round_trips():
    m, s = start()
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s, _ = apply(m, s, Draw())
    data = engine_state(s)
    assert EngineState.model_validate(data.model_dump(mode="json")) == data


def test_choose_is_refused_when_no_choice_is_waiting():
    m, s = start()
    with pytest.raises(ActionError, match="no choice now"):
        apply(m, s, Choose(option="pass"))


def test_11_2_reinforcements_enter_on_a_supply_source_of_their_side():
    from builders import add_unit

    from hexwright.runtime.model.sequence import ArrivalGroup, ArrivalsStep, TurnTrigger

    m = chit_module()
    add_unit(m, "r_new", "red", combat=3, movement=6)
    m.rules.arrivals["red_src"] = ArrivalGroup(side="red", pieces=["r_new"], at_sources=True,
                                               trigger=TurnTrigger(turn=1), section="11.2")
    m.rules.sequence.phases["weather"].insert(0, ArrivalsStep(id="arrive", name="Reinforcements"))
    m, s = start(m)
    assert prepared(m, s).state.hex_of("r_new") == "0909"  # red's only source
    blocked = place(m, s, b_far="0909")
    tx = prepared(m, blocked)
    assert tx.data.seq.delayed == ("red_src",) and tx.state.pieces["r_new"].at.kind == "unavailable"


def test_13_1_losses_cost_victory_points_by_unit_type_and_reduced_strength():
    """ToV 13.1: the Allies lose VP for each of their units eliminated (5 an HQ, 2 infantry here)
    and 1 for each not on its full-strength side."""
    from hexwright.runtime.model import VpRule

    m = chit_module()
    m.pieces.pieces["b_2"].steps.append(m.pieces.pieces["b_2"].steps[0].model_copy(update={"combat": 2}))
    m.tables.victory.rules += [
        VpRule(side="blue", kind="eliminate", points=-5, params={"of_side": "blue", "unit_types": ["hq"]},
               description="HQ eliminated", section="13.1"),
        VpRule(side="blue", kind="eliminate", points=-2, params={"of_side": "blue", "unit_types": ["inf"]},
               description="infantry eliminated", section="13.1"),
        VpRule(side="blue", kind="reduced", points=-1, params={"of_side": "blue"}, description="reduced",
               section="13.1")]
    m, s = start(m)
    pieces = dict(s.pieces)
    pieces["b_1"] = pieces["b_1"].model_copy(update={"at": Location.off("eliminated")})
    pieces["r_1"] = pieces["r_1"].model_copy(update={"at": Location.off("eliminated")})
    pieces["b_2"] = pieces["b_2"].model_copy(update={"step": 1})
    s = s.model_copy(update={"pieces": pieces})
    losses = sorted((sc.points, sc.detail) for sc in scores(m, s) if sc.section == "13.1")
    assert losses == [(-2, "b_1 eliminated"), (-1, "b_2 reduced")]


def test_2_3_an_activated_hq_relocates_five_hexes_away_out_of_ezoc_in_supply_at_a_vp_cost():
    from hexwright.runtime.engine import Relocate

    m, s = start()
    s, _ = apply(m, s, PutChit(chit="red_i"))
    s = until(m, s, lambda st, a: any(isinstance(x, Relocate) for x in a), rnd=random.Random(3))
    spots = [a.to for a in legal_actions(m, s) if isinstance(a, Relocate)]
    assert spots and all(a == "b_hq" for a in [x.unit for x in legal_actions(m, s) if isinstance(x, Relocate)])
    start_hex = s.hex_of("b_hq")
    assert "0101" not in spots or start_hex != "0303"  # 0101 is 2 hexes from 0303: too close
    with pytest.raises(ActionError, match=r"at least 5 hexes away \(here 1\)"):
        apply(m, s, Relocate(unit="b_hq", to="0304" if start_hex == "0303" else "0303"))
    with pytest.raises(ActionError, match="not the HQ activated now"):
        apply(m, s, Relocate(unit="b_1", to=spots[0]))
    s, entry = apply(m, s, Relocate(unit="b_hq", to=spots[0]))
    assert s.hex_of("b_hq") == spots[0] and "HQ relocated — 2.3" in entry.text
    assert [(sc.points, sc.detail) for sc in scores(m, s) if sc.section == "2.3"] == [(-2, "b_hq relocated")]
    assert not any(isinstance(a, (Move, Relocate)) and a.unit == "b_hq" for a in legal_actions(m, s))


def test_12_7_a_garrison_driven_out_by_combat_is_no_longer_restricted():
    """r_1 must stay in Metz (0504) until a combat result drives it out: a D1 retreat lifts it."""
    from sequence_modules import activation_module

    from hexwright.runtime.engine import Choose, Declare, Decline, EndPhase, Resolve, Retreat
    from hexwright.runtime.engine.restrictions import restriction_problem
    from hexwright.runtime.model import Area

    m = activation_module()
    crt = m.tables.crts["crt"]
    crt.cells = [["D1"] * len(crt.columns) for _ in crt.rows]
    m.map.areas["metz"] = Area(name="Metz", hexes=["0504"])
    m.scenarios["act"].restrictions = {"r_1": [Restriction(kind="must_stay_in_area", area="metz",
                                                           until_retreated_out=True, section="12.7")]}
    s = initial_state(m, "act", 1)
    assert restriction_problem(prepared(m, s), "r_1", "0604") == ("Red r_1 regt must stay in Metz", "12.7")
    for action in (Choose(option="divisions", target="b_d1"), Choose(option="divisions", target="b_d2"), EndPhase(),
                   Declare(attackers=("b_1",), hex="0504"), Resolve(hex="0504")):
        s, _ = apply(m, s, action)
    retreat = next(a for a in legal_actions(m, s) if isinstance(a, Retreat))
    s, entry = apply(m, s, retreat)
    assert "driven out by combat, no longer restricted — 12.7" in entry.text
    if any(isinstance(a, Decline) for a in legal_actions(m, s)):
        s, _ = apply(m, s, Decline())
    assert restriction_problem(prepared(m, s), "r_1", "0808") is None
    kept = m.model_copy(deep=True)
    kept.scenarios["act"].restrictions["r_1"][0].until_retreated_out = False
    assert restriction_problem(prepared(kept, s), "r_1", "0808") is not None
