"""Counter-battery fire that finds fewer firing units than its result (``engine/counter_battery.py``),
on ``choices_fire_module`` of ``tests/support/fire_modules.py`` (after St-Lô 22.1.2; not St-Lô)."""

from __future__ import annotations

from fire_modules import choices_fire_module, counter_battery_fired
from operations_modules import rigged

from hexwright.runtime.engine import Choose, Fire, apply, engine_state
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.data import with_engine_state
from hexwright.runtime.state import initial_state


def test_22_1_2_c_a_result_beyond_the_units_left_disorganizes_the_last_and_says_so():
    """r_a1 and r_a2 are disorganized already: a result of 2 disorganizes r_a3, then finds none."""
    m = choices_fire_module()
    tx = prepared(m, initial_state(m, "choices", 3, {"cb": True}))
    data = tx.data.model_copy(update={"seq": tx.data.seq.model_copy(update={
        "conditions": {"weather": "clear"}, "statuses": {"r_a1": ("disorganized",), "r_a2": ("disorganized",)}})})
    s = with_engine_state(tx.state, data)
    s, _ = apply(m, s, Choose(option="counter_battery"))
    s, entry = apply(m, rigged(s, 6), Fire(mission="counter_battery", units=("b_a1",), intensities=("normal",)))
    # 1: column 1-3; 6 + 2 (clear) = 8: result 2
    assert "Red r_a3 regt is disorganized (0 mission(s) spent this turn) — 22.1" in entry.text
    assert "spent this turn) — 22.1; no more Red firing units to disorganize — 22.1;" in entry.text
    assert engine_state(s).seq.statuses["r_a3"] == ("disorganized",) and engine_state(s).top is None


def test_22_1_2_b_the_owner_picks_among_the_tied_units_and_the_log_says_why_once():
    """No red firing unit has fired: all three are tied on missions spent, so red picks (22.1.2 B);
    the pick is logged once, as disorganized with the missions it spent (not a second status line)."""
    from hexwright.runtime.engine import Pick

    m = choices_fire_module()
    s, entry = counter_battery_fired(m)
    assert entry.text.endswith("Red picks which unit is disorganized: Red r_a1 regt, Red r_a2 regt, Red r_a3 regt "
                               "spent the most missions — 22.1")
    top = engine_state(s).top
    assert top.proc == "disorganize" and top.side == "red" and top.units == ("r_a1", "r_a2", "r_a3")
    s, entry = apply(m, s, Pick(target="r_a2"))
    assert entry.text.startswith("Red picks Red r_a2 regt; Red r_a2 regt is disorganized (0 mission(s) spent this "
                                 "turn) — 22.1")
    assert entry.text.count("r_a2") == 2
