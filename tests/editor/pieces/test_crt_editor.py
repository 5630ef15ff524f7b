"""The CRT editor: cells, columns, rows and result codes, each edit undoable, validation naming cells."""

from __future__ import annotations

import pytest
from builders import small_module, tables_module
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from hexwright.editor.document import MapDocument
from hexwright.editor.edits.crt import parse_rows
from hexwright.editor.pieces.crt_editor import UNDEFINED, CrtEditor
from hexwright.runtime.storage import ModuleError, load_module
from hexwright.runtime.validation.checks import check_module

pytestmark = pytest.mark.gui


def _editor(qtbot, module):
    doc = MapDocument(module)
    editor = CrtEditor(doc)
    editor.doc = doc
    qtbot.addWidget(editor)
    editor.resize(800, 900)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def _type_in(qtbot, table, row: int, column: int, text: str) -> None:
    table.setCurrentCell(row, column)
    table.editItem(table.item(row, column))
    edit = [w for w in table.viewport().findChildren(QLineEdit) if w.isVisible()][0]
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState)


def test_undefined_result_code_fails_validation_with_the_cell_named(qtbot, tmp_path):
    editor = _editor(qtbot, small_module())
    assert editor.crt_id == "crt" and editor.issues.count() == 0
    _type_in(qtbot, editor.grid, 1, 1, "D3")
    crt = editor.doc.module.tables.crts["crt"]
    assert crt.cells[1][1] == "D3"
    problems = [editor.issues.item(i).text() for i in range(editor.issues.count())]
    assert problems == ["crts.crt.cells.1.1: undefined result code 'D3' in row 2, column '1+'"]
    assert editor.grid.item(1, 1).background().color() == UNDEFINED
    issues = check_module(editor.doc.module)
    assert [(i.file, i.field) for i in issues] == [("tables.json", "crts.crt.cells.1.1")]
    editor.doc.save(tmp_path / "mod")
    with pytest.raises(ModuleError, match=r"crts\.crt\.cells\.1\.1: undefined result code 'D3' in row 2, column '1\+'"):
        load_module(tmp_path / "mod")
    editor.doc.undo_stack.undo()
    assert editor.doc.module.tables.crts["crt"].cells[1][1] == "-" and editor.issues.count() == 0


def test_defining_the_code_clears_the_problem(qtbot):
    editor = _editor(qtbot, small_module())
    _type_in(qtbot, editor.grid, 0, 0, "D3")
    qtbot.mouseClick(editor.add_result, Qt.LeftButton)
    row = editor.results.rowCount() - 1
    _type_in(qtbot, editor.results, row, 0, "D3")
    _type_in(qtbot, editor.results, row, 2, "defender retreat 3; attacker advance")
    result = editor.doc.module.tables.crts["crt"].results["D3"]
    assert [(e.who, e.what, e.amount) for e in result.effects] == [("defender", "retreat", 3), ("attacker", "advance", 1)]
    assert editor.issues.count() == 0


def test_bad_effect_text_is_refused(qtbot):
    editor = _editor(qtbot, small_module())
    count = editor.doc.undo_stack.count()
    _type_in(qtbot, editor.results, 1, 2, "defender explodes")
    assert "what must be one of" in editor.status.text()
    assert editor.doc.undo_stack.count() == count


def test_die_rows_beyond_1_to_6_and_columns(qtbot):
    editor = _editor(qtbot, tables_module())
    editor.set_crt("dom")
    editor.rows_edit.setFocus()
    editor.rows_edit.selectAll()
    qtbot.keyClicks(editor.rows_edit, "0-7")
    qtbot.keyClick(editor.rows_edit, Qt.Key_Return)
    crt = editor.doc.module.tables.crts["dom"]
    assert crt.rows == list(range(8)) and len(crt.cells) == 8 and editor.grid.rowCount() == 8
    qtbot.mouseClick(editor.add_column, Qt.LeftButton)
    _type_in(qtbot, editor.columns, 8, 0, ">= 12")
    crt = editor.doc.module.tables.crts["dom"]
    assert crt.columns[-1].label == ">= 12" and all(len(r) == 9 for r in crt.cells)
    assert editor.grid.horizontalHeaderItem(8).text() == ">= 12"
    _type_in(qtbot, editor.columns, 8, 1, "one")  # not a number: refused by the model
    assert "columns" in editor.status.text()
    assert parse_rows("-1, 0, 1-3") == [-1, 0, 1, 2, 3]


def test_new_crt_and_delete_are_undoable(qtbot):
    editor = _editor(qtbot, small_module())
    qtbot.mouseClick(editor.new_button, Qt.LeftButton)
    crts = editor.doc.module.tables.crts
    assert list(crts) == ["crt", "crt-2"] and editor.crt_id == "crt-2"
    qtbot.mouseClick(editor.delete_button, Qt.LeftButton)
    assert list(crts) == ["crt"]
    editor.doc.undo_stack.undo()
    assert list(crts) == ["crt", "crt-2"]


def test_cell_editor_is_a_drop_down_of_the_defined_result_codes(qtbot):
    from PySide6.QtWidgets import QComboBox

    editor = _editor(qtbot, small_module())
    grid = editor.grid
    grid.setCurrentCell(0, 1)
    grid.editItem(grid.item(0, 1))
    [combo] = [w for w in grid.viewport().findChildren(QComboBox) if w.isVisible()]
    assert [combo.itemData(i) for i in range(combo.count())] == ["-", "D1", "A1"]
    assert combo.itemText(1) == "D1 — Defender retreats 1" and combo.currentData() == "D1"
    combo.setCurrentIndex(2)
    combo.activated.emit(2)  # what choosing the entry with the mouse sends
    qtbot.waitUntil(lambda: grid.state() != grid.State.EditingState)
    assert editor.doc.module.tables.crts["crt"].cells[0][1] == "A1"
    assert editor.doc.undo_stack.undoText() == "Set CRT cell 1/1+"


def test_cell_clue_marks_the_picked_cell_reconstructed_and_clears_it_each_one_undo_step(qtbot):
    from hexwright.editor.edits.cell_clues import with_cell_clue

    editor = _editor(qtbot, small_module())
    editor.set_crt("crt")
    crt = lambda: editor.doc.module.tables.crts["crt"]  # noqa: E731
    # pick roll 2, column "1+" with the mouse, type the clue, Return
    grid = editor.grid
    qtbot.mouseClick(grid.viewport(), Qt.LeftButton, pos=grid.visualItemRect(grid.item(1, 1)).center())
    assert editor.cell_clue.isEnabled() and editor.cell_clue.text() == ""
    editor.cell_clue.setFocus()
    qtbot.keyClicks(editor.cell_clue, "Figure 9")
    qtbot.keyClick(editor.cell_clue, Qt.Key_Return)
    assert [(c.row, c.column, c.clue) for c in crt().reconstructed_cells] == [(2, "1+", "Figure 9")]
    assert editor.doc.undo_stack.undoText() == "Set clue of CRT cell 2/1+"
    assert check_module(editor.doc.module) == []  # the cell exists
    qtbot.mouseClick(grid.viewport(), Qt.LeftButton, pos=grid.visualItemRect(grid.item(0, 0)).center())
    assert editor.cell_clue.text() == ""
    qtbot.mouseClick(grid.viewport(), Qt.LeftButton, pos=grid.visualItemRect(grid.item(1, 1)).center())
    assert editor.cell_clue.text() == "Figure 9"
    editor.cell_clue.setFocus()
    editor.cell_clue.selectAll()
    qtbot.keyClick(editor.cell_clue, Qt.Key_Delete)
    qtbot.keyClick(editor.cell_clue, Qt.Key_Return)
    assert crt().reconstructed_cells == []
    assert editor.doc.undo_stack.count() == 2
    editor.doc.undo_stack.undo()
    assert crt().reconstructed_cells[0].clue == "Figure 9"
    # pure: order kept, a blank clue removes
    cells = with_cell_clue(with_cell_clue([], 1, "a", "x"), 2, "b", "y")
    assert [(c.row, c.column) for c in with_cell_clue(cells, 1, "a", "z")] == [(1, "a"), (2, "b")]
    assert [(c.row, c.column) for c in with_cell_clue(cells, 1, "a", " ")] == [(2, "b")]
