"""The St-Lô example of combat resolution (9.5 A-D) on the shipped module through the rules
engine: the position of the example is set up on the map (a German company of 1/8 in the village
of La Luzerne, 4014, under a strongpoint, pinned; the US 1/115 battalion next to it; neither with
assets), then played as the example says: the US assigns its assets, then the German its 75mm."""

from __future__ import annotations

from pathlib import Path

import pytest
from stlo_play import dice, seq, us_to_operate, with_seq

from hexwright.runtime.engine import (
    Advance,
    AssignAsset,
    Choose,
    Declare,
    Decline,
    Resolve,
    Roll,
    apply,
    engine_state,
    legal_actions,
    to_act,
)
from hexwright.runtime.engine.attacks import attack_odds
from hexwright.runtime.state import AddMarker, Location, MovePieces
from hexwright.runtime.state import apply as state_apply
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"
VILLAGE = "4014"
M4S = ("us_29_a747", "us_29_b747", "us_29_c747")
ENGINEER = "us_29_e1a121"


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


def neighbours(m, label):
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    return [scheme.format(n, grid) for _d, n in grid.neighbors(scheme.parse(label, grid)) if grid.contains(n)]


def example_position(m):
    """9.5 A: 1/115 in a hex next to the village with no other German unit next to it (it must attack
    every adjacent enemy unit, 9.1.1); its companies back in its box; the German company pinned,
    under a strongpoint; no unit has assets."""
    s = us_to_operate(m)
    occ = s.occupancy()
    attacker_hex = next(h for h in sorted(neighbours(m, VILLAGE)) if h not in occ.values() and not any(
        occ[p] in neighbours(m, h) and m.pieces.pieces[p].side == "de" for p in occ))
    moves = [
        MovePieces(pieces=("us_29_1_115_c1", "us_29_1_115_c2", "us_29_1_115_c3"), to=Location.box("us_29_1_115_box")),
        MovePieces(pieces=("us_29_1_115",), to=Location.hex(attacker_hex)),
        MovePieces(pieces=("de_3fj_1_8_c1",), to=Location.hex(VILLAGE)),
        AddMarker(marker="entrenchment", at=Location.hex(VILLAGE), face=1),
    ]
    for act in moves:
        s, _ = state_apply(m, s, act)
    s = with_seq(s, statuses={**seq(s).statuses, "de_3fj_1_8_c1": ("pinned",)})
    return s, attacker_hex


def test_9_5_combat_resolution_example(m):
    s, attacker_hex = example_position(m)
    assert m.map.terrain_of(VILLAGE) == "village"
    s, _ = apply(m, s, Choose(option="activate", target="us_29_1_115_hq"))
    s, _ = apply(m, dice(s, 1), Roll())  # morale 7: 6 TAPs
    assert s.pieces["us_29_1_115_hq"].at.id == attacker_hex
    s, _ = apply(m, s, Choose(option="intensive"))  # 3 TAPs, +2 (9.4.4)
    s, entry = apply(m, s, Declare(attackers=("us_29_1_115",), hex=VILLAGE, assets=(*M4S, ENGINEER)))
    # 9.3 C: then the German assigns one major and one minor asset at most, from the 3rd FJ's box
    assert to_act(m, s) == "de"
    offered = [a for a in legal_actions(m, s) if isinstance(a, AssignAsset)]
    assert AssignAsset(asset="de_3fj_at1", unit="de_3fj_1_8_c1") in offered
    assert {m.pieces.pieces[a.asset].formation for a in offered} == {"de_3fj"}  # 9.3.3 B: its own division
    s, _ = apply(m, s, AssignAsset(asset="de_3fj_at1", unit="de_3fj_1_8_c1"))
    assert not [a for a in legal_actions(m, s) if isinstance(a, AssignAsset) and
                m.pieces.pieces[a.asset].unit_type == "asset_major"]  # one major only
    s, _ = apply(m, s, Decline())  # no minor asset
    assert to_act(m, s) == "us" and seq(s).attached["de_3fj_at1"] == "de_3fj_1_8_c1"
    odds = attack_odds(m, s, ("us_29_1_115",), VILLAGE)
    assert (odds.attack, odds.defense, odds.column_label) == (11, 2, "5-1")  # 9.5 A: 11-2 rounds to 5-1
    assert odds.crt == "crt_village"  # 9.5 C: the village line
    while engine_state(s).frames:  # 9.5 fires no artillery: neither side's on-call or defensive fire (10.4, 10.5)
        s, _ = apply(m, s, Decline())
    s, entry = apply(m, dice(s, 3, 5, 1), Resolve(hex=VILLAGE))
    assert "18 − 12 = +6" in entry.text  # 9.5 B: 15 + 3 against 7 + 5
    assert "DRM +5" in entry.text  # 9.5 C: +3 +1 +2 +2 -2 = +6, capped at +5 (9.4.5)
    assert "D1" in entry.text  # 1 + 5 = 6 on the 5-1 column of the village line
    assert s.pieces["de_3fj_1_8_c1"].at.kind == "eliminated"  # 9.5 D: infantry first
    assert s.pieces["de_3fj_at1"].at.id == "de_asset_holding"  # 5.3: the asset escapes
    assert Advance(unit="us_29_1_115", path=(VILLAGE,)) in legal_actions(m, s)  # 9.2.6 A
