"""A module's one canonical form: what is saved, so equal modules save to equal bytes."""

from __future__ import annotations

from .module import Module


def canonical(module: Module) -> Module:
    """A copy of ``module`` in its one canonical form: default hexes dropped, sets sorted."""
    copy = module.model_copy(deep=True)
    default = copy.map.default_terrain
    hexes = {}
    for label, data in copy.map.hexes.items():
        if data.terrain == default:
            data.terrain = None
        if data.model_dump(exclude_defaults=True):
            hexes[label] = data
    copy.map.hexes = hexes
    sides = {}
    for key, side in copy.map.hexsides.items():
        side.features = sorted(set(side.features))
        side.connections = sorted(set(side.connections))
        if side.features or side.connections or side.provenance is not None:
            sides[key] = side
    copy.map.hexsides = sides
    for area in copy.map.areas.values():
        area.hexes = sorted(set(area.hexes))
    return copy
