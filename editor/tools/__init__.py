"""Editing tools, one class per file, sharing the small interface in :mod:`.base`."""

from .area_select import AreaSelect
from .base import MapPoint, Tool
from .box_tool import BoxTool
from .eraser import Eraser
from .eyedropper import Eyedropper
from .feature_stamp import FeatureStamp
from .flood_fill import FloodFill
from .hex_namer import HexNamer
from .hexside_painter import HexsidePainter
from .level_brush import LevelBrush
from .pick import PickTool
from .place_namer import PlaceNamer
from .region_select import RegionSelect
from .road_tool import RoadTool
from .setup_tool import SetupTool
from .terrain_brush import TerrainBrush

ALL_TOOLS = (TerrainBrush, FloodFill, Eraser, Eyedropper, LevelBrush, HexsidePainter, RoadTool,
             FeatureStamp, HexNamer, PlaceNamer, AreaSelect, RegionSelect, PickTool,
             BoxTool, SetupTool)

__all__ = [
    "ALL_TOOLS",
    "AreaSelect",
    "BoxTool",
    "Eraser",
    "Eyedropper",
    "FeatureStamp",
    "FloodFill",
    "HexNamer",
    "HexsidePainter",
    "LevelBrush",
    "MapPoint",
    "PickTool",
    "PlaceNamer",
    "RegionSelect",
    "RoadTool",
    "SetupTool",
    "TerrainBrush",
    "Tool",
]
