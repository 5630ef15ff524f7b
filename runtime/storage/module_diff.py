"""The difference between two modules, as people read it: hexes, pieces, table cells, rules…

Computed over the canonical files (what a module folder holds), so any two modules compare:
two versions of a game (errata), a variant and its base, two variants. Each entry is one
thing a designer names — hex 0303, piece us_106, table crt, scenario campaign — with what
happened to it and, for a change, every field that changed with its old and new value.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from hexwright.runtime.model import Module

from .files import SCENARIO_RE, files_from_module

Change = Literal["added", "removed", "changed"]

KINDS = ("module", "optional rule", "die", "sequence of play", "map", "terrain type", "hex feature type",
         "hexside feature type", "connection type", "area", "box", "track", "hex", "hexside", "side", "formation",
         "movement class", "unit type", "piece", "marker", "chit", "terrain effects", "table", "rule", "scenario",
         "image")
"""The kinds of entry, in the order the text lists them."""

_KEYED: dict[tuple[str, str], str] = {
    ("module.json", "optional_rules"): "optional rule", ("module.json", "dice"): "die",
    ("map.json", "terrain_types"): "terrain type", ("map.json", "hex_feature_types"): "hex feature type",
    ("map.json", "hexside_feature_types"): "hexside feature type",
    ("map.json", "connection_types"): "connection type", ("map.json", "areas"): "area",
    ("map.json", "boxes"): "box", ("map.json", "tracks"): "track", ("map.json", "hexes"): "hex",
    ("map.json", "hexsides"): "hexside", ("pieces.json", "sides"): "side", ("pieces.json", "formations"): "formation",
    ("pieces.json", "movement_classes"): "movement class", ("pieces.json", "unit_types"): "unit type",
    ("pieces.json", "pieces"): "piece", ("pieces.json", "markers"): "marker", ("pieces.json", "chits"): "chit",
    ("tables.json", "crts"): "table", ("tables.json", "lookups"): "table",
    ("tables.json", "terrain_effects"): "terrain effects",
}
_WHOLE: dict[str, str] = {"module.json": "module", "map.json": "map", "tables.json": "table", "rules.json": "rule"}
MISSING = "(none)"


class FieldChange(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    field: str
    old: Any = None
    new: Any = None


class DiffEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    id: str
    change: Change
    fields: list[FieldChange] = []
    file: str
    """Where it is: the module file and the path inside its JSON (what ``Revert to base`` puts back)."""
    path: list[str] = []


class ModuleDiff(BaseModel):
    """Every difference from module ``a`` to module ``b``, sorted by kind then id."""

    model_config = ConfigDict(extra="forbid")

    a: str
    b: str
    entries: list[DiffEntry] = []

    def ids(self, kind: str) -> list[str]:
        return [e.id for e in self.entries if e.kind == kind]

    def hexes(self) -> list[str]:
        """Hexes to show on a map: changed hexes, and the hex of every changed hexside."""
        return sorted({*self.ids("hex"), *(h.split("/")[0] for h in self.ids("hexside"))})


def module_raw(module: Module, assets: dict[str, bytes] | None = None) -> dict[str, Any]:
    """What :func:`diff_raw` compares: a module's canonical files as JSON, images by size and hash."""
    return _raw(module, assets or {})


def _raw(module: Module, assets: dict[str, bytes]) -> dict[str, Any]:
    raw: dict[str, Any] = {name: json.loads(data) for name, data in files_from_module(module).items()}
    for key in ("id", "title", "version", "format_version", "description", "authors"):  # who, not what
        raw["module.json"].pop(key, None)
    raw.update({name: {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()[:16]}
                for name, data in assets.items()})
    return raw


def _leaves(old: Any, new: Any, path: str, out: list[FieldChange]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            _leaves(old.get(key, MISSING), new.get(key, MISSING), f"{path}.{key}" if path else key, out)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (o, n) in enumerate(zip(old, new)):
            _leaves(o, n, f"{path}.{i}" if path else str(i), out)
    elif old != new:
        out.append(FieldChange(field=path, old=old, new=new))


def _entry(kind: str, entry_id: str, old: Any, new: Any, file: str, path: list[str]) -> DiffEntry | None:
    if old == new:
        return None
    if old is MISSING or new is MISSING:
        return DiffEntry(kind=kind, id=entry_id, change="added" if old is MISSING else "removed", file=file, path=path)
    fields: list[FieldChange] = []
    _leaves(old, new, "", fields)
    return DiffEntry(kind=kind, id=entry_id, change="changed", fields=fields, file=file, path=path)


def diff_modules(a: Module, b: Module, a_assets: dict[str, bytes] | None = None,
                 b_assets: dict[str, bytes] | None = None) -> ModuleDiff:
    """What changes from ``a`` to ``b``."""
    return diff_raw(_raw(a, a_assets or {}), _raw(b, b_assets or {}), _name(a), _name(b))


def diff_raw(old: dict[str, Any], new: dict[str, Any], a: str, b: str) -> ModuleDiff:
    """What changes from one :func:`module_raw` to another (``a`` and ``b`` name them)."""
    entries: list[DiffEntry] = []
    for name in sorted(set(old) | set(new)):
        o, n = old.get(name, MISSING), new.get(name, MISSING)
        scenario = SCENARIO_RE.match(name)
        if scenario or name.startswith("images/"):
            found = _entry("scenario" if scenario else "image", scenario.group(1) if scenario else name, o, n,
                           name, [])
            entries += [found] if found else []
            continue
        o = o if isinstance(o, dict) else {}
        n = n if isinstance(n, dict) else {}
        for key in sorted(set(o) | set(n)):
            kind = _KEYED.get((name, key))
            ov, nv = o.get(key, MISSING), n.get(key, MISSING)
            if kind is not None and isinstance(ov if ov is not MISSING else {}, dict) \
                    and isinstance(nv if nv is not MISSING else {}, dict):
                ov, nv = (ov if ov is not MISSING else {}), (nv if nv is not MISSING else {})
                for item in sorted(set(ov) | set(nv)):
                    found = _entry(kind, item if kind != "terrain effects" else key + "." + item,
                                   ov.get(item, MISSING), nv.get(item, MISSING), name, [key, item])
                    entries += [found] if found else []
            else:
                kind = "sequence of play" if key == "sequence" and name == "module.json" else _WHOLE.get(name, name)
                found = _entry(kind, key, ov, nv, name, [key])
                entries += [found] if found else []
    entries.sort(key=lambda e: (KINDS.index(e.kind) if e.kind in KINDS else len(KINDS), e.kind, e.id))
    return ModuleDiff(a=a, b=b, entries=entries)


def _name(module: Module) -> str:
    return f"{module.meta.id} {module.meta.version}"


def show_value(value: Any) -> str:
    if value is MISSING or value == MISSING:
        return "(none)"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 70 else text[:67] + "…"


def _field_label(entry: DiffEntry, change: FieldChange, b: Module) -> str:
    """A CRT cell as its row and column (``cell 4 × 2:1``), anything else as its field path."""
    parts = change.field.split(".")
    crt = b.tables.crts.get(entry.id) if entry.kind == "table" else None
    if crt is not None and len(parts) == 3 and parts[0] == "cells" and parts[1].isdigit() and parts[2].isdigit():
        r, c = int(parts[1]), int(parts[2])
        if r < len(crt.rows) and c < len(crt.columns):
            return f"cell {crt.rows[r]} × {crt.columns[c].label}"
    return change.field


def format_diff(diff: ModuleDiff, b: Module) -> str:
    """The diff as text: one block per kind, one line per entry, one indented line per field."""
    if not diff.entries:
        return f"{diff.a} → {diff.b}: no differences\n"
    lines = [f"{diff.a} → {diff.b}: {len(diff.entries)} difference(s)"]
    kind = ""
    for entry in diff.entries:
        if entry.kind != kind:
            kind = entry.kind
            lines.append(f"\n{plural(kind)} ({len(diff.ids(kind))})")
        if entry.change != "changed":
            lines.append(f"  {entry.change} {entry.id}")
            continue
        lines.append(f"  changed {entry.id}")
        lines += [f"    {_field_label(entry, f, b)}: {show_value(f.old)} → {show_value(f.new)}" for f in entry.fields]
    return "\n".join(lines) + "\n"


def plural(kind: str) -> str:
    if kind in ("sequence of play", "terrain effects", "map", "module"):
        return kind
    return kind + ("es" if kind.endswith(("x", "s")) else "s")
