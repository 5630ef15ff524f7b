"""The St-Lô example of reassignment (5.6), on the shipped module through the rules engine:
the assets 1/115 attacked with stay under it, the US reassigns the engineer (it must) and the M8
(it chooses to) in the next Asset Phase, 1/115 is eliminated and its M4s go to the holding box,
and the Asset Phase after that brings each back as the example says."""

from __future__ import annotations

from pathlib import Path

import pytest
from stlo_play import advance, phase, seq, us_to_operate, with_seq

from hexwright.runtime.engine import Decline, ReassignAsset, apply, engine_state, legal_actions, prepared, to_act
from hexwright.runtime.engine.data import with_engine_state
from hexwright.runtime.state import Eliminate, Location, MovePieces
from hexwright.runtime.state import apply as state_apply
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"
M4S = ("us_29_a747", "us_29_b747", "us_29_c747")
ENGINEER, M8 = "us_29_e1a121", "us_29_ag"
DIVISION, HOLDING = Location.box("us_29_assets"), Location.box("us_asset_holding")


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


def reassigning(s) -> bool:
    top = engine_state(s).top
    return top is not None and top.proc == "reassign"


def test_5_6_example_of_reassignment(m):
    # "After the attack is resolved, these five assets remain assigned to 1/115" (its companies built up)
    s = us_to_operate(m)
    hex = s.hex_of("us_29_1_115_c1")
    for act in (MovePieces(pieces=("us_29_1_115_c1", "us_29_1_115_c2", "us_29_1_115_c3"),
                           to=Location.box("us_29_1_115_box")),
                MovePieces(pieces=("us_29_1_115", *M4S, ENGINEER, M8), to=Location.hex(hex))):
        s, _ = state_apply(m, s, act)
    s = with_seq(s, attached={**seq(s).attached, **dict.fromkeys((*M4S, ENGINEER, M8), "us_29_1_115")})
    # the ensuing turn's Reassignment Segment
    s = advance(m, s, reassigning)
    assert s.turn == 2 and to_act(m, s) == "us"
    assert s.pieces[ENGINEER].at == DIVISION and s.pieces[ENGINEER].step == 1  # 5.2: it must, To Division side
    assert [a for a in legal_actions(m, s) if isinstance(a, ReassignAsset)] == [
        ReassignAsset(asset=a) for a in sorted((*M4S, M8))]
    s, _ = apply(m, s, ReassignAsset(asset=M8))  # 5.1: the US decides to reassign the M8 too
    s, entry = apply(m, s, Decline())
    assert "no more assets reassigned" in entry.text
    assert s.pieces[M8].at == DIVISION and s.pieces[M8].step == 1
    assert {a: seq(s).attached.get(a) for a in M4S} == dict.fromkeys(M4S, "us_29_1_115")
    # "In the same turn, 1/115 is eliminated by an attack": its M4s go to the holding box at once (5.3)
    s, _ = state_apply(m, s, Eliminate(pieces=("us_29_1_115",)))
    tx = prepared(m, s)
    s = with_engine_state(tx.state, tx.data)
    assert all(s.pieces[a].at == HOLDING for a in M4S) and not set(M4S) & set(seq(s).attached)
    # the Asset Phase of the next turn: the engineer and the M8 available, the M4s To Division
    s = advance(m, s, lambda s: s.turn == 3 and phase(m, s) == "operations")
    assert [(s.pieces[a].at, s.pieces[a].step) for a in (ENGINEER, M8)] == [(DIVISION, 0)] * 2
    assert [(s.pieces[a].at, s.pieces[a].step) for a in M4S] == [(DIVISION, 1)] * 3
