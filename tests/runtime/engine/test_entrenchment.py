"""Entrenchments as hex markers built by an action paid from a pool, their DRMs in one group
that does not add up, and their removal when no infantry holds the hex, as module data (after
St-Lô 9.4.4, 13.0–13.2) on a synthetic module."""

from __future__ import annotations

from operations_modules import rigged, tactical_module

from hexwright.runtime.engine import Choose, EndPhase, Move, Roll, apply, engine_state
from hexwright.runtime.engine.attacks import attack_odds
from hexwright.runtime.model import Box, CombatEffect, HexData, HexFeature, Marker, MarkerFace
from hexwright.runtime.model.rules_config import HexMarker
from hexwright.runtime.rules import Modifier, combat_odds
from hexwright.runtime.state import AddMarker, Location, initial_state
from hexwright.runtime.state import apply as state_apply


def entrenched(m=None, die: int = 1):
    """b_hq2 activated at 0505 (its companies at 0505/0606 in its radius, 0209 beyond), entrenching."""
    m = m or tactical_module()
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, die), Roll())
    s, _ = apply(m, s, Choose(option="place", target="0505"))
    s, entry = apply(m, s, Choose(option="entrench"))
    return m, s, entry


def marker_faces(s) -> dict[str, int]:
    return {x.at.id: x.face for x in s.markers.values() if x.marker == "entrenchment"}


def test_13_1_1_entrenching_takes_every_point_and_builds_an_improved_position_in_each_hex_in_radius():
    """13.1, 13.1.1 A, C: first and only, all TAPs; an IP in each hex in the HQ's radius holding a
    subordinate infantry unit (not 0209, beyond it); the HQ then goes back (7.1.2 C)."""
    _, s, entry = entrenched()
    assert "Entrenching: 5 point(s)" in entry.text
    assert marker_faces(s) == {"0505": 0, "0606": 0}
    assert engine_state(s).seq.activation is None and s.pieces["b_hq2"].at.id == "dd_blue"


def test_13_1_4_a_second_entrenching_action_turns_an_improved_position_into_a_strongpoint():
    m, s, _ = entrenched()
    s, _ = apply(m, s, Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="place", target="0606"))
    s, _ = apply(m, s, Choose(option="entrench"))
    assert marker_faces(s) == {"0505": 1, "0606": 1}


def test_13_1_3_a_permanent_position_counts_as_an_improved_position_only_for_the_side_it_helps():
    """13.1.3 A–B, 13.2.1: the feature helps red only: blue builds a plain IP there; for a side it
    helps, the first entrenching builds a strongpoint at once."""
    m = tactical_module()
    m.map.hexes.setdefault("0505", HexData()).features.append(HexFeature(type="permanent_ip"))
    _, s, _ = entrenched(m)
    assert marker_faces(s)["0505"] == 0
    m.rules.combat.terrain_benefits_side = {"permanent_ip": "blue"}
    _, s, _ = entrenched(m)
    assert marker_faces(s) == {"0505": 1, "0606": 0}


def test_13_1_5_a_marker_left_without_infantry_at_the_end_of_an_action_is_removed():
    m, s, _ = entrenched()
    s, _ = apply(m, s, Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="place", target="0606"))
    s, _ = apply(m, s, Choose(option="movement"))
    s, _ = apply(m, s, Move(unit="b_c1", to="0504"))
    assert "0505" in marker_faces(s)  # still within the action
    s, entry = apply(m, s, EndPhase())
    assert marker_faces(s) == {"0606": 0} and "no unit left to hold it — 13.0" in entry.text


def test_9_4_4_an_improved_position_and_a_strongpoint_together_give_minus_two_not_minus_three():
    """9.4.4 **: the SP marker (−2) and the red-only permanent IP (−1) in red's hex are one group."""
    m = tactical_module()
    m.map.hexes.setdefault("0707", HexData()).features.append(HexFeature(type="permanent_ip"))
    s = initial_state(m, "ops", 1)
    s, _ = state_apply(m, s, AddMarker(marker="entrenchment", at=Location.hex("0707"), face=1))
    odds = attack_odds(m, s, ("b_c2",), "0707")
    assert [(x.source, x.drm) for x in odds.drms] == [("SP", -2)] and odds.drm == -2
    assert "permanent_ip -1 does not add to SP -2" in odds.notes


def test_9_4_4_a_pinned_and_a_disrupted_defender_give_plus_three():
    """9.4.4 *: defender DRMs of one group: the largest counts."""
    m = tactical_module()
    s = initial_state(m, "ops", 1)
    odds = combat_odds(m, s.occupancy(), ["b_c2"], "0707", modifiers=[
        Modifier("Pinned", drm=2, group="pin"), Modifier("Disrupted", drm=3, group="pin"), Modifier("Engineers", drm=1)])
    assert odds.drm == 4 and [x.source for x in odds.drms] == ["Disrupted", "Engineers"]


def test_13_0_a_hex_marker_without_combat_effects_for_its_face_or_without_rules_gives_nothing():
    """A marker on a face its rules declare no combat effect for (a module that rates only the
    IP), or a marker the rules do not declare at all, changes no attack on its hex."""
    m = tactical_module()
    m.rules.hex_markers["entrenchment"].combat = m.rules.hex_markers["entrenchment"].combat[:1]  # the IP only
    m.pieces.markers["smoke"] = Marker(name="Smoke", kind="status", count=5, faces=[MarkerFace(text="Smoke")])
    s = initial_state(m, "ops", 1)
    s, _ = state_apply(m, s, AddMarker(marker="entrenchment", at=Location.hex("0707"), face=1))
    s, _ = state_apply(m, s, AddMarker(marker="smoke", at=Location.hex("0707"), face=0))
    assert attack_odds(m, s, ("b_c2",), "0707").drms == []
    s, _ = state_apply(m, initial_state(m, "ops", 1), AddMarker(marker="entrenchment", at=Location.hex("0707"), face=0))
    assert [(x.source, x.drm) for x in attack_odds(m, s, ("b_c2",), "0707").drms] == [("IP", -1)]


def test_13_1_4_a_strongpoint_is_already_at_its_strongest_and_the_other_hexes_still_entrench():
    m = tactical_module()
    s = initial_state(m, "ops", 1)
    s, _ = state_apply(m, s, AddMarker(marker="entrenchment", at=Location.hex("0505"), face=1))
    s, _ = apply(m, s, Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="place", target="0505"))
    s, entry = apply(m, s, Choose(option="entrench"))
    assert "0505: already at its strongest — 13.1; Entrenchment marker placed in 0606 — 13.1" in entry.text
    assert marker_faces(s) == {"0505": 1, "0606": 0}


def test_13_1_1_only_units_of_the_types_named_entrench_and_none_of_them_is_nowhere_to_entrench():
    m = tactical_module()
    m.rules.sequence.procedures["entrench"][0].unit_types = ["arm"]
    _, s, entry = entrenched(m)
    assert "Blue b_c1 co, Blue b_c2 co: nowhere to entrench — 13.1" in entry.text and marker_faces(s) == {}
    m.rules.sequence.procedures["entrench"][0].unit_types = []  # none named: every type
    _, s, _ = entrenched(m)
    assert marker_faces(s) == {"0505": 0, "0606": 0}


def test_13_1_1_an_entrench_step_of_the_activation_itself_builds_in_the_hex_of_every_unit_it_orders():
    """13.1.1 A written without a paid action: an ``entrench`` step among the activation's own
    steps (no action names the units taking part) builds in the hex of each unit the activation
    orders — 0209 too, since no action's command radius narrows them here."""
    m = tactical_module()
    m.rules.sequence.procedures["activation"][1].steps = [m.rules.sequence.procedures["entrench"][0]]
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, entry = apply(m, s, Choose(option="place", target="0505"))
    assert marker_faces(s) == {"0209": 0, "0505": 0, "0606": 0}
    assert "Entrenchment marker placed in 0209 — 13.1" in entry.text


def test_13_1_3_any_one_of_several_upgrade_features_that_helps_the_side_makes_the_first_level_a_strongpoint():
    """13.1.3 A with a module naming two permanent features (an IP and an SP printed on the map):
    a hex with either one, if it helps the side, gets a strongpoint at the first entrenching; a
    hex with neither gets an improved position."""
    m = tactical_module()
    m.map.hex_feature_types["permanent_sp"] = m.map.hex_feature_types["permanent_ip"].model_copy(
        update={"name": "Permanent strongpoint"})
    m.rules.sequence.procedures["entrench"][0].upgrade_features = ["permanent_ip", "permanent_sp"]
    m.map.hexes.setdefault("0505", HexData()).features.append(HexFeature(type="permanent_sp"))
    m.rules.combat.terrain_benefits_side = {"permanent_ip": "blue", "permanent_sp": "blue"}
    _, s, _ = entrenched(m)
    assert marker_faces(s) == {"0505": 1, "0606": 0}


def _end_a_movement_action(m, s, *, place: str = "0505", moves: tuple[tuple[str, str], ...] = ()):
    """b_hq2 activated, placed at ``place``, buys a movement action, makes ``moves`` and ends it."""
    s, _ = apply(m, s, Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="place", target=place))
    s, _ = apply(m, s, Choose(option="movement"))
    for unit, to in moves:
        s, _ = apply(m, s, Move(unit=unit, to=to))
    return apply(m, s, EndPhase())


def test_13_1_5_a_an_hq_alone_does_not_keep_a_marker_an_infantry_company_alone_does_and_each_removal_says_why():
    """13.1.5 A: at the end of the action the IP in 0505, left to the HQ placed there, and the one
    in the empty 0404 are removed, each removal with its reason; the IP in 0606, held by the
    company b_c2 alone, stays."""
    m = tactical_module()
    s = initial_state(m, "ops", 1)
    for hex in ("0404", "0505", "0606"):
        s, _ = state_apply(m, s, AddMarker(marker="entrenchment", at=Location.hex(hex), face=0))
    s, entry = _end_a_movement_action(m, s, moves=(("b_c1", "0504"),))
    assert s.pieces["b_hq2"].at.id == "0505"
    assert marker_faces(s) == {"0606": 0}
    for hex in ("0404", "0505"):
        assert f"marker removed from {hex} (no unit left to hold it — 13.0)" in entry.text


def test_13_2_2_a_marker_its_rules_keep_without_units_one_they_do_not_declare_and_one_off_the_map_stay():
    """13.2.2 as module data (a marker whose ``kept_by`` is empty stays unoccupied), a marker the
    rules do not declare as a hex marker, and an entrenchment marker waiting in a box, not in a
    hex: none is removed at the end of an action, while the unheld IP in 0404 is."""
    m = tactical_module()
    m.pieces.markers["mines"] = Marker(name="Minefield", kind="status", count=5, faces=[MarkerFace(text="Mines")])
    m.rules.hex_markers["mines"] = HexMarker(combat=[CombatEffect(drm=-1)], section="13.2.2")
    m.pieces.markers["smoke"] = Marker(name="Smoke", kind="status", count=5, faces=[MarkerFace(text="Smoke")])
    m.map.boxes["spare_markers"] = Box(name="Spare markers", kind="holding")
    s = initial_state(m, "ops", 1)
    for marker, at in (("mines", Location.hex("0403")), ("smoke", Location.hex("0402")),
                       ("entrenchment", Location.box("spare_markers")), ("entrenchment", Location.hex("0404"))):
        s, _ = state_apply(m, s, AddMarker(marker=marker, at=at, face=0))
    s, _ = _end_a_movement_action(m, s)
    assert sorted((x.marker, x.at.id) for x in s.markers.values()) == [
        ("entrenchment", "spare_markers"), ("mines", "0403"), ("smoke", "0402")]
