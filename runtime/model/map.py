"""What the map knows: terrain, levels, hex features, hexsides, roads, areas, boxes, tracks.

Hex data is keyed by hex label and stored sparsely: a hex that has the map's default
terrain, level 0 and nothing else is left out of the file. Hexside data is keyed by the
canonical hexside id (``0106/N``), which is the same seen from either hex.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, ValidatorFunctionWrapHandler, field_validator

from .common import Color, HexLabel, Id, Model, Provenance
from .grid import Grid
from .map_style import Furniture, PlaceName, StyleChoice
from .shared_data import shared_hexes, shared_hexsides

FeatureKind = Literal[
    "village", "town", "city", "major_city", "fortification", "fort_line", "steeple",
    "cathedral", "supply_source", "depot", "entrenchment", "objective", "control",
    "reference", "bridge", "airfield", "other",
]
HexsideKind = Literal["river", "stream", "canal", "blocked_river", "boundary", "ridge", "other"]
ConnectionKind = Literal["road", "secondary_road", "trail", "railroad", "other"]
Pattern = Literal["solid", "dots", "trees", "hills", "marsh", "urban", "hatch"]


class TerrainType(Model):
    """One kind of terrain a hex can have (clear, woods, hedgerow…)."""

    name: str
    color: Color
    pattern: Pattern = "solid"
    blocks_los: bool = False
    description: str = ""


class HexFeatureType(Model):
    """A kind of feature placed in hexes; ``kind`` says what the rules may use it for."""

    name: str
    kind: FeatureKind = "other"
    color: Color = "#000000"
    symbol: str = Field("", max_length=4, description="short glyph drawn on the map")
    observation_bonus: int = Field(0, description="levels added to an observer in this hex (steeple: 1)")
    description: str = ""


class HexsideFeatureType(Model):
    """A kind of line along hexsides (river, stream, canal, boundary…)."""

    name: str
    kind: HexsideKind = "other"
    color: Color = "#2a6fd6"
    width: float = Field(4.0, gt=0, le=40, description="drawn width in map pixels at hex size 40")


class ConnectionType(Model):
    """A kind of road or railroad; a connection crosses hexsides between hex centres."""

    name: str
    kind: ConnectionKind = "road"
    color: Color = "#7a4a1e"
    width: float = Field(3.0, gt=0, le=40)
    dashed: bool = False


class Level(Model):
    """An elevation level; hexes refer to it by its ``value``.

    With a ``color`` the level is printed in it (a hypsometric tint); with a ``stripe_color``
    too, as diagonal stripes of both (St-Lô 11.2.1: an even level is "a combination of the
    colors" of the levels on either side).
    """

    value: int
    name: str = ""
    color: Color = "#00000000"
    stripe_color: Color | None = Field(None, description="printed as stripes of color and this colour")


class HexFeature(Model):
    """A feature in one hex. Which optional values matter depends on the feature's kind."""

    type: Id
    side: Id | None = None
    name: str = ""
    value: int | None = Field(None, description="e.g. victory points of an objective")
    observation_level: int | None = Field(None, description="level when observing from here (cathedral)")
    supply_kind: str = ""


EMPTY_LIST_DEFAULT: dict[str, Any] = {"default": []}
"""A list field made by ``default_factory=list`` (pydantic deep-copies a ``[]`` default for
every hex and hexside read) says ``"default": []`` in the JSON Schema as a ``[]`` would."""


class HexData(Model):
    """Everything one hex holds."""

    # a value: read from a file, one instance is shared by the hexes that hold the same values
    # (.shared_data), so an edit replaces a hex's data and never changes it in place
    model_config = ConfigDict(frozen=True)

    terrain: Id | None = Field(None, description="None: the map's default terrain")
    level: int = 0
    features: list[HexFeature] = Field(default_factory=list, json_schema_extra=EMPTY_LIST_DEFAULT)
    name: str = ""
    provenance: Provenance | None = None


class HexsideData(Model):
    """Everything one hexside holds: lines along it and connections across it."""

    model_config = ConfigDict(frozen=True)  # a value, shared as HexData is

    features: list[Id] = Field(default_factory=list, json_schema_extra=EMPTY_LIST_DEFAULT)
    connections: list[Id] = Field(default_factory=list, json_schema_extra=EMPTY_LIST_DEFAULT,
                                  description="road/rail types crossing this hexside (a bridge over a river)")
    provenance: Provenance | None = None


class Area(Model):
    """A named set of hexes rules can refer to (a city and its forts, map limits…)."""

    name: str
    kind: Literal["city", "victory", "map_limits", "boundary", "setup", "other"] = "other"
    hexes: list[HexLabel] = []
    color: Color = "#ff000040"
    provenance: Provenance | None = None


class Rect(Model):
    """A rectangle in map pixels, used to draw boxes and tracks beside the map."""

    x: float
    y: float
    width: float = Field(gt=0)
    height: float = Field(gt=0)


class Box(Model):
    """An off-map box: reinforcement/arrival box, holding box, pool, cup, eliminated box."""

    name: str
    kind: Literal["reinforcement", "arrival", "holding", "pool", "cup", "eliminated", "display", "exited", "other"]
    side: Id | None = None
    entry_hexes: list[HexLabel] = Field([], description="hexes a unit may enter the map from this box")
    rect: Rect | None = None
    provenance: Provenance | None = None


class TrackSpace(Model):
    label: str
    value: int | None = None


class Track(Model):
    """A printed track (turn, VP, weather, initiative, action points…)."""

    name: str
    kind: Literal["turn", "victory_points", "weather", "initiative", "action_points", "other"] = "other"
    spaces: list[TrackSpace] = []
    rect: Rect | None = None


class MapData(Model):
    """``map.json``: the grid and everything drawn on it."""

    grid: Grid
    default_terrain: Id
    terrain_types: dict[Id, TerrainType]
    hex_feature_types: dict[Id, HexFeatureType] = {}
    hexside_feature_types: dict[Id, HexsideFeatureType] = {}
    connection_types: dict[Id, ConnectionType] = {}
    levels: list[Level] = []
    hexes: dict[HexLabel, HexData] = {}
    hexsides: dict[str, HexsideData] = {}
    areas: dict[Id, Area] = {}
    boxes: dict[Id, Box] = {}
    tracks: dict[Id, Track] = {}
    style: StyleChoice = Field(StyleChoice(), description="the map style it is drawn in (classic if unset)")
    place_names: list[PlaceName] = Field([], description="names printed on the map, with halos")
    furniture: Furniture = Furniture()

    @field_validator("hexes", mode="wrap")
    @classmethod
    def _hexes_shared(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> dict[str, HexData]:
        """Plain hexes made once per distinct value; anything else validated as a whole, so
        its errors name the hex and the field."""
        shared = shared_hexes(value, HexData)
        return shared if shared is not None else handler(value)

    @field_validator("hexsides", mode="wrap")
    @classmethod
    def _hexsides_shared(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> dict[str, HexsideData]:
        shared = shared_hexsides(value, HexsideData)
        return shared if shared is not None else handler(value)

    def hex_data(self, label: str) -> HexData:
        """The data of hex ``label``; a hex absent from the file has the defaults."""
        return self.hexes.get(label) or HexData()

    def terrain_of(self, label: str) -> str:
        data = self.hexes.get(label)
        return data.terrain if data is not None and data.terrain is not None else self.default_terrain
