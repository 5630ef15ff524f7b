"""``scenarios/<id>.json``: setup, reinforcements, options, limits and length of one scenario."""

from __future__ import annotations

from pydantic import Field, model_validator

from .common import HexLabel, Id, Model
from .pieces import Restriction
from .tables import Number


class Placement(Model):
    """Where a piece starts: a hex or an off-map box (exactly one)."""

    piece: Id
    hex: HexLabel | None = None
    box: Id | None = None
    step: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _one_place(self) -> Placement:
        if (self.hex is None) == (self.box is None):
            raise ValueError("give exactly one of 'hex' or 'box'")
        return self


class MarkerPlacement(Model):
    marker: Id
    hex: HexLabel | None = None
    box: Id | None = None
    track: Id | None = None
    space: int | None = None
    face: int = 0


class Reinforcement(Model):
    """A piece that arrives later: on ``turn`` it becomes available in ``box`` (or at ``hex``)."""

    piece: Id
    turn: int
    box: Id | None = None
    hex: HexLabel | None = None
    note: str = ""


class Scenario(Model):
    name: str
    description: str = ""
    first_turn: int = 1
    last_turn: int = Field(ge=1)
    first_side: Id | None = None
    setup: list[Placement] = []
    markers: list[MarkerPlacement] = []
    reinforcements: list[Reinforcement] = []
    optional_rules: dict[Id, bool] = Field({}, description="optional rules on/off; missing: module default")
    removed_pieces: list[Id] = []
    removed_chits: list[Id] = []
    cups: dict[Id, list[Id]] = Field({}, description="chits in each cup box at the start")
    map_limits: Id | None = Field(None, description="an area; hexes outside are out of play")
    restrictions: dict[Id, list[Restriction]] = Field(
        {}, description="by piece: restrictions of this scenario, on top of the piece's own (ToV 12.1)")
    conditions: dict[Id, str] = Field({}, description="game conditions at the start, e.g. weather (ToV 3.2)")
    lasting: dict[Id, int] = Field({}, description="lasting conditions at the start, each to the turn given "
                                                  "(ToV 4.1.6: mud on turn 1)")
    pool_multipliers: dict[Id, Number] = Field(
        {}, description="pool → times the value a table roll sets, rounded up (ToV 14.1, 14.2: air '1/2')")
    victory_note: str = ""
