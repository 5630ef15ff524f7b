"""Saves of a variant record the base and every variant of the stack with their hashes, and
replay only against the same composition (issue 21). Synthetic modules, no Qt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from variant_fixtures import manifest, write_base, write_variant

from hexwright.runtime.state import Game, SaveError, load_game_bytes
from hexwright.runtime.state.save_file import save_bytes
from hexwright.runtime.storage import load_module


def _stack(tmp_path: Path, second_on: str = "first", movement: int = 5) -> Path:
    write_variant(tmp_path / "first", manifest("first"), {"pieces.json": {"pieces": {"r1": {"steps": {"0": {
        "movement": movement}}}}}})
    return write_variant(tmp_path / "second", manifest("second", second_on),
                         {"map.json": {"hexes": {"0303": {"terrain": "rough"}}}})


def test_a_save_records_base_and_variants_with_their_hashes(tmp_path: Path) -> None:
    write_base(tmp_path / "base")
    module = load_module(_stack(tmp_path)).module
    saved = json.loads(save_bytes(Game(module, "meeting", 3)))
    assert [(s["id"], s["version"]) for s in saved["stack"]] == [("base", "1.0.0"), ("first", "1.0"), ("second", "1.0")]
    assert all(s["hash"].startswith("sha256:") for s in saved["stack"])
    assert saved["module"]["id"] == "second"
    assert load_game_bytes(save_bytes(Game(module, "meeting", 3)), module).warnings == []


def test_a_save_refuses_the_same_variant_stacked_on_another_base(tmp_path: Path) -> None:
    write_base(tmp_path / "a" / "base")
    played = load_module(_stack(tmp_path / "a")).module
    data = save_bytes(Game(played, "meeting", 3))
    write_base(tmp_path / "b" / "base")
    write_variant(tmp_path / "b" / "first", manifest("first"))
    restacked = load_module(_stack(tmp_path / "b", second_on="base")).module  # second directly on base
    with pytest.raises(SaveError) as exc:
        load_game_bytes(data, restacked, "game.hwsav")
    assert exc.value.field == "stack"
    assert "played with base 1.0.0 + first 1.0 + second 1.0; this is base 1.0.0 + second 1.0" in str(exc.value)


def test_a_changed_layer_below_loads_with_a_warning(tmp_path: Path) -> None:
    write_base(tmp_path / "a" / "base")
    data = save_bytes(Game(load_module(_stack(tmp_path / "a")).module, "meeting", 3))
    write_base(tmp_path / "b" / "base")
    changed = load_module(_stack(tmp_path / "b", movement=6)).module
    warnings = load_game_bytes(data, changed, "game.hwsav").warnings
    assert "first 1.0 differs from the one this game was saved with (its content changed)" in warnings
