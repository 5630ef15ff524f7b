"""Undo commands of counters, tables and scenarios (SetEntry, SetTable, ImportPieces,
SetPieceArt): push, undo, redo, merge, order kept, and the change record each sends."""

from __future__ import annotations

import pytest
from builders import tables_module

from hexwright.editor.changes import ALL, Changes, Kind
from hexwright.editor.commands import ImportPieces, SetEntry, SetPieceArt, SetTable
from hexwright.editor.document import MapDocument
from hexwright.runtime.model import Scenario, Side


@pytest.fixture
def doc():
    return MapDocument(tables_module())


def heard(doc: MapDocument) -> list[Changes]:
    records: list[Changes] = []
    doc.changed.connect(records.append)
    return records


def test_set_entry_push_undo_redo_and_the_record(doc):
    records = heard(doc)
    pieces = doc.module.pieces.pieces
    before = pieces["us-cca-7"]
    after = before.model_copy(update={"setup": "C"}, deep=True)
    doc.push(SetEntry(doc, Kind.PIECES, "us-cca-7", before, after))
    assert pieces["us-cca-7"].setup == "C" and records == [Changes.of(Kind.PIECES, "us-cca-7")]
    doc.undo_stack.undo()
    assert pieces["us-cca-7"].setup == "B"
    doc.undo_stack.redo()
    assert pieces["us-cca-7"].setup == "C"
    assert doc.undo_stack.text(0) == "Change piece us-cca-7"
    assert len(records) == 3 and doc.is_dirty


def test_the_stack_never_shares_objects_with_the_module(doc):
    pieces = doc.module.pieces.pieces
    after = pieces["us-cca-7"].model_copy(update={"setup": "C"}, deep=True)
    doc.push(SetEntry(doc, Kind.PIECES, "us-cca-7", pieces["us-cca-7"], after))
    after.setup = "mutated later"
    pieces["us-cca-7"].steps[0].attack = 99  # someone edits the module in place
    doc.undo_stack.undo()
    doc.undo_stack.redo()
    assert pieces["us-cca-7"].setup == "C" and pieces["us-cca-7"].steps[0].attack == 7


def test_set_entry_with_the_same_merge_key_is_one_step(doc):
    pieces = doc.module.pieces.pieces
    original = pieces["us-cca-7"]
    for text in ("C", "CC", "CCX"):
        after = pieces["us-cca-7"].model_copy(update={"setup": text}, deep=True)
        doc.push(SetEntry(doc, Kind.PIECES, "us-cca-7", pieces["us-cca-7"], after, merge_key="setup"))
    other = pieces["us-357-90"].model_copy(update={"setup": "Z"}, deep=True)
    doc.push(SetEntry(doc, Kind.PIECES, "us-357-90", pieces["us-357-90"], other, merge_key="setup"))  # other unit
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert pieces["us-cca-7"].setup == "CCX"
    doc.undo_stack.undo()
    assert pieces["us-cca-7"] == original


def test_set_entry_of_another_kind_or_without_a_merge_key_does_not_merge(doc):
    sides = doc.module.pieces.sides
    key = next(iter(sides))
    doc.push(SetEntry(doc, Kind.SIDES, key, sides[key], sides[key].model_copy(update={"name": "A"}), merge_key="name"))
    doc.push(SetEntry(doc, Kind.SIDES, key, sides[key], sides[key].model_copy(update={"name": "B"})))
    doc.push(SetEntry(doc, Kind.SCENARIOS, key, None, Scenario(name="S", last_turn=2), merge_key="name"))
    assert doc.undo_stack.count() == 3


def test_add_and_delete_keep_the_file_order(doc):
    sides = doc.module.pieces.sides
    order = list(sides)
    doc.push(SetEntry(doc, Kind.SIDES, "fr", None, Side(name="France", color="#2040a0")))
    assert list(sides) == order + ["fr"]
    doc.push(SetEntry(doc, Kind.SIDES, order[1], sides[order[1]], None))
    doc.undo_stack.undo()
    assert list(sides) == order + ["fr"]
    doc.undo_stack.undo()
    assert list(sides) == order


def test_set_table_push_undo_redo_and_merge(doc):
    records = heard(doc)
    tables = doc.module.tables
    te = tables.terrain_effects
    doc.push(SetTable(doc, Kind.TERRAIN_EFFECTS, te, te.model_copy(update={"shift_mode": "cumulative"})))
    assert tables.terrain_effects.shift_mode == "cumulative"
    assert records == [Changes.of(Kind.TERRAIN_EFFECTS)] and records[0].keys(Kind.TERRAIN_EFFECTS) == {ALL}
    track = tables.turn_track
    for n in (5, 4, 3):  # one field typed into: one step
        doc.push(SetTable(doc, Kind.TURN_TRACK, tables.turn_track,
                          track.model_copy(update={"turns": track.turns[:n]}, deep=True), merge_key="turns"))
    assert len(tables.turn_track.turns) == 3 and doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert len(tables.turn_track.turns) == 12
    doc.undo_stack.undo()
    assert tables.terrain_effects.shift_mode == "largest"
    doc.undo_stack.redo()
    doc.undo_stack.redo()
    assert tables.terrain_effects.shift_mode == "cumulative" and len(tables.turn_track.turns) == 3


def test_table_and_scenario_entries(doc):
    tables = doc.module.tables
    crt = tables.crts["dom"]
    doc.push(SetEntry(doc, Kind.CRTS, "dom", crt, None))
    doc.push(SetEntry(doc, Kind.SCENARIOS, "late", None, Scenario(name="Late", last_turn=5)))
    assert "dom" not in tables.crts and "late" in doc.module.scenarios
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert "dom" in tables.crts and "late" not in doc.module.scenarios


def test_import_pieces_push_undo_redo_and_no_merge(doc):
    records = heard(doc)
    pieces = doc.module.pieces.pieces
    before = dict(pieces)
    new = {"x1": pieces["us-357-90"].model_copy(update={"designation": "X"}),
           "us-cca-7": pieces["us-cca-7"].model_copy(update={"setup": "Q"})}
    doc.push(ImportPieces(doc, new))
    assert pieces["x1"].designation == "X" and pieces["us-cca-7"].setup == "Q" and list(pieces)[-1] == "x1"
    assert records[-1].keys(Kind.PIECES) == {ALL}
    after = dict(pieces)
    doc.undo_stack.undo()
    assert pieces == before
    doc.undo_stack.redo()
    assert pieces == after
    doc.push(ImportPieces(doc, {"x2": pieces["x1"]}))
    assert doc.undo_stack.count() == 2


def test_set_piece_art_push_undo_redo_and_no_merge(doc):
    records = heard(doc)
    piece = doc.module.pieces.pieces["us-cca-7"]
    doc.push(SetPieceArt(doc, "us-cca-7", 0, "images/cca.png", b"png"))
    assert doc.module.pieces.pieces["us-cca-7"].steps[0].image == "images/cca.png"
    assert doc.assets["images/cca.png"] == b"png" and records[-1] == Changes.of(Kind.PIECES, "us-cca-7")
    doc.undo_stack.undo()
    assert doc.module.pieces.pieces["us-cca-7"] == piece and "images/cca.png" not in doc.assets
    doc.undo_stack.redo()
    assert doc.module.pieces.pieces["us-cca-7"].steps[0].image == "images/cca.png"
    doc.push(SetPieceArt(doc, "us-cca-7", 0, None, None))
    assert doc.undo_stack.count() == 2 and doc.module.pieces.pieces["us-cca-7"].steps[0].image is None
