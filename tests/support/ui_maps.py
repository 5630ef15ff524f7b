"""Small synthetic maps for the renderer tests (runtime.ui), built with the pydantic models."""

from __future__ import annotations

from hexwright.runtime.model import (
    ConnectionType,
    Grid,
    HexData,
    HexFeature,
    HexFeatureType,
    HexsideData,
    HexsideFeatureType,
    MapData,
    Module,
    ModuleMeta,
    TerrainType,
)

CLEAR = "#e8e4c9"
WOODS = "#8fb573"
RIVER = "#1f5fd0"
ROAD = "#b5452b"
RIVER_SIDES = ("0303/N", "0303/NE", "0303/SE")
ROAD_SIDES = ("0202/N", "0203/N")
WOODS_HEXES = ("0402", "0504")


def make_module(orientation: str = "flat", shifted: str = "odd", cols: int = 6, rows: int = 5,
                hex_size: float = 40.0) -> Module:
    """6×5 map: clear and woods, a river along three sides of 0303, a road 0201–0202–0203.

    Hexside ids are flat-top ones; on a pointy-top map they do not parse and are skipped.
    """
    hexsides = {k: HexsideData(features=["river"]) for k in RIVER_SIDES}
    hexsides.update({k: HexsideData(connections=["road"]) for k in ROAD_SIDES})
    return Module(
        meta=ModuleMeta(id="tiny", title="Tiny test map"),
        map=MapData(
            grid=Grid(cols=cols, rows=rows, orientation=orientation, shifted=shifted, hex_size=hex_size),
            default_terrain="clear",
            terrain_types={
                "clear": TerrainType(name="Clear", color=CLEAR),
                "woods": TerrainType(name="Woods", color=WOODS, pattern="trees"),
            },
            hex_feature_types={"town": HexFeatureType(name="Town", kind="town")},
            hexside_feature_types={"river": HexsideFeatureType(name="River", kind="river", color=RIVER, width=4)},
            connection_types={"road": ConnectionType(name="Road", kind="road", color=ROAD, width=3)},
            hexes={
                **{label: HexData(terrain="woods") for label in WOODS_HEXES},
                "0505": HexData(name="Ville", features=[HexFeature(type="town")]),
            },
            hexsides=hexsides,
        ),
    )
