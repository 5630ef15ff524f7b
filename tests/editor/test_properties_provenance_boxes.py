"""The palette's properties panel, label digits and area ids, provenance (pick tool, dock,
overlay), boxes and tracks (dock, dialogs, box tool) and Module ▸ Properties…: pure logic
first, then the widgets driven by real mouse and keys, each edit one undo step."""

from __future__ import annotations

import pytest
from builders import small_module
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit
from qt_dialogs import fill_modal as _fill_modal

from hexwright.editor.edits.boxes import (
    parse_labels,
    parse_rect,
    parse_spaces,
    rect_from_drag,
    spaces_text,
    toggle_entry,
)
from hexwright.editor.edits.fields import choices_of, editable_specs, with_value
from hexwright.editor.edits.module_meta import build_meta
from hexwright.editor.edits.provenance import VARIOUS, common_clue, provenance_patch
from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import (
    Box,
    HexData,
    HexFeatureType,
    HexsideFeatureType,
    Phase,
    Provenance,
    Rect,
    TerrainType,
)
from hexwright.runtime.storage import files_from_module

# -- pure ---------------------------------------------------------------------------------------


def test_field_specs_come_from_the_model_annotations():
    specs = {s.name: s for s in editable_specs(HexFeatureType)}
    assert list(specs) == ["kind", "symbol", "observation_bonus", "description"]
    assert specs["kind"].kind == "choice" and "fortification" in specs["kind"].choices
    assert specs["kind"].choices == choices_of(HexFeatureType, "kind")
    assert (specs["symbol"].kind, specs["symbol"].max_length) == ("text", 4)
    assert specs["observation_bonus"].kind == "int"
    width = {s.name: s for s in editable_specs(HexsideFeatureType)}["width"]
    assert (width.kind, width.minimum, width.maximum) == ("float", 0, 40)
    assert [s.name for s in editable_specs(TerrainType)] == ["pattern", "blocks_los", "description"]
    assert "movement" in choices_of(Phase, "kind")
    with pytest.raises(ValueError):
        with_value(HexFeatureType(name="x"), "symbol", "toolong")
    assert with_value(HexFeatureType(name="x"), "kind", "city").kind == "city"


def test_provenance_patch_marks_and_unmarks_hexes_and_hexsides():
    m = small_module(4, 3).map
    patch = provenance_patch(m, ["0203", "0101"], ["0203/N", "0102/N"], "Figure 4")
    patch.apply(m, True)
    assert m.hexes["0203"].provenance.clue == "Figure 4" and m.hexes["0203"].terrain == "woods"
    assert m.hexes["0101"] == HexData(provenance=Provenance(clue="Figure 4"))
    assert m.hexsides["0203/N"].features == ["river"] and m.hexsides["0102/N"].provenance.clue == "Figure 4"
    assert common_clue(m, ["0203", "0101"], ["0102/N"]) == "Figure 4"
    assert common_clue(m, ["0203", "0102"]) is VARIOUS
    provenance_patch(m, ["0101", "0203"], ["0102/N"], None).apply(m, True)
    assert "0101" not in m.hexes and "0102/N" not in m.hexsides and m.hexes["0203"].provenance is None
    patch.apply(m, False)  # the before side of the first patch: as it was
    assert "0101" not in m.hexes and m.hexsides["0203/N"].provenance is None


def test_box_texts_parse_and_a_drag_makes_a_whole_pixel_rectangle():
    assert parse_labels("0101, 0102 0103;0101") == ["0101", "0102", "0103"]
    assert parse_rect("", " ", "", "") is None
    assert parse_rect("-190", "269.12812921102034", "170", "5") == Rect(x=-190, y=269.12812921102034, width=170,
                                                                       height=5)
    for bad in (("1", "2", "0", "4"), ("a", "2", "3", "4"), ("1", "", "3", "4")):
        with pytest.raises(ValueError):
            parse_rect(*bad)
    assert rect_from_drag(30.4, 80.6, -10.2, 20.0) == Rect(x=-10, y=20, width=40, height=61)
    assert rect_from_drag(3, 3, 3.2, 40) is None
    spaces = parse_spaces("1 = 1\n\nSept. 9\n3=3")
    assert [(s.label, s.value) for s in spaces] == [("1", 1), ("Sept. 9", None), ("3", 3)]
    assert spaces_text(spaces) == "1 = 1\nSept. 9\n3 = 3"
    with pytest.raises(ValueError, match="line 2"):
        parse_spaces("1\n2 = two")
    box = Box(name="A", kind="reinforcement", entry_hexes=["0101"])
    assert toggle_entry(toggle_entry(box, "0102"), "0101").entry_hexes == ["0102"]


def test_module_meta_is_built_from_the_dialog_rows_and_checked():
    old = small_module().meta
    meta = build_meta(old, {"title": " Metz ", "id": "metz"}, ["A. Designer", " "], [("d6", 6)],
                      [{"id": "air", "name": "Airborne", "description": "", "section": "§2.3", "default": True}],
                      [{"id": "us_move", "name": "US movement", "side": "blue", "kind": "movement", "section": ""},
                       {"id": "end", "name": "End", "side": "", "kind": "end", "section": ""}])
    assert (meta.title, meta.id, meta.authors) == ("Metz", "metz", ["A. Designer"])
    assert meta.optional_rules["air"].default and meta.sequence[1].side is None
    with pytest.raises(ValueError, match="id"):
        build_meta(old, {"id": "no spaces"}, [], [], [], [])
    with pytest.raises(ValueError, match="twice"):
        build_meta(old, {}, [], [], [], [{"id": "a", "name": "", "side": "", "kind": "end", "section": ""}] * 2)


# -- widgets ------------------------------------------------------------------------------------


def _type_into(qtbot, widget, text: str) -> None:
    """Select all, delete, type ``text`` key by key (beyond ASCII as a key event carrying the letter)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent

    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClick(widget, Qt.Key_Delete)
    for ch in text:
        if ord(ch) < 128:
            qtbot.keyClicks(widget, ch)
        else:
            for kind in (QEvent.KeyPress, QEvent.KeyRelease):
                QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.NoModifier, ch))


def _choose(qtbot, combo: QComboBox, text: str) -> None:
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key_Home)
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        qtbot.keyClick(combo, Qt.Key_Down)
    assert combo.currentText() == text


def _click_item(qtbot, view, item) -> None:
    view.scrollToItem(item)
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.visualItemRect(item).center())


@pytest.mark.gui
def test_palette_properties_edit_kind_symbol_and_width_each_one_undo_step(window, qtbot):
    doc, palette = window.doc, window.palette_dock
    _click_item(qtbot, palette.tree, palette.items[("feature", "town")])
    props = palette.properties
    _choose(qtbot, props.widgets["kind"], "fortification")
    assert doc.map.hex_feature_types["town"].kind == "fortification"
    assert doc.undo_stack.undoText() == "Set kind of Town"
    _type_into(qtbot, props.widgets["symbol"], "•")
    qtbot.keyClick(props.widgets["symbol"], Qt.Key_Return)
    assert doc.map.hex_feature_types["town"].symbol == "•"
    assert palette.current() == ("feature", "town")  # the rebuilt palette keeps the picked entry
    _click_item(qtbot, palette.tree, palette.items[("hexside", "river")])
    width = palette.properties.widgets["width"]
    _type_into(qtbot, width, "6.5")
    qtbot.keyClick(width, Qt.Key_Return)
    assert doc.map.hexside_feature_types["river"].width == 6.5
    assert doc.undo_stack.count() == 3
    doc.undo_stack.setIndex(0)
    assert doc.map.hex_feature_types["town"] == small_module(8, 7).map.hex_feature_types["town"]
    assert props.widgets["kind"] is not None


@pytest.mark.gui
def test_map_settings_label_digits_and_area_dialog_id_and_clue(window, qtbot):
    from hexwright.editor.views.areas_panel import AreaDialog
    from hexwright.editor.views.map_settings_dialog import MapSettingsDialog

    doc = window.doc
    _fill_modal(qtbot, MapSettingsDialog, lambda d: (_type_into(qtbot, d.col_digits, "3"),
                                                      _type_into(qtbot, d.row_digits, "2")))
    window.map_settings_dialog()
    assert (doc.map.grid.labels.col_digits, doc.map.grid.labels.row_digits) == (3, 2)
    assert doc.names.label(Hex(0, 0)) == "00101"
    assert "00203" in doc.map.hexes  # the hexes follow their new labels
    doc.undo_stack.undo()
    assert doc.map.grid.labels.col_digits is None and "0203" in doc.map.hexes

    doc.set_selection({Hex(1, 1), Hex(1, 2)})

    def fill(d):
        _type_into(qtbot, d.name, "East of the Moselle")
        assert d.area_id.text() == "east-of-the-moselle"  # made from the name until typed
        _type_into(qtbot, d.area_id, "bad id")
        _type_into(qtbot, d.clue, "Figure 9")
        assert d.look() is None  # not an id: OK is refused
        _type_into(qtbot, d.area_id, "east_of_moselle")

    _fill_modal(qtbot, AreaDialog, fill)
    window.selection_actions.save_area_dialog()
    area = doc.map.areas["east_of_moselle"]
    assert (area.name, area.hexes, area.provenance.clue) == ("East of the Moselle", ["0202", "0203"], "Figure 9")
    assert doc.undo_stack.undoText() == "Save Area east_of_moselle"


@pytest.mark.gui
def test_pick_tool_and_provenance_dock_set_and_clear_clues_and_the_overlay_tints_them(window, mouse, qtbot):
    doc, panel = window.doc, window.provenance
    qtbot.keyClick(window.canvas, Qt.Key_P)
    assert window.canvas.tool is window.tools["PickTool"]
    mouse.click(mouse.centre(Hex(0, 0)))
    mouse.click(mouse.centre(Hex(1, 2)))
    mouse.click(mouse.side_mid(doc.names.side_of("0203/N")))
    assert sorted(doc.names.label(h) for h in doc.selection) == ["0101", "0203"]
    assert doc.side_selection == {"0203/N"}
    assert window.canvas.overlay.picked_sides  # drawn
    assert panel.picked.text().startswith("Picked: 2 hexes, 1 hexsides")
    _type_into(qtbot, panel.clue, "plausible fill")
    qtbot.mouseClick(panel.buttons["Set clue"], Qt.LeftButton)
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Set Clue of 2 Hexes and 1 Hexside"
    assert [doc.map.hex_data(lb).provenance.clue for lb in ("0101", "0203")] == ["plausible fill"] * 2
    assert doc.map.hexsides["0203/N"].provenance.clue == "plausible fill"
    assert doc.map.hexsides["0203/N"].features == ["river"]

    # what is under the cursor
    qtbot.mouseMove(window.canvas.viewport(), mouse.centre(Hex(1, 2)))
    assert panel.under.text() == "Under the cursor: hex 0203 — reconstructed: plausible fill"
    qtbot.mouseMove(window.canvas.viewport(), mouse.centre(Hex(3, 3)))
    assert panel.under.text().endswith("hex 0404 — as printed")

    # View ▸ Show Reconstructed
    assert window.canvas.overlay.reconstructed == []
    window.reconstructed_action.trigger()
    assert window.canvas.overlay.reconstructed == ["0101", "0203"]
    assert len(window.canvas.overlay.reconstructed_sides) == 1

    # a click on a picked hex unpicks it; clear the clue of the rest
    mouse.click(mouse.centre(Hex(0, 0)))
    qtbot.mouseClick(panel.buttons["Clear clue"], Qt.LeftButton)
    assert doc.map.hex_data("0203").provenance is None and doc.map.hexsides["0203/N"].provenance is None
    assert doc.map.hex_data("0101").provenance.clue == "plausible fill"
    assert window.canvas.overlay.reconstructed == ["0101"]
    before = files_from_module(small_module(8, 7))
    doc.undo_stack.setIndex(0)
    assert files_from_module(doc.module) == before
    assert window.canvas.overlay.reconstructed == []


@pytest.mark.gui
def test_boxes_dock_adds_a_box_places_it_by_dragging_and_picks_entry_hexes_by_clicking(window, mouse, qtbot):
    from hexwright.editor.views.boxes_panel import BoxDialog, TrackDialog

    doc, panel = window.doc, window.boxes

    def fill_box(d):
        _type_into(qtbot, d.name, "Blue reinforcements")
        assert d.entry_id.text() == "blue-reinforcements"
        _type_into(qtbot, d.entry_id, "blue_a")
        _choose(qtbot, d.kind, "reinforcement")
        _choose(qtbot, d.side, "blue")
        _type_into(qtbot, d.clue, "§1.1")

    _fill_modal(qtbot, BoxDialog, fill_box)
    qtbot.mouseClick(panel.buttons["Add box…"], Qt.LeftButton)
    box = doc.map.boxes["blue_a"]
    assert (box.name, box.kind, box.side, box.rect, box.provenance.clue) == (
        "Blue reinforcements", "reinforcement", "blue", None, "§1.1")
    assert panel.current() == ("box", "blue_a")

    # the box tool: drag beside the map (west of it), click two hexes, unclick one
    window.activateWindow()  # offscreen Qt does not give the window back after a dialog, as a desktop does
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    qtbot.keyClick(window.canvas, Qt.Key_X)
    assert window.canvas.tool is window.tools["BoxTool"]
    size = doc.map.grid.hex_size
    x0, y0 = doc.names.layout.center(Hex(0, 0))
    window.canvas.set_zoom(0.5)
    window.canvas.centerOn(x0, y0)
    start, end = mouse.at(x0 - 3 * size, y0), mouse.at(x0 - size, y0 + 2 * size)
    mouse.drag([start, QPoint((start.x() + end.x()) // 2, start.y() + 5), end])
    rect = doc.map.boxes["blue_a"].rect
    assert rect is not None and rect.width > size and rect.x < 0
    assert doc.undo_stack.undoText() == "Place Box blue_a"
    assert window.canvas.overlay.rubber is None
    assert [name for _r, name, picked in window.canvas.overlay.boxes] == ["Blue reinforcements"]
    assert window.scene.sceneRect().left() < rect.x  # the view reaches the box
    for h in (Hex(0, 0), Hex(0, 1), Hex(0, 0)):
        mouse.click(mouse.centre(h))
    assert doc.map.boxes["blue_a"].entry_hexes == ["0102"]

    # a track, typed in; then edit it and delete it
    def fill_track(d):
        _type_into(qtbot, d.name, "Turn track")
        _type_into(qtbot, d.entry_id, "turn")
        _choose(qtbot, d.kind, "turn")
        d.spaces.setFocus()
        qtbot.keyClicks(d.spaces, "1 = 1")
        qtbot.keyClick(d.spaces, Qt.Key_Return)
        qtbot.keyClicks(d.spaces, "2 = 2")
        for box, text in zip(d.rect, ("0", "820", "560", "70.5")):
            _type_into(qtbot, box, text)

    _fill_modal(qtbot, TrackDialog, fill_track)
    qtbot.mouseClick(panel.buttons["Add track…"], Qt.LeftButton)
    track = doc.map.tracks["turn"]
    assert ([(s.label, s.value) for s in track.spaces], track.rect) == (
        [("1", 1), ("2", 2)], Rect(x=0, y=820, width=560, height=70.5))
    _fill_modal(qtbot, TrackDialog, lambda d: _type_into(qtbot, d.name, "Game turn"))
    qtbot.mouseClick(panel.buttons["Edit…"], Qt.LeftButton)
    assert doc.map.tracks["turn"].name == "Game turn"
    qtbot.mouseClick(panel.buttons["Delete"], Qt.LeftButton)
    assert "turn" not in doc.map.tracks and panel.list.count() == 1
    steps = doc.undo_stack.count()
    assert steps == 8  # add, place, 3 clicks, add track, edit, delete
    doc.undo_stack.setIndex(0)
    assert doc.map.boxes == {} and doc.map.tracks == {} and panel.list.count() == 0
    doc.undo_stack.setIndex(steps)
    assert list(doc.map.boxes) == ["blue_a"] and doc.map.boxes["blue_a"].entry_hexes == ["0102"]


@pytest.mark.gui
def test_module_properties_dialog_edits_module_json_in_one_undo_step(window, qtbot):
    from hexwright.editor.views.module_dialog import ModuleDialog

    doc = window.doc
    before = files_from_module(doc.module)["module.json"]

    def fill(d):
        _type_into(qtbot, d.fields["title"], "Blue against Red")
        _type_into(qtbot, d.fields["version"], "1.0")
        d.authors.setFocus()
        qtbot.keyClicks(d.authors, "A. Designer")
        d.tabs.setCurrentWidget(d.rules)
        qtbot.mouseClick(d.rules.buttons["Add"], Qt.LeftButton)
        table = d.rules.table
        for column, text in ((0, "air"), (1, "Airborne"), (3, "2.3")):
            table.setCurrentCell(0, column)
            table.scrollToItem(table.item(0, column))
            qtbot.keyClick(table, Qt.Key_F2)
            editor = [w for w in table.viewport().findChildren(QLineEdit) if w.isVisible()][-1]
            _type_into(qtbot, editor, text)
            qtbot.keyClick(editor, Qt.Key_Return)
            qtbot.waitUntil(lambda: table.state() != table.State.EditingState, timeout=2000)
            qtbot.wait(1)  # the closed editor is deleted
        d.tabs.setCurrentWidget(d.phases)
        for name in ("Blue moves", "Red moves"):
            qtbot.mouseClick(d.phases.buttons["Add"], Qt.LeftButton)
            row = d.phases.table.rowCount() - 1
            d.phases.table.item(row, 1).setText(name)
        _choose(qtbot, d.phases.table.cellWidget(1, 2), "red")
        _choose(qtbot, d.phases.table.cellWidget(1, 3), "movement")
        d.phases.table.setCurrentCell(1, 0)
        qtbot.mouseClick(d.phases.buttons["Up"], Qt.LeftButton)

    _fill_modal(qtbot, ModuleDialog, fill)
    window.module_properties_action.trigger()
    meta = doc.module.meta
    assert (meta.title, meta.version, meta.authors) == ("Blue against Red", "1.0", ["A. Designer"])
    assert meta.optional_rules["air"].name == "Airborne" and meta.optional_rules["air"].section == "2.3"
    assert [(p.id, p.name, p.side, p.kind) for p in meta.sequence] == [
        ("phase_2", "Red moves", "red", "movement"), ("phase_1", "Blue moves", None, "other")]
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Change Module Properties"
    assert "Blue against Red" in window.windowTitle()
    doc.undo_stack.undo()
    assert files_from_module(doc.module)["module.json"] == before
