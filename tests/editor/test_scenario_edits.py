"""Scenario edits as plain functions (editor.edits.scenario): no Qt, no undo stack.

Each returns the new scenario and its undo text, or refuses with a message naming what is
wrong; the module itself is never changed."""

from __future__ import annotations

import pytest
from builders import counters_module

from hexwright.editor.edits import scenario as edits
from hexwright.editor.edits.outcome import EditRefused
from hexwright.runtime.model import Box, Module, OptionalRule, Placement, Scenario, Track, TrackSpace


@pytest.fixture
def module() -> Module:
    m = counters_module()
    m.map.boxes["us-a"] = Box(name="US Box A", kind="reinforcement", side="us")
    m.map.boxes["cup"] = Box(name="Chit cup", kind="cup")
    m.map.tracks["turns"] = Track(name="Turns", kind="turn", spaces=[TrackSpace(label=str(n)) for n in range(1, 6)])
    m.meta.optional_rules["division"] = OptionalRule(name="Division command")
    m.scenarios["s"] = Scenario(name="Start", first_turn=1, last_turn=5)
    return m


def test_placing_units_on_a_hex_and_moving_them_to_a_box(module):
    s = module.scenarios["s"]
    edit = edits.placed(module, s, ["us-357-90", "us-cca-7"], hex="0203")
    assert [(p.piece, p.hex) for p in edit.value.setup] == [("us-357-90", "0203"), ("us-cca-7", "0203")]
    assert edit.text == "Place 2 units in hex 0203" and module.scenarios["s"].setup == []  # nothing changed
    stepped = edits.with_step(module, edit.value, 1, "1").value
    moved = edits.placed(module, stepped, ["us-cca-7"], box="us-a")
    assert [(p.piece, p.hex, p.box, p.step) for p in moved.value.setup] == [
        ("us-357-90", "0203", None, 0), ("us-cca-7", None, "us-a", 1)]  # the step stays with the unit
    assert moved.text == "Place us-cca-7 in box us-a"


@pytest.mark.parametrize(("ids", "where", "message"), [
    (["nobody"], {"hex": "0203"}, "Unknown units: nobody"),
    (["us-m10"], {}, "Give a hex or a box."),
    (["us-m10"], {"hex": "0203", "box": "us-a"}, "Give a hex or a box."),
    (["us-m10"], {"hex": "9999"}, "Hex '9999' is not on the map."),
    (["us-m10"], {"box": "nowhere"}, "Unknown box 'nowhere'."),
])
def test_placing_refuses_with_a_message(module, ids, where, message):
    with pytest.raises(EditRefused, match=f"^{message}$".replace("(", r"\(").replace(")", r"\)")):
        edits.placed(module, module.scenarios["s"], ids, **where)


def test_a_step_past_the_units_last_is_refused(module):
    s = module.scenarios["s"].model_copy(update={"setup": [Placement(piece="us-357-90", hex="0203")]})
    with pytest.raises(EditRefused, match="from 0 to 0"):
        edits.with_step(module, s, 0, "1")


def test_scheduling_takes_units_out_of_the_setup_and_placing_takes_them_off_the_schedule(module):
    s = edits.placed(module, module.scenarios["s"], ["us-m10"], hex="0203").value
    scheduled = edits.scheduled(module, s, ["us-m10"]).value
    assert scheduled.setup == [] and [(r.piece, r.turn, r.box) for r in scheduled.reinforcements] == [
        ("us-m10", 2, "us-a")]  # default: the turn after the first, the first reinforcement box
    late = edits.with_reinforcement_field(module, scheduled, 0, "turn", " 4 ").value
    assert late.reinforcements[0].turn == 4
    with pytest.raises(EditRefused, match="Turn: a whole number"):
        edits.with_reinforcement_field(module, scheduled, 0, "turn", "soon")
    with pytest.raises(EditRefused, match="Unknown box 'x'"):
        edits.with_reinforcement_field(module, scheduled, 0, "box", "x")
    back = edits.placed(module, late, ["us-m10"], box="us-a").value
    assert back.reinforcements == [] and edits.without_reinforcements(late, {0}).value.reinforcements == []


def test_fields_are_validated_and_turns_kept_in_order(module):
    s = module.scenarios["s"]
    edit = edits.edited("s", s, name="Late", last_turn=3)
    assert (edit.value.name, edit.value.last_turn, edit.text) == ("Late", 3, "Change name, last_turn of scenario s")
    with pytest.raises(EditRefused, match="The last turn comes before the first turn."):
        edits.edited("s", s, first_turn=4, last_turn=2)
    with pytest.raises(EditRefused, match="^first_turn: "):
        edits.edited("s", s, first_turn="soon")


def test_optional_rules_on_off_and_the_modules_default(module):
    s = module.scenarios["s"]
    on = edits.with_optional_rule("s", s, "division", True).value
    assert on.optional_rules == {"division": True}
    assert edits.with_optional_rule("s", on, "division", False).value.optional_rules == {"division": False}
    assert edits.with_optional_rule("s", on, "division", None).value.optional_rules == {}


def test_markers_added_edited_and_removed(module):
    s = module.scenarios["s"]
    added = edits.with_marker(module, "s", s).value
    assert [(m.marker, m.track, m.space) for m in added.markers] == [("turn", "turns", 1)]
    moved = edits.with_marker_field(module, "s", added, 0, "space", "3")
    assert moved is not None and moved.value.markers[0].space == 3
    assert edits.with_marker_field(module, "s", added, 0, "marker", "") is None  # erasing the id changes nothing
    with pytest.raises(EditRefused, match="Unknown track 'x'"):
        edits.with_marker_field(module, "s", added, 0, "track", "x")
    with pytest.raises(EditRefused, match="Face: a whole number"):
        edits.with_marker_field(module, "s", added, 0, "face", "up")
    assert edits.without_markers("s", added, {0}).value.markers == []
    module.pieces.markers.clear()
    with pytest.raises(EditRefused, match="Add a marker to the module first."):
        edits.with_marker(module, "s", s)


def test_cups_list_the_cup_boxes_and_hold_known_chits(module):
    s = module.scenarios["s"]
    assert edits.cup_keys(module, s) == ["cup"]
    filled = edits.with_cup(module, "s", s, "cup", "xx-chit, ").value
    assert filled.cups == {"cup": ["xx-chit"]}
    assert edits.with_cup(module, "s", filled, "cup", "").value.cups == {}
    with pytest.raises(EditRefused, match="Unknown chits in cup: nope"):
        edits.with_cup(module, "s", s, "cup", "nope")


def test_a_new_scenario_gets_a_free_id_and_spans_the_turn_track(module):
    n = len(module.scenarios)
    scenario_id, scenario = edits.new_scenario(module)
    assert scenario_id == f"scenario-{n + 1}" and scenario.name == f"Scenario {n + 1}"
    assert (scenario.first_turn, scenario.last_turn) == (1, 1)  # no turn track
    assert edits.new_scenario(module, "s")[0] == f"scenario-{n + 1}"  # taken: a free one instead
    assert edits.new_scenario(module, "mine")[0] == "mine"
    assert edits.piece_label(module, "us-cca-7") == "CCA/7 (us-cca-7)" and edits.piece_label(module, "x") == "x"
