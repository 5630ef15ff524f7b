"""Saving a variant writes only what differs from its base (issue 21), removals listed."""

from __future__ import annotations

import json
from pathlib import Path

from variant_fixtures import manifest, write_base, write_variant

from hexwright.runtime.model import HexData, Scenario
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.overlay import apply_override, apply_removal, delta
from hexwright.runtime.storage.variant_save import new_manifest, save_variant


def _files(folder: Path) -> dict[str, object]:
    return {p.relative_to(folder).as_posix(): json.loads(p.read_text()) for p in sorted(folder.rglob("*.json"))}


def test_delta_then_apply_gives_the_new_tree_back() -> None:
    base = {"a": {"b": 1, "c": [1, 2, 3, 4]}, "gone": 2, "cells": [["x", "y"], ["z", "w"]]}
    new = {"a": {"b": 2, "c": [1, 9, 3, 4], "d": {"e": 1}}, "cells": [["x", "y"], ["z", "Q"]]}
    patch, removals = delta(base, new)
    assert patch == {"a": {"b": 2, "c": {"1": 9}, "d": {"e": 1}}, "cells": {"1": {"1": "Q"}}}
    assert removals == [("gone",)]
    out = apply_override(base, patch)
    for path in removals:
        out = apply_removal(out, path)
    assert out == new


def test_saving_an_edited_composition_writes_only_the_changes(tmp_path: Path) -> None:
    base_dir = write_base(tmp_path / "base")
    base = load_module(base_dir)
    module = base.module.model_copy(deep=True)
    module.meta.id, module.meta.title = "v", "A variant"
    module.map.hexes["0303"] = HexData(terrain="rough")
    del module.map.hexes["0202"]
    module.pieces.pieces["r1"].steps[0].movement = 6
    module.tables.crts["crt"].cells[0][1] = "AR"
    module.scenarios["night_raid"] = Scenario(name="Night raid", last_turn=1)
    folder = tmp_path / "v"
    save_variant(folder, new_manifest(base.module, "v", "A variant"), base, module)
    files = _files(folder)
    assert sorted(files) == ["map.json", "pieces.json", "scenarios/night_raid.json", "tables.json", "variant.json"]
    assert files["map.json"] == {"hexes": {"0303": {"terrain": "rough"}}}
    assert files["pieces.json"] == {"pieces": {"r1": {"steps": {"0": {"movement": 6}}}}}
    assert files["tables.json"] == {"crts": {"crt": {"cells": {"0": {"1": "AR"}}}}}
    variant = files["variant.json"]
    assert isinstance(variant, dict)
    assert variant["base"] == {"id": "base", "version": ">=1.0.0, <2"}
    assert variant["remove"] == [{"file": "map.json", "path": ["hexes", "0202"]}]
    again = load_module(folder).module
    assert again.map == module.map and again.pieces == module.pieces and again.tables == module.tables
    assert again.scenarios == module.scenarios


def test_an_edit_undone_back_to_the_base_leaves_no_override_file(tmp_path: Path) -> None:
    base_dir = write_base(tmp_path / "base")
    folder = write_variant(tmp_path / "v", manifest(), {"map.json": {"hexes": {"0303": {"terrain": "rough"}}}})
    loaded = load_module(folder)
    assert loaded.composition is not None
    module = loaded.module.model_copy(deep=True)
    del module.map.hexes["0303"]
    written = save_variant(folder, loaded.composition.manifest, loaded.composition.base, module)
    assert written == ["map.json", "variant.json"]
    assert sorted(_files(folder)) == ["variant.json"]
    assert load_module(folder).module.map == load_module(base_dir).module.map
