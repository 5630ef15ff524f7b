"""Sides and types, terrain effects, lookup tables, turn track and victory editors."""

from __future__ import annotations

import pytest
from builders import tables_module
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QTabWidget

from hexwright.editor.document import MapDocument
from hexwright.editor.edits.result_text import format_combat, parse_combat
from hexwright.editor.pieces.lookup_editor import LookupEditor, TurnTrackEditor, VictoryEditor
from hexwright.editor.pieces.sides_editor import SidesEditor
from hexwright.editor.pieces.terrain_effects_editor import TerrainEffectsEditor
from hexwright.runtime.model import CombatEffect
from hexwright.runtime.storage import load_module

pytestmark = pytest.mark.gui


def _make(qtbot, cls):
    doc = MapDocument(tables_module())
    widget = cls(doc)
    widget.doc = doc
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _type_in(qtbot, table, row: int, column: int, text: str) -> None:
    _show_tab(table)
    table.setCurrentCell(row, column)
    table.editItem(table.item(row, column))
    edit = [w for w in table.viewport().findChildren(QLineEdit) if w.isVisible()][0]
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState)


def _show_tab(table) -> None:
    tabs = table.parent()
    while tabs is not None and not isinstance(tabs, QTabWidget):
        tabs = tabs.parent()
    if tabs is not None:  # show the tab the table is on
        page = table
        while page.parent() is not None and tabs.indexOf(page) < 0:
            page = page.parent()
        tabs.setCurrentWidget(page)


def _pick(qtbot, table, row: int, column: int, key: str) -> list[str]:
    """Open the drop-down of an id cell, choose ``key`` with the keyboard; returns the ids offered."""
    from PySide6.QtWidgets import QComboBox

    _show_tab(table)
    table.setCurrentCell(row, column)
    table.editItem(table.item(row, column))
    [combo] = [w for w in table.viewport().findChildren(QComboBox) if w.isVisible()]
    offered = [combo.itemData(i) for i in range(combo.count())]
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key_Home)
    while combo.currentData() != key:
        qtbot.keyClick(combo, Qt.Key_Down)
    qtbot.keyClick(combo, Qt.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState)
    return offered


def test_sides_formations_and_unit_types_edit_in_place(qtbot, tmp_path):
    editor = _make(qtbot, SidesEditor)
    sides = editor.doc.module.pieces.sides
    row = list(sides).index("us")
    _type_in(qtbot, editor.sides.table, row, 3, "#112233")
    assert sides["us"].color == "#112233"
    _type_in(qtbot, editor.sides.table, row, 3, "green")
    assert sides["us"].color == "#112233" and "color" in editor.sides.status.text()
    formations = editor.doc.module.pieces.formations
    frow = list(formations).index("90id")
    other = next(k for k in editor.doc.module.pieces.sides if k != formations["90id"].side)
    offered = _pick(qtbot, editor.formations.table, frow, 2, other)  # the side: a drop-down of sides
    assert offered == list(editor.doc.module.pieces.sides)
    assert formations["90id"].side == other
    parents = _pick(qtbot, editor.formations.table, frow, 4, "")  # optional: "(none)" first
    assert parents[0] == "" and set(parents[1:]) == set(formations)
    _type_in(qtbot, editor.formations.table, frow, 5, "#00aa00")
    assert formations["90id"].color == "#00aa00"
    types = editor.doc.module.pieces.unit_types
    _type_in(qtbot, editor.unit_types.table, list(types).index("inf"), 2, "airborne")
    assert types["inf"].symbol == "airborne"
    editor.unit_types.new_id.setText("para")
    qtbot.mouseClick(editor.unit_types.add_button, Qt.LeftButton)
    assert "para" in types
    editor.sides.new_id.setFocus()  # a name typed gives the new side its id (issue 17, item 4)
    qtbot.keyClicks(editor.sides.new_id, "Free French")
    qtbot.mouseClick(editor.sides.add_button, Qt.LeftButton)
    sides = editor.doc.module.pieces.sides
    assert sides["free-french"].name == "Free French" and editor.sides.new_id.text() == ""
    editor.doc.save(tmp_path / "mod")
    reloaded = load_module(tmp_path / "mod").module.pieces
    assert reloaded.sides["us"].color == "#112233" and reloaded.unit_types["inf"].symbol == "airborne"
    for _ in range(editor.doc.undo_stack.count()):
        editor.doc.undo_stack.undo()
    assert sides["us"].color == "#9fb36a" and "para" not in types and formations["90id"].side == "us"


def test_markers_two_faces_and_chits(qtbot):
    editor = _make(qtbot, SidesEditor)
    markers = editor.doc.module.pieces.markers
    row = list(markers).index("turn")
    _type_in(qtbot, editor.markers.table, row, 7, "Turn (back)")
    assert [f.text for f in markers["turn"].faces] == ["Turn", "Turn (back)"]
    _type_in(qtbot, editor.chits.table, 0, 4, "us-xx-hq, 90id")
    assert editor.doc.module.pieces.chits["xx-chit"].activates == ["us-xx-hq", "90id"]


def test_terrain_costs_fractions_all_prohibited_and_combat(qtbot):
    editor = _make(qtbot, TerrainEffectsEditor)
    te = lambda: editor.doc.module.tables.terrain_effects  # noqa: E731
    classes = editor._classes()
    woods = editor._types.index("woods")
    _type_in(qtbot, editor.grid, woods, classes.index("foot"), "1/2")
    assert te().terrain["woods"]["foot"] == "1/2"
    _type_in(qtbot, editor.grid, woods, classes.index("mech"), "prohibited")
    assert te().terrain["woods"]["mech"] == "prohibited"
    _type_in(qtbot, editor.grid, woods, classes.index("mech"), "lots")
    assert te().terrain["woods"]["mech"] == "prohibited" and "lots" in editor.status.text()
    _type_in(qtbot, editor.grid, woods, len(classes), "shift=-1; def=2")
    assert te().combat["woods"] == CombatEffect(shift=-1, defense_multiplier="2")
    editor.section.setCurrentIndex(editor.section.findData("hexsides"))
    river = editor._types.index("river")
    _type_in(qtbot, editor.grid, river, classes.index("*"), "+2")
    assert te().hexsides["river"]["*"] == "+2"
    editor.section.setCurrentIndex(editor.section.findData("weather:mud.terrain"))
    clear = editor._types.index("clear")
    _type_in(qtbot, editor.grid, clear, classes.index("foot"), "all")
    assert te().weather["mud"].terrain["clear"]["foot"] == "all"
    editor.shift_mode.setCurrentIndex(editor.shift_mode.findData("cumulative"))
    assert te().shift_mode == "cumulative"
    editor.doc.undo_stack.undo()
    assert te().shift_mode == "largest"


def test_combat_text_round_trip():
    effect = CombatEffect(shift=-2, defense_multiplier="2", drm=-1, crt_line="A")
    assert parse_combat(format_combat(effect)) == effect
    assert parse_combat("") is None
    with pytest.raises(ValueError, match="key=value"):
        parse_combat("shift -2")


def test_lookup_table_cells_columns_and_new_table(qtbot):
    editor = _make(qtbot, LookupEditor)
    lookups = editor.doc.module.tables.lookups
    _type_in(qtbot, editor.grid, 2, 3, "Snow")
    assert lookups["weather"].rows[2].cells == ["Rain", "Rain", "Snow"]
    editor.columns.setText("Sep | Oct | Nov | Dec")
    editor.columns.editingFinished.emit()
    assert lookups["weather"].columns == ["Sep", "Oct", "Nov", "Dec"] and lookups["weather"].rows[0].cells[3] == ""
    editor.new_id.setText("barrage")
    qtbot.mouseClick(editor.new_button, Qt.LeftButton)
    assert "barrage" in lookups and editor.lookup_id == "barrage"


def test_lookup_cell_clue_marks_the_picked_cell_and_a_key_cell_has_none(qtbot):
    editor = _make(qtbot, LookupEditor)
    weather = lambda: editor.doc.module.tables.lookups["weather"]  # noqa: E731
    grid = editor.grid
    qtbot.mouseClick(grid.viewport(), Qt.LeftButton, pos=grid.visualItemRect(grid.item(0, 0)).center())
    assert not editor.cell_clue.isEnabled()  # the row key is not a cell
    qtbot.mouseClick(grid.viewport(), Qt.LeftButton, pos=grid.visualItemRect(grid.item(1, 2)).center())
    editor.cell_clue.setFocus()
    qtbot.keyClicks(editor.cell_clue, "plausible fill")
    qtbot.keyClick(editor.cell_clue, Qt.Key_Return)
    column = weather().columns[1]
    assert [(c.row, c.column, c.clue) for c in weather().reconstructed_cells] == [(1, column, "plausible fill")]
    assert editor.doc.undo_stack.count() == 1
    editor.doc.undo_stack.undo()
    assert weather().reconstructed_cells == [] and editor.cell_clue.text() == ""


def test_turn_track_and_victory(qtbot):
    track = _make(qtbot, TurnTrackEditor)
    turns = lambda: track.doc.module.tables.turn_track.turns  # noqa: E731
    _type_in(qtbot, track.table, 0, 4, "us_chits=5; weather=clear")
    assert turns()[0].data == {"us_chits": 5, "weather": "clear"}
    qtbot.mouseClick(track.add_button, Qt.LeftButton)
    assert turns()[-1].number == 13
    victory = _make(qtbot, VictoryEditor)
    rules = lambda: victory.doc.module.tables.victory.rules  # noqa: E731
    _type_in(qtbot, victory.rules.table, 0, 3, "5")
    assert rules()[0].points == 5
    _type_in(qtbot, victory.rules.table, 0, 6, "hexes=0807,0808")
    assert rules()[0].params == {"hexes": ["0807", "0808"]}
    _type_in(qtbot, victory.levels.table, 1, 2, "Minor")
    assert victory.doc.module.tables.victory.levels[1].name == "Minor"


def test_marker_preview_shows_the_selected_markers_faces(qtbot):
    editor = _make(qtbot, SidesEditor)
    editor.setCurrentWidget(editor.markers)
    row = list(editor.doc.module.pieces.markers).index("pin")
    editor.markers.table.setCurrentCell(row, 1)
    assert editor.marker_preview.key == "pin"
    picture = editor.marker_preview.grab().toImage()
    colours = {picture.pixelColor(x, 30).name() for x in range(0, picture.width(), 2)}
    assert "#d04040" in colours and "#e8d9a0" in colours  # both faces of the pin marker
