"""``tables.json``: terrain effects, combat results tables, lookup tables, turn track, victory."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from .common import Id, Model, Provenance

Cost = Annotated[
    str,
    StringConstraints(pattern=r"^(\+?[0-9]+(/[0-9]+)?|\+?[0-9]+\.[0-9]+|all|prohibited|other|bridge)$"),
]
"""A movement cost: ``2``, ``1/2``, ``1/3``, ``+1`` (added, for hexsides), ``all`` (all MPs),
``prohibited``, ``other`` (no cost of its own: the hex's other terrain decides), or, for roads and
rails only, ``bridge`` (no rate of its own, but the hexside it crosses costs nothing and forbids
nothing: the step pays the hex entered; ToV 9.1: a railroad bridges a river)."""

CONNECTION_ONLY_COSTS = frozenset({"bridge"})
"""Costs that mean something only for a connection (road/rail) crossing a hexside."""

Number = Annotated[str, StringConstraints(pattern=r"^-?[0-9]+(/[0-9]+)?$|^-?[0-9]+\.[0-9]+$")]
"""An exact number as text: ``3``, ``-1``, ``1/2``, ``1.5``."""

ClassCosts = dict[str, Cost]
"""Cost by movement class id; the key ``*`` applies to every class not listed."""


class CombatEffect(Model):
    """What a terrain, feature or hexside does to combat."""

    shift: int = Field(0, description="CRT column shift; negative shifts favour the defender (left)")
    attack_multiplier: Number = "1"
    defense_multiplier: Number = "1"
    drm: int = 0
    drm_group: str = Field("", description="DRMs of one group do not add up: the largest counts (St-Lô 9.4.4: "
                                           "improved position and strongpoint)")
    crt_line: str = ""
    note: str = ""


class WeatherCosts(Model):
    """Movement costs that replace the normal ones in one kind of weather."""

    terrain: dict[Id, ClassCosts] = {}
    hexsides: dict[Id, ClassCosts] = {}
    connections: dict[Id, ClassCosts] = {}


class TerrainEffects(Model):
    """The terrain effects chart: movement costs by terrain × movement class, and combat effects."""

    terrain: dict[Id, ClassCosts] = {}
    features: dict[Id, ClassCosts] = Field({}, description="feature costs; usually 'other'")
    hexsides: dict[Id, ClassCosts] = Field({}, description="cost to cross a hexside feature")
    connections: dict[Id, ClassCosts] = Field({}, description="cost to move along a road/rail crossing; "
                                                           "'bridge': no rate, only the hexside's cost negated")
    weather: dict[Id, WeatherCosts] = {}
    combat: dict[Id, CombatEffect] = Field({}, description="by terrain or hex feature type of the defender's hex")
    hexside_combat: dict[Id, CombatEffect] = Field({}, description="by hexside feature attacked across")
    shift_mode: Literal["cumulative", "largest"] = "cumulative"
    section: str = ""
    provenance: Provenance | None = None


class CrtColumn(Model):
    """A CRT column: odds ``min``..``max`` (e.g. ``1/2``, ``3``) or a differential range.
    ``None`` means open-ended."""

    label: str
    min: Number | None = None
    max: Number | None = None


Who = Literal["attacker", "defender"]


class ResultEffect(Model):
    who: Who
    what: Literal["step_loss", "retreat", "eliminate", "exchange", "pin", "disrupt", "casualty_check", "advance", "other"]
    amount: int = 1
    note: str = ""


class ResultCode(Model):
    """What a result code on a CRT means, as data."""

    name: str
    effects: list[ResultEffect] = []
    description: str = ""


class CellProvenance(Model):
    row: int
    column: str
    clue: str


class CombatResultsTable(Model):
    """A combat results table by odds (``a:d``) or by differential (``a-d``)."""

    name: str
    kind: Literal["odds", "differential"]
    dice: str = Field("1d6", pattern=r"^[1-9]d[0-9]+$")
    columns: list[CrtColumn] = Field(min_length=1)
    rows: list[int] = Field(min_length=1, description="die results, top to bottom; may extend past 1-6")
    cells: list[list[str]] = Field(description="cells[row][column] are result codes")
    results: dict[str, ResultCode]
    rounding: Literal["defender", "nearest", "attacker"] = "defender"
    section: str = ""
    provenance: Provenance | None = None
    reconstructed_cells: list[CellProvenance] = []


class LookupRow(Model):
    key: str
    cells: list[str]


class LookupTable(Model):
    """Any other chart: weather, barrage, long-range artillery, reinforcements…"""

    name: str
    dice: str = ""
    key_label: str = ""
    columns: list[str] = []
    rows: list[LookupRow] = []
    section: str = ""
    provenance: Provenance | None = None
    reconstructed_cells: list[CellProvenance] = []


class Turn(Model):
    number: int
    label: str = ""
    date: str = ""
    data: dict[Id, int | str] = Field({}, description="per-turn values, e.g. chits, weather note")
    note: str = ""


class TurnTrack(Model):
    turns: list[Turn] = []


class VpRule(Model):
    """A victory point award. ``kind`` names the condition; ``params`` its data."""

    side: Id
    kind: Literal["control_hex", "exit_edge", "occupy_area_turns", "eliminate", "reduced", "relocate_hq", "other"]
    points: int
    per: Literal["once", "unit", "step", "turn"] = "once"
    minus_turn: bool = Field(False, description="points minus the current turn number (DoM §10.2)")
    params: dict[Id, int | str | list[str]] = {}
    trace: Literal["", "supply", "loc"] = Field(
        "", description="control_hex: the hex must trace supply (ToV 13.0) or a road-leg LOC (St-Lô 21.1) "
                        "to a source of the side, as if one of its units stood there")
    description: str = ""
    section: str = ""


class VictoryLevel(Model):
    """A level reached on the margin over the other side (DoM Table 5), or on one side's own
    total (St-Lô 21.2: ``side`` us, ``min_total`` 21 → Decisive US)."""

    min_margin: int = 0
    name: str
    side: Id | None = Field(None, description="with min_total/max_total: whose total is read")
    min_total: int | None = None
    max_total: int | None = None
    winner: Id | None = Field(None, description="the side this level favours (None: ``side``)")


class FormationsDestroyed(Model):
    """At least ``count`` of ``formations`` have lost every unit in the game (ToV 15.2: two German
    corps, not the IV LWF): each formation's units (its own and its sub-formations') that are not
    ``unavailable`` are all eliminated, at least one of them; HQs are not counted (they relocate)."""

    formations: list[Id] = Field(min_length=1)
    count: int = Field(1, ge=1)


class UnitsInArea(Model):
    """At least ``count`` units of the side (of ``sizes``, [] any) stand in ``area``, each tracing
    supply when ``trace`` (ToV 15.2: six regiments, in supply, on the French-German border)."""

    area: Id
    count: int = Field(1, ge=1)
    sizes: list[str] = []
    trace: Literal["", "supply"] = ""


class SuddenDeath(Model):
    """The game ends at a ``victory_check`` step when every condition given holds, from
    ``from_turn``: ``side`` controls every one of ``hexes`` (each tracing supply when ``trace``;
    ToV 13.0, 14.3), ``destroyed`` formations, ``in_area`` units (ToV 15.2); with
    ``optional_rule`` only when that rule is in use."""

    side: Id
    hexes: list[str] = []
    trace: Literal["", "supply"] = ""
    destroyed: FormationsDestroyed | None = None
    in_area: UnitsInArea | None = None
    from_turn: int = 1
    scenarios: list[Id] = Field([], description="only in these scenarios ([] = every scenario; ToV 14.1-14.3)")
    optional_rule: Id | None = Field(None, description="only with this optional rule in use (ToV 15.2)")
    level: str = "Sudden death"
    section: str = ""

    @model_validator(mode="after")
    def _some_condition(self) -> SuddenDeath:
        if not self.hexes and self.destroyed is None and self.in_area is None:
            raise ValueError("a sudden death condition needs hexes, destroyed or in_area")
        return self


class Victory(Model):
    rules: list[VpRule] = []
    levels: list[VictoryLevel] = []
    basis: Literal["margin", "total"] = Field("margin", description="levels read the margin or one side's total")
    sudden_death: list[SuddenDeath] = []
    note: str = ""


class TablesData(Model):
    """``tables.json``."""

    terrain_effects: TerrainEffects = TerrainEffects()
    crts: dict[Id, CombatResultsTable] = {}
    lookups: dict[Id, LookupTable] = {}
    turn_track: TurnTrack = TurnTrack()
    victory: Victory = Victory()
