"""Hex and hexside data read from a file: one instance per distinct value, shared and frozen
(runtime/model/shared_data.py); the same bytes saved, and the same errors for bad input."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from builders import small_module
from pydantic import ValidationError

from hexwright.runtime.model import HexData, HexFeature, MapData
from hexwright.runtime.storage import ModuleError, load_module, save_module


@pytest.fixture
def folder(tmp_path):
    module = small_module()
    for label in ("0301", "0302", "0303"):
        module.map.hexes[label] = HexData(terrain="woods", level=0)
    save_module(module, tmp_path / "m")
    return tmp_path / "m"


def _map_json(folder, change) -> None:
    path = folder / "map.json"
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data), "utf-8")


def _messages(folder) -> list[str]:
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    return [str(issue) for issue in caught.value.issues]


def test_hexes_holding_the_same_values_share_one_instance_and_save_the_same_bytes(folder, tmp_path):
    hexes = load_module(folder).module.map.hexes
    assert hexes["0301"] is hexes["0302"] is hexes["0303"]
    assert hexes["0301"] == HexData(terrain="woods")
    before = {p.name: p.read_bytes() for p in folder.glob("*.json")}
    save_module(load_module(folder).module, tmp_path / "again")
    assert {p.name: p.read_bytes() for p in (tmp_path / "again").glob("*.json")} == before


def test_shared_hex_data_is_replaced_never_changed_in_place(folder):
    m = load_module(folder).module.map
    shared = m.hexes["0301"]
    with pytest.raises(TypeError, match="replace a hex's data"):
        shared.features.append(HexFeature(type="town"))
    with pytest.raises(ValidationError, match="frozen"):
        shared.level = 2
    m.hexes["0302"] = shared.model_copy(update={"features": [*shared.features, HexFeature(type="town")]})
    assert [f.type for f in m.hexes["0302"].features] == ["town"]
    assert m.hexes["0301"].features == [] and m.hexes["0303"].features == []


def test_shared_hexside_lists_refuse_changes_and_copies_keep_the_values(folder):
    _map_json(folder, lambda d: d["hexsides"].update({"0301/N": {"features": ["river"]},
                                                      "0302/N": {"features": ["river"]}}))
    module = load_module(folder).module
    sides = module.map.hexsides
    assert sides["0301/N"] is sides["0302/N"]
    with pytest.raises(TypeError):
        sides["0301/N"].connections.append("road")
    with pytest.raises(TypeError):
        sides["0301/N"].features[0] = "stream"
    for copied in (copy.deepcopy(module), pickle.loads(pickle.dumps(module)), module.model_copy(deep=True)):
        assert copied == module and copied.map.hexsides["0302/N"].features == ["river"]
    assert MapData.model_validate(module.map.model_dump()) == module.map


@pytest.mark.parametrize(("change", "wanted"), [
    (lambda d: d["hexes"]["0302"].update(level="high"), "map.json: hexes.0302.level (hex 0302): "),
    (lambda d: d["hexes"]["0303"].update(level=True), "map.json: hexes.0303.level (hex 0303): "),
    (lambda d: d["hexes"]["0302"].update(terrain=7), "map.json: hexes.0302.terrain (hex 0302): "),
    (lambda d: d["hexes"]["0302"].update(terrain="no good"), "map.json: hexes.0302.terrain (hex 0302): "),
    (lambda d: d["hexes"].update({"0304": []}), "map.json: hexes.0304 (hex 0304): "),
    (lambda d: d["hexes"].update({"": {"level": 1}}), "map.json: hexes..[key]: String should have at least 1 character"),
    (lambda d: d["hexsides"].update({"0301/N": {"features": [3]}}), "map.json: hexsides.0301/N.features.0 (hex 0301): "),
    (lambda d: d["hexsides"].update({"0301/N": {"features": "river"}}), "map.json: hexsides.0301/N.features (hex 0301): "),
    (lambda d: d["hexsides"].update({"0301/N": {"features": [["river"]]}}), "map.json: hexsides.0301/N.features.0 (hex 0301): "),
])
def test_a_bad_value_among_shared_ones_is_named_by_file_field_and_hex(folder, change, wanted):
    _map_json(folder, change)
    [message] = _messages(folder)
    assert message.startswith(wanted), message
