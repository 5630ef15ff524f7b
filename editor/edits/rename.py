"""Renaming an id — a unit, terrain type, side, CRT or lookup table — everywhere it is used (Qt-free).

The module is walked as data: every field that holds ids of the kind renamed (by the
field's name: ``side``, ``piece``, ``pieces``, ``hq``… for a unit) has the old id replaced,
whether it holds one id, a list of ids or a mapping keyed by ids; lookup-table cells that
hold exactly the id are renamed too. The result is validated as a whole module, so a
rename that would break something is refused, never half done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from hexwright.runtime.model import Module
from hexwright.runtime.model.common import Id

from .outcome import EditRefused, validation_message

RENAMABLE = {"unit": "a unit", "terrain": "a terrain type", "side": "a side", "crt": "a CRT", "lookup": "a table"}


@dataclass(frozen=True)
class Refs:
    collection: tuple[str, ...]
    """Where the entries live, from the module."""
    fields: frozenset[str]
    """Field names holding ids of this kind (one id, a list of them, or a mapping keyed by them)."""
    cells: bool = False
    """Lookup-table cells that hold exactly the id name it too."""


REFS: dict[str, Refs] = {
    "unit": Refs(("pieces", "pieces"), frozenset({
        "piece", "pieces", "hq", "activates", "units", "removed_pieces", "restrictions", "arriving"}), cells=True),
    "terrain": Refs(("map", "terrain_types"), frozenset({
        "terrain", "default_terrain", "blocked_by_terrain", "blocking_terrain", "later_hex_terrain",
        "terrain_benefits_side"})),
    "side": Refs(("pieces", "sides"), frozenset({
        "side", "sides", "first_side", "order", "tie", "winner", "initial", "values", "not_toward_edge",
        "of_side"}), cells=False),
    "crt": Refs(("tables", "crts"), frozenset({"crt", "crts"})),
    "lookup": Refs(("tables", "lookups"), frozenset({"table", "lookups"})),
}

_ID_FORMAT = Id  # the pattern every id follows


def _swap(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_swap(v, old, new) for v in value]
    if isinstance(value, dict):
        return {(new if k == old else k): v for k, v in value.items()}
    return value


def replace_ids(data: Any, refs: Refs, old: str, new: str) -> Any:
    """``data`` (JSON-like) with ``old`` replaced by ``new`` in every field ``refs`` names, at any depth."""
    if isinstance(data, list):
        return [replace_ids(v, refs, old, new) for v in data]
    if not isinstance(data, dict):
        return data
    out: dict[str, Any] = {}
    for key, value in data.items():
        swapped = _swap(value, old, new) if key in refs.fields else value
        if refs.cells and key == "cells" and isinstance(swapped, list) and all(isinstance(c, str) for c in swapped):
            swapped = [new if c == old else c for c in swapped]
        out[key] = replace_ids(swapped, refs, old, new)
    return out


def _terrain_effects(data: dict[str, Any], old: str, new: str) -> None:
    """The terrain effects chart keys its combat effects by terrain or feature id."""
    tec = data["tables"].get("terrain_effects", {})
    if "combat" in tec:
        tec["combat"] = _swap(tec["combat"], old, new)


def entries(module: Module, kind: str) -> dict[str, Any]:
    holder: Any = module
    for name in REFS[kind].collection:
        holder = getattr(holder, name)
    return holder


def renamed(module: Module, kind: str, old: str, new: str) -> Module:
    """``module`` with the id ``old`` of ``kind`` renamed ``new`` everywhere; a refusal saying why not."""
    if kind not in REFS:
        raise EditRefused(f"ids of {kind!r} cannot be renamed here")
    new = new.strip()
    existing = entries(module, kind)
    if old not in existing:
        raise EditRefused(f"there is no {kind} {old!r}")
    if new == old:
        return module
    if new in existing:
        raise EditRefused(f"{RENAMABLE[kind]} with the id {new!r} is already there")
    from pydantic import TypeAdapter

    try:
        TypeAdapter(_ID_FORMAT).validate_python(new)
    except ValidationError:
        raise EditRefused(f"{new!r} is not an id: letters, digits, '_', '-', '.', starting with a letter or digit") from None
    data = module.model_dump()
    refs = REFS[kind]
    holder = data
    for name in refs.collection[:-1]:
        holder = holder[name]
    holder[refs.collection[-1]] = _swap(holder[refs.collection[-1]], old, new)
    data = replace_ids(data, refs, old, new)
    if kind == "terrain":
        _terrain_effects(data, old, new)
    try:
        return Module.model_validate(data)
    except ValidationError as exc:
        raise EditRefused(f"renaming {old!r} to {new!r} would break the module: {validation_message(exc)}") from exc


def id_from_name(name: str, taken: set[str] | dict[str, Any], fallback: str = "unit") -> str:
    """A fresh id made from what the designer typed: ``1/115 Inf`` → ``1-115-inf`` (``-2``… if taken)."""
    stem = "".join(c if c.isalnum() else "-" for c in name.lower())
    stem = "-".join(part for part in stem.split("-") if part)[:56] or fallback
    key, n = stem, 2
    while key in taken:
        key = f"{stem}-{n}"
        n += 1
    return key
