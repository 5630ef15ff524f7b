"""A module that fails its cross-reference checks opens in the editor, lists its problems,
and can be repaired and saved (with a warning while problems remain)."""

from __future__ import annotations

import json

import pytest
from builders import small_module
from PySide6.QtCore import Qt

from hexwright.runtime.storage import load_module, save_module

pytestmark = pytest.mark.gui

LAVA = "map.json: hexes.0203.terrain (hex 0203): unknown terrain type 'lava'"


@pytest.fixture
def lava_folder(tmp_path):
    folder = tmp_path / "lava"
    save_module(small_module(8, 7), folder)
    path = folder / "map.json"
    data = json.loads(path.read_text("utf-8"))
    data.setdefault("hexes", {})["0203"] = {"terrain": "lava"}
    path.write_text(json.dumps(data), "utf-8")
    return folder


@pytest.fixture
def window(qtbot, lava_folder):
    """The editor opened on the lava module (the conftest's ``mouse`` drives it)."""
    from hexwright.editor.views.main_window import open_editor

    w = open_editor(lava_folder, confirm=lambda *_: False)
    w.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    w.resize(1200, 800)
    qtbot.waitExposed(w)
    w.canvas.set_zoom(1.0)
    return w


def _item(window, text):
    items = window.problems.list.findItems(text, Qt.MatchExactly)
    assert items, window.problems.messages()
    return items[0]


def test_invalid_module_opens_and_lists_its_problem(window):
    assert window.doc.map.hexes["0203"].terrain == "lava"
    assert window.problems.messages() == [LAVA]
    assert window.problems_dock.isVisible()


def test_clicking_a_problem_centres_and_selects_its_hex(qtbot, window):
    w = window
    w.canvas.set_zoom(4.0)  # the map larger than the view, so centring has to scroll
    w.canvas.centerOn(0, 0)
    item = _item(w, LAVA)
    rect = w.problems.list.visualItemRect(item)
    qtbot.mouseClick(w.problems.list.viewport(), Qt.LeftButton,
                     pos=rect.center())
    h = w.doc.names.hex_of("0203")
    assert w.doc.selection == {h}
    centre = w.canvas.mapToScene(w.canvas.viewport().rect().center())
    x, y = w.doc.names.layout.center(h)
    assert abs(centre.x() - x) < 5 and abs(centre.y() - y) < 5


def test_painting_the_hex_clears_the_problem_and_undo_brings_it_back(qtbot, window, mouse):
    w = window
    w.go_to_hex("0203")
    w.set_tool("TerrainBrush")
    w.settings.update(terrain="woods", radius=0)
    mouse.click(mouse.centre(w.doc.names.hex_of("0203")))
    assert w.doc.map.terrain_of("0203") == "woods"
    qtbot.waitUntil(lambda: w.problems.messages() == [], timeout=2000)
    assert w.problems.list.count() == 0
    w.doc.undo_stack.undo()
    qtbot.waitUntil(lambda: w.problems.messages() == [LAVA], timeout=2000)


def test_saving_with_problems_warns_and_cancel_keeps_the_work(qtbot, window, lava_folder, mouse):
    w = window
    w.set_tool("TerrainBrush")
    w.settings.update(terrain="woods", radius=0)
    mouse.click(mouse.centre(w.doc.names.hex_of("0101")))
    asked = []
    w.file_actions.ask_save_invalid = lambda problems: asked.append([str(p) for p in problems]) or False
    before = (lava_folder / "map.json").read_bytes()
    assert not w.file_actions.save()
    assert asked == [[LAVA]]
    assert (lava_folder / "map.json").read_bytes() == before  # nothing written
    assert w.doc.is_dirty  # the edit is still there, unsaved

    w.file_actions.ask_save_invalid = lambda problems: True  # "Save anyway"
    assert w.file_actions.save()
    assert not w.doc.is_dirty
    from hexwright.runtime.storage import load_module_lenient

    loaded, issues = load_module_lenient(lava_folder)
    assert loaded.module.map.terrain_of("0101") == "woods"
    assert [str(i) for i in issues] == [LAVA]


def test_repaired_module_saves_without_asking_and_loads_strictly(qtbot, window, lava_folder, mouse):
    w = window
    w.set_tool("TerrainBrush")
    w.settings.update(terrain="clear", radius=0)
    mouse.click(mouse.centre(w.doc.names.hex_of("0203")))
    w.file_actions.ask_save_invalid = lambda problems: pytest.fail(f"asked about {problems}")
    assert w.file_actions.save()
    assert load_module(lava_folder).module.map.terrain_of("0203") == "clear"


def test_opening_checks_the_module_once_and_an_edit_checks_it_again(qtbot, lava_folder, monkeypatch):
    """The problems found while reading the module are the dock's: opening runs the checks
    once (issue 18), and the first edit makes the document check again."""
    import hexwright.runtime.storage.lenient as lenient
    import hexwright.runtime.validation as validation
    from hexwright.editor.views.main_window import open_editor

    calls = []
    real = validation.check_module

    def counting(module, assets=None):
        calls.append(1)
        return real(module, assets)
    monkeypatch.setattr(lenient, "check_module", counting)
    monkeypatch.setattr(validation, "check_module", counting)
    w = open_editor(lava_folder, confirm=lambda *_: False)
    w.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    assert w.problems.messages() == [LAVA]
    assert len(calls) == 1
    from hexwright.editor.commands import PaintTerrain

    w.doc.push(PaintTerrain(w.doc, ["0203"], "woods", w.doc.next_stroke()))
    qtbot.waitUntil(lambda: w.problems.messages() == [], timeout=2000)
    assert len(calls) >= 2
