"""Entrenchments as hex markers built by an action paid from a pool, their DRMs in one group
that does not add up, and their removal when no infantry holds the hex, as module data (after
St-Lô 9.4.4, 13.0–13.2) on a synthetic module."""

from __future__ import annotations

from operations_modules import rigged, tactical_module

from hexwright.runtime.engine import Choose, EndPhase, Move, Roll, apply, engine_state
from hexwright.runtime.engine.attacks import attack_odds
from hexwright.runtime.model import HexData, HexFeature
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
    from hexwright.runtime.model import Marker, MarkerFace

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
