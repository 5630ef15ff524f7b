"""A module as a set of files: which file holds what, parsing with clear errors, dumping.

Both the folder form and the packed ``.hwmod`` form go through here, so they read and
write exactly the same bytes.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from hexwright.runtime.model import MapData, Module, ModuleMeta, PiecesData, Scenario, TablesData
from hexwright.runtime.model.canonical import canonical
from hexwright.runtime.model.rules import RulesConfig
from hexwright.runtime.validation import check_module

from .errors import ModuleError, ModuleIssue
from .jsonio import dumps
from .migrate import migrate

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
    return name in MODEL_FILES or bool(SCENARIO_RE.match(name) or ASSET_RE.match(name))


def is_misnamed_scenario(name: str) -> bool:
    """A JSON file directly in ``scenarios/`` whose name is no scenario id (it would be skipped)."""
    return name.startswith("scenarios/") and name.endswith(".json") and name.count("/") == 1 \
        and not SCENARIO_RE.match(name)


@dataclass
class LoadedModule:
    """A module and its binary assets (``images/…``), as read from a folder or a pack."""

    module: Module
    assets: dict[str, bytes] = field(default_factory=dict)


def _field_path(loc: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in loc)


def _hex_of(name: str, loc: tuple[Any, ...]) -> str:
    if name == "map.json" and len(loc) >= 2 and loc[0] in ("hexes", "hexsides"):
        return str(loc[1]).split("/")[0]
    return ""


def _issues_from_validation(name: str, error: ValidationError) -> list[ModuleIssue]:
    issues = []
    for err in error.errors(include_url=False):
        loc = tuple(err["loc"])
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = "unknown field"
        elif "input" in err and err["type"] not in ("missing",) and not isinstance(err["input"], (dict, list)):
            message = f"{message} (got {err['input']!r})"
        issues.append(ModuleIssue(name, _field_path(loc), message, _hex_of(name, loc)))
    return issues


def parse_json(name: str, data: bytes) -> Any:
    """Parse one file's bytes as JSON; errors name the file, line and column."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ModuleError(ModuleIssue(name, "", f"not UTF-8 text (byte {exc.start})")) from None
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                          object_pairs_hook=_object_without_repeats)
    except json.JSONDecodeError as exc:
        raise ModuleError(ModuleIssue(name, "", f"broken JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")) from None
    except RecursionError:
        raise ModuleError(ModuleIssue(name, "", "JSON nested too deeply")) from None
    except _StrictJsonError as exc:
        raise ModuleError(ModuleIssue(name, exc.field, str(exc))) from None


class _StrictJsonError(ValueError):
    """Valid to Python's parser, refused in a module: NaN, infinities, repeated keys."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def _refuse_constant(token: str) -> Any:
    raise _StrictJsonError(f"{token} is not a finite number (JSON has no NaN or Infinity)")


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _StrictJsonError(f"{token} is not a finite number (too large)")
    return value


def _object_without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _StrictJsonError(f"key {key!r} is written twice in one object")
        obj[key] = value
    return obj


def module_from_files(files: dict[str, bytes]) -> LoadedModule:
    """Build a module from its files' bytes, reporting every problem at once."""
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
    if issues:
        raise ModuleError(issues)
    raw = migrate(raw)

    parts: dict[str, BaseModel] = {}
    scenarios: dict[str, Scenario] = {}
    for name, value in raw.items():
        scenario = SCENARIO_RE.match(name)
        model = Scenario if scenario else MODEL_FILES[name]
        try:
            parsed = model.model_validate(value)
        except ValidationError as exc:
            issues.extend(_issues_from_validation(name, exc))
            continue
        if scenario:
            scenarios[scenario.group(1)] = parsed
        else:
            parts[name] = parsed
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
