"""Attacks barred across a hexside and the section the owner's loss allocation cites, as module
data (``rules.json`` ``combat.no_attack_across``, ``loss_allocation_section``), on the synthetic
combat module after Traces of Victory 10.0 ("A unit cannot attack across a blocked hex-side
(i.e., Rhine River)") and 10.3 ("The owning player allocates step losses")."""

from __future__ import annotations

import pytest
from builders import hexside_id
from combat_modules import combat_module, fighting, seed_rolling

from hexwright.runtime.engine import Declare, LoseStep, Resolve, apply, legal_actions
from hexwright.runtime.model import HexsideData
from hexwright.runtime.state import ActionError


def rhine_module(barred: bool = True):
    """b_1 (0404) faces red's stack in 0504 across a "rhine" hexside; b_2 (0403) does not."""
    m = combat_module()
    m.map.hexsides[hexside_id(m, "0404", "0504")] = HexsideData(features=["rhine"])
    if barred:
        m.rules.combat.no_attack_across = ["rhine"]
        m.rules.combat.no_attack_across_section = "10.0"
    return m


def test_10_0_no_unit_attacks_across_a_blocked_hexside():
    m = rhine_module()
    s = fighting(m)
    with pytest.raises(ActionError, match=r"b_1 cannot attack across the rhine hexside.* — 10\.0"):
        apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    with pytest.raises(ActionError, match="cannot attack across the rhine"):
        apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    offered = {d.attackers for d in legal_actions(m, s) if isinstance(d, Declare)}
    assert offered == {("b_2",)}
    s, entry = apply(m, s, Declare(attackers=("b_2",), hex="0504"))
    assert "attack declared" in entry.text


def test_10_0_the_hexside_bars_nothing_unless_the_module_lists_it():
    m = rhine_module(barred=False)
    s = fighting(m)
    offered = {d.attackers for d in legal_actions(m, s) if isinstance(d, Declare)}
    assert ("b_1",) in offered and ("b_1", "b_2") in offered


def test_10_3_the_owners_allocation_cites_the_loss_allocation_section():
    m = combat_module()
    m.rules.combat.loss_allocation_section = "10.3"
    s = fighting(m, seed_rolling(3))
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    s, entry = apply(m, s, LoseStep(unit="r_1"))
    assert "step loss allocated by its owner — 10.3" in entry.text and "— 10.2)" not in entry.text


def hq_with_b_1(follow: bool, seed: int):
    """The combat module with blue's HQ stacked with b_1 in 0404; b_1 and b_2 attack 0504 (2R*),
    red allocates its losses and retreats: the advance is open."""
    from hexwright.runtime.engine import Retreat, engine_state
    from hexwright.runtime.state import Location

    m = combat_module()
    m.rules.combat.advance.hqs_with_stack = follow
    m.rules.combat.advance.section = "10.5"
    s = fighting(m, seed)
    s = s.model_copy(update={"pieces": {**s.pieces, "b_hq": s.pieces["b_hq"].model_copy(
        update={"at": Location.hex("0404")})}})
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    s, _ = apply(m, s, LoseStep(unit="r_1"))
    s, _ = apply(m, s, LoseStep(unit="r_2"))
    while engine_state(s).top is not None and engine_state(s).top.proc == "retreat":
        s, _ = apply(m, s, next(a for a in legal_actions(m, s) if isinstance(a, Retreat)))
    return m, s


def test_10_5_an_hq_advances_with_the_combat_unit_it_is_stacked_with_never_alone():
    from hexwright.runtime.engine import Advance, Decline

    m, s = hq_with_b_1(True, seed_rolling(3, 5))
    offered = [a for a in legal_actions(m, s) if isinstance(a, Advance)]
    assert offered and all(a.unit in ("b_1", "b_2") for a in offered)      # not alone, not first
    with pytest.raises(ActionError, match="took no part in this combat"):
        apply(m, s, Advance(unit="b_hq", path=("0504",)))
    s, _ = apply(m, s, Advance(unit="b_1", path=("0504",)))
    assert legal_actions(m, s) == [Advance(unit="b_hq", path=("0504",)), Decline()]
    s, entry = apply(m, s, Advance(unit="b_hq", path=("0504",)))
    assert s.hex_of("b_hq") == s.hex_of("b_1") == "0504" and "advance after combat with its stack" in entry.text
    other, _ = apply(m, hq_with_b_1(True, seed_rolling(3, 5))[1], Advance(unit="b_2", path=("0504",)))
    assert not [a for a in legal_actions(m, other) if a.name == "advance" and a.unit == "b_hq"]  # not its stack


def test_10_5_the_hq_may_stay_behind():
    from hexwright.runtime.engine import Advance, Decline

    m, s = hq_with_b_1(True, seed_rolling(3, 5))
    s, _ = apply(m, s, Advance(unit="b_1", path=("0504",)))
    s, _ = apply(m, s, Decline())
    assert s.hex_of("b_hq") == "0404"
    assert [a for a in legal_actions(m, s) if isinstance(a, Advance)] == [Advance(unit="b_2", path=("0504",))]


def test_10_5_without_the_rule_the_hq_stays():
    from hexwright.runtime.engine import Advance

    m, s = hq_with_b_1(False, seed_rolling(3, 5))
    s, _ = apply(m, s, Advance(unit="b_1", path=("0504",)))
    assert not [a for a in legal_actions(m, s) if isinstance(a, Advance) and a.unit == "b_hq"]
