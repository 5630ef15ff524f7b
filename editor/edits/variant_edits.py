"""Editing a variant, without Qt: what it overrides, and a value put back to its base's.

The editor edits the composed module like any other; these functions compare it with the
base (:func:`runtime.storage.module_diff.diff_modules`) to list and mark the overrides, and
build the module with one entry — or one field of it — reverted to the base's value.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hexwright.runtime.model import Module
from hexwright.runtime.model.variant import VariantManifest
from hexwright.runtime.storage import LoadedModule, dumps, files_from_module, parse_module_files
from hexwright.runtime.storage.module_diff import DiffEntry, ModuleDiff, diff_raw, module_raw
from hexwright.runtime.storage.overlay import is_index


@dataclass
class VariantSource:
    """What an open variant is built on: its manifest and its base (composed if a variant)."""

    manifest: VariantManifest
    base: LoadedModule
    _base_raw: dict[str, Any] = field(default_factory=dict)

    def diff(self, module: Module, assets: dict[str, bytes] | None = None) -> ModuleDiff:
        """The overrides of ``module`` (the variant as edited) over the base (read once)."""
        if not self._base_raw:
            self._base_raw = module_raw(self.base.module, self.base.assets)
        base = self.base.module.meta
        return diff_raw(self._base_raw, module_raw(module, assets), f"{base.id} {base.version}",
                        f"{module.meta.id} {module.meta.version}")


def _raw(module: Module) -> dict[str, Any]:
    return {name: json.loads(data) for name, data in files_from_module(module).items()}


def _get(tree: Any, path: list[str]) -> Any:
    for part in path:
        if isinstance(tree, dict) and part in tree:
            tree = tree[part]
        elif isinstance(tree, list) and is_index(part) and int(part) < len(tree):
            tree = tree[int(part)]
        else:
            return _ABSENT
    return tree


_ABSENT = object()


def _set(tree: Any, path: list[str], value: Any) -> None:
    """Set (or, for _ABSENT, delete) ``path`` in ``tree`` in place, making objects on the way."""
    for part in path[:-1]:
        if isinstance(tree, list):
            tree = tree[int(part)]
        else:
            tree = tree.setdefault(part, {})
    last = path[-1]
    if isinstance(tree, list):
        if value is not _ABSENT:
            tree[int(last)] = value
    elif value is _ABSENT:
        tree.pop(last, None)
    else:
        tree[last] = value


def reverted(module: Module, base: Module, entry: DiffEntry, field: str = "") -> Module:
    """``module`` with ``entry`` (or only its ``field``, a dotted path inside it) as the base has it.

    Raises ModuleError when the result does not parse (a field that cannot stand alone)."""
    path = [*entry.path, *(field.split(".") if field else [])]
    mine, theirs = _raw(module), _raw(base)
    if not path:  # a whole file: a scenario added or removed
        if entry.file in theirs:
            mine[entry.file] = theirs[entry.file]
        else:
            mine.pop(entry.file, None)
    else:
        _set(mine.setdefault(entry.file, {}), path, _get(theirs.get(entry.file, {}), path))
    files = {name: dumps(value).encode("utf-8") for name, value in mine.items()}
    return parse_module_files(files).module


def overridden_hexes(diff: ModuleDiff) -> list[str]:
    """The hexes to tint on the map: changed hexes, and the hex of every changed hexside."""
    return diff.hexes()
