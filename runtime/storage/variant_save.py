"""Writing a variant: only what the edited module changes from its base, removals listed.

The editor edits the composed module like any other; saving computes the difference from
the base (:func:`overlay.delta`) and writes that alone, so every edit becomes an override
and an edit undone back to the base's value leaves no trace in the variant.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hexwright.runtime.model import FORMAT_VERSION, Module
from hexwright.runtime.model.variant import VARIANT_FILE, BaseRef, Removal, VariantManifest

from .archive import pack_files
from .compose import IDENTITY, base_files
from .errors import ModuleError, ModuleIssue
from .files import ASSET_RE, MODEL_FILES, SCENARIO_RE, LoadedModule, Report, files_from_module
from .folder_commit import commit_files, recover
from .jsonio import atomic_write_bytes, dumps
from .overlay import delta, is_empty


def new_manifest(base: Module, variant_id: str, title: str, version: str = "0.1.0") -> VariantManifest:
    """A variant of ``base``: any version of the base with the same major number."""
    major = base.meta.version.split(".")[0]
    spec = f">={base.meta.version}, <{int(major) + 1}" if major.isdigit() else base.meta.version
    return VariantManifest(id=variant_id, title=title, version=version, base=BaseRef(id=base.meta.id, version=spec))


def identity_of(module: Module, manifest: VariantManifest) -> VariantManifest:
    """``manifest`` with the id, title, version, description and authors the module now has."""
    return manifest.model_copy(update={key: getattr(module.meta, key) for key in IDENTITY})


def variant_files(manifest: VariantManifest, base: LoadedModule, module: Module,
                  assets: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """The files of the variant that turns ``base`` into ``module``: ``variant.json`` and overrides."""
    assets = assets or {}
    manifest = identity_of(module, manifest)
    old = base_files(base.module)
    new: dict[str, Any] = {name: json.loads(data) for name, data in files_from_module(module).items()}
    for key in ("format_version", *IDENTITY):  # the variant's own identity is in variant.json
        if key in old["module.json"]:
            new["module.json"][key] = old["module.json"][key]
        else:
            new["module.json"].pop(key, None)
    files: dict[str, bytes] = {}
    removals: list[Removal] = []
    for name in sorted(set(old) | set(new)):
        if SCENARIO_RE.match(name) and name not in new:
            removals.append(Removal(file=name, path=[]))
            continue
        patch, gone = delta(old.get(name, {}), new.get(name, {}))
        removals += [Removal(file=name, path=list(path)) for path in gone]
        if not is_empty(patch):
            files[name] = dumps(patch).encode("utf-8")
    files.update({name: data for name, data in sorted(assets.items()) if base.assets.get(name) != data})
    removals += [Removal(file=name, path=[]) for name in sorted(base.assets) if name not in assets]
    manifest = manifest.model_copy(update={"remove": removals, "format_version": FORMAT_VERSION})
    raw = manifest.model_dump(mode="json", exclude_defaults=True)
    raw["format_version"] = FORMAT_VERSION
    files[VARIANT_FILE] = dumps(raw).encode("utf-8")
    return files


def save_variant(folder: Path, manifest: VariantManifest, base: LoadedModule, module: Module,
                 assets: dict[str, bytes] | None = None, progress: Report | None = None) -> list[str]:
    """Write the variant into ``folder`` as one commit (or one ``.hwmod`` file); returns the files
    written or removed.

    Override files the variant no longer needs (a change undone back to the base) are
    removed, so the folder holds exactly the difference. ``progress``: the difference, then
    the writing; a report that raises before the writing leaves the folder as it was."""
    folder = Path(folder)
    step = progress or (lambda done, total: None)
    if folder.suffix != ".hwmod" and (folder / "module.json").exists() and not (folder / VARIANT_FILE).exists():
        raise ModuleError(ModuleIssue(str(folder), "", "holds a whole module; a variant is saved into its own folder"))
    step(0, 2)
    files = variant_files(manifest, base, module, assets)
    step(1, 2)
    if folder.suffix == ".hwmod":  # one packed file
        atomic_write_bytes(folder, pack_files(files))
        return [folder.name]
    folder.mkdir(parents=True, exist_ok=True)
    recover(folder)
    old = _variant_file_names(folder)
    writes = {name: data for name, data in files.items() if _read(folder / name) != data}
    deletes = sorted(name for name in old if name not in files)
    commit_files(folder, writes, deletes)
    return sorted([*writes, *deletes])


def _variant_file_names(folder: Path) -> list[str]:
    names = [name for name in MODEL_FILES if (folder / name).is_file()]
    for sub in ("scenarios", "images"):
        where = folder / sub
        if where.is_dir() and not where.is_symlink():
            for dirpath, _dirs, filenames in os.walk(where):
                for filename in filenames:
                    rel = (Path(dirpath) / filename).relative_to(folder).as_posix()
                    if SCENARIO_RE.match(rel) or ASSET_RE.match(rel):
                        names.append(rel)
    return names


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes() if path.is_file() and not path.is_symlink() else None
    except OSError:
        return None
