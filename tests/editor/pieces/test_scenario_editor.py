"""The scenario editor: drop units on hexes and boxes, schedule, options, removals, save and reload."""

from __future__ import annotations

import pytest
from builders import counters_module
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QLineEdit

from hexwright.editor.document import MapDocument
from hexwright.editor.pieces.map_drop import MapDropHandler
from hexwright.editor.pieces.oob_table import OobTable
from hexwright.editor.pieces.scenario_editor import ScenarioEditor
from hexwright.runtime.model import Box, OptionalRule
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.map_painter import MapPainter
from hexwright.runtime.ui.map_view import MapScene, MapView

pytestmark = pytest.mark.gui


@pytest.fixture
def setup(qtbot):
    module = counters_module()
    module.map.boxes["us-a"] = Box(name="US Box A", kind="reinforcement", side="us")
    module.meta.optional_rules["division"] = OptionalRule(name="Division command")
    doc = MapDocument(module)
    editor = ScenarioEditor(doc)
    oob = OobTable(doc)
    view = MapView(MapScene(MapPainter(module.map)))
    handler = MapDropHandler(view, editor.place)
    for w in (editor, oob, view):
        qtbot.addWidget(w)
        w.resize(700, 600)
        w.show()
        qtbot.waitExposed(w)
    return doc, editor, oob, view, handler


def _drop_on_hex(view: MapView, oob: OobTable, piece_ids: list[str], label: str) -> bool:
    cache = view.map_painter.cache
    x, y = cache.center(cache.index_of_label(label))
    view.centerOn(QPointF(x, y))
    pos = view.mapFromScene(QPointF(x, y))
    rows = [oob.model.index(oob.model._ids.index(pid), 0) for pid in piece_ids]
    mime = oob.model.mimeData(rows)
    enter = QDragEnterEvent(pos, Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(view.viewport(), enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(QPointF(pos), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(view.viewport(), drop)
    return drop.isAccepted()


def test_scenario_places_five_units_and_they_are_on_those_hexes_after_reload(setup, qtbot, tmp_path):
    doc, editor, oob, view, _ = setup
    qtbot.mouseClick(editor.new_button, Qt.LeftButton)
    sid = editor.scenario_id
    assert sid in doc.module.scenarios and editor.setup.model().rowCount() == 0
    wanted = {"us-357-90": "0304", "us-cca-7": "0305", "de-fhnjkr": "0807", "us-xx-hq": "0101", "us-m10": "0911"}
    for piece_id, label in wanted.items():
        assert _drop_on_hex(view, oob, [piece_id], label), label
    assert editor.setup.model().rowCount() == 5
    assert _cell(editor, 2, 1) == "0807"
    doc.save(tmp_path / "mod")
    scenario = load_module(tmp_path / "mod").module.scenarios[sid]
    assert {p.piece: p.hex for p in scenario.setup} == wanted
    doc.undo_stack.undo()
    assert len(doc.module.scenarios[sid].setup) == 4


def test_dropping_several_units_and_moving_one_is_one_step_each(setup, qtbot):
    doc, editor, oob, view, _ = setup
    editor.set_scenario("basic")
    assert _drop_on_hex(view, oob, ["us-357-90", "us-cca-7"], "0203")
    assert _drop_on_hex(view, oob, ["us-357-90"], "0204")
    setup_now = {p.piece: p.hex for p in doc.module.scenarios["basic"].setup}
    assert setup_now == {"blue-1": "0202", "us-cca-7": "0203", "us-357-90": "0204"}
    doc.undo_stack.undo()
    assert {p.piece: p.hex for p in doc.module.scenarios["basic"].setup}["us-357-90"] == "0203"


def test_drop_outside_the_map_is_refused(setup):
    doc, editor, oob, view, _handler = setup
    editor.set_scenario("basic")
    count = doc.undo_stack.count()
    mime = oob.model.mimeData([oob.model.index(0, 0)])
    far = QPoint(view.viewport().width() - 2, view.viewport().height() - 2)
    view.centerOn(QPointF(-5000, -5000))
    enter = QDragEnterEvent(far, Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(view.viewport(), enter)
    assert not enter.isAccepted()
    assert doc.undo_stack.count() == count


def test_units_dropped_on_an_off_map_box(setup):
    doc, editor, oob, _view, _ = setup
    editor.set_scenario("basic")
    item = editor.boxes.item(0)
    pos = editor.boxes.visualItemRect(item).center()
    mime = oob.model.mimeData([oob.model.index(oob.model._ids.index("us-cca-7"), 0)])
    enter = QDragEnterEvent(pos, Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(editor.boxes.viewport(), enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(pos), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(editor.boxes.viewport(), drop)
    assert drop.isAccepted()
    place = next(p for p in doc.module.scenarios["basic"].setup if p.piece == "us-cca-7")
    assert (place.box, place.hex) == ("us-a", None)


def _cell(editor: ScenarioEditor, row: int, column: int) -> str:
    """What the setup table shows in a cell."""
    return editor.setup.model().index(row, column).data()


def _type_in_cell(qtbot, editor: ScenarioEditor, row: int, column: int, text: str) -> None:
    """Click a setup cell, type over it and press Return, as a user does."""
    table = editor.setup
    editor.tabs.setCurrentIndex(0)
    index = table.model().index(row, column)
    table.scrollTo(index)
    qtbot.mouseClick(table.viewport(), Qt.LeftButton, pos=table.visualRect(index).center())
    assert table.currentIndex() == index
    qtbot.keyClick(table.viewport(), Qt.Key_F2)
    [line] = [w for w in table.viewport().findChildren(QLineEdit) if w.isVisible()]
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState)


def test_typed_hex_must_be_on_the_map(setup, qtbot):
    doc, editor, _oob, _view, _ = setup
    editor.set_scenario("basic")
    steps = doc.undo_stack.count()
    _type_in_cell(qtbot, editor, 0, 1, "9999")
    assert "not on the map" in editor.status.text() and doc.undo_stack.count() == steps
    assert doc.module.scenarios["basic"].setup[0].hex == "0202" and _cell(editor, 0, 1) == "0202"
    _type_in_cell(qtbot, editor, 0, 1, "0505")
    assert doc.module.scenarios["basic"].setup[0].hex == "0505" and _cell(editor, 0, 1) == "0505"
    doc.undo_stack.undo()
    assert doc.module.scenarios["basic"].setup[0].hex == "0202" and _cell(editor, 0, 1) == "0202"


def test_setup_step_typed_in_its_cell_is_one_undo_step(setup, qtbot):
    doc, editor, _oob, _view, _ = setup
    editor.set_scenario("basic")
    piece = doc.module.pieces.pieces[doc.module.scenarios["basic"].setup[0].piece]
    assert len(piece.steps) > 1 and _cell(editor, 0, 3) == "0"
    _type_in_cell(qtbot, editor, 0, 3, "1")
    assert doc.module.scenarios["basic"].setup[0].step == 1 and _cell(editor, 0, 3) == "1"
    _type_in_cell(qtbot, editor, 0, 3, str(len(piece.steps)))
    assert "a number from 0" in editor.status.text() and _cell(editor, 0, 3) == "1"
    doc.undo_stack.undo()
    assert doc.module.scenarios["basic"].setup[0].step == 0 and _cell(editor, 0, 3) == "0"


def test_selected_setup_rows_are_removed_in_one_step(setup, qtbot):
    doc, editor, oob, view, _ = setup
    editor.set_scenario("basic")
    assert _drop_on_hex(view, oob, ["us-357-90", "us-cca-7"], "0203")
    table = editor.setup
    assert table.model().rowCount() == 3 and _cell(editor, 2, 0).endswith("(us-cca-7)")
    first, last = table.model().index(1, 0), table.model().index(2, 2)
    qtbot.mouseClick(table.viewport(), Qt.LeftButton, pos=table.visualRect(first).center())
    qtbot.mouseClick(table.viewport(), Qt.LeftButton, Qt.ShiftModifier, table.visualRect(last).center())
    qtbot.mouseClick(editor.unplace_button, Qt.LeftButton)
    assert [p.piece for p in doc.module.scenarios["basic"].setup] == ["blue-1"]
    assert table.model().rowCount() == 1 and _cell(editor, 0, 1) == "0202"
    doc.undo_stack.undo()
    assert table.model().rowCount() == 3 and _cell(editor, 1, 1) == "0203"


def test_reinforcements_options_removals_turns_and_limits(setup, qtbot):
    doc, editor, _oob, _view, _ = setup
    editor.set_scenario("basic")
    assert editor.add_reinforcements(["us-cca-7"], turn=2)
    rein = doc.module.scenarios["basic"].reinforcements
    assert [(r.piece, r.turn, r.box) for r in rein] == [("us-cca-7", 2, "us-a")]
    editor.reinforcements.item(0, 1).setText("3")
    assert doc.module.scenarios["basic"].reinforcements[0].turn == 3
    option = editor.options.item(0)
    option.setCheckState(Qt.Checked)
    assert doc.module.scenarios["basic"].optional_rules == {"division": True}
    option.setCheckState(Qt.PartiallyChecked)
    assert doc.module.scenarios["basic"].optional_rules == {}
    bar = editor.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(editor.tabs.indexOf(editor.removed_tab)).center())
    assert editor.tabs.currentWidget() is editor.removed_tab
    removed = next(editor.removed_pieces.item(i) for i in range(editor.removed_pieces.count())
                   if editor.removed_pieces.item(i).data(Qt.UserRole) == "us-502-101")
    removed.setCheckState(Qt.Checked)
    assert doc.module.scenarios["basic"].removed_pieces == ["us-502-101"]
    editor.last_turn.setValue(8)
    editor.last_turn.editingFinished.emit()
    assert doc.module.scenarios["basic"].last_turn == 8
    editor.first_turn.setValue(9)
    editor.first_turn.editingFinished.emit()
    assert "last turn comes before" in editor.status.text() and doc.module.scenarios["basic"].first_turn == 1
    editor.victory_note.setText("Hold Metz")
    editor.victory_note.editingFinished.emit()
    assert doc.module.scenarios["basic"].victory_note == "Hold Metz"


def test_chits_in_a_cup_at_the_start(setup):
    doc, editor, _oob, _view, _ = setup
    doc.module.map.boxes["cup"] = Box(name="Chit cup", kind="cup")
    editor.set_scenario("basic")
    assert editor.cups.rowCount() == 1 and editor.cups.item(0, 0).text() == "cup"
    editor.cups.item(0, 1).setText("xx-chit")
    assert doc.module.scenarios["basic"].cups == {"cup": ["xx-chit"]}
    editor.cups.item(0, 1).setText("xx-chit, nope")
    assert "Unknown chits" in editor.status.text() and doc.module.scenarios["basic"].cups == {"cup": ["xx-chit"]}


def test_markers_placed_at_the_start(setup):
    doc, editor, _oob, _view, _ = setup
    editor.set_scenario("basic")
    assert editor.add_marker("turn")
    assert [(m.marker, m.hex) for m in doc.module.scenarios["basic"].markers] == [("turn", None)]
    editor.marker_table.item(0, 1).setText("0303")
    editor.marker_table.item(0, 5).setText("1")
    placed = doc.module.scenarios["basic"].markers[0]
    assert (placed.hex, placed.face) == ("0303", 1)
    editor.marker_table.item(0, 0).setText("nope")
    assert "Unknown marker" in editor.status.text() and doc.module.scenarios["basic"].markers[0].marker == "turn"


def test_setup_box_cell_is_a_drop_down_of_the_boxes(setup, qtbot):
    from PySide6.QtWidgets import QComboBox

    doc, editor, _oob, _view, _ = setup
    editor.set_scenario("basic")
    editor.tabs.setCurrentIndex(0)
    table = editor.setup
    index = table.model().index(0, 2)
    qtbot.mouseClick(table.viewport(), Qt.LeftButton, pos=table.visualRect(index).center())
    qtbot.keyClick(table.viewport(), Qt.Key_F2)
    [combo] = [w for w in table.viewport().findChildren(QComboBox) if w.isVisible()]
    assert [combo.itemData(i) for i in range(combo.count())][-len(doc.module.map.boxes):] == list(doc.module.map.boxes)
    at = combo.findData("us-a")
    combo.setCurrentIndex(at)
    combo.activated.emit(at)
    piece = index.siblingAtColumn(0).data(Qt.UserRole)
    place = next(p for p in doc.module.scenarios["basic"].setup if p.piece == piece)
    assert (place.box, place.hex) == ("us-a", None)
