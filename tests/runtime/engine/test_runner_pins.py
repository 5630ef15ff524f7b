"""Running the declared sequence of play (``engine/runner.py``) on small synthetic sequences:
which steps apply on which turn, what a step is called, who acts, procedure calls, and how
loops begin, count and end (St-Lô 3.2: operations until every side passes in turn)."""

from __future__ import annotations

import pytest
from pin_modules import GO, PASS, go, seq_module

from hexwright.runtime.engine import Choose, EndPhase, apply, legal_actions, phase_of, prepared, to_act
from hexwright.runtime.model.sequence import (
    AllPassed,
    Call,
    ChoiceStep,
    CountEnds,
    CupEmpty,
    FixedSide,
    Loop,
)
from hexwright.runtime.state import ActionError, initial_state


def play_turns(m, s, turns: int = 3):
    """(turn, step waiting, side) for every choice, taking the first legal action each time."""
    seen, texts = [], []
    while s.turn <= turns and legal_actions(m, s):
        acts = legal_actions(m, s)
        if acts != [EndPhase()]:
            seen.append((s.turn, prepared(m, s).data.seq.step, to_act(m, s)))
        s, entry = apply(m, s, acts[0])
        texts.append(entry.text)
    return seen, texts, s


def test_steps_apply_on_their_turns_and_not_on_their_except_turns_and_procedures_return():
    m = seq_module({"a": [go(id="only_two", turns=[2]), go(id="not_one", except_turns=[1], side=FixedSide(side="red")),
                          go(name="Named"), go(), Call(procedure="p")]},
                   {"p": [go(id="in_proc", name="")]})
    seen, texts, _s = play_turns(m, initial_state(m, "s", 1))
    assert seen == [
        (1, "Named", "blue"), (1, "choice", "blue"), (1, "in proc", "blue"),
        (2, "only two", "blue"), (2, "not one", "red"), (2, "Named", "red"), (2, "choice", "red"), (2, "in proc", "red"),
        (3, "not one", "red"), (3, "Named", "red"), (3, "choice", "red"), (3, "in proc", "red")]
    assert "Red to act: not one" in texts[4]


def test_a_step_of_an_optional_rule_runs_only_when_the_rule_is_on():
    m = seq_module({"a": [go(id="night", optional_rule="night_turns"), go(id="day")]})
    s = initial_state(m, "s", 1)
    assert prepared(m, s).data.seq.step == "day"
    on = s.model_copy(update={"optional_rules": {"night_turns": True}})
    assert prepared(m, on).data.seq.step == "night"
    off = s.model_copy(update={"optional_rules": {"night_turns": False}})
    assert prepared(m, off).data.seq.step == "day"


def test_a_phase_of_no_kind_with_no_steps_declared_waits_only_for_its_end():
    m = seq_module({"a": [go(id="x")]})
    s, _ = apply(m, initial_state(m, "s", 1), Choose(option="go"))
    assert legal_actions(m, s) == [EndPhase()] and phase_of(m, s).id == "b"
    with pytest.raises(ActionError, match=r"no choice now \(waiting: actions\)"):
        apply(m, s, Choose(option="go"))


def test_a_step_at_enforcement_off_is_skipped():
    m = seq_module({"a": [go(id="x"), go(id="y")]})
    m.rules.enforcement = {"step.x": "off"}
    assert prepared(m, initial_state(m, "s", 1)).data.seq.step == "y"


def rounds(until, *, max_iterations: int = 500, options=(GO, PASS)):
    """A loop of two choices, blue's then red's."""
    return Loop(id="rounds", name="Rounds", until=until, max_iterations=max_iterations, section="3.2",
                steps=[ChoiceStep(id="blue_op", side=FixedSide(side="blue"), options=list(options)),
                       ChoiceStep(id="red_op", side=FixedSide(side="red"), options=list(options))])


def test_st_lo_3_2_5_the_loop_ends_when_every_side_has_passed_in_turn_and_an_operation_resets_the_count():
    m = seq_module({"a": [rounds([AllPassed()])]})
    s = initial_state(m, "s", 1)
    script = ["go", "pass", "pass", "go", "pass", "pass"]  # blue, red, blue, red, ...
    texts = []
    for option in script:
        assert phase_of(m, s).id == "a"
        s, entry = apply(m, s, Choose(option=option))
        texts.append(entry.text)
    assert "Rounds ends: every side passed in turn" in texts[-1] and phase_of(m, s).id == "b"
    assert not any("Rounds ends" in t for t in texts[:-1])


def test_st_lo_3_2_5_passes_split_across_iterations_count_when_in_turn():
    """Red passes at the end of round 1 and blue at the start of round 2: in turn, both passed."""
    m = seq_module({"a": [rounds([AllPassed()])]})
    s = initial_state(m, "s", 1)
    for option in ("go", "pass", "pass"):
        s, entry = apply(m, s, Choose(option=option))
    assert phase_of(m, s).id == "a" and prepared(m, s).data.seq.step == "red op"
    s, entry = apply(m, s, Choose(option="go"))
    assert phase_of(m, s).id == "a"
    s, entry = apply(m, s, Choose(option="pass"))
    s, entry = apply(m, s, Choose(option="pass"))
    assert "every side passed in turn" in entry.text and phase_of(m, s).id == "b"


def test_a_loop_stops_at_its_limit_of_iterations():
    m = seq_module({"a": [rounds([AllPassed()], max_iterations=2)]})
    s = initial_state(m, "s", 1)
    texts = []
    for _ in range(4):
        s, entry = apply(m, s, Choose(option="go"))
        texts.append(entry.text)
    assert "Rounds ends: the limit of 2 iterations" in texts[-1] and phase_of(m, s).id == "b"


def test_a_loop_whose_end_holds_before_it_starts_is_skipped():
    m = seq_module({"a": [rounds([CupEmpty(cup="cup")]), go(id="after")]})
    s = initial_state(m, "s", 1)
    assert prepared(m, s).data.seq.step == "after"
    assert "Rounds skipped: the cup is empty" in prepared(m, s).text()


def test_the_first_end_condition_that_holds_is_the_reason_given():
    m = seq_module({"a": [rounds([CountEnds(count=1), AllPassed()])]})
    s = initial_state(m, "s", 1)
    s, _ = apply(m, s, Choose(option="pass"))
    s, entry = apply(m, s, Choose(option="pass"))
    assert "Rounds ends: 1 iterations" in entry.text


def test_each_side_in_the_order_given_or_else_the_modules_order():
    from hexwright.runtime.engine import PutChit
    from hexwright.runtime.model import Chit
    from hexwright.runtime.model.sequence import ChitSelection, CupFill, EachSide

    for order, first in ((["red", "blue"], "red"), ([], "blue")):
        m = seq_module({"a": [CupFill(id="fill", name="Fill", cup="cup", side=EachSide(order=order), sides={
            "blue": ChitSelection(chits=["b1", "b2"], count=1), "red": ChitSelection(chits=["r1", "r2"], count=1)}),
            go(id="after")]})
        m.pieces.chits = {c: Chit(name=c, side="blue" if c[0] == "b" else "red") for c in ("b1", "b2", "r1", "r2")}
        s = initial_state(m, "s", 1)
        assert to_act(m, s) == first and legal_actions(m, s) == [PutChit(chit=f"{first[0]}1"), PutChit(chit=f"{first[0]}2")]
        s, _ = apply(m, s, PutChit(chit=f"{first[0]}1"))
        second = "blue" if first == "red" else "red"
        assert to_act(m, s) == second
        s, _ = apply(m, s, PutChit(chit=f"{second[0]}2"))
        assert prepared(m, s).data.seq.step == "after" and len(s.cups["cup"]) == 2


def test_what_a_new_game_allows_is_what_its_first_step_will_allow():
    """Before the engine has entered the first phase (a new game), the phase's first step says."""
    from hexwright.runtime.engine import allows_now, engine_state
    from hexwright.runtime.model.sequence import ActionsStep

    m = seq_module({"a": [ActionsStep(id="moves", allow=["move"]), go(id="after")]})
    s = initial_state(m, "s", 1)
    assert engine_state(s).seq.frames == ()
    assert allows_now(m, s, engine_state(s).seq, "move") and not allows_now(m, s, engine_state(s).seq, "declare")
    seq = prepared(m, s).data.seq
    assert seq.frames and allows_now(m, s, seq, "move") and not allows_now(m, s, seq, "declare")
    m2 = seq_module({"a": [go(id="first"), ActionsStep(id="moves", allow=["move"])]})
    s2 = initial_state(m2, "s", 1)
    assert not allows_now(m2, s2, engine_state(s2).seq, "move")
    m3 = seq_module({"b": [go(id="x")]})
    assert not allows_now(m3, initial_state(m3, "s", 1), engine_state(initial_state(m3, "s", 1)).seq, "move")


def test_an_action_the_waiting_step_does_not_allow_is_refused_or_logged_as_an_override_at_warn():
    from hexwright.runtime.engine import Move

    m = seq_module({"a": [go(id="orders", name="Orders", section="3.3")]})
    s = initial_state(m, "s", 1)
    with pytest.raises(ActionError, match=r"units move in a movement phase, not now \(Phase A: Orders\)"):
        apply(m, s, Move(unit="b_1", to="0304"))
    m.rules.enforcement = {"step.orders": "warn"}
    after, entry = apply(m, s, Move(unit="b_1", to="0304"))
    assert after.hex_of("b_1") == "0304" and "override: moving not now (Orders) — 3.3" in entry.text


def test_an_option_calling_a_procedure_the_module_lacks_is_refused_by_name():
    from hexwright.runtime.model.sequence import ChoiceOption, ChoiceStep

    m = seq_module({"a": [ChoiceStep(id="op", options=[ChoiceOption(kind="procedure", id="raid", procedure="raids")]),
                          go(id="after")]})
    with pytest.raises(ActionError, match=r"no procedure 'raids' in rules.json sequence.procedures"):
        apply(m, initial_state(m, "s", 1), Choose(option="raid"))


def test_each_side_starts_with_the_first_side_after_an_earlier_step_of_the_phase():
    """A step taken by each side in turn begins with the first side of its order even when it
    follows another step of the phase (the side count starts afresh at every step)."""
    from hexwright.runtime.engine import PutChit
    from hexwright.runtime.model import Chit
    from hexwright.runtime.model.sequence import ChitSelection, CupFill, EachSide

    m = seq_module({"a": [go(id="first"), CupFill(id="fill", name="Fill", cup="cup", side=EachSide(order=["red", "blue"]),
                                                  sides={"blue": ChitSelection(chits=["b1", "b2"], count=1),
                                                         "red": ChitSelection(chits=["r1", "r2"], count=1)})]})
    m.pieces.chits = {c: Chit(name=c, side="blue" if c[0] == "b" else "red") for c in ("b1", "b2", "r1", "r2")}
    s, _ = apply(m, initial_state(m, "s", 1), Choose(option="go"))
    assert to_act(m, s) == "red" and legal_actions(m, s) == [PutChit(chit="r1"), PutChit(chit="r2")]
    s, _ = apply(m, s, PutChit(chit="r1"))
    assert to_act(m, s) == "blue"


def test_tov_8_1_2_3_a_supply_check_that_ends_the_phase_waits_for_the_hq_relocation():
    """The supply check is the phase's last step and cuts the red HQ off: the phase waits for
    red to relocate it (ToV 2.3), then ends."""
    from sequence_modules import relocation_module

    from hexwright.runtime.engine import Relocate, engine_state
    from hexwright.runtime.model.sequence import SupplyCheck

    m = relocation_module(cut_off=True)
    m.rules.sequence.phases["red_orders"] = [SupplyCheck(id="supply", name="Supply check", side=FixedSide(side="red"),
                                                         sides=["red"], status="out_of_supply", section="8.1")]
    m.scenarios["act"].setup = [p.model_copy(update={"hex": {"r_hq": "0101", "b_4": "0202"}.get(p.piece, p.hex)})
                                for p in m.scenarios["act"].setup]
    s, entry = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    assert "cannot trace supply: to be relocated" in entry.text and phase_of(m, s).id == "red_orders"
    acts = legal_actions(m, s)
    assert acts and all(isinstance(a, Relocate) for a in acts) and to_act(m, s) == "red"
    s, entry = apply(m, s, acts[0])
    assert engine_state(s).frames == () and phase_of(m, s).id != "red_orders"


def test_a_step_of_the_phases_side_gives_the_turn_back_after_a_step_of_another_side():
    """Blue's phase: red takes a step, then a step of the phase's side is blue's again; the
    game's side to act follows."""
    from hexwright.runtime.model.sequence import PhaseSide

    m = seq_module({"a": [go(id="red_step", side=FixedSide(side="red")), go(id="blue_step", side=PhaseSide())]})
    s = initial_state(m, "s", 1)
    assert to_act(m, s) == "red" and prepared(m, s).state.active_side == "red"
    s, entry = apply(m, s, Choose(option="go"))
    assert to_act(m, s) == "blue" and s.active_side == "blue" and "Blue to act: blue step" in entry.text


def test_a_step_of_the_phases_side_in_a_phase_of_no_side_is_the_side_acting_before():
    from hexwright.runtime.model.sequence import PhaseSide

    m = seq_module({"a": [go(id="red_step", side=FixedSide(side="red")), go(id="next", side=PhaseSide())]}, side=None)
    s, _ = apply(m, initial_state(m, "s", 1), Choose(option="go"))
    assert to_act(m, s) == "red" and prepared(m, s).data.seq.step == "next"


def test_a_step_each_side_takes_once_is_taken_by_the_first_side_of_its_order():
    """Only a cup fill goes round the sides (ToV 4.2); any other step with ``each`` side waits
    for one answer, from the first side of its order (the module's order when none is given)."""
    from hexwright.runtime.model.sequence import EachSide

    for order, first in ((["red", "blue"], "red"), ([], "blue")):
        m = seq_module({"a": [go(id="x", side=FixedSide(side="red" if first == "blue" else "blue")),
                              go(id="y", side=EachSide(order=order))]})
        s, _ = apply(m, initial_state(m, "s", 1), Choose(option="go"))
        assert prepared(m, s).data.seq.step == "y" and to_act(m, s) == first


def test_a_step_of_the_current_side_at_the_start_of_the_game_is_the_scenarios_first_side():
    """No side has been made active yet (a phase of no side): the scenario's first side acts."""
    from hexwright.runtime.model.sequence import CurrentSide

    m = seq_module({"a": [go(id="opening", side=CurrentSide())]}, side=None)
    m.scenarios["s"].first_side = "red"
    tx = prepared(m, initial_state(m, "s", 1))
    assert "Red to act: opening" in tx.text() and to_act(m, initial_state(m, "s", 1)) == "red"


def test_st_lo_3_2_5_passes_made_in_a_procedure_the_loop_calls_count_for_the_loop():
    """The loop's operations are a procedure it calls: a pass there still counts towards
    'every side passed in turn'."""
    m = seq_module({"a": [Loop(id="rounds", name="Rounds", until=[AllPassed()], section="3.2", steps=[Call(procedure="ops")]),
                          go(id="after")]},
                   {"ops": rounds([AllPassed()]).steps})
    s = initial_state(m, "s", 1)
    for option in ("go", "pass", "pass", "pass"):  # blue, red, then blue and red pass in round 2
        s, entry = apply(m, s, Choose(option=option))
    assert "Rounds ends: every side passed in turn" in entry.text and prepared(m, s).data.seq.step == "after"


def test_st_lo_3_2_6_a_double_one_rolled_in_a_procedure_the_loop_calls_ends_the_loop():
    """The initiative roll is a procedure the loop calls: every unmodified roll a 1 ends the
    loop itself, not just the procedure (the phase goes on after the loop)."""
    from hexwright.runtime.engine import Roll
    from hexwright.runtime.model import Die
    from hexwright.runtime.model.sequence import DieEnds, Initiative

    ended = 0
    for seed in range(1, 40):
        m = seq_module({"a": [Loop(id="ops", name="Operations", until=[DieEnds()], section="3.2",
                                   steps=[Call(procedure="segment"), go(id="op")]), go(id="after")]},
                       {"segment": [Initiative(id="init", sides=["blue", "red"], die="d2", tie="red", end_loop_on=1,
                                               section="3.2.6")]})
        m.meta.dice["d2"] = Die(faces=2)
        s, entry = apply(m, initial_state(m, "s", seed), Roll())
        if "every unmodified roll is 1" in entry.text:
            ended += 1
            assert "the loop ends" in entry.text and prepared(m, s).data.seq.step == "after"
        else:
            assert prepared(m, s).data.seq.step == "op"
    assert ended
