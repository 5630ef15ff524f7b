"""Rules of Traces of Victory the engine enforces from the shipped module's data, one test per
section: no attack across the Rhine (10.0), interdiction not on river crossings (7.2) and its
offered hexes, the step-loss allocation citing 10.3."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexwright.runtime.engine import Interdict, legal_actions
from hexwright.runtime.engine.context import unit_reach
from hexwright.runtime.engine.data import engine_state, with_engine_state
from hexwright.runtime.engine.interdiction import offered_hexes
from hexwright.runtime.geometry import parse_hexside
from hexwright.runtime.geometry.hexsides import hexside_hexes
from hexwright.runtime.rules.combat import combat_odds
from hexwright.runtime.state import GameState, Location, initial_state
from hexwright.runtime.storage import load_module

TOV = Path(__file__).resolve().parents[3] / "modules" / "traces_of_victory"


@pytest.fixture(scope="module")
def m():
    return load_module(TOV).module


def crossing(m, feature: str, connection: str | None = None) -> tuple[str, str]:
    """The hexes either side of the first hexside on the map with ``feature`` (and ``connection``)."""
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    for key, side in sorted(m.map.hexsides.items()):
        if feature in side.features and (connection is None or connection in side.connections):
            a, b = hexside_hexes(grid, parse_hexside(grid, key, scheme))
            if b is not None:
                return scheme.format(a, grid), scheme.format(b, grid)
    raise AssertionError(f"no {feature} hexside between two hexes")


def alone(s: GameState, **where: str) -> GameState:
    """Only the named units on the map, where given."""
    pieces = {p: v.model_copy(update={"at": Location.hex(where[p]) if p in where else Location.off("unavailable")})
              for p, v in s.pieces.items()}
    return s.model_copy(update={"pieces": pieces})


def test_10_0_no_attack_across_the_rhine_bridged_or_not(m):
    a, b = crossing(m, "rhine")
    s = alone(initial_state(m, "combined", 1), us_4ad_cca=a, de_559_1125=b)
    odds = combat_odds(m, s.occupancy(), ["us_4ad_cca"], b)
    assert not odds.allowed
    assert any("cannot attack across the rhine hexside" in r.text and r.section == "10.0" for r in odds.rulings)
    assert m.rules.combat.no_attack_across == ["rhine"]


def test_7_2_interdiction_has_no_effect_on_a_river_crossing(m):
    """A German unit crossing a bridged river next to a marker pays the bridge's road cost only;
    with the same marker, the module read without ``free_across`` would make it pay +2."""
    a, b = crossing(m, "river", "road")
    s = alone(initial_state(m, "combined", 1), de_559_1125=a)
    data = engine_state(s)
    s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
        update={"interdicted": (b,), "lasting": {}})}))
    rules = m.rules
    free = unit_reach(m, s, "de_559_1125", rules).hexes[b].cost
    paying_rules = rules.model_copy(update={"interdiction": rules.interdiction.model_copy(update={"free_across": []})})
    paying = unit_reach(m, s, "de_559_1125", paying_rules).hexes[b].cost
    assert paying == free + 2          # +1 to leave a (next to the marker), +1 to enter b (under it)


def test_7_2_the_offered_markers_are_near_german_units_and_in_play(m):
    s = initial_state(m, "patton", 1)
    offered = offered_hexes(m, s)
    assert 0 < len(offered) < len(m.map.hexes) // 3
    assert set(offered) <= set(m.map.areas["patton_limits"].hexes)
    german = {h for p, h in s.occupancy().items() if m.pieces.pieces[p].side == "de"}
    assert german & set(m.map.areas["patton_limits"].hexes) <= set(offered)
    assert not [a for a in legal_actions(m, s) if isinstance(a, Interdict)]  # only in the interdiction step


def test_10_5_the_xii_corps_hq_advances_with_stack_b(m):
    """The combat example (10) with the XII Corps HQ stacked with stack B in 2408: once CCA has
    advanced into 2407 the HQ may follow it ("HQs may advance with any combat units they are
    stacked with"); it is never offered before."""
    from hexwright.runtime.engine import Advance, Choose, Declare, EndPhase, LoseStep, Resolve, Retreat, apply

    s = initial_state(m, "combined", 1)
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    near = {p for p, h in s.occupancy().items() if grid.distance(scheme.parse(h, grid), scheme.parse("2407", grid)) <= 4}
    keep = {"de_559_1125": "2407", "de_462_1216": "2407", "us_4ad_cca": "2408", "us_4ad_ccb": "2408",
            "us_80_318": "2507", "us_80_319": "2508", "us_xii_hq": "2408"}
    s = s.model_copy(update={"pieces": {p: v.model_copy(update={"at": Location.hex(keep[p])}) if p in keep else
                                        v.model_copy(update={"at": Location.off("unavailable")}) if p in near else v
                                        for p, v in s.pieces.items()}})
    s, _ = apply(m, s, Choose(option="activate", target="us_xii_hq"))
    s, _ = apply(m, s, EndPhase())
    data = engine_state(s)
    s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update={"lasting": {}})}))
    s, _ = apply(m, s, Declare(attackers=("us_4ad_cca", "us_4ad_ccb", "us_80_318", "us_80_319"), hex="2407"))
    for counter in range(5000):   # a result that empties 2407
        t = s.model_copy(update={"rng": s.rng.model_copy(update={"counter": counter})})
        t, entry = apply(m, t, Resolve(hex="2407"))
        if "R" in entry.text.split("rolls", 1)[-1][:8]:
            s = t
            break
    while engine_state(s).top is not None and engine_state(s).top.proc in ("losses", "retreat"):
        s, _ = apply(m, s, next(a for a in legal_actions(m, s) if isinstance(a, (LoseStep, Retreat))))
    assert s.hex_of("us_4ad_cca") == "2408" and not s.stack(Location.hex("2407"))
    assert not [a for a in legal_actions(m, s) if isinstance(a, Advance) and a.unit == "us_xii_hq"]
    s, _ = apply(m, s, Advance(unit="us_4ad_cca", path=("2407",)))
    assert Advance(unit="us_xii_hq", path=("2407",)) in legal_actions(m, s)
    s, _ = apply(m, s, Advance(unit="us_xii_hq", path=("2407",)))
    assert s.hex_of("us_xii_hq") == "2407"


def test_15_2_alternate_allied_victory_two_corps_and_six_regiments_on_the_border(m):
    """15.2 on the shipped data: every unit of the XIII SS and LXXXII Corps eliminated, the other
    German units gone from the map, six US regiments on border hexes that trace supply: the
    Alternate Allied Victory — with the optional rule only, and not with five regiments."""
    from hexwright.runtime.engine.control import control_map
    from hexwright.runtime.engine.victory import sudden_death, supplied_hexes

    def corps(pid: str) -> str:
        f = m.pieces.pieces[pid].formation
        while f is not None and m.pieces.formations[f].echelon != "corps":
            f = m.pieces.formations[f].parent
        return f or ""

    def position(optional: bool, regiments: int) -> GameState:
        s = initial_state(m, "combined", 1, {"alternate_victory": optional})
        pieces = {}
        for p, v in s.pieces.items():
            piece = m.pieces.pieces[p]
            gone = corps(p) in ("de_xiii_ss", "de_lxxxii") and piece.unit_type != "hq"
            pieces[p] = v if piece.side != "de" else v.model_copy(
                update={"at": Location.off("eliminated" if gone else "unavailable")})
        s = s.model_copy(update={"pieces": pieces})
        border = sorted(set(m.map.areas["border"].hexes) & supplied_hexes(m, s, "us", control_map(m, s)))
        us = sorted(p for p, h in s.occupancy().items() if m.pieces.pieces[p].size == "III"
                    and m.pieces.pieces[p].side == "us")
        assert len(border) >= 6
        moved = {p: s.pieces[p].model_copy(update={"at": Location.hex(h)}) for p, h in zip(us[:regiments], border,
                                                                                            strict=False)}
        return s.model_copy(update={"pieces": {**s.pieces, **moved}})

    text = sudden_death(m, position(True, 6))
    assert "Alternate Allied Victory (destroyed: XIII SS Corps, LXXXII Corps; 6 units in The French-German border " \
        "in supply — 15.2)" in text
    assert sudden_death(m, position(False, 6)) == "" and sudden_death(m, position(True, 5)) == ""


def test_15_1_four_players_a_seat_per_army_the_chit_drawn_decides(m):
    """15.1 4-Player on the shipped data: the Third and Seventh Armies, the German 19th and 1st
    Armies each have a seat; a unit's seat is its army's; with three players the German forces
    are one seat; without the optional rule, one seat per side."""
    from hexwright.runtime.engine.seating import seat_of, seat_to_act, seats_in_play

    four = initial_state(m, "combined", 1, {"four_players": True})
    assert seats_in_play(m, four) == ["de_19th", "de_1st", "us_3rd", "us_7th"]     # by id, as saved
    assert [seat_of(m, four, p) for p in ("us_4ad_cca", "us_xv_hq", "de_559_1125", "de_198_305")] == \
        ["us_3rd", "us_7th", "de_1st", "de_19th"]
    assert seat_to_act(m, four) in ("us_3rd", "us_7th")
    three = initial_state(m, "combined", 1, {"three_players": True})
    assert seats_in_play(m, three) == ["de", "us_3rd", "us_7th"] and seat_of(m, three, "de_198_305") == "de"
    assert seats_in_play(m, initial_state(m, "combined", 1)) == []


def test_9_1_a_railroad_bridges_the_zorn_and_the_canal_for_normal_movement(m):
    """9.1/2.1: a river or canal crossed only by a railroad (2216/E the Zorn, 2215/E and 2313/NE
    the Marne-Rhine canal) is bridged: a German infantry unit steps across paying the hex beyond,
    not the canal's +1 (a river with nothing across stays closed: 9.2 hex B, test_tov_examples)."""
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    for key in ("2216/E", "2215/E", "2313/NE"):
        side = m.map.hexsides[key]
        assert side.connections == ["railroad"] and {"river", "canal"} & set(side.features)
        a, b = (scheme.format(h, grid) for h in hexside_hexes(grid, parse_hexside(grid, key, scheme)))
        s = alone(initial_state(m, "combined", 1), de_559_1125=a)
        hexes = unit_reach(m, s, "de_559_1125", m.rules).hexes
        assert b in hexes and hexes[b].path == (b,), key
        assert hexes[b].cost == {"clear": 1, "woods": 2, "rough": 2}[m.map.terrain_of(b) or "clear"], key


def test_9_2_no_crossing_of_the_bridged_rhine_between_two_enemy_zocs(m):
    """9.2: "Crossing a River hex-side is not allowed if the hexes on each side of the river ...
    are in enemy ZOCs, even if the river hex-side is a bridged hex-side" — the Rhine at Kehl
    (2622/E, bridged) too: a German panzer battalion (MA 7: ½ + 2 to leave + 2 to enter would do)
    in Strasbourg (2622) with US units next to it and next to Kehl (2623) may not cross; with no
    US unit beside Kehl it may."""
    pz = "de_25pg_5pz"
    s = alone(initial_state(m, "combined", 1), **{pz: "2622", "us_4ad_cca": "2621", "us_4ad_ccb": "2624"})
    hexes = unit_reach(m, s, pz, m.rules).hexes
    assert "2623" not in hexes or hexes["2623"].path != ("2623",)
    free = alone(initial_state(m, "combined", 1), **{pz: "2622", "us_4ad_cca": "2621"})
    assert unit_reach(m, free, pz, m.rules).hexes["2623"].path == ("2623",)
