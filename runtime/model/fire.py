"""``rules.json`` ``fire``: artillery and air fire support as module data (St-Lô 10, 11, 14–16).

A side's firing units (``unit_types``, with the printed values ``support``, ``defensive`` and
``long_range`` and a number of ``fire_missions`` a turn) fire *missions* of declared kinds
(``missions``: barrage, interdiction, an air strike…). Each firing unit is given an
*intensity* (``intensities``: normal ×1 for one mission, rapid ×2 for two, maximum ×3 for three,
10.2.1); its final fire value is its printed value × the intensity's multiplier × the
observation value of the OP that observes the target when the mission is ``observed`` (10.3),
and the values of every unit firing are summed (14.1 B). A mission with a ``table`` reads the
column of that sum (or its fixed ``column``), rolls the table's die with the DRMs of the target
hex and the weather, and applies the result (``results``: pin, disrupt, step loss, initiative
loss, a strike on the firer's own units). Missions spent are counted per unit and turn and
reset by a ``reset_missions`` step (10.1.2: the Artillery Rally Phase).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .common import Id, Model, Provenance

FireValue = Literal["support", "defensive", "long_range"]


class FireIntensity(Model):
    """How hard a unit fires (St-Lô 10.2.1): its printed value × ``multiplier``, costing ``missions``."""

    name: str = ""
    multiplier: int = Field(ge=1)
    missions: int = Field(ge=1)


class FireResult(Model):
    """What a fire table's result code does (St-Lô 14.1.1, 15.0 C, 16.0 B)."""

    name: str = ""
    pin: bool = Field(False, description="pin the units in the target hex; already pinned: disrupt (14.1.1 P, "
                                         "14.2.2)")
    disrupt: bool = Field(False, description="disrupt them (a pin becomes a disruption, 14.1.3 A)")
    step_loss: int = Field(0, ge=0, description="steps lost by units of the hex, by the mission's loss order "
                                                "(14.1.2)")
    initiative: int = Field(0, ge=0, description="the enemy's initiative pool reduced by this much (16.0 B)")
    friendly: bool = Field(False, description="the firer's own units are hit instead: the enemy picks one of the "
                                              "firer's hexes within friendly_range of the target, which suffers "
                                              "friendly_result (15.0 C-E)")
    section: str = ""


class FireColumn(Model):
    """A column of a fire table: fire values from ``min_value`` (the highest column not above the
    value is read), or only named by a mission (``min_value`` None: the Air Strike column)."""

    label: str
    min_value: int | None = Field(None, ge=0)
    cells: list[str] = Field(min_length=1, description="result codes, one per row of the table")


class FireTable(Model):
    """A fire table (St-Lô Barrage Table, Long-Range Artillery Table): ``rows`` are the modified
    rolls, ascending; a roll beyond them reads the first or last row."""

    name: str
    die: Id = "d6"
    rows: list[int] = Field(min_length=1)
    columns: list[FireColumn] = Field(min_length=1)
    results: dict[str, FireResult] = Field(min_length=1)
    section: str = ""
    provenance: Provenance | None = None

    @model_validator(mode="after")
    def _cells_known(self) -> FireTable:
        if self.rows != sorted(set(self.rows)):
            raise ValueError(f"rows must ascend without repeats: {self.rows}")
        for i, col in enumerate(self.columns):
            if len(col.cells) != len(self.rows):
                raise ValueError(f"columns[{i}] ({col.label!r}) has {len(col.cells)} cells for {len(self.rows)} rows")
            unknown = sorted({c for c in col.cells if c not in self.results})
            if unknown:
                raise ValueError(f"columns[{i}] ({col.label!r}) uses result codes not in results: {unknown}")
        if len(self.columns) > 1 and all(c.min_value is None for c in self.columns):
            raise ValueError("a table of several columns needs min_value on its value columns")
        return self


class WeatherDrm(Model):
    """A DRM for a side's missions in a weather (St-Lô 16.0 B: US +1 cloudy, +2 clear)."""

    side: Id
    weather: str
    drm: int


class FireMission(Model):
    """A kind of fire (St-Lô 10.0 A): which value the units fire with, which intensities are
    allowed, how the target is observed, the table read and the DRMs."""

    name: str
    value: FireValue | None = Field(None, description="the printed value firing units use (None: no units fire, "
                                                      "an air strike)")
    intensities: list[Id] = Field([], description="intensities allowed ([] = every one; 10.2.2: defensive only "
                                                  "normal)")
    table: Id | None = Field(None, description="the fire table read (None: the value is added in combat)")
    column: str | None = Field(None, description="a fixed column label of the table (15.0 A: Air Strike)")
    target: Literal["hex", "none"] = Field("hex", description="hex: an enemy-occupied hex; none: no target hex "
                                                              "(16.0 interdiction, 22.1 counter-battery)")
    observed: bool = Field(True, description="an OP must observe the target hex (11.0)")
    ov_multiplies: bool = Field(True, description="the OV multiplies the fire value (10.3 C; 15.0 F: not for "
                                                  "air strikes)")
    op_near: Literal["formation", "unit_types", "active_hq", "supported"] = Field(
        "formation", description="the OP is placed within the command radius of a unit of its own formation "
                                 "(14.1 B), of any unit of the side of op_unit_types (15.0 A), of the active HQ "
                                 "(10.4 A) or of the unit the fire supports (10.5.2 A)")
    op_unit_types: list[Id] = Field([], description="op_near unit_types: the unit types an OP may be placed near")
    firers: Literal["op_formation", "any"] = Field(
        "op_formation", description="op_formation: units of the OP's formation or of always_fire formations "
                                    "(14.1 B); any: every firing unit of the side (16.0 A)")
    always_fire: list[Id] = Field([], description="formations whose units may always fire (14.1 B: corps "
                                                  "artillery)")
    same_formation_as_supported: bool = Field(
        False, description="a firing unit's formation must be the supported unit's (10.4 B, 10.5.3: the same "
                           "regimental designation; artillery without one cannot, 10.4.1)")
    max_units: int | None = Field(None, ge=1, description="units that may fire together (10.4 B, 10.5: one)")
    offer_units: int | None = Field(None, ge=1, description="the legal actions offer every combination of up to this "
                                                            "many firing units, each at every intensity it may "
                                                            "fire at, and every unit together at each intensity (a "
                                                            "fire of more units is still accepted); None: every "
                                                            "combination of any number")
    combat: Literal["", "attack", "defense"] = Field(
        "", description="fired in a combat, its value added to the attacking unit's strength (10.4 D: on-call) or "
                        "a defending unit's (10.5: defensive), once the attack is declared; '' = not in combat")
    supported_types: list[Id] = Field([], description="unit types the fire may support ([] = any; 17.0 F: not a "
                                                      "recon unit by itself)")
    apart_from_enemy_op: bool = Field(False, description="the OP may not stand in the enemy OP's hex, nor next to "
                                                         "it unless the side's units are there (10.5.2 B-C)")
    hex_drm: bool = Field(True, description="DRMs of hex markers and features in the target hex (14.1 B: IP -1, "
                                            "SP -2), the largest of a drm_group")
    weather_drms: list[WeatherDrm] = []
    pool: Id | None = Field(None, description="a side pool paying one point per mission (15.0 A: air strikes)")
    loss_order: list[list[Id]] = Field([], description="unit types that take a step loss, group by group; the "
                                                       "owner picks within a group (14.1.2)")
    friendly_range: int = Field(2, ge=0, description="15.0 C: a result hitting the firer's own hexes within this")
    friendly_result: str = Field("", description="15.0 C: the result code such a hex suffers (DL)")
    disorganizes: bool = Field(False, description="a numeric result (its ``initiative`` number) disorganizes that "
                                                  "many of the enemy's firing units instead of lowering his "
                                                  "initiative: those that spent the most missions this turn first "
                                                  "(22.1.1 B, 22.1.2; the owner picks among those tied)")
    section: str = ""


class FireRules(Model):
    """``rules.json`` ``fire``: who fires, the intensities, tables and missions (St-Lô 10, 14–16)."""

    unit_types: list[Id] = Field(["artillery"], description="unit types that fire (their missions: fire_missions)")
    op_unit_types: list[Id] = Field([], description="unit types of the OPs (11.1); a formation's OP is its piece "
                                                    "of such a type")
    op_radius: int = Field(4, ge=0, description="command radius an OP is placed within (7.4.1, 11.1.1 A)")
    intensities: dict[Id, FireIntensity] = Field(min_length=1)
    tables: dict[Id, FireTable] = {}
    missions: dict[Id, FireMission] = {}
    pinned: Id | None = Field(None, description="the status a pin gives (rules.json statuses)")
    disrupted: Id | None = Field(None, description="the status a disruption gives")
    initiative_pool: Id | None = Field(None, description="the pool an initiative result lowers (16.0 B)")
    disorganized: Id | None = Field(None, description="the status of a disorganized firing unit (22.1.2 D); give it "
                                                      "may_attack false: it may not fire (22.2.1)")
    section: str = ""

    @model_validator(mode="after")
    def _references(self) -> FireRules:
        for mid, mission in self.missions.items():
            for i in mission.intensities:
                if i not in self.intensities:
                    raise ValueError(f"missions.{mid}.intensities: no intensity {i!r} (intensities: "
                                     f"{', '.join(self.intensities)})")
            if mission.table is None:
                continue
            table = self.tables.get(mission.table)
            if table is None:
                raise ValueError(f"missions.{mid}.table: no fire table {mission.table!r} (tables: "
                                 f"{', '.join(self.tables) or 'none'})")
            if mission.column is not None and mission.column not in {c.label for c in table.columns}:
                raise ValueError(f"missions.{mid}.column: {table.name} has no column {mission.column!r}")
            if mission.disorganizes and self.disorganized is None:
                raise ValueError(f"missions.{mid}.disorganizes: name the status of a disorganized unit "
                                 f"(fire.disorganized)")
            if mission.friendly_result and mission.friendly_result not in table.results:
                raise ValueError(f"missions.{mid}.friendly_result: {table.name} has no result "
                                 f"{mission.friendly_result!r}")
        return self
