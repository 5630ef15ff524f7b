"""The St-Lô examples of HQ activation and tactical actions (6.6, 27.1), on the shipped module
through the rules engine. The dice an example states are given to the game by choosing the seed
whose next draws are those faces; an HQ's current morale and side are set as the example says."""

from __future__ import annotations

from pathlib import Path

import pytest
from stlo_play import at_initiative_segment, dice, seq, taps, us_to_operate, with_seq

from hexwright.runtime.engine import Choose, EndPhase, Move, Roll, apply, legal_actions
from hexwright.runtime.state import ActionError
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


def test_6_6_a_failed_activation_flips_the_hq_and_costs_one_morale(m):
    """1/115 (current morale 5, IA side) rolls 5: not activated; AA side up, morale 4; the
    operation ends (6.1 J)."""
    s = us_to_operate(m)
    s = with_seq(s, morale={**seq(s).morale, "us_29_1_115_hq": 5})
    s, _ = apply(m, s, Choose(option="activate", target="us_29_1_115_hq"))
    s, entry = apply(m, dice(s, 5), Roll())
    assert "not activated" in entry.text or "fails" in entry.text, entry.text
    assert seq(s).morale["us_29_1_115_hq"] == 4
    assert "attempted" in seq(s).statuses.get("us_29_1_115_hq", ())
    assert s.pieces["us_29_1_115_hq"].at.kind == "box"
    assert at_initiative_segment(m, s)  # a new Operations Phase begins


def test_6_6_b_activation_from_the_aa_side_gives_morale_minus_roll_taps_and_costs_two(m):
    """2/175 (current morale 4, AA side) rolls 2: activated with 2 TAPs, morale 2 (two for the AA
    side); placed with the 2/175 battalion."""
    s = us_to_operate(m)
    statuses = {**seq(s).statuses, "us_29_2_175_hq": ("attempted",)}
    s = with_seq(s, morale={**seq(s).morale, "us_29_2_175_hq": 4}, statuses=statuses)
    s, _ = apply(m, s, Choose(option="activate", target="us_29_2_175_hq"))
    s, entry = apply(m, dice(s, 2), Roll())
    assert taps(s) == 2, entry.text
    assert seq(s).morale["us_29_2_175_hq"] == 2
    assert s.pieces["us_29_2_175_hq"].at.id == s.pieces["us_29_2_175"].at.id == "4607"


def test_6_3_the_35th_divisions_first_attempt_costs_two(m):
    s = us_to_operate(m)
    s, _ = apply(m, s, Choose(option="activate", target="us_35_1_137_hq"))
    s, _ = apply(m, dice(s, 6), Roll())
    assert seq(s).morale["us_35_1_137_hq"] == 6 - 2


def _moves(m, s, unit):
    return [a for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == unit]


def test_27_1_a_movement_actions_cost_one_tap_and_two_beyond_the_command_radius(m):
    """1/116 activated with 4 TAPs; the HQ stays in A (4908); two Movement actions, one TAP each, take
    the battalion to G and to H, beyond the HQ's radius of 4; the third costs two and ends the
    activation (TAPs 0), the HQ back on its display."""
    s = us_to_operate(m)
    s, _ = apply(m, s, Choose(option="activate", target="us_29_1_116_hq"))
    s, _ = apply(m, dice(s, 3), Roll())  # morale 7 - 3 = 4 TAPs
    assert taps(s) == 4 and s.pieces["us_29_1_116_hq"].at.id == "4908"
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()

    def dist(a, b):
        return grid.distance(scheme.parse(a, grid), scheme.parse(b, grid))

    s, _ = apply(m, s, Choose(option="movement"))
    assert taps(s) == 3
    g = max(_moves(m, s, "us_29_1_116"), key=lambda a: (dist("4908", a.to), a.to))
    s, _ = apply(m, s, g)
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Choose(option="movement"))
    assert taps(s) == 2  # G is within the radius: one TAP
    h = max((a for a in _moves(m, s, "us_29_1_116")), key=lambda a: (dist("4908", a.to), a.to))
    assert dist("4908", h.to) > 4
    s, _ = apply(m, s, h)
    s, _ = apply(m, s, EndPhase())
    assert s.pieces["us_29_1_116_hq"].at.id == "4908"  # 7.2.2: the HQ stays in A
    s, entry = apply(m, s, Choose(option="movement"))
    assert taps(s) == 0, entry.text  # beyond the radius: two TAPs (7.4.2 A)
    s, _ = apply(m, s, _moves(m, s, "us_29_1_116")[0])
    s, _ = apply(m, s, EndPhase())
    assert not _moves(m, s, "us_29_1_116")  # the activation is over
    if not at_initiative_segment(m, s):  # 17.0 C: the recon units within the radius may move first
        assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} <= {"us_29_rcn_2", "us_29_rcn_3"}
        s, _ = apply(m, s, EndPhase())
    assert at_initiative_segment(m, s) and s.pieces["us_29_1_116_hq"].at.kind == "box"


def test_27_1_b_strategic_movement_spends_every_tap_and_is_the_only_action(m):
    """2/115 (here built up, in hex B 3602, far from the enemy) activated with 6 TAPs: Strategic
    Movement takes all six (7.1.2 B) and ends the activation (7.1.2 C)."""
    from hexwright.runtime.state import Location, MovePieces
    from hexwright.runtime.state import apply as state_apply

    s = us_to_operate(m)
    companies = ("us_29_2_115_c1", "us_29_2_115_c2", "us_29_2_115_c3")
    s, _ = state_apply(m, s, MovePieces(pieces=companies, to=Location.box("us_29_2_115_box")))
    s, _ = state_apply(m, s, MovePieces(pieces=("us_29_2_115",), to=Location.hex("3602")))
    s, _ = apply(m, s, Choose(option="activate", target="us_29_2_115_hq"))
    s, _ = apply(m, dice(s, 1), Roll())  # morale 7 - 1: 6 TAPs
    assert taps(s) == 6
    s, _ = apply(m, s, Choose(option="strategic"))
    assert taps(s) == 0
    moves = _moves(m, s, "us_29_2_115")
    assert moves and {a.mode for a in moves} == {"strategic"}
    far = moves[-1]
    s, entry = apply(m, s, far)
    assert "Strategic" in entry.text
    s, _ = apply(m, s, EndPhase())
    while not at_initiative_segment(m, s):  # 17.0 C: recon units in the radius may move
        s, _ = apply(m, s, EndPhase())
    assert s.pieces["us_29_2_115_hq"].at.kind == "box"


def _built_up(m, s, battalion: str, hex: str):
    """``battalion`` on the map in ``hex``, its companies back in its box."""
    from hexwright.runtime.state import Location, MovePieces
    from hexwright.runtime.state import apply as state_apply

    companies = tuple(f"{battalion}_c{n}" for n in (1, 2, 3))
    s, _ = state_apply(m, s, MovePieces(pieces=companies, to=Location.box(f"{battalion}_box")))
    s, _ = state_apply(m, s, MovePieces(pieces=(battalion,), to=Location.hex(hex)))
    return s


def _options(m, s) -> list[str]:
    return [a.option for a in legal_actions(m, s) if isinstance(a, Choose)]


def test_27_1_c_without_a_line_of_communication_a_movement_action_costs_three(m):
    """3/115 activated with 5 TAPs in hex C, which traces no LOC (4315, behind the German line with no
    friendly road to a US depot, 7.3.1): its Movement action costs 3 (7.3.2 A); with 2 TAPs left every
    action would cost 3, so the only choice left is to end the activation (7.1.1 B-C)."""
    from hexwright.runtime.engine import prepared
    from hexwright.runtime.engine.tactical import hq_traces

    s = _built_up(m, us_to_operate(m), "us_29_3_115", "4315")
    s, _ = apply(m, s, Choose(option="activate", target="us_29_3_115_hq"))
    s, _ = apply(m, dice(s, 2), Roll())  # morale 7 - 2 = 5 TAPs
    assert taps(s) == 5 and s.pieces["us_29_3_115_hq"].at.id == "4315"
    assert not hq_traces(prepared(m, s), "us_29_3_115_hq")
    s, entry = apply(m, s, Choose(option="movement"))
    assert taps(s) == 2, entry.text
    j = _moves(m, s, "us_29_3_115")[0]
    s, _ = apply(m, s, j)
    s, _ = apply(m, s, EndPhase())
    assert s.pieces["us_29_3_115"].at.id == j.to
    assert _options(m, s) == ["end"] and taps(s) == 2
    with pytest.raises(ActionError, match="7.1"):
        apply(m, s, Choose(option="movement"))


def test_27_1_d_a_company_beyond_the_radius_takes_no_part_and_one_tap_pays_each_action(m):
    """1/115, broken down (D, E, F), activated with 2 TAPs; the HQ placed under the company in D; the
    company in F, beyond the command radius, may not take part (7.4.3); the companies in D and E move
    (1 TAP), then a Hasty Attack by the company now next to a German unit spends the last TAP; after
    it the HQ goes back to the DD (7.1.1 C)."""
    from hexwright.runtime.engine import Declare, Decline, Resolve, engine_state
    from hexwright.runtime.state import Location, MovePieces
    from hexwright.runtime.state import apply as state_apply

    s = us_to_operate(m)
    d, e, f = "4710", "4610", "4705"  # F is five hexes from D
    for unit, hex in (("us_29_1_115_c2", e), ("us_29_1_115_c3", f)):
        s, _ = state_apply(m, s, MovePieces(pieces=(unit,), to=Location.hex(hex)))
    s, _ = apply(m, s, Choose(option="activate", target="us_29_1_115_hq"))
    s, _ = apply(m, dice(s, 5), Roll())  # morale 7 - 5 = 2 TAPs
    assert taps(s) == 2
    if s.pieces["us_29_1_115_hq"].at.kind != "hex":  # 6.0 B: the owner places it with a company
        s, _ = apply(m, s, Choose(option="place", target=d))
    assert s.pieces["us_29_1_115_hq"].at.id == d
    s, _ = apply(m, s, Choose(option="movement"))
    assert taps(s) == 1
    assert not _moves(m, s, "us_29_1_115_c3")  # 7.4.3: beyond the radius, no part in any action
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"us_29_1_115_c1", "us_29_1_115_c2"}
    occ = s.occupancy()
    germans = {h for p, h in occ.items() if m.pieces.pieces[p].side == "de"}
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()

    def near_german(h):
        return any(grid.distance(scheme.parse(h, grid), scheme.parse(g, grid)) == 1 for g in germans)

    to_l = next(a for a in _moves(m, s, "us_29_1_115_c1") if near_german(a.to))
    s, _ = apply(m, s, to_l)
    to_k = next(a for a in _moves(m, s, "us_29_1_115_c2") if not near_german(a.to))
    s, _ = apply(m, s, to_k)
    s, _ = apply(m, s, EndPhase())
    assert taps(s) == 1 and (s.hex_of("us_29_1_115_c1"), s.hex_of("us_29_1_115_c2")) == (to_l.to, to_k.to)
    s, _ = apply(m, s, Choose(option="hasty"))
    assert taps(s) == 0  # 27.1 D: the HQ's last TAP
    attack = next(a for a in legal_actions(m, s) if isinstance(a, Declare))
    assert attack.attackers == ("us_29_1_115_c1",)
    s, _ = apply(m, s, attack)
    while engine_state(s).top is not None:  # the German's assets (9.3 C): none here
        acts = legal_actions(m, s)
        s, _ = apply(m, s, next((a for a in acts if isinstance(a, Decline)), acts[0]))
    s, entry = apply(m, dice(s, 6, 6, 6), Resolve(hex=attack.hex))
    assert f"attacks {attack.hex}" in entry.text and taps(s) == 0
    while engine_state(s).top is not None:  # losses to allocate, no advance
        acts = legal_actions(m, s)
        s, _ = apply(m, s, next((a for a in acts if isinstance(a, Decline)), acts[0]))
    s, _ = apply(m, s, EndPhase())
    while not at_initiative_segment(m, s):  # 17.0 C: recon units in the radius may move
        s, _ = apply(m, s, EndPhase())
    assert s.pieces["us_29_1_115_hq"].at.kind == "box"
