"""Place names edited by mouse: add, move, rename, delete, each one undo step (issue 22: place names)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from hexwright.editor.edits.naming import GridNames
from hexwright.editor.edits.place_names import added, anchor, moved, name_at, name_box, removed, renamed
from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import PlaceName


def test_a_name_is_anchored_on_the_hex_it_is_dropped_on_with_its_offset(module):
    names = GridNames(module.map.grid)
    cx, cy = names.layout.center(Hex(2, 3))
    s = module.map.grid.hex_size
    assert anchor(module.map, names, cx + 0.25 * s, cy - 0.5 * s) == (names.label(Hex(2, 3)), 0.25, -0.5)
    assert anchor(module.map, names, -500.0, -500.0) is None


def test_add_move_rename_delete_as_plain_lists(module):
    md, names = module.map, GridNames(module.map.grid)
    x, y = names.layout.center(Hex(1, 1))
    assert added(md, names, "   ", x, y) is None
    md.place_names = added(md, names, " Metz ", x, y)
    assert [(p.text, p.hex, p.dx, p.dy) for p in md.place_names] == [("Metz", names.label(Hex(1, 1)), 0.0, 0.0)]
    assert name_at(md, names, x, y - 3, 0.3) == 0
    assert name_at(md, names, x, y + 60, 0.3) is None
    left, top, right, bottom = name_box(md, names, md.place_names[0], 0.3)
    assert left < x < right and top < y <= bottom
    x2, y2 = names.layout.center(Hex(4, 2))
    md.place_names = moved(md, names, 0, x2, y2 + 5)
    assert md.place_names[0].hex == names.label(Hex(4, 2)) and md.place_names[0].dy == pytest.approx(5 / 40, abs=1e-3)
    assert moved(md, names, 0, x2, y2 + 5) is None  # dropped where it is: no change
    assert renamed(md, 0, "Metz") is None
    assert renamed(md, 0, "Nancy")[0].text == "Nancy"
    assert renamed(md, 0, "  ") == []
    assert removed(md, 0) == []


@pytest.mark.gui
def test_place_names_by_mouse_each_one_undo_step(window, mouse):
    doc = window.doc
    tool = window.set_tool("PlaceNamer")
    answers = ["Gravelotte"]
    tool.ask = lambda title, current: answers.pop(0)
    here = Hex(2, 2)
    mouse.click(mouse.centre(here))
    assert [(p.text, p.hex) for p in doc.map.place_names] == [("Gravelotte", doc.names.label(here))]
    assert window.undo_action.text() == "&Undo Add Place Name"

    # Drag the name two hexes to the right: one undo step, re-anchored on the hex dropped on.
    x, y = doc.names.layout.center(here)
    tx, ty = doc.names.layout.center(Hex(4, 2))
    mouse.drag([mouse.at(x, y - 4), mouse.at((x + tx) / 2, y - 4), mouse.at(tx, ty - 4)])
    assert doc.map.place_names[0].hex == doc.names.label(Hex(4, 2))
    assert abs(doc.map.place_names[0].dx) < 0.05 and abs(doc.map.place_names[0].dy) < 0.05
    assert window.undo_action.text() == "&Undo Move Place Name"
    count = doc.undo_stack.count()

    # Click it (no drag) to rename it.
    answers.append("Gravelotte-St-Privat")
    mouse.click(mouse.at(tx, ty - 4))
    assert doc.map.place_names[0].text == "Gravelotte-St-Privat"
    assert doc.undo_stack.count() == count + 1

    # Delete key removes the name last clicked; undo brings it back, then undo the rest.
    window.canvas.setFocus()
    from PySide6.QtTest import QTest

    QTest.keyClick(window.canvas, Qt.Key.Key_Delete)
    assert doc.map.place_names == []
    doc.undo_stack.undo()
    assert doc.map.place_names[0].text == "Gravelotte-St-Privat"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.map.place_names[0].hex == doc.names.label(here)
    doc.undo_stack.undo()
    assert doc.map.place_names == []


@pytest.mark.gui
def test_an_empty_name_deletes_and_cancel_changes_nothing(window, mouse):
    doc = window.doc
    doc.map.place_names = [PlaceName(text="Fort", hex=doc.names.label(Hex(3, 3)))]
    window.scene.map_item.refresh()
    tool = window.set_tool("PlaceNamer")
    x, y = doc.names.layout.center(Hex(3, 3))
    tool.ask = lambda title, current: None  # cancelled
    mouse.click(mouse.at(x, y - 4))
    assert len(doc.map.place_names) == 1 and doc.undo_stack.count() == 0
    tool.ask = lambda title, current: ""
    mouse.click(mouse.at(x, y - 4))
    assert doc.map.place_names == []
    assert window.undo_action.text() == "&Undo Delete Place Name"
