"""The artillery rally phase of counter-battery fire (``engine/counter_battery.py``) on
``choices_fire_module`` of ``tests/support/fire_modules.py`` (after St-Lô 22.2.2; not St-Lô)."""

from __future__ import annotations

from fire_modules import choices_fire_module

from hexwright.runtime.engine import Choose, EndPhase, apply, engine_state, legal_actions
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.data import with_engine_state
from hexwright.runtime.state import initial_state


def _to_rally(m, statuses):
    """Turn 1 of ``choices`` with ``statuses`` held, blue passing its operation, at red's movement."""
    tx = prepared(m, initial_state(m, "choices", 3, {"cb": True}))
    s = with_engine_state(tx.state, tx.data.model_copy(update={"seq": tx.data.seq.model_copy(update={
        "statuses": statuses, "missions": {"r_a1": 2}})}))
    s, _ = apply(m, s, Choose(option="pass"))
    for _ in range(5):
        if m.meta.sequence[s.phase].id == "red_move":
            return s
        s, _ = apply(m, s, EndPhase() if not any(isinstance(a, Choose) for a in legal_actions(m, s))
                     else Choose(option="pass"))
    raise AssertionError("no red movement phase")


def test_22_2_2_a_rally_phase_with_no_rally_numbers_rolls_nothing_and_nobody_rallies():
    """``rally_on: []`` (a game where disorganized units never rally): the rally phase resets the
    missions spent (10.1.2) but rolls no die; r_a1 stays disorganized."""
    m = choices_fire_module()
    m.rules.sequence.phases["rally"][0].rally_on = []
    s = _to_rally(m, {"r_a1": ("disorganized",)})
    s, entry = apply(m, s, EndPhase())  # into the rally phase, which runs by itself
    assert entry.dice == ()
    assert entry.text.startswith("→ Turn 1, Artillery rally; fire missions reset — 22.2.2; → Turn 2, Operation")
    assert engine_state(s).seq.statuses == {"r_a1": ("disorganized",)} and engine_state(s).seq.missions == {}
