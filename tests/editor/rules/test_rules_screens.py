"""The rules screens (issue 17), driven with real mouse and keys: every change of rules.json
is one undo step, invalid combinations are refused with the reason, the sequence of play
is an outline whose items reorder with drag or Alt+Up/Down."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox

from hexwright.runtime.model.starter_templates import module_from_template

pytestmark = pytest.mark.gui


@pytest.fixture
def rules(qtbot):
    from hexwright.editor.document import MapDocument
    from hexwright.editor.rules.rules_dock import RulesDock

    doc = MapDocument(module_from_template("chit-pull", "t", "T", 8, 6))
    dock = RulesDock(doc)
    qtbot.addWidget(dock)
    dock.resize(900, 600)
    dock.show()
    qtbot.waitExposed(dock)
    return dock


def _show(dock, title):
    for i in range(dock.tabs.count()):
        if dock.tabs.tabText(i) == title:
            dock.tabs.setCurrentIndex(i)
    return dock.form(title) if title in dock.forms else dock.tab(title)


def test_stacking_limit_typed_is_one_undo_step(rules, qtbot):
    doc = rules.doc
    line = _show(rules, "Stacking").widgets["limit"]
    assert isinstance(line, QLineEdit) and doc.module.rules.stacking.limit == 2 and line.text() == "2"
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, "1")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.module.rules.stacking.limit == 1
    assert "stacking.limit" in doc.undo_stack.undoText()
    doc.undo_stack.undo()
    assert doc.module.rules.stacking.limit == 2 and line.text() == "2"
    doc.undo_stack.redo()
    assert doc.module.rules.stacking.limit == 1 and line.text() == "1"
    line.selectAll()
    qtbot.keyClicks(line, "0")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.module.rules.stacking.limit == 1 and "limit" in rules.message.text()


def test_spin_box_steps_merge_into_one_undo_step(rules, qtbot):
    doc = rules.doc
    spin = _show(rules, "LOS").widgets["auto_range"]
    assert isinstance(spin, QSpinBox) and spin.value() == 2
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert doc.module.rules.los.auto_range == 4 and doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.module.rules.los.auto_range == 2 and spin.value() == 2


def test_zoc_check_box_clicked_changes_the_rule(rules, qtbot):
    box = _show(rules, "ZOC").widgets["can_leave"]
    assert isinstance(box, QCheckBox) and not rules.doc.module.rules.zoc.can_leave
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(5, box.height() // 2))
    assert rules.doc.module.rules.zoc.can_leave
    assert "stop on enter" in rules.form("ZOC").widgets["stop_on_enter"].toolTip().lower() or \
        "§8.1.1" in rules.form("ZOC").widgets["stop_on_enter"].toolTip()


def test_unknown_hexside_is_refused_naming_the_field(rules, qtbot):
    doc = rules.doc
    line = _show(rules, "ZOC").widgets["blocked_by_hexsides"]
    assert isinstance(line, QLineEdit)
    line.setFocus()
    qtbot.keyClicks(line, "river, lava")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.module.rules.zoc.blocked_by_hexsides == []
    assert "zoc.blocked_by_hexsides" in rules.message.text() and "lava" in rules.message.text()
    assert doc.undo_stack.count() == 0
    assert line.text() == ""
    line.selectAll()
    qtbot.keyClicks(line, "river")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.module.rules.zoc.blocked_by_hexsides == ["river"]


def test_combat_crt_drop_down_and_a_bad_number(rules, qtbot):
    doc = rules.doc
    form = _show(rules, "Combat")
    value = form.widgets["attack_value"]
    assert isinstance(value, QComboBox)
    value.setFocus()
    qtbot.keyClick(value, Qt.Key.Key_Down)
    assert doc.module.rules.combat.attack_value == "combat"
    line = form.widgets["max_value"]
    line.setFocus()
    qtbot.keyClicks(line, "ten")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.module.rules.combat.max_value is None and "max_value" in rules.message.text()


def test_enforcement_level_per_rule(rules, qtbot):
    table = _show(rules, "Enforcement")
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert "zoc" in rows and "step.draw" in rows
    combo = table.cellWidget(rows.index("zoc"), 1)
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert rules.doc.module.rules.enforcement_of("zoc") == "warn"
    rules.doc.undo_stack.undo()
    assert rules.doc.module.rules.enforcement_of("zoc") == "enforce"


def _phase_ids(doc):
    return [p.id for p in doc.module.meta.sequence]


def test_outline_reorders_phases_with_alt_arrows_and_undo(rules, qtbot):
    doc, outline = rules.doc, rules.outline
    tree = outline.tree
    _show(rules, "Sequence of play")
    assert _phase_ids(doc) == ["chits", "action"]
    item = tree.topLevelItem(1)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    qtbot.keyClick(tree, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert _phase_ids(doc) == ["action", "chits"]
    assert set(doc.module.rules.sequence.phases) == {"chits", "action"}  # the steps went with their phase
    doc.undo_stack.undo()
    assert _phase_ids(doc) == ["chits", "action"]


def test_outline_adds_a_phase_and_a_step_and_edits_it_in_the_form(rules, qtbot):
    doc, outline = rules.doc, rules.outline
    _show(rules, "Sequence of play")
    outline.new_id.setFocus()
    qtbot.keyClicks(outline.new_id, "supply")
    qtbot.mouseClick(outline.buttons["Add phase"], Qt.MouseButton.LeftButton)
    assert _phase_ids(doc) == ["chits", "action", "supply"]
    outline.kind.setCurrentIndex(outline.kind.findData("supply_check"))
    qtbot.mouseClick(outline.buttons["Add step"], Qt.MouseButton.LeftButton)
    assert rules.message.text() == ""
    steps = doc.module.rules.sequence.phases["supply"]
    assert [s.kind for s in steps] == ["supply_check"]
    name = outline.form.widgets["name"]
    name.setFocus()
    qtbot.keyClicks(name, "Supply check")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert doc.module.rules.sequence.phases["supply"][0].name == "Supply check"
    assert doc.undo_stack.count() == 3


def test_outline_drop_of_a_step_onto_the_top_level_is_refused(rules, qtbot):
    doc, outline = rules.doc, rules.outline
    tree = outline.tree
    _show(rules, "Sequence of play")
    before = doc.module.rules.model_dump()
    step = tree.topLevelItem(0).child(0)  # cup fill
    tree.setCurrentItem(step)
    mime = tree.model().mimeData([tree.currentIndex()])
    below = QPoint(20, tree.viewport().height() - 4)  # under every row: the top level
    assert tree.itemAt(below) is None
    event = QDropEvent(below.toPointF(), Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    tree.dropEvent(event)
    assert doc.module.rules.model_dump() == before
    assert "belongs to a phase" in rules.message.text()


def test_outline_drop_moves_a_step_between_phases(rules, qtbot):
    doc, outline = rules.doc, rules.outline
    tree = outline.tree
    _show(rules, "Sequence of play")
    step = tree.topLevelItem(0).child(0)  # cup fill, in "chits"
    tree.setCurrentItem(step)
    mime: QMimeData = tree.model().mimeData([tree.currentIndex()])
    target = tree.visualItemRect(tree.topLevelItem(1).child(0))  # onto the draw loop's row: into it
    event = QDropEvent(target.center().toPointF(), Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    tree.dropEvent(event)
    loop = doc.module.rules.sequence.phases["action"][0]
    assert [s.kind for s in loop.steps] == ["cup_draw", "cup_fill"]  # onto the loop: its last step
    assert doc.module.rules.sequence.phases["chits"] == []
    doc.undo_stack.undo()
    assert [s.kind for s in doc.module.rules.sequence.phases["chits"]] == ["cup_fill"]
