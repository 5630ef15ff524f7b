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
