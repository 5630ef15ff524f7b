"""The change record every edit sends (editor.changes) and putting entries (editor.edits.entries): no Qt."""

from __future__ import annotations

import subprocess
import sys

from builders import tables_module

from hexwright.editor.changes import ALL, MAP_STATE, Changes, Kind
from hexwright.editor.edits.entries import entries_of, put_entry, put_table, replace_entries, table_of
from hexwright.runtime.model import Side


def test_a_record_names_hexes_hexsides_and_entries_by_kind():
    c = Changes.of_map(["0101"], ["0101/N"]) | Changes.of(Kind.PIECES, "a", "b")
    assert c.hexes == {"0101"} and c.hexsides == {"0101/N"} and c.touches_map
    assert c.keys(Kind.PIECES) == {"a", "b"} and c.touches(Kind.PIECES) and not c.touches(Kind.SIDES)
    assert c.touches_entry(Kind.PIECES, "a") and not c.touches_entry(Kind.PIECES, "z")
    assert not c.touches_entry(Kind.PIECES, None)


def test_all_entries_of_a_kind_and_a_reset():
    whole = Changes.of(Kind.VICTORY)
    assert whole.keys(Kind.VICTORY) == {ALL} and whole.touches_entry(Kind.VICTORY, "anything")
    reset = Changes(reset=True)
    assert reset.touches_map and all(reset.keys(kind) == {ALL} for kind in MAP_STATE)
    assert not reset.touches(Kind.PIECES, Kind.CRTS, Kind.META)  # a map reset leaves the pieces alone


def test_an_empty_record_is_false_and_records_are_values():
    assert not Changes() and Changes.of(Kind.META)
    assert Changes.of(Kind.SIDES, "x") == Changes.of(Kind.SIDES, "x")
    assert {Changes.of(Kind.SIDES, "x"), Changes.of(Kind.SIDES, "x")} == {Changes.of(Kind.SIDES, "x")}


def test_put_entry_adds_at_its_old_place_replaces_and_deletes():
    module = tables_module()
    sides = entries_of(module, Kind.SIDES)
    order = list(sides)
    first = sides[order[0]]
    assert put_entry(module, Kind.SIDES, order[0], None) == Changes.of(Kind.SIDES, order[0])
    assert list(sides) == order[1:]
    put_entry(module, Kind.SIDES, order[0], first, index=0)
    assert list(sides) == order and sides[order[0]] == first and sides[order[0]] is not first
    put_entry(module, Kind.SIDES, "new", Side(name="New", color="#123456"))
    assert list(sides)[-1] == "new"


def test_replace_entries_and_tables_store_copies():
    module = tables_module()
    pieces = dict(entries_of(module, Kind.PIECES))
    assert replace_entries(module, Kind.PIECES, {k: pieces[k] for k in list(pieces)[:1]}) == Changes.of(Kind.PIECES)
    assert list(module.pieces.pieces) == list(pieces)[:1]
    track = table_of(module, Kind.TURN_TRACK).model_copy(update={"turns": []})
    assert put_table(module, Kind.TURN_TRACK, track) == Changes.of(Kind.TURN_TRACK)
    assert module.tables.turn_track.turns == [] and module.tables.turn_track is not track


def test_the_record_and_the_edit_functions_need_no_qt():
    edits = ["entries", "scenario", "crt", "lookup", "terrain_effects", "oob", "outcome", "result_text"]
    code = (f"import sys, hexwright.editor.changes, {', '.join('hexwright.editor.edits.' + m for m in edits)}; "
            "sys.exit('PySide6' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
