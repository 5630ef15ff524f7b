"""The module format (v1) as pydantic models. Pure data: no Qt, no I/O."""

from .common import FORMAT_VERSION, Model, Provenance
from .grid import Grid, Labels, Underlay
from .map import (
    Area, Box, ConnectionType, HexData, HexFeature, HexFeatureType, HexsideData,
    HexsideFeatureType, Level, MapData, Rect, TerrainType, Track, TrackSpace,
)
from .meta import Die, ModuleMeta, OptionalRule, Phase
from .module import Module
from .pieces import (
    Chit, Formation, Marker, MarkerFace, MovementClass, Piece, PiecesData, Restriction, Side,
    StepValues, UnitType,
)
from .scenario import MarkerPlacement, Placement, Reinforcement, Scenario
from .tables import (
    CellProvenance, CombatEffect, CombatResultsTable, CrtColumn, LookupRow, LookupTable,
    ResultCode, ResultEffect, TablesData, TerrainEffects, Turn, TurnTrack, Victory,
    VictoryLevel, VpRule, WeatherCosts,
)
from .templates import default_map, new_module

__all__ = [name for name in dir() if not name.startswith("_")]
