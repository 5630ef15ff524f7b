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


def test_7_2_a_side_the_pool_holds_no_points_for_places_no_marker():
    """The markers are paid from a pool that only red holds points in: blue, who places them,
    is offered none and is refused one."""
    from hexwright.runtime.model.sequence import PoolDef

    m = air_module()
    m.rules.pools["recon"] = PoolDef(name="Recon points", min=0, max=4, initial={"red": 2})
    m.rules.interdiction.pool = "recon"
    s = rolled(m)
    assert not [a for a in legal_actions(m, s) if isinstance(a, Interdict)]
    with pytest.raises(ActionError, match=r"no air point left this turn at 0707 — 7\.2"):
        apply(m, s, Interdict(hex="0707"))


def test_7_2_a_marker_off_the_map_is_refused_and_costs_nothing():
    """"Placed anywhere on the map": a hex the map does not have is refused, no point paid."""
    m = air_module()
    s = rolled(m)
    with pytest.raises(ActionError, match="1010"):
        apply(m, s, Interdict(hex="1010"))
    with pytest.raises(ActionError):
        apply(m, s, Interdict(hex="5"))
    assert engine_state(s).seq.interdicted == ()


def test_7_2_offer_within_counts_a_hex_where_an_affected_unit_stands_with_an_unaffected_one():
    """``offer_within`` 0 offers the hexes of red's units; green (not affected) stacked with red at
    0505 does not hide it, and green alone at 0707 is not offered."""
    from builders import add_unit

    from hexwright.runtime.model import Placement
    from hexwright.runtime.model.pieces import Side

    m = air_module()
    m.pieces.sides["green"] = Side(name="Green", color="#00aa00")
    add_unit(m, "g_1", "green", combat=3, movement=8)
    add_unit(m, "g_2", "green", combat=3, movement=8)
    m.scenarios["s"].setup += [Placement(piece="g_1", hex="0505"), Placement(piece="g_2", hex="0707")]
    m.rules.interdiction.offer_within = 0
    s = rolled(m)
    assert [a.hex for a in legal_actions(m, s) if isinstance(a, Interdict)] == ["0505"]
