"""Property: any sequence of edits, undone in full, leaves the module exactly as it was."""

from __future__ import annotations

from builders import small_module
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexwright.editor.commands import (
    DeleteRegion,
    EraseHexes,
    LayConnection,
    PaintTerrain,
    PasteRegion,
    PlaceFeature,
    RemoveConnection,
    ResizeMap,
    SetHexName,
    SetLevel,
    ShiftLevel,
    ToggleHexsideFeature,
)
from hexwright.editor.document import MapDocument
from hexwright.editor.edits.brush import brush_hexes
from hexwright.editor.edits.connections import crossings
from hexwright.editor.edits.region import copy_region, rect_hexes
from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import HexFeature
from hexwright.runtime.storage import files_from_module
from hexwright.runtime.validation import check_module

COLS, ROWS = 7, 6
hexes = st.builds(Hex, st.integers(0, COLS - 1), st.integers(0, ROWS - 1))
edge_or_map_hexes = st.builds(Hex, st.integers(-1, COLS), st.integers(-1, ROWS))


def _labels(doc, h, r):
    return [doc.names.label(x) for x in brush_hexes(doc.names.grid, h, r) if doc.names.contains(x)]


def _sides(doc, h, d):
    return [doc.names.side_id(doc.names.grid.hexside(h, d))]


edits = st.one_of(
    st.tuples(st.just("paint"), hexes, st.integers(0, 2), st.sampled_from(["woods", "rough", "clear", "marsh"])),
    st.tuples(st.just("erase"), hexes, st.integers(0, 1)),
    st.tuples(st.just("level"), hexes, st.integers(0, 2), st.integers(-2, 3)),
    st.tuples(st.just("shift"), hexes, st.integers(0, 2), st.sampled_from([-1, 1])),
    st.tuples(st.just("side"), hexes, st.integers(0, 5), st.sampled_from(["river", "stream"]), st.booleans()),
    st.tuples(st.just("road"), hexes, edge_or_map_hexes, st.sampled_from(["road", "railroad"])),
    st.tuples(st.just("unroad"), hexes, st.integers(0, 5)),
    st.tuples(st.just("feature"), hexes, st.sampled_from(["town", "village", "objective"]), st.booleans()),
    st.tuples(st.just("name"), hexes, st.sampled_from(["", "Metz", "Ars"])),
    st.tuples(st.just("paste"), hexes, hexes, hexes),
    st.tuples(st.just("delete"), hexes, hexes),
    st.tuples(st.just("resize"), st.integers(-1, 2), st.integers(-1, 2)),
)


def apply_edit(doc: MapDocument, edit, stroke: int | None) -> None:
    kind, *a = edit
    if kind in ("side", "unroad", "feature", "name") and not doc.names.contains(a[0]):
        return  # a resize earlier in the sequence took this hex off the map; tools never do this
    if kind == "paint":
        cmd = PaintTerrain(doc, _labels(doc, a[0], a[1]), a[2], stroke)
    elif kind == "erase":
        cmd = EraseHexes(doc, _labels(doc, a[0], a[1]), stroke)
    elif kind == "level":
        cmd = SetLevel(doc, _labels(doc, a[0], a[1]), a[2], stroke)
    elif kind == "shift":
        cmd = ShiftLevel(doc, _labels(doc, a[0], a[1]), a[2], stroke)
    elif kind == "side":
        cmd = ToggleHexsideFeature(doc, _sides(doc, a[0], a[1]), a[2], a[3], stroke)
    elif kind == "road":
        keys = [doc.names.side_id(s) for s in crossings(doc.names.grid, a[0], a[1])]
        if not keys:
            return
        cmd = LayConnection(doc, keys, a[2], stroke)
    elif kind == "unroad":
        cmd = RemoveConnection(doc, _sides(doc, a[0], a[1]), "road")
    elif kind == "feature":
        cmd = PlaceFeature(doc, doc.names.label(a[0]), HexFeature(type=a[1]), a[2])
    elif kind == "name":
        cmd = SetHexName(doc, doc.names.label(a[0]), a[1])
    elif kind == "paste":
        clip = copy_region(doc.map, doc.names, rect_hexes(doc.names, a[0], a[1]))
        cmd = PasteRegion(doc, clip, a[2])
    elif kind == "delete":
        cmd = DeleteRegion(doc, rect_hexes(doc.names, a[0], a[1]))
    else:
        if doc.map.grid.cols + a[0] < 2 or doc.map.grid.rows + a[1] < 2:
            return
        cmd = ResizeMap(doc, west=a[0], south=a[1])
    doc.push(cmd)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(edits, st.booleans()), min_size=1, max_size=14))
def test_random_edits_then_undo_all_gives_the_identical_model(sequence):
    module = small_module(COLS, ROWS)
    original_model = module.model_copy(deep=True)
    original = files_from_module(module)
    doc = MapDocument(module)
    stroke = doc.next_stroke()
    for edit, same_stroke in sequence:
        if not same_stroke:
            stroke = doc.next_stroke()
        apply_edit(doc, edit, stroke)
    final = files_from_module(doc.module)
    assert check_module(doc.module, {}) == []  # every edit leaves a valid module
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.module == original_model
    assert files_from_module(doc.module) == original
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert files_from_module(doc.module) == final
