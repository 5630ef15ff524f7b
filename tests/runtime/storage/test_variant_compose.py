"""Variants composed with their base (issue 21): add, change and remove every kind of content,
stacks, conflicts, missing and mismatched bases, provenance. Qt-free, synthetic modules."""

from __future__ import annotations

from pathlib import Path

import pytest
from variant_fixtures import manifest, write_base, write_variant

from hexwright.runtime.model.variant import version_matches
from hexwright.runtime.storage import ModuleError, load_module, load_module_lenient, pack_path, unpack_path
from hexwright.runtime.storage.content_hash import module_content_hash


@pytest.fixture
def base_dir(tmp_path: Path) -> Path:
    return write_base(tmp_path / "base")


def _issues(exc: pytest.ExceptionInfo[ModuleError]) -> list[str]:
    return [str(i) for i in exc.value.issues]


def test_a_variant_with_no_changes_is_its_base_under_its_own_name(base_dir: Path, tmp_path: Path) -> None:
    base = load_module(base_dir).module
    loaded = load_module(write_variant(tmp_path / "v", manifest()))
    assert loaded.module.meta.id == "what_if" and loaded.module.meta.title == "What If"
    assert loaded.module.map == base.map and loaded.module.pieces == base.pieces
    assert loaded.module.tables == base.tables and loaded.module.scenarios == base.scenarios
    assert [layer.id for layer in loaded.module.layers] == ["base", "what_if"]
    assert loaded.module.layers[0].hash == module_content_hash(base)


def test_hexes_and_hexsides_are_changed_added_and_removed(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(remove=[{"file": "map.json", "path": ["hexes", "0202"]}]),
                           {"map.json": {"hexes": {"0303": {"terrain": "rough", "level": 0},
                                                   "0404": {"features": [{"type": "village"}]}},
                                         "hexsides": {"0303/N": {"features": ["river"]}}}})
    module = load_module(folder).module
    assert module.map.hexes["0303"].terrain == "rough"
    assert [f.type for f in module.map.hexes["0404"].features] == ["village"]
    assert module.map.hexsides["0303/N"].features == ["river"]
    assert "0202" not in module.map.hexes  # explicitly removed: back to the default terrain


def test_pieces_are_added_changed_field_by_field_and_removed(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(remove=[{"file": "pieces.json", "path": ["pieces", "b1"]}]), {
        "pieces.json": {"pieces": {
            "r1": {"steps": {"0": {"movement": 5}}},
            "r2": {"side": "red", "designation": "2nd", "unit_type": "inf", "steps": [{"combat": 2}]}}},
        "scenarios/meeting.json": {"setup": [{"piece": "r1", "hex": "0101"}]}})
    pieces = load_module(folder).module.pieces.pieces
    assert sorted(pieces) == ["r1", "r2"]
    assert pieces["r1"].steps[0].movement == 5 and pieces["r1"].steps[0].combat == 4  # the rest inherited
    assert pieces["r2"].designation == "2nd"


def test_table_cells_change_alone(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"tables.json": {"crts": {"crt": {"cells": {"1": {"1": "DR"}}}}}})
    assert load_module(folder).module.tables.crts["crt"].cells == [["NE", "DR"], ["AR", "DR"]]


def test_rules_optional_rules_and_scenarios(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(remove=[{"file": "module.json", "path": ["optional_rules", "night"]},
                                                           {"file": "scenarios/meeting.json", "path": []}]), {
        "module.json": {"optional_rules": {"rain": {"name": "Rain"}}},
        "rules.json": {"stacking": {"limit": 3}},
        "scenarios/pursuit.json": {"name": "Pursuit", "last_turn": 2, "setup": [{"piece": "b1", "hex": "0303"}]}})
    module = load_module(folder).module
    assert sorted(module.meta.optional_rules) == ["rain"]
    assert module.rules.stacking.limit == 3
    assert sorted(module.scenarios) == ["pursuit"] and module.scenarios["pursuit"].last_turn == 2


def test_images_are_added_and_removed(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"images/flag.png": b"\x89PNG-not-really"})
    assert load_module(folder).assets["images/flag.png"] == b"\x89PNG-not-really"
    gone = write_variant(tmp_path / "w", manifest("w2", "what_if", remove=[{"file": "images/flag.png"}]))
    assert "images/flag.png" not in load_module(gone).assets


def test_a_stack_of_two_variants_composes_in_order_and_knows_its_layers(base_dir: Path, tmp_path: Path) -> None:
    write_variant(tmp_path / "first", manifest("first"), {
        "pieces.json": {"pieces": {"r1": {"steps": {"0": {"movement": 5}}}}},
        "map.json": {"hexes": {"0303": {"terrain": "rough"}}}})
    top = write_variant(tmp_path / "second", manifest("second", "first"), {
        "pieces.json": {"pieces": {"r1": {"steps": {"0": {"combat": 9}}}}},
        "map.json": {"hexes": {"0303": {"terrain": "marsh"}}}})
    loaded = load_module(top)
    step = loaded.module.pieces.pieces["r1"].steps[0]
    assert (step.movement, step.combat) == (5, 9)
    assert loaded.module.map.hexes["0303"].terrain == "marsh"  # the upper layer wins
    assert [layer.id for layer in loaded.module.layers] == ["base", "first", "second"]
    comp = loaded.composition
    assert comp is not None
    assert comp.origin("pieces.json", ("pieces", "r1", "steps", "0", "movement")) == "first"
    assert comp.origin("pieces.json", ("pieces", "r1", "steps", "0", "combat")) == "second"
    assert comp.origin("map.json", ("hexes", "0303", "terrain")) == "second"
    assert comp.origin("pieces.json", ("pieces", "b1", "designation")) == "base"
    assert comp.is_overridden("map.json", ("hexes", "0303")) and not comp.is_overridden("pieces.json", ("pieces", "b1"))
    assert comp.base.module.meta.id == "first"


def test_provenance_of_a_composed_value_names_the_layer(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"tables.json": {"crts": {"crt": {"cells": {"0": {"0": "DR"}}}}}})
    comp = load_module(folder).composition
    assert comp is not None
    assert comp.origin("tables.json", ("crts", "crt", "cells", "0", "0")) == "what_if"
    assert comp.origin("tables.json", ("crts", "crt", "cells", "0", "1")) == "base"
    assert comp.origin("map.json", ("hexes", "0202")) == "base"


def test_a_missing_base_is_refused_naming_variant_and_base(tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(base="nowhere"))
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    (issue,) = _issues(exc)
    assert issue.startswith("variant.json: base.id: variant 'what_if' is built on 'nowhere'")
    assert "not beside it" in issue


def test_a_base_of_another_version_is_refused(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(version=">=2.0"))
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    (issue,) = _issues(exc)
    assert issue.startswith("variant.json: base.version: variant 'what_if' needs base >=2.0; found base 1.0.0")


def test_the_highest_fitting_base_version_is_chosen_among_several(tmp_path: Path) -> None:
    write_base(tmp_path / "base-1", "1.0.0")
    write_base(tmp_path / "base-2", "1.5.0")
    write_base(tmp_path / "base-3", "2.0.0")
    loaded = load_module(write_variant(tmp_path / "v", manifest(version=">=1.0, <2")))
    assert loaded.module.layers[0].version == "1.5.0"


def test_a_base_pinned_by_hash_refuses_other_content(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", {**manifest(), "base": {"id": "base", "hash": "sha256:" + "0" * 64}})
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    assert _issues(exc)[0].startswith("variant.json: base.hash: variant 'what_if' needs the base with content sha256:000")
    pinned = {**manifest("pinned"), "base": {"id": "base", "hash": module_content_hash(load_module(base_dir).module)}}
    assert load_module(write_variant(tmp_path / "p", pinned)).module.meta.id == "pinned"


def test_a_change_to_something_the_base_no_longer_has_is_a_conflict(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"pieces.json": {"pieces": {"gone": {"steps": [{"combat": 1}]}}}})
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    issues = _issues(exc)
    assert any(i.startswith("pieces.json: pieces.gone.side: Field required — variant 'what_if' changes pieces.gone, "
                            "which base 'base' 1.0.0 does not have") for i in issues)


def test_a_cell_past_the_end_of_the_bases_table_is_a_conflict(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"tables.json": {"crts": {"crt": {"cells": {"7": {"0": "DR"}}}}}})
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    assert _issues(exc) == ["tables.json: crts.crt.cells.7: variant 'what_if' changes entry 7 of a list of 2, "
                            "but base 'base' 1.0.0 does not have it any more"]


def test_removing_what_the_base_does_not_have_is_a_conflict(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(remove=[{"file": "pieces.json", "path": ["pieces", "zz"]},
                                                           {"file": "scenarios/none.json"}]))
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    assert _issues(exc) == [
        "pieces.json: pieces.zz: variant 'what_if' removes it, but base 'base' 1.0.0: not there to remove",
        "variant.json: remove: variant 'what_if' removes scenarios/none.json, which base 'base' 1.0.0 does not have"]


def test_a_bad_value_set_by_a_variant_names_file_field_hex_and_variant(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"map.json": {"hexes": {"0303": {"terrain": "lava"}}}})
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    (issue,) = _issues(exc)
    assert issue.startswith("map.json: hexes.0303.terrain (hex 0303): ")
    assert "'lava'" in issue and issue.endswith("(set by variant 'what_if' on base 'base' 1.0.0)")
    loaded, problems = load_module_lenient(folder)  # the editor still opens it, to repair it
    assert loaded.module.map.hexes["0303"].terrain == "lava" and len(problems) == 1


def test_a_variant_may_not_rename_itself_in_a_module_override(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"module.json": {"id": "base"}})
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    assert _issues(exc)[0].startswith("module.json: id: a variant says its id in variant.json")


def test_variants_that_name_each_other_are_refused_as_a_loop(tmp_path: Path) -> None:
    write_variant(tmp_path / "a", manifest("a", "b"))
    folder = write_variant(tmp_path / "b", manifest("b", "a"))
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    assert "loop" in str(exc.value)


def test_a_variant_packs_and_unpacks_alone_and_loads_from_the_pack(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"map.json": {"hexes": {"0303": {"terrain": "rough"}}}})
    pack = tmp_path / "what_if.hwmod"
    pack_path(folder, pack)
    assert load_module(pack).module.map.hexes["0303"].terrain == "rough"  # the base found beside the pack
    names = unpack_path(pack, tmp_path / "again")
    assert names == ["map.json", "variant.json"]


def test_a_variant_pack_from_a_stranger_without_its_base_is_refused_before_unpacking(tmp_path: Path) -> None:
    base = write_base(tmp_path / "home" / "base")
    folder = write_variant(tmp_path / "home" / "v", manifest())
    pack = tmp_path / "elsewhere" / "v.hwmod"
    pack.parent.mkdir()
    pack_path(folder, pack)
    with pytest.raises(ModuleError) as exc:
        unpack_path(pack, tmp_path / "elsewhere" / "out")
    assert "base.id" in str(exc.value) and not (tmp_path / "elsewhere" / "out").exists()
    assert unpack_path(pack, tmp_path / "elsewhere" / "out", bases=[base]) == ["variant.json"]


@pytest.mark.parametrize(("version", "spec", "fits"), [
    ("1.0.0", "", True), ("1.0.0", "*", True), ("1.0", "1.0.0", True), ("1.10.0", ">=1.9", True),
    ("2.0", ">=1.0, <2", False), ("1.4.2", "~=1.4", True), ("2.0", "~=1.4", False), ("1.0", "!=1.0", False)])
def test_version_ranges(version: str, spec: str, fits: bool) -> None:
    assert version_matches(version, spec) is fits


def test_a_key_that_only_looks_like_a_position_is_refused_as_data(base_dir: Path, tmp_path: Path) -> None:
    """A stranger's override keyed "²" (a digit to Python, not a list position) is a clear error."""
    folder = write_variant(tmp_path / "v", manifest(), {"tables.json": {"crts": {"crt": {"cells": {"²": ["DR"]}}}}})
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    assert all(i.file == "tables.json" for i in exc.value.issues)


def test_a_change_to_a_scenario_the_base_no_longer_has_names_both(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(), {"scenarios/gone.json": {"last_turn": 9}})
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    assert _issues(exc) == ["scenarios/gone.json: name: Field required — variant 'what_if' changes "
                            "scenarios/gone.json, which base 'base' 1.0.0 does not have"]


def test_a_base_given_by_path_is_found_wherever_it_is(tmp_path: Path) -> None:
    base = write_base(tmp_path / "far" / "away" / "base")
    folder = write_variant(tmp_path / "v", manifest())
    with pytest.raises(ModuleError):
        load_module(folder)
    assert load_module(folder, [base]).module.layers[0].id == "base"
    assert load_module(folder, [tmp_path / "far" / "away"]).module.layers[0].id == "base"  # a folder of modules


def test_a_removal_naming_a_path_outside_the_folder_is_refused(base_dir: Path, tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", manifest(remove=[{"file": "images/../../etc/passwd"}]))
    with pytest.raises(ModuleError) as exc:
        load_module(folder)
    (issue,) = exc.value.issues
    assert (issue.file, issue.field) == ("variant.json", "remove.0.file") and "inside the module folder" in issue.message
