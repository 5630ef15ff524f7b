"""Undo commands of counters, tables and scenarios: push, undo, redo, merge, order kept."""

from __future__ import annotations

import pytest
from builders import tables_module
from PySide6.QtGui import QUndoStack

from hexwright.editor.pieces.binding import PiecesBinding
from hexwright.editor.pieces.commands import (
    ImportPieces,
    SetCrt,
    SetPiece,
    SetScenario,
    SetSide,
    SetTerrainEffects,
    SetTurnTrack,
)
from hexwright.runtime.model import Scenario, Side

pytestmark = pytest.mark.gui


class _Doc:
    def __init__(self):
        self.module = tables_module()
        self.undo_stack = QUndoStack()


@pytest.fixture
def binding(qapp):
    return PiecesBinding(_Doc())


def test_set_piece_push_undo_redo_and_signals(binding):
    heard = []
    binding.changed.connect(lambda kind, key: heard.append((kind, key)))
    pieces = binding.module.pieces.pieces
    before = pieces["us-cca-7"]
    after = before.model_copy(update={"setup": "C"}, deep=True)
    binding.push(SetPiece(binding, "us-cca-7", before, after))
    assert pieces["us-cca-7"].setup == "C" and heard == [("pieces", "us-cca-7")]
    binding.undo_stack.undo()
    assert pieces["us-cca-7"].setup == "B"
    binding.undo_stack.redo()
    assert pieces["us-cca-7"].setup == "C"
    assert binding.undo_stack.text(0) == "Change piece us-cca-7"


def test_the_stack_never_shares_objects_with_the_module(binding):
    pieces = binding.module.pieces.pieces
    after = pieces["us-cca-7"].model_copy(update={"setup": "C"}, deep=True)
    binding.push(SetPiece(binding, "us-cca-7", pieces["us-cca-7"], after))
    after.setup = "mutated later"
    pieces["us-cca-7"].steps[0].attack = 99  # someone edits the module in place
    binding.undo_stack.undo()
    binding.undo_stack.redo()
    assert pieces["us-cca-7"].setup == "C" and pieces["us-cca-7"].steps[0].attack == 7


def test_edits_with_the_same_merge_key_are_one_step(binding):
    pieces = binding.module.pieces.pieces
    original = pieces["us-cca-7"]
    for text in ("C", "CC", "CCX"):
        after = pieces["us-cca-7"].model_copy(update={"setup": text}, deep=True)
        binding.push(SetPiece(binding, "us-cca-7", pieces["us-cca-7"], after, merge_key="setup"))
    other = pieces["us-357-90"].model_copy(update={"setup": "Z"}, deep=True)
    binding.push(SetPiece(binding, "us-357-90", pieces["us-357-90"], other, merge_key="setup"))  # other unit: no merge
    assert binding.undo_stack.count() == 2
    binding.undo_stack.undo()
    binding.undo_stack.undo()
    assert pieces["us-cca-7"] == original


def test_add_and_delete_keep_the_file_order(binding):
    sides = binding.module.pieces.sides
    order = list(sides)
    binding.push(SetSide(binding, "fr", None, Side(name="France", color="#2040a0")))
    assert list(sides) == order + ["fr"]
    binding.push(SetSide(binding, order[1], sides[order[1]], None))
    binding.undo_stack.undo()
    assert list(sides) == order + ["fr"]
    binding.undo_stack.undo()
    assert list(sides) == order


def test_table_and_scenario_commands(binding):
    tables = binding.module.tables
    te = tables.terrain_effects
    binding.push(SetTerrainEffects(binding, te, te.model_copy(update={"shift_mode": "cumulative"})))
    assert tables.terrain_effects.shift_mode == "cumulative"
    track = tables.turn_track
    binding.push(SetTurnTrack(binding, track, track.model_copy(update={"turns": track.turns[:3]}, deep=True)))
    assert len(tables.turn_track.turns) == 3
    crt = tables.crts["dom"]
    binding.push(SetCrt(binding, "dom", crt, None))
    binding.push(SetScenario(binding, "late", None, Scenario(name="Late", last_turn=5)))
    assert "dom" not in tables.crts and "late" in binding.module.scenarios
    for _ in range(4):
        binding.undo_stack.undo()
    assert tables.terrain_effects.shift_mode == "largest" and len(tables.turn_track.turns) == 12
    assert "dom" in tables.crts and "late" not in binding.module.scenarios


def test_import_pieces_is_one_step(binding):
    pieces = binding.module.pieces.pieces
    before = dict(pieces)
    new = {"x1": pieces["us-357-90"].model_copy(update={"designation": "X"}),
           "us-cca-7": pieces["us-cca-7"].model_copy(update={"setup": "Q"})}
    binding.push(ImportPieces(binding, new))
    assert pieces["x1"].designation == "X" and pieces["us-cca-7"].setup == "Q" and list(pieces)[-1] == "x1"
    binding.undo_stack.undo()
    assert pieces == before
