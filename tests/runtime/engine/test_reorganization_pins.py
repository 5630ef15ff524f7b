"""Breakdown refused for want of companies (``engine/reorganize.py``), on the synthetic tactical
module of ``tests/support/operations_modules.py`` (after St-Lô 12.2, 12.2.1; not St-Lô)."""

from __future__ import annotations

import pytest
from operations_modules import rigged, tactical_module

from hexwright.runtime.engine import Choose, Roll, apply, legal_actions
from hexwright.runtime.state import ActionError, initial_state


def test_12_2_1_a_breakdown_needs_as_many_substitutes_as_companies():
    """12.2.1 A: three substitute companies; with two in the box the battalion may not break down."""
    m = tactical_module()
    m.scenarios["ops"].setup = [p for p in m.scenarios["ops"].setup if p.piece != "s3"]
    s, _ = apply(m, initial_state(m, "ops", 1), Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    assert "breakdown" not in [a.option for a in legal_actions(m, s) if isinstance(a, Choose)]
    with pytest.raises(ActionError, match=r"Breakdown: no 3 companies are available — 12\.2"):
        apply(m, s, Choose(option="breakdown"))
