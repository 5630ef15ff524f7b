"""The steps the engine runs by itself between two choices (``engine/sequence.py`` ``settle``):
a procedure nobody can carry out closes without asking, and the game goes on to the next
choice (after Traces of Victory 10.2.3, 10.3 and 10.5, St-Lô 10.5), on the synthetic combat and
fire modules."""

from __future__ import annotations

import pytest
from combat_modules import combat_module, fighting, seed_rolling
from fire_modules import combat_fire_module, declared_attack

from hexwright.runtime.engine import (
    Advance,
    Declare,
    Decline,
    EndPhase,
    Resolve,
    Roll,
    SetEnforcement,
    apply,
    engine_state,
    legal_actions,
)
from hexwright.runtime.model import ResultCode, ResultEffect

from .test_combat_hexsides import hq_with_b_1


@pytest.mark.parametrize("level", ["enforce", "warn"])
def test_10_2_3_10_5_attackers_all_eliminated_roll_no_intensity_check_and_do_not_advance(level):
    """A result that costs the defender a step (so an intensity of +1 rolls, 10.2.3), lets the
    attacker advance (10.5) and eliminates the attackers: neither the roll nor the advance is
    owed by units no longer on the map, at any enforcement of advances: the phase goes on."""
    m = combat_module(code="AX", owner=False)
    m.tables.crts["crt"].results["AX"] = ResultCode(name="AX", effects=[
        ResultEffect(who="defender", what="step_loss"), ResultEffect(who="attacker", what="advance"),
        ResultEffect(who="attacker", what="eliminate")])
    s = fighting(m)
    s, _ = apply(m, s, SetEnforcement(rule="advance", level=level))
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504", intensity=1))
    s, entry = apply(m, s, Resolve(hex="0504"))
    assert "Blue b_1 regt, Blue b_2 regt eliminated" in entry.text and "intensity roll" not in entry.text
    assert engine_state(s).frames == () and legal_actions(m, s) == [EndPhase()]


def test_10_5_an_hq_never_follows_into_a_hex_it_would_overstack():
    """b_2 then b_1 advance into 0504: with the two of them there (stacking 2), b_1's HQ may
    not follow, and the game goes on to the attacker's casualty roll (10.3)."""
    m, s = hq_with_b_1(True, seed_rolling(3, 5))
    s, _ = apply(m, s, Advance(unit="b_2", path=("0504",)))
    s, entry = apply(m, s, Advance(unit="b_1", path=("0504",)))
    assert entry.text == "Blue b_1 regt 0404 → 0504 (advance after combat)"
    assert legal_actions(m, s) == [Roll()] and s.hex_of("b_hq") == "0404"


def test_10_5_a_defender_with_no_fire_to_give_is_not_asked():
    """Red's only artillery is not in play: once blue declines its on-call fire (10.4), red has
    no defensive fire to choose (10.5) and the attack waits to be resolved."""
    m = combat_fire_module()
    sc = m.scenarios["clash"]
    sc.setup = [p for p in sc.setup if p.piece != "r_a1"]
    s = declared_attack(m)
    assert Decline() in legal_actions(m, s)       # blue's on-call fire is offered
    s, _ = apply(m, s, Decline())
    assert engine_state(s).frames == () and Resolve(hex="0506") in legal_actions(m, s)


def test_10_3_the_casualty_of_an_advance_is_a_combat_unit_that_advanced_not_the_hq_that_followed():
    """ToV 10.3: "a result of 6 requires the Attacker to reduce one attacking unit. This loss is
    taken first, by any advancing units": b_1 advanced and its HQ followed (10.5); the 6 costs
    b_1 its step, and nobody is asked to choose."""
    m, s = hq_with_b_1(True, seed_rolling(3, 6))
    s, _ = apply(m, s, Advance(unit="b_1", path=("0504",)))
    s, _ = apply(m, s, Advance(unit="b_hq", path=("0504",)))
    s, entry = apply(m, s, Roll())
    assert entry.text.endswith("one attacking unit loses a step — 10.3; Blue b_1 regt loses a step (step 2)")
    assert legal_actions(m, s) == [EndPhase()]


def test_10_5_only_hqs_follow_a_units_advance_not_the_other_units_of_its_hex():
    """b_2 stands in 0404 with b_1 but takes no part in b_1's attack: when b_1 advances, b_2 is
    not offered to follow it (only HQs do, 10.5), and the game goes on to the casualty roll."""
    from hexwright.runtime.engine import LoseStep, Retreat
    from hexwright.runtime.state import Location

    m = combat_module()
    m.rules.combat.advance.hqs_with_stack = True
    s = fighting(m, seed_rolling(3, 5))
    s = s.model_copy(update={"pieces": {**s.pieces, "b_2": s.pieces["b_2"].model_copy(
        update={"at": Location.hex("0404")})}})
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    s, _ = apply(m, s, LoseStep(unit="r_1"))
    s, _ = apply(m, s, LoseStep(unit="r_2"))
    while engine_state(s).top is not None and engine_state(s).top.proc == "retreat":
        s, _ = apply(m, s, next(a for a in legal_actions(m, s) if isinstance(a, Retreat)))
    s, _ = apply(m, s, Advance(unit="b_1", path=("0504",)))
    assert legal_actions(m, s) == [Roll()] and s.hex_of("b_2") == "0404"


def test_7_1_with_every_attack_declared_first_the_defender_chooses_air_support_for_each():
    """Red declares two attacks before resolving either (``declare_all_first``): blue, with two
    air points (one per hex), is asked for its defence support after each declaration."""
    from hexwright.runtime.engine import Choose, Support
    from hexwright.runtime.state import initial_state

    m = combat_module(code="A1", air=2)
    m.rules.combat.declare_all_first = True
    s = initial_state(m, "act", 0)
    s, _ = apply(m, s, Choose(option="pass"))
    s, _ = apply(m, s, EndPhase())            # red's whole side is activated
    s, _ = apply(m, s, Declare(attackers=("r_1",), hex="0404"))
    s, _ = apply(m, s, Support(points=1))
    s, _ = apply(m, s, Declare(attackers=("r_2",), hex="0403"))
    assert legal_actions(m, s) == [Support(points=0), Support(points=1)]


def test_14_2_a_status_cleared_at_the_turns_end_goes_when_its_last_phase_ends():
    """``pinned`` is ``cleared_at_turn_end`` (ToV 14.2 as module data): red's r_1, pinned, is
    freed when the last phase of turn 1 ends, and the log of that action says so."""
    from sequence_modules import activation_module

    from hexwright.runtime.engine import Choose
    from hexwright.runtime.state import initial_state

    m = activation_module()
    s = initial_state(m, "act", 1)
    data = engine_state(s)
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"statuses": {"r_1": ("pinned",)}})})})
    s, _ = apply(m, s, Choose(option="pass"))
    s, entry = apply(m, s, EndPhase())
    assert s.turn == 1 and "pinned" in engine_state(s).seq.statuses["r_1"]
    s, entry = apply(m, s, EndPhase())
    assert s.turn == 2 and "pinned" not in engine_state(s).seq.statuses.get("r_1", ())
    assert entry.text.startswith("Pinned removed from 1 unit(s); → Turn 2")


def test_10_4_10_5_with_no_fire_on_either_side_the_attack_waits_to_be_resolved_at_once():
    """No artillery in play on either side: neither blue's on-call fire (10.4) nor red's
    defensive fire (10.5) is asked for, and the declared attack is ready to resolve."""
    m = combat_fire_module()
    sc = m.scenarios["clash"]
    sc.setup = [p for p in sc.setup if p.piece not in ("r_a1", "b_a1", "b_a2", "b_gs")]
    s = declared_attack(m)
    assert engine_state(s).frames == () and Resolve(hex="0506") in legal_actions(m, s)
