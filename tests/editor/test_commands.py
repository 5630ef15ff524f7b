"""Every undo command: push changes the module, undo restores its exact bytes, redo repeats;
the commands a drag produces merge into one step per stroke."""

from __future__ import annotations

import pytest
from builders import small_module

from hexwright.editor import commands
from hexwright.editor.changes import Changes
from hexwright.editor.commands import (
    ChangeGridSettings,
    ChangePaletteType,
    DeleteLevel,
    DeletePaletteType,
    DeleteRegion,
    EraseHexes,
    ImportTerrain,
    LayConnection,
    PaintTerrain,
    PasteRegion,
    PlaceFeature,
    RemoveConnection,
    RenameId,
    ResizeMap,
    RestoreRecovery,
    SaveArea,
    SaveBox,
    SaveTrack,
    SetHexName,
    SetLevel,
    SetLevels,
    SetMapStyle,
    SetModuleMeta,
    SetProvenance,
    SetRules,
    SetUnderlay,
    ShiftLevel,
    ToggleHexsideFeature,
)
from hexwright.editor.document import MapDocument
from hexwright.editor.edits.region import copy_region
from hexwright.runtime.geometry import Hex
from hexwright.runtime.interchange.tmx import export_tmx, read_tmx
from hexwright.runtime.model import (
    Area,
    Box,
    Furniture,
    HexData,
    HexFeature,
    HexFeatureType,
    Labels,
    Level,
    OptionalRule,
    Phase,
    PlaceName,
    Rect,
    StyleChoice,
    TerrainType,
    Track,
    TrackSpace,
    Underlay,
)
from hexwright.runtime.model.rules_config import ZocRules
from hexwright.runtime.storage import files_from_module


def make_doc() -> MapDocument:
    return MapDocument(small_module(8, 7))


def levelled_doc() -> MapDocument:
    """Levels 0, 1 and 2 named, no hex on 1 or 2."""
    module = small_module(8, 7)
    module.map.levels = [Level(value=0), Level(value=1, name="Ridge"), Level(value=2, name="Hill")]
    return MapDocument(module)


DOCS = {"DeleteLevel": levelled_doc}
"""The commands that need more in the module than :func:`make_doc` has."""


def recovered(doc):
    m = doc.module.model_copy(deep=True)
    m.map.hexes["0505"] = m.map.hexes["0203"]
    return RestoreRecovery(doc, m, {})


def tiled(doc):
    """A Tiled map of the same grid with other terrain and levels (issue 16)."""
    m = doc.module.model_copy(deep=True)
    m.map.hexes = {"0101": HexData(terrain="woods", level=1), "0404": HexData(terrain="water")}
    return ImportTerrain(doc, read_tmx(export_tmx(m, "t").tmx, "t.tmx"), "t.tmx")


COMMANDS = {
    "PaintTerrain": lambda d: PaintTerrain(d, ["0101", "0102"], "marsh"),
    "EraseHexes": lambda d: EraseHexes(d, ["0203"]),
    "SetLevel": lambda d: SetLevel(d, ["0101"], 3),
    "ShiftLevel": lambda d: ShiftLevel(d, ["0203", "0303"], -1),
    "ToggleHexsideFeature": lambda d: ToggleHexsideFeature(d, ["0203/N", "0404/NE"], "stream", True),
    "LayConnection": lambda d: LayConnection(d, ["0203/N"], "road"),
    "RemoveConnection": lambda d: RemoveConnection(d, ["0101/SE"], "road"),
    "PlaceFeature": lambda d: PlaceFeature(d, "0505", HexFeature(type="village", name="Ars")),
    "SetHexName": lambda d: SetHexName(d, "0203", "Metz"),
    "PasteRegion": lambda d: PasteRegion(d, copy_region(d.map, d.names, [Hex(1, 1), Hex(1, 2)]), Hex(5, 3)),
    "DeleteRegion": lambda d: DeleteRegion(d, [Hex(0, 0), Hex(1, 0), Hex(1, 1), Hex(1, 2)]),
    "SaveArea": lambda d: SaveArea(d, "metz", Area(name="Metz", hexes=["0203", "0202"])),
    "ResizeMap": lambda d: ResizeMap(d, west=1, north=2, east=-1),
    "ChangeGridSettings": lambda d: ChangeGridSettings(d, labels=Labels(kind="alpha"), hex_size=50.0),
    "ChangePaletteType": lambda d: ChangePaletteType(d, "terrain", "hills", TerrainType(name="Hills", color="#aa8855")),
    "DeletePaletteType": lambda d: DeletePaletteType(d, "terrain", "woods", "rough"),
    "SetLevels": lambda d: SetLevels(d, [Level(value=0), Level(value=1, name="Hill")]),
    "SetUnderlay": lambda d: SetUnderlay(d, Underlay(image="images/scan.png"), b"\x89PNG fake"),
    "RestoreRecovery": recovered,
    "ImportTerrain": tiled,
    "DeleteLevel": lambda d: DeleteLevel(d, 2, None),
    "SetProvenance": lambda d: SetProvenance(d, ["0203", "0101"], ["0203/N", "0102/N"], "Figure 4"),
    "SaveBox": lambda d: SaveBox(d, "a", Box(name="A", kind="reinforcement", side="blue", entry_hexes=["0101"],
                                             rect=Rect(x=-100, y=0, width=80, height=120))),
    "SaveTrack": lambda d: SaveTrack(d, "turn", Track(name="Turns", kind="turn", spaces=[TrackSpace(label="1")])),
    "SetMapStyle": lambda d: SetMapStyle(d, style=StyleChoice(base="modern"), furniture=Furniture(title="Ville"),
                                         place_names=[PlaceName(text="Ars", hex="0101")]),
    "SetModuleMeta": lambda d: SetModuleMeta(d, d.module.meta.model_copy(update={
        "title": "Other", "optional_rules": {"air": OptionalRule(name="Airborne")}})),
    "RenameId": lambda d: RenameId(d, "terrain", "woods", "forest"),
    "SetRules": lambda d: SetRules(d, d.module.rules.model_copy(update={"zoc": ZocRules(can_leave=True)}),
                                   [*d.module.meta.sequence, Phase(id="end", name="End", kind="end")]),
}


ENTRY_COMMANDS = {"SetEntry", "SetTable", "ImportPieces", "SetPieceArt"}
"""Tested in test_entry_commands.py."""


def test_every_undo_command_is_tested_here_or_with_the_entry_commands():
    assert set(commands.__all__) == set(COMMANDS) | ENTRY_COMMANDS


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_push_undo_redo(name):
    doc = DOCS.get(name, make_doc)()
    records: list[Changes] = []
    doc.changed.connect(records.append)
    original = doc.files()
    doc.push(COMMANDS[name](doc))
    after = doc.files()
    assert after != original, f"{name} changed nothing"
    assert doc.is_dirty
    doc.undo_stack.undo()
    assert doc.files() == original
    assert not doc.is_dirty
    doc.undo_stack.redo()
    assert doc.files() == after
    assert len(records) == 3 and all(records), "push, undo and redo each send what they changed"


SECOND = {
    "RenameId": lambda d: RenameId(d, "terrain", "rough", "hills"),
    "DeletePaletteType": lambda d: DeletePaletteType(d, "terrain", "rough", "clear"),
    "ChangePaletteType": lambda d: ChangePaletteType(d, "terrain", "hills", TerrainType(name="Hill", color="#aa8855")),
    "SaveArea": lambda d: SaveArea(d, "metz", Area(name="Metz", hexes=["0203"])),
    "DeleteLevel": lambda d: DeleteLevel(d, 1, None),
}
"""A second edit of the same kind where repeating the first would be refused or do nothing."""


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_two_pushes_without_a_stroke_or_merge_key_are_two_steps(name):
    doc = DOCS.get(name, make_doc)()
    original = doc.files()
    doc.push(COMMANDS[name](doc))
    first = doc.files()
    doc.push(SECOND.get(name, COMMANDS[name])(doc))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert doc.files() == first
    doc.undo_stack.undo()
    assert doc.files() == original


def test_commands_signal_exactly_what_they_touched():
    doc = make_doc()
    seen: list[Changes] = []
    doc.changed.connect(seen.append)
    doc.push(PaintTerrain(doc, ["0404", "0405"], "woods"))
    doc.push(ToggleHexsideFeature(doc, ["0404/N"], "river", True))
    doc.undo_stack.undo()
    assert seen == [Changes.of_map(hexes=["0404", "0405"]), Changes.of_map(hexsides=["0404/N"]),
                    Changes.of_map(hexsides=["0404/N"])]


@pytest.mark.parametrize("make", [
    lambda d, s, i: PaintTerrain(d, [f"0{i + 1}01"], "woods", s),
    lambda d, s, i: EraseHexes(d, [f"0{i + 1}01", "0203"], s),
    lambda d, s, i: SetLevel(d, [f"0{i + 1}02"], 2, s),
    lambda d, s, i: ShiftLevel(d, [f"0{i + 1}02"], 1, s),
    lambda d, s, i: ToggleHexsideFeature(d, [f"0{i + 1}04/N"], "river", True, s),
    lambda d, s, i: LayConnection(d, [f"0{i + 1}04/SE"], "railroad", s),
])
def test_one_stroke_merges_into_one_step_and_a_new_stroke_does_not(make):
    doc = make_doc()
    original = doc.files()
    stroke = doc.next_stroke()
    for i in range(4):
        doc.push(make(doc, stroke, i))
    assert doc.undo_stack.count() == 1
    merged = doc.files()
    doc.push(make(doc, doc.next_stroke(), 5))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert doc.files() == merged
    doc.undo_stack.undo()
    assert doc.files() == original


def test_commands_without_a_stroke_never_merge():
    doc = make_doc()
    doc.push(PaintTerrain(doc, ["0101"], "woods"))
    doc.push(PaintTerrain(doc, ["0102"], "woods"))
    assert doc.undo_stack.count() == 2


def test_shift_level_adds_missing_levels_and_undo_removes_them():
    doc = make_doc()
    doc.push(ShiftLevel(doc, ["0101"], 2))
    assert [lv.value for lv in doc.map.levels] == [0, 2]
    doc.undo_stack.undo()
    assert [lv.value for lv in doc.map.levels] == [0]


def test_undo_text_names_the_edit():
    doc = make_doc()
    doc.push(PaintTerrain(doc, ["0101"], "woods"))
    doc.push(LayConnection(doc, ["0203/N"], "railroad"))
    assert doc.undo_stack.undoText() == "Lay Railroad"
    doc.undo_stack.undo()
    assert doc.undo_stack.undoText() == "Paint Woods"


def test_save_marks_clean_and_writes_loadable_module(tmp_path):
    from hexwright.runtime.storage import load_module

    doc = make_doc()
    doc.push(PaintTerrain(doc, ["0101"], "woods"))
    doc.save(tmp_path / "m")
    assert not doc.is_dirty and doc.path == tmp_path / "m"
    assert files_from_module(load_module(tmp_path / "m").module) == doc.files()
    doc.push(SetUnderlay(doc, Underlay(image="images/scan.png"), b"png-bytes"))
    doc.save(tmp_path / "m.hwmod")
    assert load_module(tmp_path / "m.hwmod").assets == {"images/scan.png": b"png-bytes"}


def test_property_changes_of_one_field_merge_and_other_fields_do_not():
    doc = make_doc()
    original = doc.files()
    town = doc.map.hex_feature_types["town"]
    for kind in ("village", "city", "fortification"):  # arrow keys through the drop-down
        doc.push(ChangePaletteType(doc, "feature", "town", town.model_copy(update={"kind": kind}), merge_key="kind"))
    assert doc.undo_stack.count() == 1 and doc.map.hex_feature_types["town"].kind == "fortification"
    later = doc.map.hex_feature_types["town"]
    doc.push(ChangePaletteType(doc, "feature", "town", later.model_copy(update={"symbol": "*"}), merge_key="symbol"))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.files() == original
    assert isinstance(doc.map.hex_feature_types["town"], HexFeatureType)


def test_deleting_a_box_and_undoing_puts_it_back_in_its_place():
    doc = make_doc()
    for key in ("a", "b", "c"):
        doc.push(SaveBox(doc, key, Box(name=key, kind="holding")))
    doc.push(SaveBox(doc, "b", None))
    assert list(doc.map.boxes) == ["a", "c"]
    doc.undo_stack.undo()
    assert list(doc.map.boxes) == ["a", "b", "c"]
