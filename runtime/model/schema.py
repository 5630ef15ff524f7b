"""JSON Schemas of the module files, for editors and other tools (``resources/schema/``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .map import MapData
from .meta import ModuleMeta
from .pieces import PiecesData
from .rules_config import RulesConfig
from .scenario import Scenario
from .tables import TablesData
from .variant import VariantManifest

SCHEMA_FILES: dict[str, type[BaseModel]] = {
    "module.schema.json": ModuleMeta,
    "map.schema.json": MapData,
    "pieces.schema.json": PiecesData,
    "tables.schema.json": TablesData,
    "scenario.schema.json": Scenario,
    "rules.schema.json": RulesConfig,
    "variant.schema.json": VariantManifest,
}


def schemas() -> dict[str, dict[str, Any]]:
    """Every schema by file name, with a title and the format's ``$id``."""
    out = {}
    for name, model in SCHEMA_FILES.items():
        schema = model.model_json_schema()
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["$id"] = f"https://hexwright.invalid/schema/v1/{name}"
        out[name] = schema
    return out
