"""Running the declared sequence of play (``engine/runner.py``), the rest of issue 23's pins:
an activation's steps from its first, steps that run by themselves (St-Lô 3.1.6 Recovery), a
new round of declarations in each attack action (St-Lô 9.1 A), a phase moved by hand, actions
refused while an engine procedure runs or when no step waits, and what a saved state keeps of
the step stack."""

from __future__ import annotations

import pytest
from pin_modules import go, seq_module

from hexwright.runtime.engine import (
    Choose,
    Declare,
    EndPhase,
    Fire,
    Interdict,
    Resolve,
    apply,
    engine_state,
    legal_actions,
    prepared,
)
from hexwright.runtime.model.sequence import Activation, ClearStatuses, UnitSelect
from hexwright.runtime.state import ActionError, GameState, initial_state


def with_statuses(s: GameState, statuses: dict[str, tuple[str, ...]]) -> GameState:
    data = engine_state(s)
    return s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"statuses": statuses})})})


def test_tov_4_3_an_activation_runs_its_steps_from_the_first():
    """ToV 4.3: the units are activated, then move, then fight — the activation's first step
    begins like any other (one that runs by itself, here a recovery, runs), none is skipped."""
    m = seq_module({"a": [Activation(id="orders", name="Orders", select=UnitSelect(by="side"),
                                     steps=[ClearStatuses(id="rally", statuses=["pinned"]), go(id="move_first"),
                                            go(id="then_fight")])]})
    s = with_statuses(initial_state(m, "s", 1), {"b_1": ("pinned",)})
    tx = prepared(m, s)
    assert tx.data.seq.step == "move first" and "pinned" not in tx.data.seq.statuses.get("b_1", ())
    s, _ = apply(m, s, Choose(option="go"))
    assert prepared(m, s).data.seq.step == "then fight"


def test_st_lo_3_1_6_recovery_removes_the_statuses_it_names_from_every_unit():
    m = seq_module({"a": [ClearStatuses(id="recovery", name="Recovery", statuses=["pinned"], section="3.1.6"),
                          go(id="after")]})
    s = with_statuses(initial_state(m, "s", 1), {"b_1": ("pinned", "tired"), "r_1": ("pinned",)})
    tx = prepared(m, s)
    assert tx.data.seq.statuses == {"b_1": ("tired",)} and tx.data.seq.step == "after"
    assert "pinned removed from 2 unit(s)" in tx.text()


def test_st_lo_9_1_a_each_attack_action_opens_a_new_round_of_declarations():
    """Attacks declared all first, then resolved (combat.declare_all_first): once the first
    attack action's attacks are resolved, the next attack action of the same activation
    declares again."""
    from sequence_modules import MOVE_THEN_FIGHT, activation_module

    m = activation_module()
    move, fight = MOVE_THEN_FIGHT
    m.rules.sequence.procedures["division_activation"] = [Activation(
        id="div_act", name="Division activation", section="4.3", attacks=2,
        select=UnitSelect(by="formation", formations_from="choice"),
        steps=[move, fight.model_copy(update={"id": "fight1", "attacks_per_unit": 1}),
               fight.model_copy(update={"id": "fight2", "attacks_per_unit": 1})])]
    m.rules.combat.declare_all_first = True
    s = initial_state(m, "act", 1)
    for division in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=division))
    s, _ = apply(m, s, EndPhase())  # movement done: the first attack action
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    assert not any(isinstance(a, Declare) for a in legal_actions(m, s))  # resolving: no more declarations
    s, _ = apply(m, s, EndPhase())  # the next attack action
    assert Declare(attackers=("b_1",), hex="0505") in legal_actions(m, s)
    apply(m, s, Declare(attackers=("b_1",), hex="0505"))


def test_a_phase_moved_by_hand_starts_afresh_at_its_first_step():
    """The game's phase set by hand (a scenario editor, a test): the step stack of the phase
    left behind is dropped and the new phase's steps run from the first."""
    m = seq_module({"a": [go(id="x"), go(id="y")]})
    m.rules.sequence.phases["b"] = [go(id="first_of_b"), go(id="second_of_b")]
    s, _ = apply(m, initial_state(m, "s", 1), Choose(option="go"))
    assert engine_state(s).seq.frames and prepared(m, s).data.seq.step == "y"
    moved = s.model_copy(update={"phase": 1})
    tx = prepared(m, moved)
    assert tx.data.seq.step == "first of b" and [f.root for f in tx.data.seq.frames] == ["phase:b"]


def test_a_module_without_a_sequence_of_play_waits_for_nothing():
    """No phase at all (a module still being written): the engine has nothing to run, and an
    action is refused by name rather than failing."""
    m = seq_module({})
    m.meta.sequence = []
    s = initial_state(m, "s", 1)
    assert prepared(m, s).data.seq.frames == () and legal_actions(m, s) == []
    with pytest.raises(ActionError, match=r"placing interdiction markers not now \(no step\)"):
        apply(m, s, Interdict(hex="0404"))


def test_fire_and_interdiction_wait_until_an_hq_relocation_is_done():
    """ToV 2.3: an HQ cut off is relocated before anything else; an action of the step waiting
    is refused by name until then."""
    from sequence_modules import relocation_module

    from hexwright.runtime.model.sequence import FixedSide, SupplyCheck

    m = relocation_module(cut_off=True)
    m.rules.sequence.phases["red_orders"] = [SupplyCheck(id="supply", name="Supply check", side=FixedSide(side="red"),
                                                         sides=["red"], status="out_of_supply", section="8.1")]
    m.scenarios["act"].setup = [p.model_copy(update={"hex": {"r_hq": "0101", "b_4": "0202"}.get(p.piece, p.hex)})
                                for p in m.scenarios["act"].setup]
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    assert engine_state(s).frames and engine_state(s).frames[-1].proc == "relocate"
    for act in (Fire(mission="barrage"), Interdict(hex="0404")):
        with pytest.raises(ActionError, match="finish the relocate first"):
            apply(m, s, act)


def test_a_saved_state_keeps_the_step_stack_only_where_entering_the_phase_afresh_would_differ():
    """At the start of a phase (what entering it gives) the saved state holds no step stack —
    its JSON is what it was before the sequence was data; in the middle of a phase it keeps it."""
    m = seq_module({"a": [go(id="x"), go(id="y")]})
    m.meta.sequence[1].side = "red"  # so entering phase b afresh sets the side to act as playing into it did
    s = initial_state(m, "s", 1)
    s, _ = apply(m, s, Choose(option="go"))
    assert [f.index for f in engine_state(s).seq.frames] == [1]  # at y: kept
    s, _ = apply(m, s, Choose(option="go"))
    assert engine_state(s).seq.frames == () and prepared(m, s).data.seq.frames  # phase b: rebuilt when read
