"""Issue 17, driven with real mouse and keys: File ▸ New Module… from a template, the scenario
set up on the map (counters dragged between hexes and into boxes, one undo step each), and
Play (F5) on a copy of the module, with the rule problems met listed on the way back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import Box, Piece, Placement, Rect, Reinforcement, StepValues
from hexwright.runtime.model.starter_templates import module_from_template

pytestmark = pytest.mark.gui


def _module():
    m = module_from_template("igo-ugo", "t", "Test", 8, 7)
    for pid, side, label in (("b1", "blue", "0303"), ("b2", "blue", "0303"), ("r1", "red", "0606")):
        m.pieces.pieces[pid] = Piece(side=side, designation=pid, unit_type="infantry",
                                     steps=[StepValues(attack=4, defense=3, movement=4)])
        m.scenarios["first"].setup.append(Placement(piece=pid, hex=label))
    m.pieces.pieces["b3"] = Piece(side="blue", designation="b3", unit_type="infantry",
                                  steps=[StepValues(attack=4, defense=3, movement=4)])
    m.map.boxes["reserve"] = Box(name="Reserve", kind="holding", rect=Rect(x=-260, y=0, width=220, height=120))
    m.scenarios["first"].reinforcements.append(Reinforcement(piece="b3", turn=3, box="reserve"))
    return m


@pytest.fixture
def window(qtbot):
    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    w = EditorWindow(MapDocument(_module()), pieces=True)
    w.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitExposed(w)
    w.canvas.set_zoom(1.0)
    w.canvas.centerOn(*w.doc.names.layout.center(Hex(3, 3)))
    return w


def _where(doc, pid):
    p = next(p for p in doc.module.scenarios["first"].setup if p.piece == pid)
    return p.hex, p.box


def test_counters_drawn_stacked_and_a_drag_moves_the_top_one(window, mouse, qtbot):
    editor, doc = window, window.doc
    spots = editor.designer.layer.spots
    assert [(s.piece, s.hex) for s in spots if s.hex] == [("b1", "0303"), ("b2", "0303"), ("r1", "0606")]
    assert any(s.piece == "b3" and s.box == "reserve" and s.reinforcement == 3 for s in spots)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_K)  # the Setup tool
    assert editor.canvas.tool is editor.tools["SetupTool"]
    top = spots[1]
    grab = mouse.at(top.x + top.size * 0.6, top.y + top.size * 0.4)
    mouse.drag([grab, mouse.centre(Hex(4, 3)), mouse.centre(Hex(4, 4))])
    assert _where(doc, "b2") == ("0505", None) and _where(doc, "b1") == ("0303", None)
    assert doc.undo_stack.count() == 1
    assert [s.hex for s in editor.designer.layer.spots if s.piece == "b2"] == ["0505"]
    doc.undo_stack.undo()
    assert _where(doc, "b2") == ("0303", None)


def test_a_counter_dragged_into_a_box_is_set_up_there(window, mouse, qtbot):
    editor, doc = window, window.doc
    editor.set_tool("SetupTool")
    r1 = next(s for s in editor.designer.layer.spots if s.piece == "r1")
    editor.canvas.centerOn(-100, 100)
    start = mouse.at(r1.x + r1.size / 2, r1.y + r1.size / 2)
    box = doc.module.map.boxes["reserve"].rect
    mouse.drag([start, mouse.at(box.x + 150, box.y + 60)])
    assert _where(doc, "r1") == (None, "reserve")


def test_scenario_selector_chooses_what_the_map_shows(window, qtbot):
    editor = window
    from hexwright.editor.changes import Kind
    from hexwright.editor.commands import SetEntry
    from hexwright.runtime.model import Scenario

    doc = editor.doc
    doc.push(SetEntry(doc, Kind.SCENARIOS, "empty", None, Scenario(name="Empty", last_turn=2)))
    combo = editor.designer.scenarios
    assert combo.count() == 2
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert editor.designer.scenario_id() == "empty" and editor.designer.layer.spots == []
    assert editor.designer.scenario_editor().scenario_id == "empty"


def test_new_module_dialog_makes_a_playable_module_from_a_template(window, qtbot, monkeypatch):
    editor = window
    from hexwright.editor.views import main_window
    from hexwright.editor.views.new_module_dialog import NewModuleDialog

    def drive(dialog):
        dialog.show()
        qtbot.waitExposed(dialog)
        item = next(dialog.templates.item(i) for i in range(dialog.templates.count())
                    if dialog.templates.item(i).data(Qt.ItemDataRole.UserRole) == "initiative")
        qtbot.mouseClick(dialog.templates.viewport(), Qt.MouseButton.LeftButton,
                         pos=dialog.templates.visualItemRect(item).center())
        dialog.cols.setFocus()
        dialog.cols.selectAll()
        qtbot.keyClicks(dialog.cols, "9")
        dialog.title.setFocus()
        dialog.title.selectAll()
        qtbot.keyClicks(dialog.title, "Hill 192")
        assert "initiative" in dialog.about.text().lower()
        dialog.hide()
        return 1

    monkeypatch.setattr(NewModuleDialog, "exec", drive)
    monkeypatch.setattr(main_window, "_open_windows", [])
    next(a for a in editor.file_menu.actions() if a.text() == "&New Module…").trigger()
    new = main_window._open_windows[-1]
    qtbot.addWidget(new)
    new.ask_unsaved = lambda: "discard"
    m = new.doc.module
    assert (m.meta.title, m.meta.id, m.map.grid.cols) == ("Hill 192", "hill-192", 9)
    assert "operations" in m.rules.sequence.phases and m.rules.pools and m.scenarios
    assert new.rules_panel.outline.tree.topLevelItemCount() == 3  # two phases and the procedures


def test_play_f5_plays_a_copy_and_lists_refused_moves_on_the_way_back(window, qtbot, tmp_path):
    editor, doc = window, window.doc
    doc.save(tmp_path / "mod")
    saved = {p.name: p.read_bytes() for p in (tmp_path / "mod").iterdir() if p.is_file()}
    qtbot.keyClick(editor.canvas, Qt.Key.Key_F5)
    play = editor.designer.play_window
    assert play is not None
    qtbot.addWidget(play)
    assert play.game.module is not doc.module and play.game.module == doc.module
    assert play.game.scenario == "first"
    play.last_error = ""
    from hexwright.runtime.state import Location, MovePieces

    play.run(MovePieces(pieces=["r1"], to=Location.hex("0101")))  # red moving in blue's phase: refused
    assert play.refusals
    play.close()
    notes = editor.problems.messages() + [editor.problems.list.item(i).text()
                                          for i in range(editor.problems.list.count())]
    assert any(n.startswith("Play-test: refused") for n in notes)
    assert {p.name: p.read_bytes() for p in (tmp_path / "mod").iterdir() if p.is_file()} == saved
