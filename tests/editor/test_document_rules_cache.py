"""Every change through the editor's document marks the module edited, so rules computed
on it (reach, LOS) never come from a cache built before the edit — nor after an undo."""

from __future__ import annotations

from builders import add_unit, rules_module

from hexwright.editor.commands import PaintTerrain
from hexwright.editor.document import MapDocument
from hexwright.runtime.rules import reach


def test_painting_and_undoing_through_the_document_changes_the_reach(qapp):
    m = rules_module()
    add_unit(m, "b", movement=4)
    doc = MapDocument(m)
    assert reach(m, {"b": "0401"}, "b").hexes["0403"].cost == 4
    doc.push(PaintTerrain(doc, ["0402"], "forest"))  # prohibited
    assert "0402" not in reach(m, {"b": "0401"}, "b").hexes
    doc.undo_stack.undo()
    assert reach(m, {"b": "0401"}, "b").hexes["0402"].cost == 2


def test_map_edits_through_the_document_update_the_movement_graph_in_place(qapp):
    """A brush stroke, a river, a road and their undo name the hexes and hexsides they change,
    so the cached movement graph is updated where they are, and equals one built afresh."""
    from builders import hexside_id
    from graph_checks import same_graph

    from hexwright.editor.commands import LayConnection, SetRules, ToggleHexsideFeature
    from hexwright.runtime.rules import movement_graph

    m = rules_module()
    doc = MapDocument(m)
    graph = movement_graph(m, "motor")
    river, road = hexside_id(m, "0302", "0303"), hexside_id(m, "0303", "0304")
    doc.push(PaintTerrain(doc, ["0303", "0403"], "woods"))
    doc.push(ToggleHexsideFeature(doc, [river], "river", True))
    doc.push(LayConnection(doc, [road], "road"))
    doc.undo_stack.undo()
    for _ in range(3):
        assert movement_graph(m, "motor") is graph
        same_graph(graph, movement_graph(m.model_copy(deep=True), "motor"))
        doc.undo_stack.undo()
    doc.push(SetRules(doc, m.rules.model_copy(update={"enforcement": {"zoc": "off"}})))
    assert movement_graph(m, "motor") is not graph  # not a map edit: built afresh
