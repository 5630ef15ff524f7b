"""The lenient loader: cross-reference problems come back with the module; bad files still raise."""

import json

import pytest
from builders import small_module

from hexwright.runtime.model import HexData
from hexwright.runtime.storage import ModuleError, load_module, load_module_lenient, save_module


@pytest.fixture
def folder(tmp_path):
    save_module(small_module(), tmp_path / "m")
    return tmp_path / "m"


def edit(path, change):
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data), "utf-8")


def test_unknown_terrain_is_returned_not_raised(folder):
    edit(folder / "map.json", lambda d: d.setdefault("hexes", {}).update({"0203": {"terrain": "lava"}}))
    with pytest.raises(ModuleError):
        load_module(folder)
    loaded, issues = load_module_lenient(folder)
    assert loaded.module.map.hexes["0203"].terrain == "lava"
    assert [str(i) for i in issues] == ["map.json: hexes.0203.terrain (hex 0203): unknown terrain type 'lava'"]
    assert issues[0].hex == "0203"


def test_valid_module_has_no_issues_and_equals_strict_load(folder):
    loaded, issues = load_module_lenient(folder)
    assert issues == []
    assert loaded.module == load_module(folder).module


def test_pack_is_read_leniently_too(tmp_path):
    m = small_module()
    m.map.hexes["0101"] = HexData(terrain="lava")
    save_module(m, tmp_path / "m.hwmod")
    loaded, issues = load_module_lenient(tmp_path / "m.hwmod")
    assert loaded.module.map.hexes["0101"].terrain == "lava"
    assert [i.field for i in issues] == ["hexes.0101.terrain"]


def test_broken_json_and_wrong_types_still_raise(folder):
    (folder / "pieces.json").write_text('{"sides": {', "utf-8")
    with pytest.raises(ModuleError, match="broken JSON"):
        load_module_lenient(folder)


def test_wrong_type_still_raises(folder):
    edit(folder / "map.json", lambda d: d["grid"].update(cols="nine"))
    with pytest.raises(ModuleError, match="grid.cols"):
        load_module_lenient(folder)


def test_missing_path_raises(tmp_path):
    with pytest.raises(ModuleError, match="no such module"):
        load_module_lenient(tmp_path / "nope")
