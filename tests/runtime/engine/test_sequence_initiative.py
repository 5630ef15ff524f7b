"""An initiative loop as module data, on a synthetic module (after St-Lô 3.1–3.2, 3.4, 6.0,
14.2, 18.1–18.2, 21.2): initiative rolls with levels and a tie rule, operations until both
sides pass in turn or both roll an unmodified 1 after the minimum, HQ activation by
designation, statuses read by movement and combat, arrivals by die roll in order and
delayed when blocked, victory levels on one side's total."""

from __future__ import annotations

import random

import pytest
from sequence_modules import initiative_module

from hexwright.runtime.engine import (
    Choose,
    Declare,
    EndPhase,
    Move,
    Roll,
    apply,
    engine_state,
    is_over,
    legal_actions,
    prepared,
    to_act,
    verdict,
)
from hexwright.runtime.engine.attacks import odds_for
from hexwright.runtime.engine.seqdata import SeqState
from hexwright.runtime.model import Die
from hexwright.runtime.model.sequence import ArrivalGroup, TurnTrigger
from hexwright.runtime.state import ActionError, GameState, Location, initial_state


def start(m=None, seed: int = 1) -> tuple:
    m = m or initiative_module()
    return m, initial_state(m, "ops", seed)


def with_seq(s: GameState, **update) -> GameState:
    data = engine_state(s)
    seq = data.seq.model_copy(update=update)
    return s.model_copy(update={"engine": data.model_copy(update={"seq": seq})})


def to_operations(m, s: GameState) -> GameState:
    """Roll for reinforcements: the operations loop begins."""
    s, _ = apply(m, s, Roll())
    assert m.meta.sequence[s.phase].id == "operations"
    return s


def seq_of(m, s: GameState) -> SeqState:
    return engine_state(prepared(m, s).state).seq


def ops_iteration(m, s: GameState) -> int:
    frames = seq_of(m, s).frames
    return next(f.iteration for f in frames if f.loop)


def test_3_2_1_initiative_roll_adds_levels_and_the_tie_goes_to_the_german_side():
    """Turn 1: red's level is −2 (3.4 C); the higher modified roll acts, ties go to red (3.2.1 A)."""
    found = {"tie": False, "level": False}
    for seed in range(1, 40):
        m, s = start(seed=seed)
        s = to_operations(m, s)
        assert engine_state(s).seq.pools["initiative"] == {"blue": 0, "red": -2}
        s, entry = apply(m, s, Roll())
        dice = entry.dice
        if dice[0] == 1 and dice[1] == 1:
            continue
        blue, red = dice[0], dice[1] - 2
        winner = "red" if red >= blue else "blue"
        assert to_act(m, s) == winner, entry.text
        assert f"Red {dice[1]}-2" in entry.text
        found["level"] = True
        found["tie"] |= red == blue
    assert all(found.values())


def test_3_2_5_two_passes_in_a_row_by_both_sides_end_the_operations():
    ended = continued = False
    for seed in range(1, 60):
        m, s = start(seed=seed)
        s = to_operations(m, s)
        passes = []
        for _ in range(6):
            if m.meta.sequence[s.phase].id != "operations" or s.turn != 1:
                break
            s, entry = apply(m, s, Roll())
            if m.meta.sequence[s.phase].id != "operations":
                break  # a double 1 (not within turn 1's minimum: rolled again) — not this test
            side = to_act(m, s)
            s, entry = apply(m, s, Choose(option="pass"))
            passes.append(side)
            if len(passes) >= 2 and passes[-1] != passes[-2]:
                assert m.meta.sequence[s.phase].id != "operations" and "every side passed in turn" in entry.text
                ended = True
                break
            if len(passes) >= 2:
                assert m.meta.sequence[s.phase].id == "operations"
                continued = True
    assert ended and continued


def _never_pass(m, s: GameState, rnd: random.Random) -> tuple[GameState, str]:
    acts = legal_actions(m, s)
    ops = [a for a in acts if isinstance(a, Choose) and a.option == "activate"]
    a = rnd.choice(ops) if ops else (EndPhase() if EndPhase() in acts else rnd.choice(acts))
    s, entry = apply(m, s, a)
    return s, entry.text


def test_3_2_6_double_one_is_rolled_again_within_the_minimum_and_ends_the_loop_after():
    """With a two-sided die double 1s are common: on turn 1 (minimum 3 operations phases) they
    are rolled again; after the minimum, and on turn 2 (no minimum), they end the loop."""
    rerolled = ended_turn1 = 0
    for seed in range(1, 30):
        m = initiative_module()
        m.meta.dice["d2"] = Die(faces=2)
        m.rules.sequence.phases["operations"][0].steps[0].die = "d2"
        m, s = start(m, seed)
        s = to_operations(m, s)
        rnd = random.Random(seed)
        while s.turn == 1 and m.meta.sequence[s.phase].id == "operations":
            before = ops_iteration(m, s)
            s, text = _never_pass(m, s, rnd)
            if "rolled again" in text:
                assert before + 1 < 3
                rerolled += 1
            if "every unmodified roll is 1" in text:
                assert before + 1 >= 3
                ended_turn1 += 1
    assert rerolled and ended_turn1


def test_6_0_hq_choice_activates_the_units_bearing_its_designation():
    m, s = start()
    s = to_operations(m, s)
    for _ in range(20):
        s, _ = apply(m, s, Roll())
        if m.meta.sequence[s.phase].id == "operations" and to_act(m, s) == "blue":
            break
        s, _ = apply(m, s, Choose(option="pass"))
    assert to_act(m, s) == "blue"
    assert Choose(option="activate", target="b_hq") in legal_actions(m, s)
    s, entry = apply(m, s, Choose(option="activate", target="b_hq"))
    assert "b_hq regt activates Blue b_bn regt" in entry.text
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_bn"}


def test_14_2_pinned_units_cannot_move_or_attack_and_give_the_attacker_a_drm():
    m, s = start()
    s = to_operations(m, s)
    pieces = dict(s.pieces)
    pieces["r_bn"] = pieces["r_bn"].model_copy(update={"at": Location.hex("0304")})
    s = s.model_copy(update={"pieces": pieces})
    tx = prepared(m, s)
    base = odds_for(tx, ("b_bn",), "0304")
    pinned = with_seq(s, statuses={"r_bn": ("pinned",)})
    tx = prepared(m, pinned)
    odds = odds_for(tx, ("b_bn",), "0304")
    assert odds.drm == base.drm + 1 and any(d.source == "Pinned" for d in odds.drms + odds.shifts)
    # the pinned unit's own HQ activates nobody: pinned units are left out (exclude_statuses) and may not move
    s2 = pinned
    for _ in range(40):
        s2, _ = apply(m, s2, Roll())
        if m.meta.sequence[s2.phase].id == "operations" and to_act(m, s2) == "red":
            break
        s2, _ = apply(m, s2, Choose(option="pass"))
    s2, entry = apply(m, s2, Choose(option="activate", target="r_hq"))
    assert "activates no unit" in entry.text
    with pytest.raises(ActionError, match="may not move: Pinned"):
        apply(m, s2, Move(unit="r_bn", to="0305"))
    with pytest.raises(ActionError):
        apply(m, s2, Declare(attackers=("r_bn",), hex="0303"))


def test_3_1_6_recovery_removes_pins():
    m, s = start()
    s = with_seq(to_operations(m, s), statuses={"r_bn": ("pinned",)})
    rnd = random.Random(1)
    while s.turn == 1:
        acts = legal_actions(m, s)
        s, _ = apply(m, s, Choose(option="pass") if Choose(option="pass") in acts else rnd.choice(acts))
    assert "r_bn" not in engine_state(s).seq.statuses


def test_18_1_arrivals_by_die_roll_come_in_their_order():
    arrived_in_order = 0
    for seed in range(1, 30):
        m, s = start(seed=seed)
        s, entry = apply(m, s, Roll())
        roll = entry.dice[0]
        seq = engine_state(s).seq
        if roll <= 4:
            assert seq.arrived == ("red_a",) and s.hex_of("r_re1") == "0809"
            arrived_in_order += 1
        else:
            assert seq.arrived == () and s.pieces["r_re1"].at.kind == "unavailable"
        assert "red_b" not in seq.arrived
    assert arrived_in_order


def test_18_2_1_blocked_arrival_is_delayed_until_its_hex_is_free():
    m = initiative_module()
    m.rules.arrivals = {"red_c": ArrivalGroup(side="red", pieces=["r_re3"], hexes=["0809"],
                                              trigger=TurnTrigger(turn=1), section="18.2.1")}
    m, s = start(m)
    pieces = dict(s.pieces)
    pieces["b_bn"] = pieces["b_bn"].model_copy(update={"at": Location.hex("0809")})
    s = s.model_copy(update={"pieces": pieces})
    tx = prepared(m, s)
    assert tx.data.seq.delayed == ("red_c",) and "arrival red_c delayed" in " ".join(tx.texts)
    rnd = random.Random(2)

    def play_to_turn_2(state: GameState) -> GameState:
        while state.turn == 1:
            acts = legal_actions(m, state)
            state, _ = apply(m, state, Choose(option="pass") if Choose(option="pass") in acts else rnd.choice(acts))
        return prepared(m, state).state

    still = play_to_turn_2(s)  # blocked all along: still waiting on turn 2
    assert engine_state(still).seq.delayed == ("red_c",) and still.pieces["r_re3"].at.kind == "unavailable"
    s, _ = apply(m, s, Roll())  # into the operations phase of turn 1: free the hex there
    pieces = dict(s.pieces)
    pieces["b_bn"] = pieces["b_bn"].model_copy(update={"at": Location.hex("0303")})
    s = s.model_copy(update={"pieces": pieces})
    assert engine_state(prepared(m, s).state).seq.delayed == ("red_c",)  # not before the next reinforcement phase
    freed = play_to_turn_2(s)
    assert engine_state(freed).seq.delayed == () and freed.hex_of("r_re3") == "0809"


def test_21_2_victory_levels_on_one_sides_total():
    m, s = start()
    pieces = dict(s.pieces)
    pieces["r_bn"] = pieces["r_bn"].model_copy(update={"at": Location.hex("0909")})
    s = s.model_copy(update={"control": {"0707": "blue"}, "pieces": pieces})
    v = verdict(m, s)
    assert (v.level, v.winner, v.totals["blue"]) == ("Blue victory", "blue", 8)
    v = verdict(m, s.model_copy(update={"control": {}}))
    assert (v.level, v.winner) == ("Red victory", "red")


def test_a_game_ends_after_its_last_turn():
    m, s = start()
    rnd = random.Random(4)
    for _ in range(2000):
        if is_over(s):
            break
        acts = legal_actions(m, s)
        s, _ = apply(m, s, rnd.choice(acts))
    assert is_over(s) and s.turn == 2 and engine_state(s).outcome


def test_21_1_2_an_occupied_area_with_a_loc_scores_once():
    """8 VP if at least one blue infantry unit occupies a hex of the area and traces a LOC, 8 at most."""
    from hexwright.runtime.engine import scores
    from hexwright.runtime.model import Area, VpRule

    m = initiative_module()
    m.map.areas["town"] = Area(name="St-Lô area", kind="victory", hexes=["0404", "0405"])
    m.tables.victory.rules = [VpRule(side="blue", kind="control_hex", points=8, per="once", trace="loc",
                                     params={"area": "town", "occupied_by": ["inf"]}, section="21.1.2")]
    m, s = start(m)
    pieces = dict(s.pieces)
    far = Location.hex("0909")
    pieces["r_bn"] = pieces["r_bn"].model_copy(update={"at": far})
    pieces["b_bn"] = pieces["b_bn"].model_copy(update={"at": Location.hex("0404")})
    s = s.model_copy(update={"pieces": pieces, "control": {"0405": "blue"}})
    got = [(sc.points, sc.detail) for sc in scores(m, s)]
    assert got == [(8, "occupies 0404, traces a LOC")]
    pieces["b_bn"] = pieces["b_bn"].model_copy(update={"at": Location.hex("0606")})
    assert scores(m, s.model_copy(update={"pieces": pieces})) == []  # 0405 only controlled, not occupied
