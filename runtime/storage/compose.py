"""Composing a variant with its base: one module, every value knowing which layer set it.

The base is the canonical files of the module below (itself composed when it is a variant);
each override file of the variant is merged into the file of the same name
(:func:`overlay.apply_override`), the removals are applied, and the result is parsed and
checked as one module, so it is refused or accepted exactly as a module folder would be.
Every problem names the file, the field, the hex where there is one, and which variant and
which base it is between.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from hexwright.runtime.model import FORMAT_VERSION, Module
from hexwright.runtime.model.variant import VARIANT_FILE, LayerRef, VariantManifest
from hexwright.runtime.validation import check_module

from .content_hash import files_hash
from .errors import ModuleError, ModuleIssue
from .files import (
    ASSET_RE,
    MODEL_FILES,
    SCENARIO_RE,
    LoadedModule,
    files_from_module,
    is_misnamed_scenario,
    parse_json,
    parse_module_files,
)
from .jsonio import dumps
from .overlay import Conflict, Path, apply_override, apply_removal, is_index

Key = tuple[str, Path]
"""A value of a composed module: its file and its path in that file's JSON."""
IDENTITY = ("id", "title", "version", "description", "authors")
"""What a variant says in ``variant.json`` about itself, and never in a ``module.json`` override."""


@dataclass
class Composition:
    """How a composed module was made: its layers, the base below the top variant, and origins."""

    manifest: VariantManifest
    base: LoadedModule
    """The module the top variant is built on (composed itself if it is a variant)."""
    layers: tuple[LayerRef, ...]
    """The base module first, then each variant, the top one last (what a save records)."""
    origins: dict[Key, str] = field(default_factory=dict)
    """Every value a variant set, by the id of the variant that set it last."""
    removed: dict[Key, str] = field(default_factory=dict)
    """Every value a variant removed, by the id of the variant that removed it."""

    def origin(self, file: str, path: Path = ()) -> str:
        """The id of the layer a value comes from: the variant that set it or a value around it,
        else the base module's id."""
        for depth in range(len(path), -1, -1):
            found = self.origins.get((file, path[:depth]))
            if found is not None:
                return found
        return self.layers[0].id

    def is_overridden(self, file: str, path: Path = ()) -> bool:
        """Whether the top variant (not a variant below it) set or removed this value or one inside it."""
        top = self.manifest.id
        if self.origin(file, path) == top:
            return True
        n = len(path)
        return any(f == file and p[:n] == path and who == top for (f, p), who in
                   (*self.origins.items(), *self.removed.items()))


def parse_manifest(files: dict[str, bytes]) -> VariantManifest:
    raw = parse_json(VARIANT_FILE, files[VARIANT_FILE])
    try:
        manifest = VariantManifest.model_validate(raw)
    except ValidationError as exc:
        raise ModuleError([ModuleIssue(VARIANT_FILE, ".".join(str(p) for p in err["loc"]),
                                       "unknown field" if err["type"] == "extra_forbidden" else err["msg"])
                           for err in exc.errors(include_url=False)]) from None
    if manifest.format_version > FORMAT_VERSION:
        raise ModuleError(ModuleIssue(VARIANT_FILE, "format_version", f"this variant uses format "
                                      f"{manifest.format_version}, made by a newer Hexwright; this one reads up to "
                                      f"{FORMAT_VERSION}"))
    return manifest


def _override_files(files: dict[str, bytes]) -> tuple[dict[str, Any], dict[str, bytes], list[ModuleIssue]]:
    """The variant's JSON overrides and images; problems for files a variant may not hold."""
    overrides: dict[str, Any] = {}
    assets: dict[str, bytes] = {}
    issues: list[ModuleIssue] = []
    for name in sorted(files):
        if name == VARIANT_FILE:
            continue
        if is_misnamed_scenario(name):
            issues.append(ModuleIssue(name, "", "not a scenario id (letters, digits, _ . -)"))
        elif name in MODEL_FILES or SCENARIO_RE.match(name):
            try:
                value = parse_json(name, files[name])
            except ModuleError as exc:
                issues += exc.issues
                continue
            if not isinstance(value, dict):
                issues.append(ModuleIssue(name, "", "an override file holds one JSON object"))
            else:
                overrides[name] = value
        elif ASSET_RE.match(name):
            assets[name] = files[name]
    module_patch = overrides.get("module.json", {})
    for key in ("format_version", *IDENTITY):
        if key in module_patch:
            issues.append(ModuleIssue("module.json", key, f"a variant says its {key} in {VARIANT_FILE}, "
                                      "not in a module.json override" if key != "format_version"
                                      else "a variant's format version is in variant.json"))
    return overrides, assets, issues


def base_files(base: Module, files: dict[str, bytes] | None = None) -> dict[str, Any]:
    """The base's files as JSON (the canonical form: defaults left out), ready to be overridden
    (``files``: its canonical bytes, when the caller has them already)."""
    return {name: json.loads(data) for name, data in (files or files_from_module(base)).items()}


def compose(files: dict[str, bytes], base: LoadedModule, *, lenient: bool = False) -> tuple[LoadedModule,
                                                                                        list[ModuleIssue]]:
    """The module ``files`` (a variant's) make of ``base``; with its cross-reference problems
    when ``lenient`` (the editor opens a variant with problems to repair it), else raising them."""
    manifest = parse_manifest(files)
    overrides, assets, issues = _override_files(files)
    if issues:
        raise ModuleError(issues)
    below = base.composition
    origins: dict[Key, str] = dict(below.origins) if below else {}
    removed: dict[Key, str] = dict(below.removed) if below else {}
    who = f"variant {manifest.id!r}"
    of_base = f"base {base.module.meta.id!r} {base.module.meta.version}"

    canonical_base = files_from_module(base.module)  # written once: the base's files and its hash
    raw = base_files(base.module, canonical_base)
    for name in overrides:
        if name not in raw:  # a new file (a scenario): all of it is the variant's
            origins[(name, ())] = manifest.id
    for name, patch in sorted(overrides.items()):
        def record(path: Path, name: str = name) -> None:
            origins[(name, path)] = manifest.id
            removed.pop((name, path), None)
        try:
            raw[name] = apply_override(raw.get(name, {}), patch, (), record)
        except Conflict as exc:
            issues.append(ModuleIssue(name, ".".join(exc.path), f"{who} {exc.message}, but {of_base} does not "
                                                                 "have it any more"))
    merged_assets = {**base.assets, **assets}
    for name in assets:
        origins[(name, ())] = manifest.id
    for removal in manifest.remove:
        path = tuple(removal.path)
        whole = not path and (SCENARIO_RE.match(removal.file) or ASSET_RE.match(removal.file))
        if whole and (removal.file in raw or removal.file in merged_assets):
            raw.pop(removal.file, None)
            merged_assets.pop(removal.file, None)
        elif whole:
            issues.append(ModuleIssue(VARIANT_FILE, "remove", f"{who} removes {removal.file}, which {of_base} "
                                                               "does not have"))
            continue
        else:
            try:
                raw[removal.file] = apply_removal(raw.get(removal.file, {}), path)
            except Conflict as exc:
                issues.append(ModuleIssue(removal.file, ".".join(path),
                                          f"{who} removes it, but {of_base}: {exc.message}"))
                continue
        removed[(removal.file, path)] = manifest.id
    if issues:
        raise ModuleError(issues)

    meta = raw["module.json"]
    for key in IDENTITY:
        meta[key] = getattr(manifest, key)
    composed_files = {name: dumps(value).encode("utf-8") for name, value in raw.items()}
    try:
        loaded = parse_module_files({**composed_files, **merged_assets})
        problems = check_module(loaded.module, loaded.assets)
    except ModuleError as exc:
        raise ModuleError(_blame(exc.issues, origins, manifest.id, who, of_base, base)) from None
    problems = _blame(problems, origins, manifest.id, who, of_base, base)
    if problems and not lenient:
        raise ModuleError(problems)
    base_layers = below.layers if below else (
        LayerRef(id=base.module.meta.id, version=base.module.meta.version, hash=files_hash(canonical_base)),)
    layers = (*base_layers, LayerRef(id=manifest.id, version=manifest.version, hash=files_hash(files)))
    loaded.module.set_layers(layers)
    loaded.composition = Composition(manifest, base, layers, origins, removed)
    return loaded, problems


def _blame(issues: list[ModuleIssue], origins: dict[Key, str], top: str, who: str, of_base: str,
           base: LoadedModule) -> list[ModuleIssue]:
    """Problems of a composed module, each saying whether the top variant set the value, and
    when it changed something the base does not have, that it is a conflict between the two."""
    base_raw: dict[str, Any] | None = None
    out = []
    for issue in issues:
        parts = tuple(issue.field.split(".")) if issue.field else ()
        setter = next((origins[(issue.file, parts[:d])] for d in range(len(parts), -1, -1)
                       if (issue.file, parts[:d]) in origins), None)
        if setter != top:
            out.append(issue)
            continue
        if base_raw is None:
            base_raw = base_files(base.module)
        missing = _first_missing(base_raw.get(issue.file), parts)
        if issue.file not in base_raw and issue.message.startswith(("Field required", "Input should be")):
            message = f"{issue.message} — {who} changes {issue.file}, which {of_base} does not have"
        elif missing is not None and missing < len(parts) - 1 and issue.message.startswith("Field required"):
            gone = ".".join(parts[: missing + 1])
            message = f"{issue.message} — {who} changes {gone}, which {of_base} does not have"
        else:
            message = f"{issue.message} (set by {who} on {of_base})"
        out.append(ModuleIssue(issue.file, issue.field, message, issue.hex))
    return out


def _first_missing(tree: Any, parts: Path) -> int | None:
    """How deep ``parts`` goes into ``tree`` before a key is missing (None: it is all there)."""
    node = tree
    for depth, part in enumerate(parts):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and is_index(part) and int(part) < len(node):
            node = node[int(part)]
        else:
            return depth
    return None
