"""Who may place air interdiction markers (``engine/interdiction.py``), on the synthetic air module
of ``tests/support/combat_modules.py`` (after Traces of Victory 7.2; not ToV)."""

from __future__ import annotations

import pytest
from combat_modules import air_module

from hexwright.runtime.engine import Interdict, Roll, apply, engine_state, legal_actions
from hexwright.runtime.state import ActionError, initial_state


def rolled(m):
    s, _ = apply(m, initial_state(m, "s", 1), Roll())
    return s


def test_7_2_only_the_side_the_rule_names_places_markers():
    m = air_module()
    m.rules.interdiction.side = "red"
    s = rolled(m)
    assert not [a for a in legal_actions(m, s) if isinstance(a, Interdict)]
    with pytest.raises(ActionError, match=r"only Red places interdiction markers at 0707 — 7\.2"):
        apply(m, s, Interdict(hex="0707"))
    assert engine_state(s).seq.interdicted == ()


def test_7_2_a_game_without_interdiction_places_no_marker():
    m = air_module()
    m.rules.interdiction = None
    s = rolled(m)
    assert not [a for a in legal_actions(m, s) if isinstance(a, Interdict)]
    with pytest.raises(ActionError, match="this game has no interdiction at 0707"):
        apply(m, s, Interdict(hex="0707"))
