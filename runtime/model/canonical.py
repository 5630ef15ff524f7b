"""A module's one canonical form: what is saved, so equal modules save to equal bytes."""

from __future__ import annotations

from .map import HexData, HexsideData
from .module import Module


def canonical(module: Module) -> Module:
    """``module`` in its one canonical form: default hexes dropped, sets sorted.

    A new module; the hexes, hexsides and areas the form changes are new objects, and every
    other part is ``module``'s own, shared (a saved module is read, never changed, from here;
    copying all of a 400×400 map's 200,000 hexes and hexsides took longer than the save)."""
    m = module.map
    default = m.default_terrain
    empty = HexData()
    hexes: dict[str, HexData] = {}
    for label, data in m.hexes.items():
        saved = data.model_copy(update={"terrain": None}) if data.terrain == default else data
        if saved != empty:  # a hex with every value at its default is left out
            hexes[label] = saved
    sides: dict[str, HexsideData] = {}
    for key, side in m.hexsides.items():
        features, connections = sorted(set(side.features)), sorted(set(side.connections))
        if features or connections or side.provenance is not None:
            same = features == side.features and connections == side.connections
            sides[key] = side if same else side.model_copy(update={"features": features, "connections": connections})
    areas = {key: area.model_copy(update={"hexes": sorted(set(area.hexes))}) for key, area in m.areas.items()}
    return module.model_copy(update={"map": m.model_copy(update={"hexes": hexes, "hexsides": sides, "areas": areas})})
