"""St-Lô's fire rules that leave a choice to a player, or are optional, on the shipped module
through the rules engine: the German picks the US hex an air strike hits (15.0 C–D), no air
strike without one left (15.0, 3.3), counter-battery fire with disorganization (22, optional)."""

from __future__ import annotations

from pathlib import Path

import pytest
from stlo_play import advance, at_initiative_segment, dice, seq, us_to_operate, with_pool, with_seq

from hexwright.runtime.engine import Choose, Fire, Pick, apply, engine_state, legal_actions, to_act
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.fire import plan
from hexwright.runtime.state import initial_state
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"
A793 = "us_xix_art_793_gs"
TARGET = "4212"
"""The German 3/8 company of the setup (20.2.1); US companies stand two hexes away at 4110 and 4310."""


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


def test_15_0_d_the_german_chooses_which_us_hex_a_strike_hits(m):
    """15.0 C: a US result on the Air Strike column (a 1); two US-occupied hexes within two hexes of
    4212: the German picks 4310, which suffers DL; 4110 and the German hex are unaffected."""
    s = with_pool(us_to_operate(m), "air_strikes", "us", 1)
    s, _ = apply(m, s, Choose(option="air_strike"))
    strike = Fire(mission="air_strike", target=TARGET, op="us_29_op", op_hex="5209")  # any US infantry's radius
    s, entry = apply(m, dice(s, 1), strike)
    assert "US units hit" in entry.text and "Germany: II Fallschirmjäger Corps chooses which hex of 4110, 4310 " \
                                            "suffers DL — 15.0 D" in entry.text
    assert to_act(m, s) == "de" and legal_actions(m, s) == [Pick(target="4110"), Pick(target="4310")]
    company = "us_29_1_115_c2"
    assert s.hex_of(company) == "4310"
    s, entry = apply(m, s, Pick(target="4310"))
    assert "picks 4310 — 15.0 D" in entry.text and "4310: Disrupted" in entry.text
    assert s.pieces[company].at.kind == "eliminated"  # the DL's step loss: a one-step company (14.1.2)
    assert "us_29_3_115_c3" not in seq(s).statuses and s.hex_of("us_29_3_115_c3") == "4110"
    assert not any(seq(s).statuses.get(p) for p, h in s.occupancy().items() if h == TARGET)  # 15.0 C
    assert seq(s).pools["air_strikes"]["us"] == 0


def test_15_0_no_air_strike_operation_without_a_strike_left(m):
    """3.3, 15.0: the weather roll gives the strikes of the turn; with none left, no Air Strike operation."""
    s = us_to_operate(m)
    assert Choose(option="air_strike") not in legal_actions(m, with_pool(s, "air_strikes", "us", 0))
    assert Choose(option="air_strike") in legal_actions(m, with_pool(s, "air_strikes", "us", 2))


def test_22_counter_battery_fire_is_an_operation_of_the_optional_rule(m):
    """3.2.3 E: offered only with the optional rule (22.0) agreed on."""
    assert m.meta.optional_rules["counter_battery"].section == "22.0"
    assert Choose(option="counter_battery") not in legal_actions(m, us_to_operate(m))
    start = advance(m, initial_state(m, "st_lo", 7, {"counter_battery": True}), lambda s: at_initiative_segment(m, s))
    assert Choose(option="counter_battery") in legal_actions(m, us_to_operate(m, start))


def test_22_1_counter_battery_disorganizes_the_german_artillery_that_fired_most(m):
    """22.1: 793/GS at maximum on the Long-Range Artillery Table; the one German battery that has
    fired (two missions) is disorganized first (22.1.2 B), and may not fire (22.2.1)."""
    start = advance(m, initial_state(m, "st_lo", 7, {"counter_battery": True}), lambda s: at_initiative_segment(m, s))
    s = us_to_operate(m, start)
    german = sorted(p for p, piece in m.pieces.pieces.items() if piece.side == "de" and piece.unit_type == "artillery"
                    and s.pieces[p].at.kind == "box")
    assert len(german) >= 2
    fired = german[-1]
    s = with_seq(s, missions={fired: 2})
    s, _ = apply(m, s, Choose(option="counter_battery"))
    fire = Fire(mission="counter_battery", units=(A793,), intensities=("maximum",))
    assert fire in legal_actions(m, s)
    s, entry = apply(m, dice(s, 6), fire)
    assert "Counter-battery fire" in entry.text and "22.1" in entry.text
    assert "disorganized" in seq(s).statuses.get(fired, ()), entry.text
    assert seq(s).pools["initiative"]["de"] == engine_state(start).seq.pools["initiative"]["de"]
    tx = prepared(m, s)
    p = plan(tx, Fire(mission="interdiction", units=(fired,), intensities=("normal",)), "de")
    assert "may not fire: Disorganized" in p.problem
