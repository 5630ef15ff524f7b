"""Issue 21, done when: a variant of The Drive on Metz made in the editor by mouse and keys —
a unit's value and two hexes changed, a scenario added, saved — holds only those changes, and
``hexwright diff`` of it against its base lists exactly them. Also the marks and Revert to base."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from qt_dialogs import fill_modal

from hexwright.editor.views import main_window
from hexwright.editor.views.variant_actions import NewVariantDialog
from hexwright.runtime.cli.main import main as cli_main
from hexwright.runtime.geometry import Hex
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import bundled_module

pytestmark = pytest.mark.gui

UNIT, HEXES = "us_5_2", ("0302", "0404")


def _type(qtbot, edit: QLineEdit, text: str) -> None:
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def _edit_oob(qtbot, table, piece_id: str, column: str, text: str) -> None:
    view = table.view
    index = table.proxy.index(table.visible_ids().index(piece_id), table.column_of(column))
    view.scrollTo(index)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = [w for w in view.viewport().findChildren(QLineEdit) if w.isVisible()][0]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key_Return)
    qtbot.waitUntil(lambda: view.state() != view.State.EditingState)


def _click_hex(qtbot, window, label: str) -> None:
    h = window.doc.names.hex_of(label)
    x, y = window.doc.names.layout.center(h)
    window.canvas.centerOn(x, y)
    from PySide6.QtCore import QPointF

    pos = window.canvas.mapFromScene(QPointF(x, y))
    vp = window.canvas.viewport()
    qtbot.mouseMove(vp, pos)
    qtbot.mousePress(vp, Qt.LeftButton, pos=pos)
    qtbot.mouseRelease(vp, Qt.LeftButton, pos=pos)


@pytest.fixture
def variant_window(qtbot, tmp_path: Path):
    """The Drive on Metz open in the editor, then File ▸ New Variant… answered with keys."""
    base_window = main_window.open_editor(bundled_module("drive_on_metz"))
    qtbot.addWidget(base_window)
    qtbot.waitExposed(base_window)

    def fill(dialog: NewVariantDialog) -> None:
        _type(qtbot, dialog.id_edit, "dom_test_variant")
        _type(qtbot, dialog.title_edit, "Metz, what if")
        _type(qtbot, dialog.folder_edit, str(tmp_path))

    fill_modal(qtbot, NewVariantDialog, fill)
    base_window.new_variant_action.trigger()
    qtbot.waitUntil(lambda: main_window._open_windows[-1] is not base_window)
    window = main_window._open_windows[-1]
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: "discard"
    window.resize(1400, 900)
    qtbot.waitExposed(window)
    window.canvas.set_zoom(1.0)
    return window, tmp_path / "dom_test_variant"


def test_a_variant_made_by_mouse_holds_only_its_changes_and_diff_lists_them(variant_window, qtbot, capsys):
    window, folder = variant_window
    doc = window.doc
    assert doc.variant is not None and doc.module.meta.id == "dom_test_variant"
    assert sorted(p.name for p in folder.iterdir()) == ["variant.json"]
    base = load_module(bundled_module("drive_on_metz")).module

    table = window.pieces_docks.widgets["oob"]
    _edit_oob(qtbot, table, UNIT, "step1_movement", "5")
    model = table.model  # the order of battle marks the override: the cell tinted, the row flagged
    row = model._ids.index(UNIT)
    assert model.overridden(UNIT, "step1_movement") and not model.overridden(UNIT, "designation")
    assert model.data(model.index(row, model.columns.index("step1_movement")), Qt.BackgroundRole) is not None
    assert model.headerData(row, Qt.Vertical).endswith("✎") and not model.headerData(0, Qt.Vertical).endswith("✎")
    window.set_tool("TerrainBrush")
    for label in HEXES:
        assert base.map.terrain_of(label) == "clear"
        window.settings.update(terrain="woods", radius=0)
        _click_hex(qtbot, window, label)
    scenario_editor = window.pieces_docks.widgets["scenario"]
    qtbot.mouseClick(scenario_editor.new_button, Qt.LeftButton)
    added = sorted(set(doc.module.scenarios) - set(base.scenarios))
    assert len(added) == 1

    qtbot.waitUntil(lambda: sorted(window.canvas.overlay.overridden) == sorted(HEXES))  # the tint
    panel = window.variant_panel
    assert panel.item_for("piece", UNIT) is not None and panel.item_for("scenario", added[0]) is not None
    window.file_actions.ask_save_invalid = lambda problems: True
    qtbot.keyClick(window, Qt.Key_S, Qt.ControlModifier)
    qtbot.waitUntil(lambda: not doc.is_dirty)

    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert files == ["map.json", "pieces.json", f"scenarios/{added[0]}.json", "variant.json"]
    assert json.loads((folder / "pieces.json").read_text()) == {"pieces": {UNIT: {"steps": {"0": {"movement": 5}}}}}
    assert sorted(json.loads((folder / "map.json").read_text())["hexes"]) == sorted(HEXES)
    manifest = json.loads((folder / "variant.json").read_text())
    assert manifest["base"]["id"] == "drive_on_metz" and "remove" not in manifest

    capsys.readouterr()
    assert cli_main(["diff", str(folder), "--json"]) == 0
    diff = json.loads(capsys.readouterr().out)
    listed = sorted((e["kind"], e["id"], e["change"]) for e in diff["entries"])
    assert listed == sorted([("hex", HEXES[0], "changed"), ("hex", HEXES[1], "changed"),
                             ("piece", UNIT, "changed"), ("scenario", added[0], "added")])
    piece = next(e for e in diff["entries"] if e["kind"] == "piece")
    assert piece["fields"] == [{"field": "steps.0.movement", "old": 4, "new": 5}]


def test_revert_to_base_puts_one_value_back_as_one_undo_step(variant_window, qtbot):
    window, _folder = variant_window
    doc = window.doc
    _edit_oob(qtbot, window.pieces_docks.widgets["oob"], UNIT, "step1_movement", "7")
    panel = window.variant_panel
    panel.refresh()
    item = panel.item_for("piece", UNIT)
    assert item is not None
    panel.tree.setCurrentItem(item.child(0))  # the field row: steps.0.movement
    qtbot.mouseClick(panel.revert_button, Qt.LeftButton)
    assert doc.module.pieces.pieces[UNIT].steps[0].movement == 4
    assert panel.item_for("piece", UNIT) is None
    doc.undo_stack.undo()
    assert doc.module.pieces.pieces[UNIT].steps[0].movement == 7


def test_clicking_a_changed_hex_in_the_panel_selects_it_on_the_map(variant_window, qtbot):
    window, _folder = variant_window
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="woods", radius=0)
    _click_hex(qtbot, window, "0505")
    window.variant_panel.refresh()
    item = window.variant_panel.item_for("hex", "0505")
    rect = window.variant_panel.tree.visualItemRect(item)
    qtbot.mouseClick(window.variant_panel.tree.viewport(), Qt.LeftButton, pos=rect.center())
    assert window.doc.selection == {window.doc.names.hex_of("0505")}
    assert isinstance(window.doc.names.hex_of("0505"), Hex)


def test_a_changed_crt_cell_is_tinted_and_saved_alone(variant_window, qtbot):
    from hexwright.editor.pieces.crt_editor import OVERRIDDEN

    window, folder = variant_window
    editor = window.pieces_docks.widgets["crt"]
    crt_id = editor.crt_id
    crt = window.doc.module.tables.crts[crt_id]
    new = next(code for code in crt.results if code != crt.cells[0][0])
    grid = editor.grid
    grid.setCurrentCell(0, 0)
    grid.editItem(grid.item(0, 0))
    edit = [w for w in grid.viewport().findChildren(QLineEdit) if w.isVisible()][0]
    edit.selectAll()
    qtbot.keyClicks(edit, new)
    qtbot.keyClick(edit, Qt.Key_Return)
    qtbot.waitUntil(lambda: grid.state() != grid.State.EditingState)
    assert window.doc.module.tables.crts[crt_id].cells[0][0] == new
    assert grid.item(0, 0).background().color() == OVERRIDDEN  # the badge of an overridden cell
    assert grid.item(0, 1).background().color() != OVERRIDDEN
    window.doc.save()
    assert json.loads((folder / "tables.json").read_text()) == {"crts": {crt_id: {"cells": {"0": {"0": new}}}}}
