"""A module as a set of files: which file holds what, parsing with clear errors, dumping.

Both the folder form and the packed ``.hwmod`` form go through here, so they read and
write exactly the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from hexwright.runtime.model import MapData, Module, ModuleMeta, PiecesData, Scenario, TablesData
from hexwright.runtime.model.canonical import canonical
from hexwright.runtime.model.rules_config import RulesConfig
from hexwright.runtime.validation import check_module

from .collector import collector_paused
from .errors import ModuleError, ModuleIssue
from .jsonio import dumps
from .migrate import migrate
from .strict_json import JsonProblem, loads_strict

Report = Callable[[int, int], None]
"""``report(done, total)`` on long work (a progress bar or dialog); it may raise to stop before anything is written."""

if TYPE_CHECKING:
    from .compose import Composition

MODEL_FILES: dict[str, type[BaseModel]] = {
    "module.json": ModuleMeta,
    "map.json": MapData,
    "pieces.json": PiecesData,
    "tables.json": TablesData,
    "rules.json": RulesConfig,
}
REQUIRED_FILES = ("module.json", "map.json")
SCENARIO_RE = re.compile(r"^scenarios/([A-Za-z0-9][A-Za-z0-9_.\-]*)\.json$")
ASSET_RE = re.compile(r"^images/[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)*$")


def is_module_file(name: str) -> bool:
    """Whether ``name`` (a relative POSIX path) is one of the files a module is made of."""
    return name in MODEL_FILES or name == "variant.json" or bool(SCENARIO_RE.match(name) or ASSET_RE.match(name))


def is_misnamed_scenario(name: str) -> bool:
    """A JSON file directly in ``scenarios/`` whose name is no scenario id (it would be skipped)."""
    return name.startswith("scenarios/") and name.endswith(".json") and name.count("/") == 1 \
        and not SCENARIO_RE.match(name)


@dataclass
class LoadedModule:
    """A module and its binary assets (``images/…``), as read from a folder or a pack."""

    module: Module
    assets: dict[str, bytes] = field(default_factory=dict)
    composition: Composition | None = None
    """For a variant: its base, its layers and where each value came from (:mod:`.compose`)."""


def _field_path(loc: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in loc)


def _hex_of(name: str, loc: tuple[Any, ...]) -> str:
    if name == "map.json" and len(loc) >= 2 and loc[0] in ("hexes", "hexsides"):
        return str(loc[1]).split("/")[0]
    return ""


MAX_ISSUES_PER_FILE = 200
"""As many problems as :mod:`runtime.validation` lists per file; one more line counts the rest."""
MAX_MAP_ENTRIES = 400 * 400 * 4
"""Hexes and hexsides a map.json may list: a 400×400 grid has 160,000 hexes and three times as many sides."""


def _issues_from_validation(name: str, error: ValidationError) -> list[ModuleIssue]:
    issues = []
    count = error.error_count()
    if count > MAX_ISSUES_PER_FILE:
        issues.append(ModuleIssue(name, "", f"{count} problems in this file: {MAX_ISSUES_PER_FILE} are listed, "
                                            f"and {count - MAX_ISSUES_PER_FILE} more are not"))
    for err in error.errors(include_url=False)[:MAX_ISSUES_PER_FILE]:
        loc = tuple(err["loc"])
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = "unknown field"
        elif "input" in err and err["type"] not in ("missing",) and not isinstance(err["input"], (dict, list)):
            message = f"{message} (got {err['input']!r})"
        issues.append(ModuleIssue(name, _field_path(loc), message, _hex_of(name, loc)))
    return issues


def _oversized(raw_map: Any) -> list[ModuleIssue]:
    """A map.json listing more hexes or hexsides than any grid has: refused before each is checked."""
    if not isinstance(raw_map, dict):
        return []
    return [ModuleIssue("map.json", key, f"{len(raw_map[key])} entries; no map has more than {MAX_MAP_ENTRIES}")
            for key in ("hexes", "hexsides") if isinstance(raw_map.get(key), (dict, list))
            and len(raw_map[key]) > MAX_MAP_ENTRIES]


def parse_json(name: str, data: bytes) -> Any:
    """Parse one file's bytes as strict JSON (:mod:`.strict_json`); errors name the file and the line or field."""
    try:
        return loads_strict(data)
    except JsonProblem as exc:
        raise ModuleError(ModuleIssue(name, exc.field, str(exc))) from None


def module_from_files(files: dict[str, bytes]) -> LoadedModule:
    """Build a module from its files' bytes, reporting every problem at once."""
    with collector_paused():
        loaded = parse_module_files(files)
        problems = check_module(loaded.module, loaded.assets)
    if problems:
        raise ModuleError(problems)
    return loaded


def parse_module_files(files: dict[str, bytes]) -> LoadedModule:
    """Parse and type-check every file (JSON, pydantic) without the cross-reference checks.

    Raises ModuleError for a missing file, broken JSON or a value of the wrong type."""
    issues: list[ModuleIssue] = []
    raw: dict[str, Any] = {}
    assets: dict[str, bytes] = {}
    for required in REQUIRED_FILES:
        if required not in files:
            issues.append(ModuleIssue(required, "", "file is missing"))
    for name in sorted(files):
        if is_misnamed_scenario(name):
            issues.append(ModuleIssue(name, "", "not a scenario id: a scenario file is named with letters, "
                                                "digits, _ . - (and starts with a letter or digit)"))
        elif name in MODEL_FILES or SCENARIO_RE.match(name):
            try:
                raw[name] = parse_json(name, files[name])
            except ModuleError as exc:
                issues.extend(exc.issues)
        elif ASSET_RE.match(name):
            assets[name] = files[name]
    issues += _oversized(raw.get("map.json"))
    if issues:
        raise ModuleError(issues)
    raw = migrate(raw)

    parts: dict[str, BaseModel] = {}
    scenarios: dict[str, Scenario] = {}
    for name, value in raw.items():
        scenario = SCENARIO_RE.match(name)
        try:
            if scenario:
                scenarios[scenario.group(1)] = Scenario.model_validate(value)
            else:
                parts[name] = MODEL_FILES[name].model_validate(value)
        except ValidationError as exc:
            issues.extend(_issues_from_validation(name, exc))
    if issues:
        raise ModuleError(issues)
    module = Module(
        meta=parts["module.json"],
        map=parts["map.json"],
        pieces=parts.get("pieces.json", PiecesData()),
        tables=parts.get("tables.json", TablesData()),
        rules=parts.get("rules.json", RulesConfig()),
        scenarios=scenarios,
    )
    return LoadedModule(module, assets)


def _dump(model: BaseModel) -> str:
    return dumps(model.model_dump(mode="json", exclude_defaults=True))


def files_from_module(module: Module, assets: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """The exact bytes of every file of ``module``; the same module gives the same bytes."""
    with collector_paused():  # hundreds of thousands of dicts made and dropped
        return _files_from_module(module, assets)


def _files_from_module(module: Module, assets: dict[str, bytes] | None) -> dict[str, bytes]:
    module = canonical(module)
    meta = module.meta.model_dump(mode="json", exclude_defaults=True)
    meta["format_version"] = module.meta.format_version
    files = {
        "module.json": dumps(meta).encode("utf-8"),
        "map.json": _dump(module.map).encode("utf-8"),
        "pieces.json": _dump(module.pieces).encode("utf-8"),
        "tables.json": _dump(module.tables).encode("utf-8"),
    }
    if module.rules != RulesConfig():  # rules.json only once the module configures its rules
        files["rules.json"] = _dump(module.rules).encode("utf-8")
    for scenario_id, scenario in module.scenarios.items():
        files[f"scenarios/{scenario_id}.json"] = _dump(scenario).encode("utf-8")
    for name, data in (assets or {}).items():
        if not ASSET_RE.match(name):
            raise ModuleError(ModuleIssue(name, "", "assets must live under images/ with plain names"))
        files[name] = data
    return files
