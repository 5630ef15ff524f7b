"""``pieces.json``: sides, formations, unit types, units with per-step values, markers, chits."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from .common import Color, Id, Model, Provenance, RelPath
from .map import EMPTY_LIST_DEFAULT

EMPTY_DICT_DEFAULT: dict[str, Any] = {"default": {}}
"""As :data:`.map.EMPTY_LIST_DEFAULT`: a ``{}`` default deep-copied for each of 8,000 units read is a factory."""

Echelon = Literal["army_group", "army", "corps", "division", "brigade", "regiment", "battalion", "company", "other"]
UnitSize = Literal["", "•", "••", "•••", "I", "II", "III", "X", "XX", "XXX", "XXXX"]
NatoSymbol = Literal[
    "infantry", "armor", "mechanized_infantry", "armored_cavalry", "cavalry", "recon",
    "airborne", "hq", "artillery", "anti_tank", "assault_gun", "flak", "engineer",
    "observation_post", "tank_destroyer", "other",
]


class Side(Model):
    """A side (faction) with its colours."""

    name: str
    short: str = Field("", max_length=8, description="short prefix used in log lines, e.g. US, DE")
    color: Color
    text_color: Color = "#000000"
    map_edge: Literal["", "north", "south", "east", "west"] = Field("", description="the side's home edge")


class Formation(Model):
    """An army, corps, division or regiment; units name their parent formation."""

    name: str
    side: Id
    echelon: Echelon = "division"
    parent: Id | None = None
    color: Color | None = Field(None, description="colour bar on counters; None: the side's colour")


class MovementClass(Model):
    """A movement class the terrain effects chart has a column for (e.g. mechanized)."""

    name: str


class UnitType(Model):
    """A kind of unit: its NATO symbol, movement class and what it does in the rules."""

    name: str
    symbol: NatoSymbol = "infantry"
    movement_class: Id
    abbreviation: str = Field("", max_length=8, description="used in designations, e.g. i, a, pg")
    armored: bool = False
    is_hq: bool = False
    exerts_zoc: bool = True


class StepValues(Model):
    """The printed values of one step (side) of a unit. Absent values are ``None``."""

    label: str = ""
    combat: int | None = None
    attack: int | None = None
    defense: int | None = None
    movement: int | None = None
    command_range: int | None = None
    morale: int | None = None
    anti_tank: int | None = None
    armor: int | None = None
    support: int | None = Field(None, description="artillery support value")
    defensive: int | None = Field(None, description="artillery defensive value")
    long_range: int | None = Field(None, description="artillery long-range value")
    fire_missions: int | None = None
    action_points: int | None = None
    extra: dict[Id, int | str] = Field(default_factory=dict, description="any other printed value, by name",
                                       json_schema_extra=EMPTY_DICT_DEFAULT)
    image: RelPath | None = Field(None, description="designer's own art for this side (images/…)")
    provenance: Provenance | None = None


class Restriction(Model):
    """A restriction printed on or ruled for a unit."""

    kind: Literal["no_move_before_turn", "must_stay_in_area", "must_stay_in_hex", "cannot_leave_box", "other"]
    turn: int | None = None
    area: Id | None = None
    hex: str | None = None
    until_retreated_out: bool = Field(
        False, description="must_stay: lifted once a combat result drives the unit out (ToV 12.7)")
    attacks: bool = Field(
        False, description="must_stay: the unit may not attack a hex outside it either (St-Lô 8.4.1-8.4.2: "
                           "divisional boundaries)")
    section: str = ""
    note: str = ""


class Piece(Model):
    """One unit counter. ``steps[0]`` is the full-strength front."""

    side: Id
    designation: str
    unit_type: Id
    size: UnitSize = ""
    formation: Id | None = None
    hq: Id | None = Field(None, description="the HQ piece that commands this unit")
    steps: list[StepValues] = Field(min_length=1)
    setup: str = Field("", description="setup code as printed: a hex, a box letter, a turn, DD, R…")
    restrictions: list[Restriction] = Field(default_factory=list, json_schema_extra=EMPTY_LIST_DEFAULT)
    optional_rule: Id | None = Field(None, description="only in play when this optional rule is on")
    note: str = ""
    provenance: Provenance | None = None


class MarkerFace(Model):
    text: str = ""
    color: Color = "#f0f0f0"
    text_color: Color = "#000000"
    image: RelPath | None = None


class Marker(Model):
    """A marker (turn, weather, control, pin, morale…), one or two faces."""

    name: str
    kind: Literal["turn", "weather", "victory_points", "control", "status", "track", "other"] = "other"
    faces: list[MarkerFace] = Field(min_length=1, max_length=2)
    side: Id | None = None
    count: int = Field(1, ge=1, le=1000, description="how many copies the game has")
    until_turn: int | None = Field(None, ge=1, description="taken off when this turn begins: the reminder of a "
                                                           "restriction that ends then (ToV 12.1: until turn 4)")


class Chit(Model):
    """A chit drawn from a cup; ``activates`` lists HQ pieces (or formations) it activates."""

    name: str
    side: Id | None = None
    kind: Literal["command", "event", "reinforcement", "supply", "other"] = "command"
    activates: list[Id] = []
    face: MarkerFace = MarkerFace()


class PiecesData(Model):
    """``pieces.json``."""

    sides: dict[Id, Side] = {}
    formations: dict[Id, Formation] = {}
    movement_classes: dict[Id, MovementClass] = {}
    unit_types: dict[Id, UnitType] = {}
    pieces: dict[Id, Piece] = {}
    markers: dict[Id, Marker] = {}
    chits: dict[Id, Chit] = {}
