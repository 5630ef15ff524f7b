"""The St-Lô example of attack initiation (27.2), on the shipped module through the rules engine.
The example's lettered hexes are placed where the ground is empty (north of Martinville): the
active HQ 2/115 in F 3119, its companies in D 2919, G 3121 and H 3220; German companies in C1 3118,
E 2920 and I 3221 (C2 3020 for the example's other case, 27.2 B), 1/116 next to E in A."""

from __future__ import annotations

from pathlib import Path

import pytest
from stlo_play import dice, seq, taps, us_to_operate

from hexwright.runtime.engine import (
    Choose,
    Declare,
    Decline,
    EndPhase,
    Resolve,
    Roll,
    apply,
    engine_state,
    legal_actions,
)
from hexwright.runtime.engine.attacks import defending_hexes
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.state import Location, MovePieces
from hexwright.runtime.state import apply as state_apply
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"
F, D, G, H, C1, C2, E, I, A = "3119", "2919", "3121", "3220", "3118", "3020", "2920", "3221", "2820"  # noqa: E741 - the example names its hexes so
COMPANY = {D: "us_29_2_115_c1", G: "us_29_2_115_c2", H: "us_29_2_115_c3"}
GERMAN = {C1: "de_3fj_1_8_c1", E: "de_3fj_1_8_c2", I: "de_3fj_1_8_c3"}


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


def test_27_2_the_example_hexes_lie_as_the_example_draws_them(m):
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()

    def dist(a, b):
        return grid.distance(scheme.parse(a, grid), scheme.parse(b, grid))

    assert [dist(D, E), dist(D, C2), dist(D, C1), dist(A, E), dist(G, I), dist(H, I)] == [1, 1, 2, 1, 1, 1]
    assert min(dist(x, y) for x in (G, H) for y in (C1, C2, E)) >= 2 and dist(F, D) == 2


def position(m, c1: str = C1):
    """2/115 activated with 6 TAPs (with the company in G), its HQ then in F as the example has it."""
    s = us_to_operate(m)
    places = {**COMPANY, A: "us_29_1_116", **{(c1 if h == C1 else h): u for h, u in GERMAN.items()}}
    for hex, unit in places.items():
        s, _ = state_apply(m, s, MovePieces(pieces=(unit,), to=Location.hex(hex)))
    s, _ = apply(m, s, Choose(option="activate", target="us_29_2_115_hq"))
    s, _ = apply(m, dice(s, 1), Roll())  # morale 7 - 1: 6 TAPs
    if seq(s).placing:
        s, _ = apply(m, s, Choose(option="place", target=G))
    s, _ = state_apply(m, s, MovePieces(pieces=("us_29_2_115_hq",), to=Location.hex(F)))
    return s


def declares(m, s) -> list[Declare]:
    return [a for a in legal_actions(m, s) if isinstance(a, Declare)]


def test_27_2_a_c_d_the_companies_in_the_radius_must_attack_one_after_the_other_for_one_tap(m):
    s = position(m)
    assert taps(s) == 6
    s, _ = apply(m, s, Choose(option="hasty"))  # 27.2 A
    assert taps(s) == 5  # 27.2 D: one TAP for the action however many attacks it makes
    # 27.2 B: German ZOCs keep the HQ's radius from D: that company takes no part; 1/116 is not 2/115's
    assert {a.attackers for a in declares(m, s)} == {(COMPANY[G],), (COMPANY[H],)}
    assert {a.hex for a in declares(m, s)} == {I} and EndPhase() not in legal_actions(m, s)
    s, _ = apply(m, s, Declare(attackers=(COMPANY[G],), hex=I))
    while engine_state(s).top is not None:  # the German's assets (9.3 C): none
        s, _ = apply(m, s, Decline())
    s, entry = apply(m, dice(s, 1), Resolve(hex=I))
    assert s.hex_of(GERMAN[I]) == I, entry.text  # not eliminated:
    while engine_state(s).top is not None:
        acts = legal_actions(m, s)
        s, _ = apply(m, s, next((a for a in acts if isinstance(a, Decline)), acts[0]))
    # 27.2 C: the other company must now attack that same unit
    assert declares(m, s) == [Declare(attackers=(COMPANY[H],), hex=I)] and EndPhase() not in legal_actions(m, s)
    s, _ = apply(m, s, Declare(attackers=(COMPANY[H],), hex=I))
    while engine_state(s).top is not None:
        s, _ = apply(m, s, Decline())
    s, _ = apply(m, dice(s, 1), Resolve(hex=I))
    while engine_state(s).top is not None:
        acts = legal_actions(m, s)
        s, _ = apply(m, s, next((a for a in acts if isinstance(a, Decline)), acts[0]))
    assert EndPhase() in legal_actions(m, s) and taps(s) == 5  # two attacks, still one TAP


def test_27_2_b_with_c1_in_c2_the_company_in_d_must_attack_c2_and_e_in_a_single_attack(m):
    s = position(m, c1=C2)
    s, _ = apply(m, s, Choose(option="hasty"))
    mine = [a for a in declares(m, s) if a.attackers == (COMPANY[D],)]
    assert len(mine) == 1  # one attack, named by its first hex
    assert sorted(defending_hexes(prepared(m, s), mine[0].attackers, mine[0].hex)) == sorted([C2, E])
    assert {a.attackers for a in declares(m, s)} == {(COMPANY[D],), (COMPANY[G],), (COMPANY[H],)}
