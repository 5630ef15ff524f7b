"""Small synthetic modules and variants for the composition tests (no bundled game needed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hexwright.runtime.model import (
    CombatResultsTable,
    CrtColumn,
    HexData,
    OptionalRule,
    Piece,
    Placement,
    ResultCode,
    Scenario,
    Side,
    StepValues,
    UnitType,
    new_module,
)
from hexwright.runtime.model.module import Module
from hexwright.runtime.storage import save_module


def base_module(version: str = "1.0.0") -> Module:
    """A 6×5 map, two sides, two units, a CRT, an optional rule and one scenario."""
    module = new_module("base", "Base game", 6, 5)
    module.meta.version = version
    module.meta.optional_rules = {"night": OptionalRule(name="Night turns")}
    module.map.hexes["0202"] = HexData(terrain="woods", level=0)
    pieces = module.pieces
    pieces.sides = {"red": Side(name="Red", color="#cc0000"), "blue": Side(name="Blue", color="#0000cc")}
    pieces.unit_types = {"inf": UnitType(name="Infantry", movement_class="foot")}
    pieces.pieces = {
        "r1": Piece(side="red", designation="1st", unit_type="inf", steps=[StepValues(combat=4, movement=3)]),
        "b1": Piece(side="blue", designation="A", unit_type="inf", steps=[StepValues(combat=3, movement=4)]),
    }
    module.tables.crts = {"crt": CombatResultsTable(
        name="CRT", kind="odds", columns=[CrtColumn(label="1:1"), CrtColumn(label="2:1")], rows=[1, 2],
        cells=[["NE", "DR"], ["AR", "NE"]],
        results={"NE": ResultCode(name="No effect"), "DR": ResultCode(name="Defender retreats"),
                 "AR": ResultCode(name="Attacker retreats")})}
    module.scenarios = {"meeting": Scenario(name="Meeting", last_turn=4, setup=[
        Placement(piece="r1", hex="0101"), Placement(piece="b1", hex="0505")])}
    return module


def write_base(folder: Path, version: str = "1.0.0") -> Path:
    save_module(base_module(version), folder)
    return folder


def write_variant(folder: Path, manifest: dict[str, Any], files: dict[str, Any] | None = None) -> Path:
    """A variant folder: ``variant.json`` and override files given as JSON values (or bytes)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "variant.json").write_text(json.dumps(manifest), encoding="utf-8")
    for name, value in (files or {}).items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(value, bytes):
            target.write_bytes(value)
        else:
            target.write_text(json.dumps(value), encoding="utf-8")
    return folder


def manifest(variant_id: str = "what_if", base: str = "base", version: str = "", **extra: Any) -> dict[str, Any]:
    return {"id": variant_id, "title": variant_id.replace("_", " ").title(), "version": "1.0",
            "base": {"id": base, "version": version}, **extra}
