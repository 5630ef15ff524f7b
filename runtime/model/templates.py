"""Starting points for new modules: a blank map with a useful palette."""

from __future__ import annotations

from .grid import Grid
from .map import ConnectionType, HexFeatureType, HexsideFeatureType, Level, MapData, TerrainType
from .meta import ModuleMeta
from .module import Module
from .pieces import MovementClass, PiecesData


def default_map(cols: int, rows: int, orientation: str = "flat") -> MapData:
    return MapData(
        grid=Grid(cols=cols, rows=rows, orientation=orientation),
        default_terrain="clear",
        terrain_types={
            "clear": TerrainType(name="Clear", color="#e8e0b8"),
            "woods": TerrainType(name="Woods", color="#7fa860", pattern="trees", blocks_los=True),
            "rough": TerrainType(name="Rough", color="#c2a878", pattern="hills"),
            "marsh": TerrainType(name="Marsh", color="#a8c8b0", pattern="marsh"),
            "water": TerrainType(name="Water", color="#8cb8e0"),
        },
        hex_feature_types={
            "village": HexFeatureType(name="Village", kind="village", color="#202020", symbol="•"),
            "town": HexFeatureType(name="Town", kind="town", color="#b03020"),
            "city": HexFeatureType(name="City", kind="city", color="#902010"),
            "fortification": HexFeatureType(name="Fortification", kind="fortification", color="#404040"),
            "objective": HexFeatureType(name="Objective", kind="objective", color="#c08000", symbol="★"),
        },
        hexside_feature_types={
            "river": HexsideFeatureType(name="River", kind="river", color="#2a6fd6", width=5.0),
            "stream": HexsideFeatureType(name="Stream", kind="stream", color="#4a8fe6", width=2.5),
        },
        connection_types={
            "road": ConnectionType(name="Road", kind="road", color="#8a3a1a", width=3.0),
            "railroad": ConnectionType(name="Railroad", kind="railroad", color="#303030", width=2.5, dashed=True),
        },
        levels=[Level(value=0, name="Level 0")],
    )


def new_module(module_id: str, title: str, cols: int, rows: int, orientation: str = "flat") -> Module:
    """A new module: a map of ``cols`` × ``rows`` clear hexes and a starter palette."""
    return Module(
        meta=ModuleMeta(id=module_id, title=title),
        map=default_map(cols, rows, orientation),
        pieces=PiecesData(movement_classes={"foot": MovementClass(name="Foot"), "motor": MovementClass(name="Motorized")}),
    )
