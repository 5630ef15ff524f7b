"""The issue's "done when" checks, driving the real editor window with the mouse and keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex
from hexwright.runtime.storage import files_from_module

pytestmark = pytest.mark.gui


def hexes_differing(before, after) -> set[str]:
    labels = set(before.map.hexes) | set(after.map.hexes)
    return {lb for lb in labels if before.map.hex_data(lb) != after.map.hex_data(lb)}


def sides_differing(before, after) -> set[str]:
    keys = set(before.map.hexsides) | set(after.map.hexsides)
    return {k for k in keys if before.map.hexsides.get(k) != after.map.hexsides.get(k)}


def test_radius_one_brush_click_changes_exactly_seven_hexes(window, mouse):
    before = window.doc.module.model_copy(deep=True)
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="marsh", radius=1)
    mouse.click(mouse.centre(Hex(4, 3)))
    changed = hexes_differing(before, window.doc.module)
    assert len(changed) == 7
    assert all(window.doc.map.terrain_of(lb) == "marsh" for lb in changed)
    assert "0504" in changed  # the hex clicked (col 4, row 3)
    assert window.doc.undo_stack.count() == 1
    assert window.undo_action.text() == "&Undo Paint Marsh"


def test_brush_drag_is_one_undo_step(window, mouse):
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="water", radius=0)
    before = files_from_module(window.doc.module)
    mouse.drag(mouse.centre(Hex(c, 2)) for c in range(1, 6))
    assert [window.doc.map.terrain_of(f"0{c + 1}03") for c in range(1, 6)] == ["water"] * 5
    assert window.doc.undo_stack.count() == 1
    window.doc.undo_stack.undo()
    assert files_from_module(window.doc.module) == before


def test_flood_fill_stops_at_other_terrain(window, mouse):
    doc = window.doc
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="woods", radius=0)
    # A wall of woods down column 3 splits the clear map in two.
    mouse.drag(mouse.centre(Hex(3, r)) for r in range(7))
    window.set_tool("FloodFill")
    window.settings.update(terrain="rough")
    mouse.click(mouse.centre(Hex(0, 0)))
    names = doc.names
    for h in names.grid.hexes():
        label = names.label(h)
        if h.col < 3:
            expected = "woods" if label == "0203" else "rough"  # the builder's woods hex is its own island
        elif h.col == 3:
            expected = "woods"
        else:
            expected = "clear"
        assert doc.map.terrain_of(label) == expected, label


def test_drag_along_five_hexsides_gives_five_river_sides(window, mouse):
    doc, grid = window.doc, window.doc.names.grid
    window.set_tool("HexsidePainter")
    window.settings.update(hexside_feature="stream")
    before = doc.module.model_copy(deep=True)
    # A zig-zag line of sides meeting end to end: the SE and NE... walk along column 4's east edge.
    path = [grid.hexside(Hex(4, r), d) for r in (1, 2, 3) for d in ("NE", "SE")][:5]
    mouse.drag(mouse.side_mid(s) for s in path)
    changed = sides_differing(before, doc.module)
    assert changed == {doc.names.side_id(s) for s in path}
    assert all(doc.map.hexsides[k].features == ["stream"] for k in changed)
    assert doc.undo_stack.count() == 1


def test_click_toggles_hexside_and_edge_sides_count(window, mouse):
    doc, grid = window.doc, window.doc.names.grid
    window.set_tool("HexsidePainter")
    window.settings.update(hexside_feature="river")
    edge = grid.hexside(Hex(0, 2), "SW")  # on the west map edge
    mouse.click(mouse.side_mid(edge))
    key = doc.names.side_id(edge)
    assert doc.map.hexsides[key].features == ["river"]
    mouse.click(mouse.side_mid(edge))
    assert key not in doc.map.hexsides


def test_road_dragged_across_four_hexes_gives_three_road_sides(window, mouse):
    doc = window.doc
    window.set_tool("RoadTool")
    window.settings.update(connection="railroad")
    before = doc.module.model_copy(deep=True)
    hexes = [Hex(2, 4), Hex(3, 4), Hex(4, 4), Hex(5, 4)]
    mouse.drag(mouse.centre(h) for h in hexes)
    changed = sides_differing(before, doc.module)
    grid = doc.names.grid
    assert changed == {doc.names.side_id(grid.hexside_between(a, b)) for a, b in zip(hexes, hexes[1:])}
    assert all(doc.map.hexsides[k].connections == ["railroad"] for k in changed)
    # A click on one of the segments removes just that one.
    a, b = hexes[0], hexes[1]
    (ax, ay), (bx, by) = doc.names.layout.center(a), doc.names.layout.center(b)
    mouse.click(mouse.at(ax + (bx - ax) * 0.35, ay + (by - ay) * 0.35))
    assert doc.names.side_id(grid.hexside_between(a, b)) not in doc.map.hexsides
    assert len(sides_differing(before, doc.module)) == 2


def test_road_dragged_off_the_map_leaves_by_the_edge(window, mouse):
    doc = window.doc
    window.set_tool("RoadTool")
    window.settings.update(connection="road")
    grid = doc.names.grid
    mouse.drag([mouse.centre(Hex(1, 3)), mouse.centre(Hex(0, 3)), mouse.centre(Hex(-1, 3))])
    edge = doc.names.side_id(grid.hexside_between(Hex(0, 3), Hex(-1, 3)))
    assert grid.is_edge(doc.names.side_of(edge))
    assert doc.map.hexsides[edge].connections == ["road"]


def test_raise_level_brush(window, mouse):
    doc = window.doc
    window.set_tool("LevelBrush")
    window.settings.update(level_mode="raise", radius=0)
    mouse.click(mouse.centre(Hex(2, 2)))
    mouse.click(mouse.centre(Hex(2, 2)))
    assert doc.map.hex_data("0303").level == 2
    assert {lv.value for lv in doc.map.levels} >= {0, 1, 2}
    # Dragging back and forth over one hex raises it once per stroke.
    mouse.drag([mouse.centre(Hex(5, 5)), mouse.centre(Hex(6, 5)), mouse.centre(Hex(5, 5))])
    assert doc.map.hex_data("0606").level == 1
    assert doc.map.hex_data("0706").level == 1


def test_feature_stamp_and_hex_name(window, mouse):
    doc = window.doc
    window.set_tool("FeatureStamp")
    window.settings.update(feature_type="objective")
    mouse.click(mouse.centre(Hex(6, 1)))
    assert [f.type for f in doc.map.hex_data("0702").features] == ["objective"]
    window.tools["HexNamer"].ask = lambda label, current: "Gravelotte"
    window.set_tool("HexNamer")
    mouse.click(mouse.centre(Hex(6, 1)))
    assert doc.map.hex_data("0702").name == "Gravelotte"
    mouse.click(mouse.centre(Hex(6, 1)))  # same name: nothing to undo
    assert doc.undo_stack.count() == 2


def test_select_copy_paste_region(window, mouse, qtbot):
    doc = window.doc
    window.set_tool("RegionSelect")
    # The builder's woods town hex 0203 with its river (0203/N) and the road 0101/SE nearby.
    mouse.drag([mouse.centre(Hex(0, 0)), mouse.centre(Hex(1, 2))])
    assert doc.selection == {Hex(c, r) for c in (0, 1) for r in (0, 1, 2)}
    qtbot.keyClick(window.canvas, Qt.Key_C, Qt.ControlModifier)
    target = Hex(4, 2)  # an even column, like the anchor, so offsets map one to one
    qtbot.mouseMove(window.canvas.viewport(), mouse.centre(target))
    assert len(window.canvas.overlay.preview) == 6  # where the paste will land
    qtbot.keyClick(window.canvas, Qt.Key_V, Qt.ControlModifier)
    assert doc.undo_stack.count() == 0  # Ctrl+V floats the stamp; a click lands it
    mouse.click(mouse.centre(target))
    assert window.canvas.tool is window.tools["RegionSelect"]  # back to the tool used before
    m = doc.map
    assert m.hex_data("0605") == m.hex_data("0203")  # (1,2) pasted at (5,4)
    assert m.terrain_of("0605") == "woods"
    assert m.hexsides["0605/N"].features == ["river"]
    assert m.hexsides["0503/SE"].connections == ["road"]
    assert doc.undo_stack.undoText() == "Paste"


def test_delete_and_cut_region(window, mouse, qtbot):
    doc = window.doc
    window.set_tool("RegionSelect")
    mouse.drag([mouse.centre(Hex(1, 1)), mouse.centre(Hex(1, 2))])
    qtbot.keyClick(window.canvas, Qt.Key_Delete)
    assert "0203" not in doc.map.hexes
    assert "0203/N" not in doc.map.hexsides  # both its hexes were selected
    assert "0101/SE" in doc.map.hexsides  # outside the selection


def test_undo_everything_is_byte_identical_and_redo_returns(window, mouse, qtbot):
    doc = window.doc
    original = files_from_module(doc.module)
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="rough", radius=2)
    mouse.drag([mouse.centre(Hex(2, 2)), mouse.centre(Hex(3, 3))])
    window.set_tool("HexsidePainter")
    window.settings.update(hexside_feature="river")
    mouse.click(mouse.side_mid(doc.names.grid.hexside(Hex(5, 5), "N")))
    window.set_tool("RoadTool")
    mouse.drag([mouse.centre(Hex(0, 6)), mouse.centre(Hex(1, 6)), mouse.centre(Hex(2, 5))])
    window.set_tool("LevelBrush")
    window.settings.update(level_mode="raise", radius=1)
    mouse.click(mouse.centre(Hex(6, 2)))
    window.set_tool("RegionSelect")
    mouse.drag([mouse.centre(Hex(0, 0)), mouse.centre(Hex(2, 2))])
    qtbot.keyClick(window.canvas, Qt.Key_C, Qt.ControlModifier)
    window.selection_actions.paste(Hex(4, 4))
    window.selection_actions.save_selection_as_area("North-west")
    from hexwright.editor.commands import ResizeMap

    doc.push(ResizeMap(doc, west=1, south=-1))
    final = files_from_module(doc.module)
    assert final != original
    steps = doc.undo_stack.count()
    assert steps == 7
    for _ in range(steps):
        qtbot.keyClick(window.canvas, Qt.Key_Z, Qt.ControlModifier)
    assert files_from_module(doc.module) == original
    assert not doc.is_dirty
    for _ in range(steps):
        doc.undo_stack.redo()
    assert files_from_module(doc.module) == final


def test_title_shows_unsaved_changes_and_save_is_atomic(window, mouse, tmp_path):
    assert not window.isWindowModified()
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="woods", radius=0)
    mouse.click(mouse.centre(Hex(7, 6)))
    assert window.isWindowModified()
    assert window.file_actions.save_to(tmp_path / "mod")
    assert not window.isWindowModified()
    from hexwright.runtime.storage import load_module

    assert load_module(tmp_path / "mod").module.map.terrain_of("0807") == "woods"
    assert not [p for p in (tmp_path / "mod").rglob("*.tmp")]


def test_tool_shortcuts_switch_tools(window, qtbot):
    for key, tool in (("G", "FloodFill"), ("R", "HexsidePainter"), ("D", "RoadTool"), ("B", "TerrainBrush")):
        qtbot.keyClick(window.canvas, getattr(Qt, f"Key_{key}"))
        assert window.canvas.tool is window.tools[tool]


def test_eraser_and_eyedropper(window, mouse):
    doc = window.doc
    window.set_tool("Eyedropper")
    mouse.click(mouse.centre(Hex(1, 2)))  # the builder's woods town 0203
    assert window.settings.terrain == "woods"
    window.set_tool("Eraser")
    window.settings.update(radius=0)
    mouse.click(mouse.centre(Hex(1, 2)))
    assert "0203" not in doc.map.hexes
    assert doc.undo_stack.undoText() == "Erase Hexes"


def test_areas_tool_click_toggles_and_drag_adds(window, mouse):
    doc = window.doc
    window.set_tool("AreaSelect")
    window.settings.update(radius=0)
    mouse.click(mouse.centre(Hex(2, 2)))
    assert doc.selection == {Hex(2, 2)}
    mouse.drag([mouse.centre(Hex(4, 2)), mouse.centre(Hex(5, 2)), mouse.centre(Hex(6, 2))])
    assert doc.selection == {Hex(2, 2), Hex(4, 2), Hex(5, 2), Hex(6, 2)}
    mouse.click(mouse.centre(Hex(2, 2)))
    assert Hex(2, 2) not in doc.selection
    area_id = window.selection_actions.save_selection_as_area("Ridge line")
    assert doc.map.areas[area_id].hexes == ["0503", "0603", "0703"]
    assert window.canvas.overlay.selection == ["0503", "0603", "0703"]
    doc.undo_stack.undo()
    assert area_id not in doc.map.areas


def test_quick_drag_fills_the_skipped_hexsides(window, mouse):
    doc, grid = window.doc, window.doc.names.grid
    window.set_tool("HexsidePainter")
    window.settings.update(hexside_feature="river")
    start, end = grid.hexside(Hex(5, 3), "N"), grid.hexside(Hex(5, 3), "SE")
    mouse.drag([mouse.side_mid(start), mouse.side_mid(end)])  # the pointer jumps past NE
    painted = {k for k, v in doc.map.hexsides.items() if "river" in v.features} - {"0203/N"}
    assert painted == {doc.names.side_id(grid.hexside(Hex(5, 3), d)) for d in ("N", "NE", "SE")}


def test_bracket_keys_change_brush_radius_and_ctrl_s_saves(window, qtbot, tmp_path, mouse):
    qtbot.keyClick(window.canvas, Qt.Key_BracketRight)
    qtbot.keyClick(window.canvas, Qt.Key_BracketRight)
    assert window.settings.radius == 2 and window.palette_dock.radius.value() == 2
    qtbot.keyClick(window.canvas, Qt.Key_BracketLeft)
    assert window.settings.radius == 1
    window.doc.path = tmp_path / "saved"
    mouse.click(mouse.centre(Hex(3, 3)))
    assert not window.isWindowModified()  # clear painted on clear changes nothing, pushes nothing
    window.settings.update(terrain="woods")
    mouse.click(mouse.centre(Hex(3, 3)))
    assert window.isWindowModified()
    qtbot.keyClick(window.canvas, Qt.Key_S, Qt.ControlModifier)
    assert not window.isWindowModified() and (tmp_path / "saved" / "map.json").is_file()
