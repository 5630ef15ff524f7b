"""The rules cache is keyed on the module's explicit revision: a module edited in place
(``mark_edited``, as the editor's document does on every change) is never answered from
data built before the edit; an unedited module reuses it."""

from __future__ import annotations

from builders import add_unit, rules_module

from hexwright.runtime.model import HexData
from hexwright.runtime.rules import movement_graph, observe, reach
from hexwright.runtime.rules.hexmap import hex_map


def _module():
    m = rules_module()
    add_unit(m, "b", movement=4)
    return m


def test_reach_sees_terrain_painted_in_place_after_mark_edited():
    m = _module()
    before = reach(m, {"b": "0401"}, "b")
    assert before.hexes["0403"].cost == 4  # clear, clear
    graph = movement_graph(m, "foot")
    assert movement_graph(m, "foot") is graph  # same revision: built once

    m.map.hexes["0402"] = HexData(terrain="woods")  # the editor paints in place…
    m.mark_edited()  # …through its document, which marks the module edited
    after = reach(m, {"b": "0401"}, "b")
    assert after.hexes["0402"].cost == 4 and "0403" not in after.hexes  # woods 4: no MF left
    assert movement_graph(m, "foot") is not graph

    m.map.hexes["0402"] = HexData(terrain="forest")  # prohibited
    m.mark_edited()
    assert "0402" not in reach(m, {"b": "0401"}, "b").hexes


def test_line_of_sight_and_hex_arrays_follow_an_in_place_level_edit():
    m = _module()
    m.map.hexes["0401"] = HexData(level=3)  # an observer on a hill
    assert observe(m, "0401", "0405").visible
    assert hex_map(m).level[hex_map(m).idx("0403")] == 0
    m.map.hexes["0403"] = HexData(level=5)  # a ridge between them
    m.mark_edited()
    assert hex_map(m).level[hex_map(m).idx("0403")] == 5
    assert not observe(m, "0401", "0405").visible


def test_a_copy_of_a_module_is_its_own_key():
    m = _module()
    graph = movement_graph(m, "foot")
    copy = m.model_copy(deep=True)
    copy.map.hexes["0402"] = HexData(terrain="woods")
    assert reach(copy, {"b": "0401"}, "b").hexes["0402"].cost == 4
    assert reach(m, {"b": "0401"}, "b").hexes["0402"].cost == 2 and movement_graph(m, "foot") is graph


def test_the_revision_is_not_content():
    m = _module()
    same = m.model_copy(deep=True)
    m.mark_edited()
    assert m.revision == same.revision + 1 and m == same
