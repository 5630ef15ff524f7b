"""The US airborne drop (DoM §2.3, §8.2) through the engine: module data (``rules.json``
``drops``), legal drops, refusals with their reasons, landing in enemy ZOC, once per game."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import (
    Declare,
    Drop,
    EndPhase,
    Move,
    SetEnforcement,
    action_for_drop,
    apply,
    check_and_apply,
    control_map,
    engine_state,
    legal_actions,
    reach_of,
)
from hexwright.runtime.rules.hexmap import hex_map
from hexwright.runtime.state import ActionError, Location
from hexwright.runtime.validation.rules_config import rules_problems

from .dom_positions import dom, position

ON = {"us_airborne": True}
AIRBORNE = "us_101_502"


def _drops(m, s) -> set[str]:
    return {a.to for a in legal_actions(m, s) if isinstance(a, Drop)}


def test_s8_2_airborne_drops_on_every_empty_clear_hex_and_nowhere_else():
    m = dom()
    s = position({AIRBORNE: "box:us_airborne", "de_462_utrfhr": "0606", "us_5_2": "0307"}, optional_rules=ON)
    drops = _drops(m, s)
    clear = {h for h in hex_map(m).labels if m.map.terrain_of(h) == "clear"}
    assert drops == clear - {"0307"}  # every clear hex but the one a US unit holds
    assert all(m.map.terrain_of(h) == "clear" for h in drops)
    assert "0605" in drops and "0606" not in drops  # next to the enemy is fine; woods is not
    with pytest.raises(ActionError, match="enters by air drop: drop it on a hex"):
        apply(m, s, Move(unit=AIRBORNE, to="0605"))


@pytest.mark.parametrize("hex, reason", [
    ("0606", "an enemy unit holds the hex: opposing units never share a hex at 0606 — §2.3, §8.2"),
    ("0408", "woods hex: drops only on clear hexes at 0408 — §2.3, §8.2"),
    ("0307", "a unit is already there: drops only on a hex with no unit in it at 0307 — §2.3, §8.2"),
])
def test_s8_2_airborne_drop_refused_with_the_reason(hex, reason):
    m = dom()
    s = position({AIRBORNE: "box:us_airborne", "de_462_utrfhr": "0606", "us_5_2": "0307"}, optional_rules=ON)
    with pytest.raises(ActionError) as err:
        apply(m, s, Drop(unit=AIRBORNE, to=hex))
    assert reason in str(err.value)


def test_s8_2_airborne_drop_on_woods_at_warn_is_done_with_a_logged_override():
    m = dom()
    s = position({AIRBORNE: "box:us_airborne"}, optional_rules=ON)
    s, _ = apply(m, s, SetEnforcement(rule="drop", level="warn"))
    s, entry = apply(m, s, Drop(unit=AIRBORNE, to="0408"))
    assert s.hex_of(AIRBORNE) == "0408"
    assert "override: woods hex: drops only on clear hexes at 0408 — §2.3, §8.2" in entry.text


def test_s8_2_airborne_lands_in_enemy_zoc_stops_and_may_attack_that_turn():
    m = dom()
    s = position({AIRBORNE: "box:us_airborne", "de_462_utrfhr": "0606"}, optional_rules=ON)
    s, entry, rulings = check_and_apply(m, s, Drop(unit=AIRBORNE, to="0605"))
    assert s.hex_of(AIRBORNE) == "0605" and entry.text.startswith("US 502/101 abiregt US 502/101 airborne → 0605")
    assert [str(r) for r in rulings] == ["lands in enemy ZOC at 0605 — §2.3, §8.2",
                                         "landed: cannot move further this turn at 0605 — §2.3, §8.2"]
    assert AIRBORNE in engine_state(s).moved  # cannot move further that turn
    assert not [a for a in legal_actions(m, s) if getattr(a, "unit", "") == AIRBORNE]
    with pytest.raises(ActionError, match="has already moved this phase"):
        apply(m, s, Move(unit=AIRBORNE, to="0604"))
    assert control_map(m, s)["0605"] == "us"  # §7: its hex is the US's
    s, _ = apply(m, s, EndPhase())
    assert Declare(attackers=(AIRBORNE,), hex="0606") in legal_actions(m, s)  # §8.2: it may attack


def test_s8_2_airborne_is_dropped_once_then_moves_as_any_other_unit():
    m = dom()
    s = position({AIRBORNE: "box:us_airborne", "de_462_1010": "0701"}, optional_rules=ON)
    s, _ = apply(m, s, Drop(unit=AIRBORNE, to="0305"))
    for _ in range(4):
        s, _ = apply(m, s, EndPhase())
    assert s.turn == 2 and not _drops(m, s)
    with pytest.raises(ActionError, match="has been dropped already: a unit is dropped once — §2.3, §8.2"):
        apply(m, s, Drop(unit=AIRBORNE, to="0405"))
    assert [a for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == AIRBORNE]


def test_s2_3_airborne_only_with_the_optional_rule_and_only_in_a_us_movement_phase():
    m = dom()
    off = position({AIRBORNE: "box:us_airborne"})
    assert AIRBORNE not in off.pieces  # §3: only placed if the optional rule is used
    assert not _drops(m, off) and reach_of(m, off, AIRBORNE) is None
    with pytest.raises(ActionError, match="no unit 'us_101_502' in this game"):
        apply(m, off, Drop(unit=AIRBORNE, to="0305"))
    combat = position({AIRBORNE: "box:us_airborne", "de_462_1010": "0507"}, phase="us_combat", optional_rules=ON)
    with pytest.raises(ActionError, match="is dropped in a United States .* movement phase, not now"):
        apply(m, combat, Drop(unit=AIRBORNE, to="0305"))
    german = position({AIRBORNE: "box:us_airborne"}, phase="de_movement", optional_rules=ON)
    assert not _drops(m, german)
    with pytest.raises(ActionError, match="not now \\(DE movement\\)"):
        apply(m, german, Drop(unit=AIRBORNE, to="0305"))


def test_s8_2_the_window_reach_of_a_unit_in_its_drop_box_is_its_landing_hexes():
    m = dom()
    s = position({AIRBORNE: "box:us_airborne", "de_462_utrfhr": "0606"}, optional_rules=ON)
    view = reach_of(m, s, AIRBORNE)
    assert view is not None and view.drop and set(view.hexes) == _drops(m, s)
    assert all(stop for _cost, _path, stop in view.hexes.values())
    assert action_for_drop(m, s, AIRBORNE, Location.hex("0408")) == Drop(unit=AIRBORNE, to="0408")


def test_drops_naming_an_unknown_box_or_terrain_are_module_problems():
    m = dom().model_copy(deep=True)
    m.rules.drops[0].box = "nowhere"
    m.rules.drops[0].terrain = ["swamp"]
    fields = {(i.field, i.message) for i in rules_problems(m)}
    assert ("drops.0.box", "unknown box 'nowhere'") in fields
    assert ("drops.0.terrain", "unknown terrain type 'swamp'") in fields
