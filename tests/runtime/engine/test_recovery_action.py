"""The Recovery action as module data (a costed option with ``with_statuses`` running a
``recover`` step; other options ``exclude_statuses``) on a synthetic module (after St-Lô 14.2.1 A,
14.3.1–14.3.4)."""

from __future__ import annotations

from operations_modules import rigged, tactical_module

from hexwright.runtime.engine import Choose, Move, Roll, apply, engine_state, legal_actions
from hexwright.runtime.state import initial_state


def pinned_companies():
    """b_hq2 activated (5 TAPs) at 0505; its companies b_c1 (0505), b_c2 (0606), b_c3 (0209,
    beyond its radius) all pinned."""
    m = tactical_module()
    s = initial_state(m, "ops", 1)
    data = engine_state(s)
    seq = data.seq.model_copy(update={"statuses": dict.fromkeys(("b_c1", "b_c2", "b_c3"), ("pinned",))})
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": seq})})
    s, _ = apply(m, s, Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="place", target="0505"))
    return m, s


def test_14_2_1_a_pinned_units_take_part_in_no_action_but_recovery():
    m, s = pinned_companies()
    assert [a.option for a in legal_actions(m, s) if isinstance(a, Choose)] == ["end", "recovery"]


def test_14_3_4_one_roll_per_hex_in_radius_even_recovers():
    """14.3.4: rolls 2 and 3 for the two hexes in the radius: the first company recovers; the one
    beyond the radius is not rolled for (14.3.1 B); then it may move again (14.3.1 B: at once)."""
    m, s = pinned_companies()
    s, entry = apply(m, s, Choose(option="recovery"))
    assert "Recovery: 1 point(s), Blue b_c1 co, Blue b_c2 co" in entry.text
    assert legal_actions(m, s) == [Roll()]
    s, entry = apply(m, rigged(s, 2, 3), Roll())
    assert entry.dice == (2, 3)
    assert "recovery at 0505 rolls 2: recovered (Blue b_c1 co) — 14.3" in entry.text
    statuses = engine_state(s).seq.statuses
    assert [u for u in ("b_c1", "b_c2", "b_c3") if "pinned" in statuses.get(u, ())] == ["b_c2", "b_c3"]
    s, _ = apply(m, s, Choose(option="movement"))
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_c1"}
