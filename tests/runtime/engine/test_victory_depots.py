"""Victory points for depot hexes occupied by a unit tracing its line of communication, 1 or 2
by kind of depot, as module data (``control_hex`` rules with ``occupied_by`` and ``trace: loc``)
on a synthetic module (after St-Lô 21.1.1)."""

from __future__ import annotations

from sequence_modules import initiative_module

from hexwright.runtime.engine import scores
from hexwright.runtime.model import VpRule
from hexwright.runtime.state import Location, initial_state


def test_21_1_1_occupied_depots_score_one_or_two_only_with_a_loc():
    m = initiative_module()
    occupied = {"occupied_by": ["inf"]}
    m.tables.victory.rules = [
        VpRule(side="blue", kind="control_hex", points=1, trace="loc", params={"hexes": ["0202"], **occupied},
               section="21.1.1"),
        VpRule(side="blue", kind="control_hex", points=2, trace="loc", params={"hexes": ["0303"], **occupied},
               section="21.1.1")]
    s = initial_state(m, "ops", 1)
    assert [(x.points, x.detail) for x in scores(m, s)] == [(2, "occupies 0303, traces a LOC")]  # b_bn at 0303
    m.rules.supply.max_length = 1  # 0303 is two hexes from blue's depot at 0101: no LOC
    assert scores(m, s) == []
    m.rules.supply.max_length = None
    pieces = dict(s.pieces)
    pieces["b_bn"] = pieces["b_bn"].model_copy(update={"at": Location.hex("0202")})
    got = [(x.points, x.detail) for x in scores(m, s.model_copy(update={"pieces": pieces}))]
    assert got == [(1, "occupies 0202, traces a LOC")]
