"""The Traces of Victory rulebook's worked examples, on the shipped module (its map, counters,
tables and rules.json), through the rules engine. Each test names its section."""

from __future__ import annotations

from pathlib import Path

import pytest
from tov_states import place, quickly_to

from hexwright.runtime.engine import (
    Advance,
    Choose,
    Declare,
    EndPhase,
    LoseStep,
    Move,
    Resolve,
    Retreat,
    Roll,
    apply,
    engine_state,
    legal_actions,
    to_act,
    weather_now,
)
from hexwright.runtime.engine.data import with_engine_state
from hexwright.runtime.geometry import format_hexside
from hexwright.runtime.rules.combat import Modifier, combat_odds, resolve
from hexwright.runtime.rules.movement import reach
from hexwright.runtime.rules.retreat import advance_paths, retreat_paths
from hexwright.runtime.rules.supply import supply
from hexwright.runtime.state import GameState, Location, initial_state
from hexwright.runtime.state.rng import roll
from hexwright.runtime.storage import load_module

TOV = Path(__file__).resolve().parents[3] / "modules" / "traces_of_victory"


@pytest.fixture(scope="module")
def m():
    return load_module(TOV).module


# -- 2.3 Command Range ---------------------------------------------------------------------------


def test_2_3_command_range_measured_when_the_hq_is_activated_units_inside_only(m):
    """Unit A outside the range, B and C inside; enemy units and their ZOC between do not block
    (2.3: 'not blocked by EZOCs or units'); Third Army units do not answer a Seventh Army HQ."""
    s = initial_state(m, "combined", 1)
    s = place(s, us_xv_hq="2412", us_44_71="2419",       # A: seven hexes east
              us_44_114="2416", us_79_313="2612",         # B, C: four and two hexes away
              de_553_1119="2414", de_553_1120="2415",     # enemy units and their ZOC between the HQ and B
              us_26_101="2411")                           # a Third Army unit next to the HQ
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()

    def dist(a, b):
        return grid.distance(scheme.parse(a, grid), scheme.parse(b, grid))

    assert (dist("2412", "2419"), dist("2412", "2416"), dist("2412", "2612")) == (7, 4, 2)
    s, _ = apply(m, s, Choose(option="activate", target="us_xv_hq"))   # 12.1's special activation
    statuses = engine_state(s).seq.statuses
    assert "activated" in statuses.get("us_44_114", ())
    assert "activated" in statuses.get("us_79_313", ())
    assert "activated" not in statuses.get("us_44_71", ())
    assert "activated" not in statuses.get("us_26_101", ())  # 2.3 note: not across US Armies
    # 2.3: a unit that finds itself inside the range only after the HQ's move is not activated
    s, _ = apply(m, s, Move(unit="us_xv_hq", to="2413"))
    assert dist("2413", "2419") == 6
    assert "activated" not in engine_state(s).seq.statuses.get("us_44_71", ())


# -- 4.1 Weather ---------------------------------------------------------------------------------


def weather_roll_state(m, turn: int, previous: str, mud_to: int | None = None) -> GameState:
    s = initial_state(m, "combined", 3)
    s = quickly_to(m, s, lambda st, acts: st.turn == 2 and Roll() in acts)
    data = engine_state(s)
    lasting = {"mud": mud_to} if mud_to is not None else {}
    seq = data.seq.model_copy(update={"conditions": {"weather": previous}, "lasting": lasting})
    return with_engine_state(s.model_copy(update={"turn": turn}), data.model_copy(update={"seq": seq}))


def roll_with(m, s: GameState, die: int):
    """The weather roll from the seeded dice, at the first generator position that rolls ``die``."""
    for counter in range(300):
        tried = s.model_copy(update={"rng": s.rng.model_copy(update={"counter": counter})})
        after, entry = apply(m, tried, Roll())
        if f"rolled {die}" in entry.text:
            return after, entry
    raise AssertionError(f"no {die} in 300 rolls")


def test_4_1_4_example_turn_9_after_rain_a_5_is_light_overcast(m):
    """4.1.4: rain on turn 8; on turn 9, −1 for the rain and −1 for worsening weather: 5 → 3,
    light overcast; 4.1.2: light overcast gives half the air units (2 of 4)."""
    s, entry = roll_with(m, weather_roll_state(m, 9, "rain"), 5)
    assert "→ 3" in entry.text
    data = engine_state(s).seq
    assert data.conditions["weather"] == "light_overcast"
    assert data.pools["air"]["us"] == 2


def test_4_1_5_example_rain_on_a_mud_turn_puts_the_second_marker_on_the_next_turn(m):
    """4.1.5: turn 4 already mud, rain on turn 4: mud on turn 5 too; movement pays the mud costs."""
    s = weather_roll_state(m, 4, "rain", mud_to=4)
    for die in (1, 2, 3):
        try:
            s2, _ = roll_with(m, s, die)
        except AssertionError:
            continue
        if engine_state(s2).seq.conditions["weather"] == "rain":
            break
    else:
        raise AssertionError("no rain rolled")
    assert engine_state(s2).seq.lasting["mud"] == 5
    assert weather_now(m, s2) == "mud"
    occupancy = {"us_4ad_cca": "2303"}
    dry = reach(m, occupancy, "us_4ad_cca", weather=None)
    wet = reach(m, occupancy, "us_4ad_cca", weather="mud")
    assert max(v.cost for v in wet.hexes.values()) <= 8 and len(wet.hexes) < len(dry.hexes)


def test_4_1_5_mud_shifts_one_column_left(m):
    occupancy = {"us_4ad_cca": "2408", "de_559_1125": "2407"}
    dry = combat_odds(m, occupancy, ["us_4ad_cca"], "2407")
    wet = combat_odds(m, occupancy, ["us_4ad_cca"], "2407", weather="mud")
    assert wet.column == dry.column - 1


# -- 9.2 Normal Movement Example -----------------------------------------------------------------


def test_9_2_movement_example_hexes_a_b_c(m):
    """The German infantry (4 MP) in 2515, in US 318's ZOC (2615); US 319 (2614) across the river
    projects none. Hex A (2415): 1 + 2 to leave the EZOC = 3; then the road to 2316: 4. Hex B
    (2414): across an unbridged river. Hex C (2514): across a bridged river between two EZOC hexes."""
    occupancy = {"de_48_127": "2515", "us_80_318": "2615", "us_80_319": "2614"}
    assert m.pieces.pieces["de_48_127"].steps[0].movement == 4
    result = reach(m, occupancy, "de_48_127")
    assert result.hexes["2415"].cost == 3
    assert result.hexes["2316"].cost == 4
    assert "2414" not in result.hexes
    assert "2514" not in result.hexes
    # without 318, 319 alone changes nothing across the river: A costs 1
    alone = reach(m, {"de_48_127": "2515", "us_80_319": "2614"}, "de_48_127")
    assert alone.hexes["2415"].cost == 1
    # without the EZOC in the start hex, the bridge to C may be crossed (9.2 forbids it only ZOC to ZOC)
    assert "2514" in alone.hexes


# -- 10 Combat Example ---------------------------------------------------------------------------

COMBAT = {"de_559_1125": "2407", "de_462_1216": "2407",          # stack A: 3 + 2 = 5
          "us_4ad_cca": "2408", "us_4ad_ccb": "2408",             # stack B: 8 + 8, no hexside
          "us_80_318": "2507", "us_80_319": "2508"}               # C, D: 4 each across a stream, halved


def test_10_combat_example_20_against_5_is_4_to_1_rough_3_to_1_then_6_to_1(m):
    attackers = ["us_4ad_cca", "us_4ad_ccb", "us_80_318", "us_80_319"]
    odds = combat_odds(m, COMBAT, attackers, "2407")
    assert (odds.attack, odds.defense) == (20, 5)
    assert m.tables.crts["crt"].columns[odds.base_column].label == "4:1"
    assert odds.column_label == "3:1"                       # Rough: one column to the defender
    shifted = combat_odds(m, COMBAT, attackers, "2407",
                          modifiers=[Modifier("air ground support", shift=2, section="7.1"),
                                     Modifier("combat intensity", shift=1, section="10.2.3")])
    assert shifted.column_label == "6:1"
    outcome = resolve(m, shifted, 6)
    assert outcome.code == "2RR"
    effects = {(e.who, e.what): e.amount for e in outcome.result.effects}
    assert effects == {("defender", "step_loss"): 2, ("defender", "retreat"): 2,   # the attacker loses nothing
                       ("attacker", "advance"): 1}


def test_10_combat_example_retreat_to_2207_avoiding_the_ezoc_of_2308(m):
    """Stack A retreats two hexes to 2207 by 2307, "to first avoid the EZOC, and make the units in
    supply" (each hex nearer a German source, 10.4); through 2308 it would enter B's EZOC."""
    for unit in ("de_559_1125", "de_462_1216"):
        options = retreat_paths(m, COMBAT, unit, 2)
        assert not options.eliminated
        best = min(p.ezoc_hexes for p in options.paths)
        assert best == 0
        fewest = [p.hexes for p in options.paths if p.ezoc_hexes == best]
        assert ("2307", "2207") in fewest
        assert all("2308" not in path for path in fewest)
        # 10.4 towards supply: 2308, in B's EZOC, traces no supply line, so it is never nearer
        assert all("2308" not in p.hexes for p in options.paths)


def test_10_5_advance_stack_b_into_2407_second_hex_only_clear(m):
    """After the retreat: B may advance into 2407 and, mechanized, a second hex only into clear
    terrain; infantry C one hex only (10.5)."""
    after = {**COMBAT, "de_559_1125": "2207", "de_462_1216": "2207"}
    paths = advance_paths(m, after, "us_4ad_cca", "2407")
    assert ("2407",) in paths
    seconds = [p for p in paths if len(p) == 2]
    assert seconds and all(m.map.terrain_of(p[1]) == "clear" for p in seconds)
    assert max(len(p) for p in advance_paths(m, after, "us_80_318", "2407")) == 1


def test_10_combat_example_through_the_engine_2rr_allocated_retreat_advance_and_the_intensity_loss_on_a_2(m):
    """The whole example as play: the XII Corps HQ activates B, C and D; the attack is declared
    with ground support (one air point, 7.1) and intensity +1 (10.2.3) at 6:1; a 6 gives 2RR; the
    German player allocates the two steps (10.3; the module's 1216th has one step, so it is
    eliminated where the printed counter flips); the survivor retreats two hexes to 2207 by 2307
    (10.4); stack B advances into 2407 and C and D cannot (overstacking, 10.5); the intensity roll
    of 2 costs the attacker one step, on the unit the Allied player picks."""
    s = initial_state(m, "combined", 1)
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    near = {p for p, h in s.occupancy().items()
            if grid.distance(scheme.parse(h, grid), scheme.parse("2407", grid)) <= 4 and p not in COMBAT}
    s = s.model_copy(update={"pieces": {p: v.model_copy(update={"at": Location.off("unavailable")}) if p in near
                                        else v for p, v in s.pieces.items()}})   # the example's hexes only
    s = place(s, **COMBAT, us_xii_hq="2409")
    s, _ = apply(m, s, Choose(option="activate", target="us_xii_hq"))
    s, _ = apply(m, s, EndPhase())                                    # movement: none
    data = engine_state(s)                                            # not turn 1's mud; two air points
    s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
        update={"lasting": {}, "pools": {"air": {"us": 2}}})}))
    attackers = ("us_4ad_cca", "us_4ad_ccb", "us_80_318", "us_80_319")
    s, entry = apply(m, s, Declare(attackers=attackers, hex="2407", intensity=1, air=1))
    assert "4:1, rough -1, air ground support +2, combat intensity +1: column 6:1" in entry.text
    assert engine_state(s).seq.pools["air"]["us"] == 1
    counter = next(c for c in range(5000) if [roll(s.rng.model_copy(update={"counter": c + k}), 6, 1)[0][0]
                                              for k in (0, 1)] == [6, 2])
    s = s.model_copy(update={"rng": s.rng.model_copy(update={"counter": counter})})
    s, entry = apply(m, s, Resolve(hex="2407"))
    assert "rolls 6: 2RR" in entry.text and to_act(m, s) == "de"
    assert legal_actions(m, s) == [LoseStep(unit="de_462_1216"), LoseStep(unit="de_559_1125")]
    s, entry = apply(m, s, LoseStep(unit="de_559_1125"))
    assert "step loss allocated by its owner — 10.3" in entry.text
    s, _ = apply(m, s, LoseStep(unit="de_462_1216"))
    assert s.pieces["de_559_1125"].step == 1 and s.hex_of("de_462_1216") is None
    assert Retreat(unit="de_559_1125", path=("2307", "2207")) in legal_actions(m, s)
    s, _ = apply(m, s, Retreat(unit="de_559_1125", path=("2307", "2207")))
    assert to_act(m, s) == "us"
    for unit in ("us_4ad_cca", "us_4ad_ccb"):
        s, _ = apply(m, s, Advance(unit=unit, path=("2407",)))
    assert legal_actions(m, s) == [Roll()]     # C and D would overstack 2407: the advance is over
    s, entry = apply(m, s, Roll())
    assert entry.dice == (2,) and "combat intensity roll: 2: one attacking unit loses a step — 10.2.3" in entry.text
    assert legal_actions(m, s) == [LoseStep(unit=u) for u in attackers]
    s, _ = apply(m, s, LoseStep(unit="us_80_318"))
    assert s.pieces["us_80_318"].step == 1 and engine_state(s).frames == ()


# -- 8.1 Supply Line Example -----------------------------------------------------------------------

SUPPLY = {"de_559_1127": "1810",                    # A: traces a supply line
          "de_48_127": "1911",                      # B: every way out in EZOC but through A
          "de_559_1125": "1913",                    # C: the Sarre east of it, US ZOC to the west
          "de_559_1126": "1716",                    # D: traces freely
          "us_26_101": "1713", "us_26_104": "1811", "us_26_328": "2112", "us_80_318": "1909"}


def test_8_1_supply_example_units_a_b_c_d(m):
    result = supply(m, SUPPLY, "de")
    assert result.units["de_559_1127"] and result.units["de_559_1126"]          # A and D
    assert result.units["de_48_127"]                                             # B, through A
    assert not result.units["de_559_1125"]                                       # C
    without_a = {k: v for k, v in SUPPLY.items() if k != "de_559_1127"}
    assert not supply(m, without_a, "de").units["de_48_127"]  # A's hex negates the EZOC for B
    # C: the Sarre is unbridged where C would cross it; bridged there, C would trace
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    key = format_hexside(grid, grid.hexside_between(scheme.parse("1913", grid), scheme.parse("1914", grid)), scheme)
    assert m.map.hexsides[key].features == ["river"] and not m.map.hexsides[key].connections
    bridged = m.model_copy(deep=True)
    bridged.map.hexsides[key] = bridged.map.hexsides[key].model_copy(update={"connections": ["road"]})
    bridged.mark_edited()
    assert supply(bridged, SUPPLY, "de").units["de_559_1125"]
