"""The St-Lô rulebook's examples of artillery, observation, barrage and recovery (10.2.4, 10.3.2,
10.4.3, 10.5.4, 11.3.1, 14.1.4, 14.3.4, 27.3), on the shipped module through the rules engine
(``rules.json`` ``fire``). The dice an example states are given to the game by choosing the seed
whose next draws are those faces; statuses an example assumes are set as it says."""

from __future__ import annotations

from pathlib import Path

import pytest
from stlo_play import advance, at_initiative_segment, dice, seq, taps, us_to_operate, with_seq

from hexwright.runtime.engine import Choose, Declare, Decline, Fire, Resolve, Roll, apply, engine_state, legal_actions
from hexwright.runtime.engine.attacks import odds_for
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.fire import op_hexes, plan
from hexwright.runtime.rules import observe
from hexwright.runtime.state import AddMarker, Location, MovePieces, initial_state
from hexwright.runtime.state import apply as state_apply
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"
A110, A111, A793 = "us_29_art_110_115", "us_29_art_111_116", "us_xix_art_793_gs"
TARGET = "4212"
"""The German 3/8 company of the setup (20.2.1): from 5110, within the 29th Division's command
radius, the 29th Division OP is four levels above it (OV 4)."""


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


def _barrage(m):
    """Turn 1, the US wins the initiative and declares barrage fire (3.2.3 B)."""
    s, _ = apply(m, us_to_operate(m), Choose(option="barrage"))
    return s


def test_14_1_the_29th_op_observes_4212_with_ov_4_from_5110(m):
    s = _barrage(m)
    tx = prepared(m, s)
    mission = m.rules.fire.missions["barrage"]
    assert "5110" in op_hexes(tx, mission, "us_29_op")
    assert observe(m, "5110", TARGET).value == 4
    fires = [a for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert any(a.target == TARGET and a.op_hex and observe(m, a.op_hex, TARGET).value == 4 for a in fires)


def test_10_3_2_final_fire_value_support_2_maximum_ov_4_is_24(m):
    """110/115 (support 2), maximum fire, the 29th Division OP observes with OV 4: 2 × 3 × 4 = 24."""
    s = dice(_barrage(m), 4)
    s, entry = apply(m, s, Fire(mission="barrage", target=TARGET, op="us_29_op", op_hex="5110", units=(A110,),
                                intensities=("maximum",)))
    assert "support 2 × 3 (maximum) × OV 4 = 24" in entry.text and "final fire value 24" in entry.text
    assert seq(s).missions == {A110: 3}


def test_14_1_4_barrage_108_reads_100_plus_a_1_with_a_strongpoint_is_p(m):
    """110/115 and 111/116 (support 2) and 793/GS (support 5) at maximum, OV 4: 24 + 24 + 60 = 108,
    the 100+ column; a 1 with the target's Strongpoint (-2) is -1: P, every unit there pinned."""
    s = _barrage(m)
    s, _ = state_apply(m, s, AddMarker(marker="entrenchment", at=Location.hex(TARGET), face=1))
    s = dice(s, 1)
    s, entry = apply(m, s, Fire(mission="barrage", target=TARGET, op="us_29_op", op_hex="5110",
                                units=(A110, A111, A793), intensities=("maximum",) * 3))
    assert "support 2 × 3 (maximum) × OV 4 = 24" in entry.text
    assert "793/GS" in entry.text and "support 5 × 3 (maximum) × OV 4 = 60" in entry.text
    assert "final fire value 108" in entry.text and "column 100+" in entry.text
    assert "rolls 1" in entry.text and "-2" in entry.text and "→ -1" in entry.text and ": P (Pinned)" in entry.text
    germans = [p for p in s.stack(Location.hex(TARGET))]
    assert germans and all("pinned" in seq(s).statuses.get(p, ()) for p in germans)
    assert seq(s).missions == {A110: 3, A111: 3, A793: 3}
    assert at_initiative_segment(m, s)  # 14.1 A: the barrage is the operation


def test_14_1_only_corps_artillery_and_the_ops_division_fire(m):
    """14.1 B: with the 29th Division OP, the 35th Division's 161/320 may not fire."""
    tx = prepared(m, _barrage(m))
    p = plan(tx, Fire(mission="barrage", target=TARGET, op="us_29_op", op_hex="5110", units=("us_35_art_161_320",),
                      intensities=("normal",)))
    assert "may not fire with" in p.problem


def test_10_2_4_fire_missions_interdiction_barrage_and_defensive_fire(m):
    """110/115 (six missions): interdiction at maximum (long-range 1 × 3 = 3, three missions); barrage
    at rapid (support 2 × 2 = 4 before the OV, two missions); defensive fire only normal, with its last
    mission (defensive value 1)."""
    s = advance(m, initial_state(m, "st_lo", 7),
                lambda s: s.turn == 2 and any(isinstance(a, Fire) for a in legal_actions(m, s))
                and seq(s).active == "us")
    s, entry = apply(m, dice(s, 3), Fire(mission="interdiction", units=(A110,), intensities=("maximum",)))
    assert "long-range 1 × 3 (maximum) = 3" in entry.text and seq(s).missions == {A110: 3}
    s = advance(m, s, lambda s: at_initiative_segment(m, s))
    s, _ = apply(m, dice(s, 1, 6), Roll())
    s, _ = apply(m, s, Choose(option="barrage"))
    fire = next(a for a in legal_actions(m, s) if isinstance(a, Fire) and a.units == (A110,)
                and a.intensities == ("rapid",))
    s, entry = apply(m, dice(s, 4), fire)
    assert "support 2 × 2 (rapid)" in entry.text and seq(s).missions == {A110: 5}
    tx = prepared(m, s)
    company = "us_29_1_115_c1"
    defensive = {"mission": "defensive", "target": "4812", "op": "us_29_op", "op_hex": "4710", "units": (A110,),
                     "supports": company}
    assert "not allowed (normal)" in plan(tx, Fire(**defensive, intensities=("rapid",)), "us").problem
    p = plan(tx, Fire(**defensive, intensities=("normal",)), "us")
    assert p.problem == "" and p.parts[0].printed == 1 and p.parts[0].missions == 1


def test_10_4_3_on_call_fire_support_2_ov_2_rapid_is_8(m):
    """1/115 attacks with on-call fire: the 29th Division OP (within the active HQ's radius) gets OV 2;
    110/115 at rapid: 2 × 2 × 2 = 8. 111/116 (another regiment) and 227/GS (no regiment) may not (10.4.1)."""
    s = us_to_operate(m)
    s, _ = apply(m, s, Choose(option="activate", target="us_29_1_115_hq"))
    s, _ = apply(m, dice(s, 3), Roll())
    if any(isinstance(a, Choose) and a.option == "place" for a in legal_actions(m, s)):
        s, _ = apply(m, s, Choose(option="place", target="4710"))
    assert s.pieces["us_29_1_115_hq"].at.id == "4710"
    tx = prepared(m, s)
    on_call = {"mission": "on_call", "target": "4412", "op": "us_29_op", "op_hex": "5010", "supports": "us_29_1_115_c1"}
    assert observe(m, "5010", "4412").value == 2
    p = plan(tx, Fire(**on_call, units=(A110,), intensities=("rapid",)), "us")
    assert p.problem == "" and p.total == 8
    for other in (A111, "us_29_art_227_gs"):
        assert "regimental designation" in plan(tx, Fire(**on_call, units=(other,), intensities=("normal",)),
                                                "us").problem
    far = plan(tx, Fire(**{**on_call, "op_hex": "5209"}, units=(A110,), intensities=("rapid",)), "us")
    assert "may not be placed at 5209" in far.problem  # beyond the active HQ's command radius (10.4 A)


def test_10_5_4_defensive_fire_value_1_with_ov_1(m):
    """A 1/115 company (combat 3) attacked from 4812: the 29th Division OP in its hex observes 4812
    (two hexes: OV 1); 110/115 (defensive 1) at normal: 1, making 4 with the company's 3."""
    tx = prepared(m, us_to_operate(m))
    company = "us_29_1_115_c1"
    assert m.pieces.pieces[company].steps[0].combat == 3
    p = plan(tx, Fire(mission="defensive", target="4812", op="us_29_op", op_hex="4710", units=(A110,),
                      intensities=("normal",), supports=company), "us")
    assert p.problem == "" and p.ov == 1 and p.total == 1
    assert m.pieces.pieces[company].steps[0].combat + p.total == 4


def test_11_3_1_an_op_in_2918_observes_2916(m):
    """Two hexes away: always observed, though Hill 122 (2917) between them is higher than the OP."""
    o = observe(m, "2918", "2916")
    assert o.visible and o.distance == 2 and o.section == "11.3"
    assert (m.map.hexes["2917"].level or 0) > (m.map.hexes["2918"].level or 0)


def test_14_3_4_recovery_three_pinned_companies(m):
    """1/115's three companies are pinned; the HQ activates with 2 TAPs under the one in 4710. The first
    Recovery rolls 2, 3, 5 (one hex each): the first recovers; the second rolls 6, 1: another
    recovers, the third stays pinned until the Recovery Phase."""
    s = us_to_operate(m)
    companies = ("us_29_1_115_c1", "us_29_1_115_c2", "us_29_1_115_c3")
    s = with_seq(s, statuses={**seq(s).statuses, **dict.fromkeys(companies, ("pinned",))})
    s, _ = apply(m, s, Choose(option="activate", target="us_29_1_115_hq"))
    s, _ = apply(m, dice(s, 5), Roll())  # morale 7 − 5 = 2 TAPs
    if any(isinstance(a, Choose) and a.option == "place" for a in legal_actions(m, s)):
        s, _ = apply(m, s, Choose(option="place", target="4710"))
    assert taps(s) == 2
    options = {a.option for a in legal_actions(m, s) if isinstance(a, Choose)}
    assert "recovery" in options and not {"movement", "hasty"} & options  # 14.2.1 A
    s, _ = apply(m, s, Choose(option="recovery"))
    s, entry = apply(m, dice(s, 2, 3, 5), Roll())
    pinned = [c for c in companies if "pinned" in seq(s).statuses.get(c, ())]
    assert len(pinned) == 2, entry.text
    s, _ = apply(m, s, Choose(option="recovery"))
    s, entry = apply(m, dice(s, 6, 1), Roll())
    still = [c for c in companies if "pinned" in seq(s).statuses.get(c, ())]
    assert len(still) == 1, entry.text
    s = advance(m, s, lambda s: m.meta.sequence[s.phase].id == "artillery_rally" or s.turn > 1)
    assert not any("pinned" in seq(s).statuses.get(c, ()) for c in companies)  # 14.3.1 A: the Recovery Phase


def _plain(m, levels):
    """A 15 × 9 map with the module's observation rules (11.3) and the given levels (27.3's letters)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "support"))
    from builders import rules_module

    plain = rules_module(15, 9, levels=levels)
    plain.rules = plain.rules.model_copy(update={"los": m.rules.los})
    return plain


def test_27_3_observation_examples_the_29th_divisions_op(m):
    """OP at A (level 9). B (8) two hexes away behind G (10): observed, OV 1. D (8) three hexes away:
    not two levels higher, not observed. E (7): F (8) next to it and higher blocks, though not higher
    than the OP."""
    a, b, g, d, e, f = "0701", "0703", "0702", "0401", "1101", "1001"
    plain = _plain(m, {a: 9, b: 8, g: 10, d: 8, e: 7, f: 8})
    ob = observe(plain, a, b)
    assert ob.visible and ob.value == 1
    assert observe(plain, a, d).visible is False and observe(plain, a, d).distance == 3
    oe = observe(plain, a, e)
    assert not oe.visible and f in oe.blocking


def test_27_3_observation_examples_the_352nd_divisions_op(m):
    """OP at A (level 10). C (7), three levels lower, clear line: OV 3. D (6), four hexes away behind G (7)
    next to it: observed by 11.3.5's third case, OV 4. B (6): F (7) next to it blocks."""
    a, c, d, g, b, f = "0701", "0401", "0705", "0704", "1301", "1201"
    plain = _plain(m, {a: 10, c: 7, d: 6, g: 7, b: 6, f: 7})
    oc = observe(plain, a, c)
    assert oc.visible and oc.value == 3
    od = observe(plain, a, d)
    assert od.visible and od.distance == 4 and od.value == 4
    ob = observe(plain, a, b)
    assert not ob.visible and f in ob.blocking


def _german_company_next_to_1_115(m):
    """2/9's company moved next to 1/115's company in 4710 (the examples give no hexes), at the
    first Initiative Segment."""
    s = advance(m, initial_state(m, "st_lo", 7), lambda s: at_initiative_segment(m, s))
    s, _ = state_apply(m, s, MovePieces(pieces=("de_3fj_2_9_c1",), to=Location.hex("4711")))
    return s


def test_10_5_4_defensive_fire_is_added_to_the_defending_companys_combat_value(m):
    """The German company attacks; it declines on-call fire; the US fires 110/115 in defence of the
    1/115 company (defensive 1, normal) with the 29th Division OP in the company's hex (OV 1):
    1 added to the defence when the attack is resolved."""
    s = _german_company_next_to_1_115(m)
    s, _ = apply(m, dice(s, 6, 1), Roll())
    s, _ = apply(m, s, Choose(option="activate", target="de_3fj_2_9_hq"))
    s, _ = apply(m, dice(s, 2), Roll())
    s, _ = apply(m, s, Choose(option="place", target="4711"))
    s, _ = apply(m, s, Choose(option="hasty"))
    s, _ = apply(m, s, Declare(attackers=("de_3fj_2_9_c1",), hex="4710"))
    assert engine_state(s).top.proc == "assets" and engine_state(s).top.side == "us"  # 9.2 B: assets come first
    s, _ = apply(m, s, Decline())  # the US assigns none (9.3 C)
    assert engine_state(s).top.side == "de" and engine_state(s).top.result == "on_call"  # 9.2 C: the attacker's fire
    before = odds_for(prepared(m, s), ("de_3fj_2_9_c1",), "4710").defense
    s, _ = apply(m, s, Decline())
    offered = [a for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert offered and {a.units for a in offered} == {(A110,)}  # 10.5.3: the only one of the 115th
    assert all(a.intensities == ("normal",) for a in offered)  # 10.5.1
    s, entry = apply(m, s, Fire(mission="defensive", target="4711", op="us_29_op", op_hex="4710", units=(A110,),
                                intensities=("normal",), supports="us_29_1_115_c1"))
    assert "defensive 1 × 1 (normal) × OV 1 = 1" in entry.text and "+1 to the defence" in entry.text
    dec = engine_state(s).declared[0]
    assert dec.fire_defense == 1
    assert odds_for(prepared(m, s), ("de_3fj_2_9_c1",), "4710", bonus=(0, 1)).defense == before + 1
    s, entry = apply(m, s, Resolve(hex="4710"))
    assert "attacks 4710" in entry.text


def test_10_4_3_on_call_fire_is_added_to_the_attacking_units_strength(m):
    """1/115's company in 4710 attacks the German company next to it; the 29th Division OP within the
    HQ's radius; 110/115 at rapid: support 2 × 2 × OV, added to the company's strength."""
    s = us_to_operate(m, _german_company_next_to_1_115(m))
    s, _ = apply(m, s, Choose(option="activate", target="us_29_1_115_hq"))
    s, _ = apply(m, dice(s, 3), Roll())
    if any(isinstance(a, Choose) and a.option == "place" for a in legal_actions(m, s)):
        s, _ = apply(m, s, Choose(option="place", target="4710"))
    s, _ = apply(m, s, Choose(option="hasty"))
    declare = next(a for a in legal_actions(m, s) if isinstance(a, Declare) and a.attackers == ("us_29_1_115_c1",))
    s, _ = apply(m, s, declare)
    if engine_state(s).top.proc == "assets":  # 9.2 B: the German's assets first (9.3 C): none
        s, _ = apply(m, s, Decline())
    assert engine_state(s).top.side == "us"
    fires = [a for a in legal_actions(m, s) if isinstance(a, Fire) and a.intensities == ("rapid",)]
    assert fires and {a.units for a in fires} == {(A110,)}
    fire = fires[0]
    ov = observe(m, fire.op_hex, fire.target).value
    s, entry = apply(m, s, fire)
    assert f"+{2 * 2 * ov} to the attack" in entry.text
    assert engine_state(s).declared[0].fire_attack == 2 * 2 * ov
