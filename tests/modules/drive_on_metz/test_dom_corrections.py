"""Corrections from checking The Drive on Metz module against its rulebook, each with its
test: US 11/5 starts where its Figure 7/9 role can be played from the scenario itself;
Figure 3's own position; and the two readings the rulebook leaves open (§8.2 air drop on a
clear hex with a town, city or fortification; a reinforcement staying in its box)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexwright.runtime.engine import (
    ENGINE,
    Declare,
    Drop,
    EndPhase,
    Move,
    Resolve,
    apply,
    legal_actions,
    to_act,
)
from hexwright.runtime.rules import drop_zone, make_board, zoc_of_side
from hexwright.runtime.state import Game, initial_state
from hexwright.runtime.storage import load_module

DOM = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"


@pytest.fixture(scope="module")
def dom():
    return load_module(DOM).module


def test_us_11_5_starts_in_box_c_and_reaches_0409_on_turn_1_from_the_scenario(dom):
    """Figures 7 and 9 need 11/5 at 0409 on turn 1: by road 0110-0209-0309-0409, 4 MF (§8.2)."""
    s = initial_state(dom, "campaign", 1)
    assert s.pieces["us_5_11"].at.id == "us_box_c" and dom.pieces.pieces["us_5_11"].setup == "C"
    assert Move(unit="us_5_11", to="0409") in legal_actions(dom, s)
    s, entry = apply(dom, s, Move(unit="us_5_11", to="0409"))
    assert "(4 MF via 0110, 0209, 0309)" in entry.text


def test_figures_4_7_and_9_played_from_the_scenario(dom):
    """Figure 4's moves, Figure 7's attacks, Figure 9's D2 retreat to 0607 and advance 0509 → 0608,
    all from the campaign setup (no placed units), through the engine's legal actions."""
    game = Game(dom, "campaign", 1, engine=ENGINE)
    from hexwright.runtime.engine import to_step

    for unit, hex in (("us_5_2", "0307"), ("us_5_10", "0407"), ("us_7_ccr", "0408"), ("us_7_ccb", "0510"),
                      ("us_5_11", "0409")):
        assert Move(unit=unit, to=hex) in legal_actions(dom, game.state), unit
        game.do(to_step(Move(unit=unit, to=hex)))
    game.do(to_step(EndPhase()))
    south = Declare(attackers=("us_5_11", "us_7_ccb", "us_7_ccr"), hex="0509")
    north = Declare(attackers=("us_5_10",), hex="0507")
    assert south in legal_actions(dom, game.state) and north in legal_actions(dom, game.state)
    game.do(to_step(north))
    game.do(to_step(south))
    assert "ΔCF 14 → 10, fortified -3: column +4/+5" in game.entries[-1].text
    # Figure 9: on a roll of 1, D2: the only retreat is 0608 → 0607; 11/5 may advance 0509 → 0608
    for seed in range(1, 400):
        trial = Game(dom, "campaign", seed, engine=ENGINE)
        trial.extend(game.actions)
        trial.do(to_step(Resolve(hex="0509")))
        if trial.entries[-1].dice == (1,):
            break
    assert "D2" in trial.entries[-1].text
    retreats = legal_actions(dom, trial.state)
    assert [(r.unit, r.path) for r in retreats] == [("de_462_fhnjkr", ("0608", "0607"))]
    trial.do(to_step(retreats[0]))
    assert any(getattr(a, "unit", "") == "us_5_11" and a.path == ("0509", "0608")
               for a in legal_actions(dom, trial.state))


def test_figure_3_zones_of_control_exactly(dom):
    """CCB/7 at 0510 and DE 8/3 at 0609: each ZOC is its six neighbours, into the fortified 0509
    (in both) and across the Moselle (0709, 0710) — §5, Figure 3."""
    board = make_board(dom, {"us_7_ccb": "0510"})
    assert sorted(board.hm.labels[i] for i in zoc_of_side(board, dom.rules.zoc, "us")) == \
        ["0409", "0410", "0509", "0511", "0609", "0610"]
    board = make_board(dom, {"de_3_8": "0609"})
    assert sorted(board.hm.labels[i] for i in zoc_of_side(board, dom.rules.zoc, "de")) == \
        ["0509", "0510", "0608", "0610", "0709", "0710"]
    both = make_board(dom, {"us_7_ccb": "0510", "de_3_8": "0609"})
    us = {both.hm.labels[i] for i in zoc_of_side(both, dom.rules.zoc, "us")}
    de = {both.hm.labels[i] for i in zoc_of_side(both, dom.rules.zoc, "de")}
    assert us & de == {"0509", "0610"} and "0509" in {h for h, f in dom.map.hexes.items()
                                                      if any(x.type == "fortified" for x in f.features)}


def test_s8_2_reading_a_clear_hex_with_a_town_city_or_fortification_is_a_clear_terrain_hex(dom):
    """Reading chosen: §1.1 lists towns, cities and fortifications as man-made features beside the
    natural terrain, and §8.1.2 says they impose no cost of their own: the hex's terrain is what
    it is. So the drop's "any clear terrain hex" includes Thionville (0701, town) and the
    fortified clear hexes, when empty."""
    zone = drop_zone(dom, {"de_462_1010": "0507"}, "us_101_502", dom.rules.drops[0])
    assert {"0701", "0509", "0707", "0807"} <= set(zone)
    assert dom.map.terrain_of("0507") != "clear" and "0507" not in zone
    s = initial_state(dom, "campaign", 1, {"us_airborne": True})
    assert Drop(unit="us_101_502", to="0701") in legal_actions(dom, s)


def test_s1_1_s8_2_reading_a_reinforcement_may_stay_in_its_box_and_enter_later(dom):
    """Reading chosen: §8.2 says reinforcements "may enter", §8.1 lets a side move as few units as
    it pleases, and unlike St-Lô 18.2.4 nothing forbids a delay: DE 106 may wait past turn 2 and
    enter on a later turn at the usual cost."""
    s = initial_state(dom, "campaign", 1)
    for _ in range(20):
        if s.turn == 3 and to_act(dom, s) == "de" and any(isinstance(a, Move) for a in legal_actions(dom, s)):
            break
        s, _ = apply(dom, s, EndPhase())
    assert s.turn == 3 and s.pieces["de_106"].at.id == "de_north"
    assert Move(unit="de_106", to="0401") in legal_actions(dom, s)
    s, entry = apply(dom, s, Move(unit="de_106", to="0401"))
    assert s.hex_of("de_106") == "0401" and "(1 MF)" in entry.text
