"""The palette: the map's terrain, feature, hexside and road types, and levels.

Deleting a type that hexes still use replaces it everywhere with another type of the same
category (or, for features, hexside features and roads, simply removes it); removing a
level that hexes stand on moves them to another level.
"""

from __future__ import annotations

from typing import Literal

from hexwright.runtime.model import ConnectionType, HexData, HexFeatureType, HexsideFeatureType, Module, TerrainType

Category = Literal["terrain", "feature", "hexside", "connection"]
PaletteType = TerrainType | HexFeatureType | HexsideFeatureType | ConnectionType
"""An entry of the palette, of any category."""
CATEGORIES: tuple[Category, ...] = ("terrain", "feature", "hexside", "connection")
FIELD = {
    "terrain": "terrain_types", "feature": "hex_feature_types",
    "hexside": "hexside_feature_types", "connection": "connection_types",
}


def types_of(module: Module, category: Category) -> dict:
    return getattr(module.map, FIELD[category])


def type_uses(module: Module, category: Category, type_id: str) -> int:
    """How many hexes (or hexsides) use ``type_id``."""
    m = module.map
    if category == "terrain":
        n = sum(1 for d in m.hexes.values() if d.terrain == type_id)
        if m.default_terrain == type_id:
            n += m.grid.cols * m.grid.rows - sum(1 for d in m.hexes.values() if d.terrain is not None)
        return n
    if category == "feature":
        return sum(1 for d in m.hexes.values() if any(f.type == type_id for f in d.features))
    if category == "hexside":
        return sum(1 for d in m.hexsides.values() if type_id in d.features)
    return sum(1 for d in m.hexsides.values() if type_id in d.connections)


def without_type(module: Module, category: Category, type_id: str, replacement: str | None) -> Module:
    """A copy with ``type_id`` deleted and its uses given to ``replacement`` (None: dropped).

    Terrain always needs a replacement, since every hex has a terrain.
    """
    types = types_of(module, category)
    if type_id not in types:
        raise ValueError(f"no {category} type {type_id!r}")
    if replacement is not None and (replacement == type_id or replacement not in types):
        raise ValueError(f"cannot replace {type_id!r} with {replacement!r}")
    if category == "terrain" and replacement is None:
        raise ValueError("deleting a terrain type needs a replacement terrain")
    out = module.model_copy(deep=True)
    m = out.map
    del types_of(out, category)[type_id]
    if category == "terrain" and replacement is not None:  # (checked above: terrain always has one)
        if m.default_terrain == type_id:
            m.default_terrain = replacement
        for label, data in m.hexes.items():  # hex data is replaced, never changed (it is shared)
            if data.terrain == type_id:
                terrain = None if replacement == m.default_terrain else replacement
                m.hexes[label] = data.model_copy(update={"terrain": terrain})
            elif data.terrain == m.default_terrain:
                m.hexes[label] = data.model_copy(update={"terrain": None})
    elif category == "feature":
        for label, data in m.hexes.items():
            kept = []
            for f in data.features:
                if f.type != type_id:
                    kept.append(f)
                elif replacement is not None:
                    kept.append(f.model_copy(update={"type": replacement}))
            if kept != data.features:
                m.hexes[label] = data.model_copy(update={"features": kept})
    else:
        attr = "features" if category == "hexside" else "connections"
        for key, side in m.hexsides.items():
            ids = getattr(side, attr)
            if type_id in ids:
                ids = [replacement if i == type_id else i for i in ids if i != type_id or replacement]
                m.hexsides[key] = side.model_copy(update={attr: sorted(set(ids))})
    from hexwright.runtime.storage import canonical

    return canonical(out)


def level_uses(module: Module, value: int) -> int:
    """How many hexes stand at level ``value`` (hexes not stored are at level 0)."""
    m = module.map
    n = sum(1 for d in m.hexes.values() if d.level == value)
    if value == 0:
        n += m.grid.cols * m.grid.rows - len(m.hexes)
    return n


def without_level(module: Module, value: int, replacement: int | None) -> Module:
    """A copy with the level ``value`` removed from the map's levels and its hexes moved to
    ``replacement`` (another defined level; needed while hexes stand on it)."""
    values = [lv.value for lv in module.map.levels]
    if value not in values:
        raise ValueError(f"no level {value}")
    if replacement is not None and (replacement == value or replacement not in values):
        raise ValueError(f"cannot replace level {value} with {replacement}")
    if replacement is None and level_uses(module, value):
        raise ValueError(f"{level_uses(module, value)} hexes stand on level {value}; choose a level for them")
    out = module.model_copy(deep=True)
    m = out.map
    m.levels = [lv for lv in m.levels if lv.value != value]
    if value == 0:  # the hexes not stored stand on level 0 too
        from .naming import GridNames

        names = GridNames(m.grid)
        for h in names.grid.hexes():
            m.hexes.setdefault(names.label(h), HexData())
    for label, data in m.hexes.items():
        if data.level == value and replacement is not None:  # (checked above: needed while hexes stand on it)
            m.hexes[label] = data.model_copy(update={"level": replacement})
    from hexwright.runtime.storage import canonical

    return canonical(out)


def new_type_id(existing: dict, base: str) -> str:
    """A fresh id like ``base``, ``base-2``, ``base-3``… not yet in ``existing``."""
    stem = "".join(c if c.isalnum() or c in "_.-" else "-" for c in base.lower()).strip("-_.") or "type"
    if stem not in existing:
        return stem
    n = 2
    while f"{stem}-{n}" in existing:
        n += 1
    return f"{stem}-{n}"
