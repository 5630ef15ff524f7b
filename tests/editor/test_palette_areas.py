"""The feature stamp's options, removing levels, and the area dialog and list."""

from __future__ import annotations

import pytest
from builders import small_module
from PySide6.QtCore import Qt

from hexwright.editor.edits.palette import level_uses, without_level
from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import HexData, HexFeature, Level
from hexwright.runtime.storage import files_from_module

# -- pure ---------------------------------------------------------------------------------------


def _two_levels():
    m = small_module(5, 4)
    m.map.levels = [Level(value=0, name="Valley"), Level(value=1, name="Hill"), Level(value=2, name="Ridge")]
    m.map.hexes["0101"] = HexData(level=1)
    m.map.hexes["0102"] = HexData(level=2)
    return m


def test_removing_a_level_moves_its_hexes_to_the_replacement():
    m = _two_levels()
    assert level_uses(m, 1) == 1 and level_uses(m, 0) == 5 * 4 - 2
    out = without_level(m, 1, 2)
    assert [lv.value for lv in out.map.levels] == [0, 2]
    assert out.map.hexes["0101"].level == 2
    with pytest.raises(ValueError, match="choose a level"):
        without_level(m, 1, None)
    with pytest.raises(ValueError):
        without_level(m, 1, 7)


def test_removing_level_zero_moves_the_unstored_hexes_too():
    out = without_level(_two_levels(), 0, 1)
    grid = out.map.grid
    assert len(out.map.hexes) == grid.cols * grid.rows
    assert {d.level for d in out.map.hexes.values()} == {1, 2}


# -- in the window ------------------------------------------------------------------------------

@pytest.mark.gui
def test_feature_stamp_places_name_value_supply_and_observation(window, mouse, qtbot):
    doc, options = window.doc, window.palette_dock.feature_options
    window.set_tool("FeatureStamp")
    window.palette_dock.select("feature", "objective")
    qtbot.keyClicks(options.name, "Fort Driant")
    options.value.setValue(3)
    options.supply_kind.setCurrentText("depot")
    options.observation.setValue(2)
    mouse.click(mouse.centre(Hex(4, 4)))
    label = doc.names.label(Hex(4, 4))
    assert doc.map.hexes[label].features == [HexFeature(type="objective", name="Fort Driant", value=3,
                                                        supply_kind="depot", observation_level=2)]
    assert doc.undo_stack.undoText() == "Place Objective"
    options.value.setValue(5)  # same feature, other values: the click updates it
    mouse.click(mouse.centre(Hex(4, 4)))
    assert doc.map.hexes[label].features[0].value == 5
    assert len(doc.map.hexes[label].features) == 1
    assert doc.undo_stack.undoText() == "Update Objective"
    mouse.click(mouse.centre(Hex(4, 4)))  # exactly this feature: the click removes it
    assert label not in doc.map.hexes
    options.value.setValue(options.value.minimum())  # "none"
    assert window.settings.feature_value is None


@pytest.mark.gui
def test_palette_deletes_a_level_in_use_after_asking_for_a_replacement(window, qtbot):
    doc, palette = window.doc, window.palette_dock
    from hexwright.editor.commands import SetLevel, SetLevels

    doc.push(SetLevels(doc, [Level(value=0, name="Level 0"), Level(value=1, name="Hill")]))
    doc.push(SetLevel(doc, ["0303", "0404"], 1))
    before = files_from_module(doc.module)
    palette.select("level", "1")
    asked = []
    palette.ask_replacement = lambda what, options: asked.append((what, options)) or None  # cancel
    qtbot.mouseClick(palette.buttons["Delete"], Qt.LeftButton)
    assert asked == [("level 1", ["0: Level 0"])] and files_from_module(doc.module) == before
    palette.ask_replacement = lambda what, options: options[0]
    palette.select("level", "1")
    qtbot.mouseClick(palette.buttons["Delete"], Qt.LeftButton)
    assert [lv.value for lv in doc.map.levels] == [0]
    assert doc.map.hex_data("0303").level == 0 and doc.map.hex_data("0404").level == 0
    assert doc.undo_stack.undoText() == "Delete Hill"
    assert ("level", "1") not in palette.items
    doc.undo_stack.undo()
    assert files_from_module(doc.module) == before


@pytest.mark.gui
def test_unused_level_is_removed_without_asking(window, qtbot):
    doc, palette = window.doc, window.palette_dock
    palette.select("level", "0")
    qtbot.mouseClick(palette.buttons["Add"], Qt.LeftButton)
    assert [lv.value for lv in doc.map.levels] == [0, 1]
    palette.ask_replacement = lambda *_: pytest.fail("asked")
    palette.select("level", "1")
    qtbot.mouseClick(palette.buttons["Delete"], Qt.LeftButton)
    assert [lv.value for lv in doc.map.levels] == [0]
    assert doc.undo_stack.count() == 2


@pytest.mark.gui
def test_save_area_asks_name_kind_and_colour_and_the_list_edits_and_deletes(window, mouse, qtbot):
    from hexwright.editor.views.areas_panel import AreaLook

    doc, areas = window.doc, window.areas
    window.set_tool("RegionSelect")
    mouse.drag([mouse.centre(Hex(2, 2)), mouse.centre(Hex(3, 3))])
    areas.ask_look = lambda look, title, *_ids: AreaLook("Metz", "city", "#2040c080")
    window.selection_actions.save_area_dialog()
    [aid] = doc.map.areas
    area = doc.map.areas[aid]
    assert (area.name, area.kind, area.color, len(area.hexes)) == ("Metz", "city", "#2040c080", 4)
    assert areas.list.count() == 1 and "Metz — city, 4 hexes" in areas.list.item(0).text()

    # edit: rename, change kind and colour from the list
    areas.list.setCurrentRow(0)
    areas.ask_look = lambda look, title, *_ids: AreaLook("Metz fortress", "victory", "#ff000040")
    qtbot.mouseClick(areas.buttons["Edit…"], Qt.LeftButton)
    area = doc.map.areas[aid]
    assert (area.name, area.kind, area.color) == ("Metz fortress", "victory", "#ff000040")
    assert doc.undo_stack.undoText() == f"Update Area {aid}"

    # select its hexes, change the selection, set the area's hexes from it
    doc.set_selection(set())
    qtbot.mouseClick(areas.buttons["Select"], Qt.LeftButton)
    assert len(doc.selection) == 4
    doc.set_selection({Hex(0, 0)})
    qtbot.mouseClick(areas.buttons["Set hexes"], Qt.LeftButton)
    assert doc.map.areas[aid].hexes == ["0101"]

    qtbot.mouseClick(areas.buttons["Delete"], Qt.LeftButton)
    assert doc.map.areas == {} and areas.list.count() == 0
    for _ in range(4):
        doc.undo_stack.undo()
    assert doc.map.areas == {}


@pytest.mark.gui
def test_an_area_in_use_is_not_deleted(window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from hexwright.editor.commands import SaveArea
    from hexwright.runtime.model import Area

    doc = window.doc
    doc.push(SaveArea(doc, "limits", Area(name="Limits", hexes=["0101"])))
    doc.module.scenarios["basic"].map_limits = "limits"
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    window.areas.pick("limits")
    assert not window.areas.delete()
    assert "limits" in doc.map.areas and "map_limits" in warned[0]


def test_delete_level_command_push_undo_redo_and_no_merge():
    from hexwright.editor.commands import DeleteLevel
    from hexwright.editor.document import MapDocument

    doc = MapDocument(_two_levels())
    original = doc.files()
    doc.push(DeleteLevel(doc, 2, 1))
    after = doc.files()
    assert after != original and doc.undo_stack.undoText() == "Delete Ridge"
    doc.push(DeleteLevel(doc, 1, 0))
    assert doc.undo_stack.count() == 2  # two deletions stay two steps
    doc.undo_stack.undo()
    assert doc.files() == after
    doc.undo_stack.undo()
    assert doc.files() == original and not doc.is_dirty
    doc.undo_stack.redo()
    assert doc.files() == after
