"""A module survives folder → load → save and folder → pack → unpack byte for byte."""

from pathlib import Path

from builders import small_module

from hexwright.runtime.storage import files_from_module, load_module, pack_folder, save_module, unpack


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_folder_holds_one_file_per_concern(tmp_path):
    save_module(small_module(), tmp_path / "m")
    assert sorted(snapshot(tmp_path / "m")) == [
        "map.json", "module.json", "pieces.json", "scenarios/basic.json", "tables.json",
    ]


def test_json_is_sorted_indented_and_ends_with_newline(tmp_path):
    save_module(small_module(), tmp_path / "m")
    text = (tmp_path / "m" / "map.json").read_text("utf-8")
    assert text.endswith("}\n")
    assert text.splitlines()[1].startswith('  "')
    keys = [line.split('"')[1] for line in text.splitlines() if line.startswith('  "')]
    assert keys == sorted(keys)


def test_load_then_save_changes_no_byte(tmp_path):
    folder = tmp_path / "m"
    save_module(small_module(), folder)
    before = snapshot(folder)
    mtimes = {p: p.stat().st_mtime_ns for p in folder.rglob("*.json")}
    save_module(load_module(folder).module, folder)
    assert snapshot(folder) == before
    assert {p: p.stat().st_mtime_ns for p in folder.rglob("*.json")} == mtimes


def test_loaded_module_equals_saved_module(tmp_path):
    module = small_module()
    save_module(module, tmp_path / "m")
    assert files_from_module(load_module(tmp_path / "m").module) == files_from_module(module)


def test_pack_and_unpack_is_lossless(tmp_path):
    save_module(small_module(), tmp_path / "m")
    pack_folder(tmp_path / "m", tmp_path / "m.hwmod")
    unpack(tmp_path / "m.hwmod", tmp_path / "copy")
    assert snapshot(tmp_path / "copy") == snapshot(tmp_path / "m")


def test_pack_is_deterministic(tmp_path):
    save_module(small_module(), tmp_path / "m")
    pack_folder(tmp_path / "m", tmp_path / "a.hwmod")
    pack_folder(tmp_path / "m", tmp_path / "b.hwmod")
    assert (tmp_path / "a.hwmod").read_bytes() == (tmp_path / "b.hwmod").read_bytes()


def test_a_pack_loads_like_its_folder(tmp_path):
    save_module(small_module(), tmp_path / "m")
    pack_folder(tmp_path / "m", tmp_path / "m.hwmod")
    assert files_from_module(load_module(tmp_path / "m.hwmod").module) == files_from_module(load_module(tmp_path / "m").module)


def test_default_hexes_are_not_written_and_painting_back_restores_bytes(tmp_path):
    module = small_module()
    save_module(module, tmp_path / "a")
    module.map.hexes["0505"] = module.map.hex_data("0505").model_copy(update={"terrain": "rough"})
    module.map.hexes["0505"] = module.map.hexes["0505"].model_copy(update={"terrain": "clear"})
    save_module(module, tmp_path / "b")
    assert snapshot(tmp_path / "a") == snapshot(tmp_path / "b")


def test_removed_scenario_file_is_deleted(tmp_path):
    module = small_module()
    save_module(module, tmp_path / "m")
    module.scenarios.clear()
    save_module(module, tmp_path / "m")
    assert not (tmp_path / "m" / "scenarios" / "basic.json").exists()


def test_images_round_trip(tmp_path):
    module = small_module()
    save_module(module, tmp_path / "m", assets={"images/underlay.png": b"\x89PNG fake"})
    loaded = load_module(tmp_path / "m")
    assert loaded.assets == {"images/underlay.png": b"\x89PNG fake"}


def test_rules_file_back_to_defaults_is_removed(tmp_path):
    from hexwright.runtime.model.rules_config import RulesConfig

    module = small_module()
    module.rules = module.rules.model_copy(update={"stacking": module.rules.stacking.model_copy(update={"limit": 3})})
    save_module(module, tmp_path / "m")
    assert (tmp_path / "m" / "rules.json").exists()
    module.rules = RulesConfig()
    save_module(module, tmp_path / "m")
    assert not (tmp_path / "m" / "rules.json").exists()
    assert load_module(tmp_path / "m").module.rules == RulesConfig()
