"""Bad input gets a clear error naming the file, the field and the hex — never a traceback."""

import json

import pytest
from builders import small_module

from hexwright.runtime.storage import ModuleError, load_module, save_module


@pytest.fixture
def folder(tmp_path):
    save_module(small_module(), tmp_path / "m")
    return tmp_path / "m"


def edit(path, change):
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data), "utf-8")


def messages(folder) -> list[str]:
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    return [str(issue) for issue in caught.value.issues]


def test_broken_json_names_file_line_and_column(folder):
    (folder / "pieces.json").write_text('{"sides": {', "utf-8")
    [message] = messages(folder)
    assert message.startswith("pieces.json: broken JSON at line 1 column")


def test_wrong_type_names_file_and_field(folder):
    edit(folder / "map.json", lambda d: d["grid"].update(cols="nine"))
    [message] = messages(folder)
    assert message.startswith("map.json: grid.cols:")
    assert "'nine'" in message


def test_unknown_terrain_names_file_field_and_hex(folder):
    edit(folder / "map.json", lambda d: d["hexes"]["0203"].update(terrain="lava"))
    [message] = messages(folder)
    assert message == "map.json: hexes.0203.terrain (hex 0203): unknown terrain type 'lava'"


def test_unknown_field_is_an_error(folder):
    edit(folder / "map.json", lambda d: d["hexes"]["0203"].update(terain="woods"))
    [message] = messages(folder)
    assert message == "map.json: hexes.0203.terain (hex 0203): unknown field"


def test_hex_off_the_map_is_named(folder):
    edit(folder / "map.json", lambda d: d["hexes"].update({"0907": {"terrain": "woods"}}))
    assert messages(folder) == ["map.json: hexes.0907 (hex 0907): not a hex of this map"]


def test_hexside_must_be_canonical(folder):
    edit(folder / "map.json", lambda d: d["hexsides"].update({"0202/S": {"features": ["river"]}}))
    [message] = messages(folder)
    assert "canonical form '0203/N'" in message and "(hex 0202)" in message


def test_each_kind_of_map_slip_is_named_among_sound_hexes_and_hexsides(folder):
    """The checks find the odd hex or hexside among many sound ones (they pick them out by set
    operations over the whole map first): each slip is named with its field and hex."""
    def slips(d):
        d["levels"] = [{"value": 0}, {"value": 1}]
        d["hexes"].update({f"05{r:02d}": {"terrain": "woods", "level": 1} for r in range(1, 6)})
        d["hexes"]["0402"] = {"level": 7}
        d["hexes"]["0403"] = {"features": [{"type": "castle"}]}
        d["hexes"]["0404"] = {"features": [{"type": "town", "side": "martians"}]}
        d["hexsides"].update({f"05{r:02d}/N": {"features": ["river"]} for r in range(2, 6)})
        d["hexsides"]["0401/N"] = {"features": ["lava"]}
        d["hexsides"]["0402/NE"] = {"connections": ["canal"]}
        d["hexsides"]["0404/SW"] = {"features": ["river"]}
    edit(folder / "map.json", slips)
    assert messages(folder) == [
        "map.json: hexes.0402.level (hex 0402): level 7 is not among the map's levels",
        "map.json: hexes.0403.features.0.type (hex 0403): unknown hex feature type 'castle'",
        "map.json: hexes.0404.features.0.side (hex 0404): unknown side 'martians'",
        "map.json: hexsides.0401/N.features.0 (hex 0401): unknown hexside feature type 'lava'",
        "map.json: hexsides.0402/NE.connections.0 (hex 0402): unknown road/rail type 'canal'",
        "map.json: hexsides.0404/SW (hex 0404): hexside id must be written in canonical form '0305/NE'",
    ]


def test_every_problem_is_listed_at_once(folder):
    edit(folder / "map.json", lambda d: d["hexes"]["0203"].update(terrain="lava"))
    edit(folder / "scenarios" / "basic.json", lambda d: d["setup"][0].update(hex="0999"))
    assert messages(folder) == [
        "map.json: hexes.0203.terrain (hex 0203): unknown terrain type 'lava'",
        "scenarios/basic.json: setup.0.hex (hex 0999): hex '0999' is not on the map",
    ]


def test_crt_with_undefined_result_code_names_the_cell(folder):
    edit(folder / "tables.json", lambda d: d["crts"]["crt"]["cells"][1].__setitem__(1, "D3"))
    assert messages(folder) == [
        "tables.json: crts.crt.cells.1.1: undefined result code 'D3' in row 2, column '1+'",
    ]


def test_missing_map_file(folder):
    (folder / "map.json").unlink()
    assert messages(folder) == ["map.json: file is missing"]


def test_newer_format_is_refused_with_reason(folder):
    edit(folder / "module.json", lambda d: d.update(format_version=99))
    [message] = messages(folder)
    assert "format 99" in message and "newer Hexwright" in message


def test_underlay_path_cannot_leave_the_folder(folder):
    edit(folder / "map.json", lambda d: d["grid"].update(underlay={"image": "../../etc/passwd"}))
    [message] = messages(folder)
    assert message.startswith("map.json: grid.underlay.image:")


def test_not_a_module(tmp_path):
    with pytest.raises(ModuleError) as caught:
        load_module(tmp_path / "nothing")
    assert "no such module folder" in str(caught.value)


def test_deeply_nested_json_is_an_error_not_a_crash(folder):
    (folder / "tables.json").write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    [message] = messages(folder)
    assert message.startswith("tables.json: ") and "nested too deeply" in message


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_nan_and_infinite_numbers_are_refused(folder, token):
    text = (folder / "map.json").read_text("utf-8").replace('"grid": {', f'"grid": {{"origin_x": {token}, ', 1)
    (folder / "map.json").write_text(text, "utf-8")
    [message] = messages(folder)
    assert message.startswith("map.json: ") and "not a finite number" in message


def test_a_key_written_twice_is_an_error(folder):
    text = (folder / "module.json").read_text("utf-8").replace("{", '{"id": "other", ', 1)
    (folder / "module.json").write_text(text, "utf-8")
    [message] = messages(folder)
    assert message.startswith("module.json: ") and "'id'" in message and "twice" in message


def test_linked_scenario_folder_is_refused_not_skipped(folder, tmp_path):
    (folder / "scenarios").rename(tmp_path / "elsewhere")
    (folder / "scenarios").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert messages(folder) == ["scenarios: links are not allowed in a module"]


@pytest.mark.parametrize("name", ["My scenario.json", "-first.json", "été.json"])
def test_scenario_file_with_a_name_that_is_not_an_id_is_named_not_skipped(folder, name):
    (folder / "scenarios" / "basic.json").rename(folder / "scenarios" / name)
    [message] = messages(folder)
    assert message.startswith(f"scenarios/{name}: ") and "not a scenario id" in message


def test_scenario_file_with_a_bad_name_in_a_pack_is_named(folder, tmp_path):
    from hexwright.runtime.storage import files_from_module, pack_files
    from hexwright.runtime.storage import load_module as load

    files = files_from_module(load(folder).module)
    files["scenarios/a b.json"] = files.pop("scenarios/basic.json")
    (tmp_path / "m.hwmod").write_bytes(pack_files(files))
    [message] = messages(tmp_path / "m.hwmod")
    assert message.startswith("scenarios/a b.json: ")
