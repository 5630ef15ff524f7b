"""Overrides on JSON trees: apply a variant's changes to its base, and compute them back.

The rules (``docs/module-format.md``, Variants):

* an object in an override merges key by key into the base's object; a key the base lacks is
  added; any other value (text, number, list) replaces the base's;
* an object whose keys are all list positions (``{"2": …}``) over a list of the base changes
  those entries only (a CRT cell, one step of a piece); the list keeps its length;
* nothing is removed by leaving it out: removals are listed as paths, and a path the base does
  not have is a conflict.

:func:`delta` is the inverse: the override and removals that turn one tree into another, the
smallest this representation allows, so ``apply(base, *delta(base, new)) == new``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Path = tuple[str, ...]
Record = Callable[[Path], None]
_INDEX = re.compile(r"^[0-9]{1,9}$")


def is_index(part: object) -> bool:
    """Whether a key names a list position: ASCII digits only (``"²"`` is a digit to Python, not to us)."""
    return isinstance(part, str) and _INDEX.match(part) is not None


class Conflict(Exception):
    """An override or removal that does not fit the tree it is applied to."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _is_index_patch(base: Any, patch: Any) -> bool:
    return isinstance(base, list) and isinstance(patch, dict) and bool(patch) \
        and all(is_index(k) for k in patch)


def apply_override(base: Any, patch: Any, path: Path = (), record: Record | None = None) -> Any:
    """``base`` with ``patch`` merged in (a new tree; ``base`` is not changed).

    ``record`` is called with the path of every value the patch sets (its leaves, and every
    key the base did not have), so callers can say where each value came from."""
    if isinstance(base, dict) and isinstance(patch, dict):
        out = dict(base)
        for key, value in patch.items():
            where = (*path, key)
            if key in base:
                out[key] = apply_override(base[key], value, where, record)
            else:
                out[key] = value
                if record is not None:
                    record(where)
        return out
    if _is_index_patch(base, patch):
        out_list = list(base)
        for key, value in patch.items():
            index = int(key)
            if index >= len(base):
                raise Conflict((*path, key), f"changes entry {index} of a list of {len(base)}")
            out_list[index] = apply_override(base[index], value, (*path, key), record)
        return out_list
    if record is not None:
        record(path)
    return patch


def _step(node: Any, part: str, path: Path) -> Any:
    if isinstance(node, dict) and part in node:
        return node[part]
    if isinstance(node, list) and is_index(part) and int(part) < len(node):
        return node[int(part)]
    raise Conflict(path, "not there to remove")


def apply_removal(tree: Any, path: Path) -> Any:
    """``tree`` without the value at ``path`` (a new tree). Raises Conflict if there is none."""
    if not path:
        raise Conflict(path, "a whole file is removed only for a scenario or an image")
    parent = tree
    for depth, part in enumerate(path[:-1]):
        parent = _step(parent, part, path[: depth + 1])
    last = path[-1]
    if not (isinstance(parent, dict) and last in parent):
        raise Conflict(path, "not there to remove" if not isinstance(parent, list)
                       else "an entry of a list is not removed alone: change the whole list")
    return _replace(tree, path, None)


def _replace(node: Any, path: Path, value: Any) -> Any:
    """A copy of ``node`` along ``path`` with the last key dropped (value None) or set."""
    part = path[0]
    if len(path) == 1:
        out = dict(node)
        del out[part]
        return out
    if isinstance(node, list):
        items = list(node)
        items[int(part)] = _replace(node[int(part)], path[1:], value)
        return items
    copy = dict(node)
    copy[part] = _replace(node[part], path[1:], value)
    return copy


def delta(base: Any, new: Any, path: Path = ()) -> tuple[Any, list[Path]]:
    """The override and the removals that turn ``base`` into ``new``.

    When nothing changed the override is an empty object (for two objects) or None (for
    anything else, meaning: no override)."""
    if isinstance(base, dict) and isinstance(new, dict):
        patch: dict[str, Any] = {}
        removals: list[Path] = [(*path, key) for key in sorted(base) if key not in new]
        for key in sorted(new):
            if key not in base:
                patch[key] = new[key]
            elif base[key] != new[key]:
                sub, sub_removals = delta(base[key], new[key], (*path, key))
                patch[key] = sub
                removals += sub_removals
        return patch, removals
    if isinstance(base, list) and isinstance(new, list) and len(base) == len(new) and base != new:
        changed = [i for i in range(len(base)) if base[i] != new[i]]
        nested = [delta(base[i], new[i], (*path, str(i))) for i in changed]
        nested_values = all(isinstance(base[i], (dict, list)) and type(base[i]) is type(new[i]) for i in changed)
        if (nested_values or 2 * len(changed) <= len(base)) and all(not r for _p, r in nested):
            return {str(i): sub for i, (sub, _r) in zip(changed, nested, strict=True)}, []
    if base == new:
        return None, []
    return new, []


def is_empty(patch: Any) -> bool:
    """Whether an override from :func:`delta` changes nothing."""
    return patch is None or patch == {}
