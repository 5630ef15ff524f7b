"""Choices and rolls around one combat, as data (``rules.json`` ``combat``): the attacker's
combat intensity (ToV 10.2.3), the attacker-casualty roll (ToV 10.3), air ground support
(ToV 7.1), who allocates step losses (ToV 10.3), and air interdiction of movement (ToV 7.2)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import Id, Model
from .tables import Number


class IntensityLevel(Model):
    """One level the attacker may declare: ``shift`` columns to the right, then a die after the
    result: one attacking unit loses a step on any of ``loss_on``."""

    shift: int = Field(ge=1)
    loss_on: list[int] = Field(min_length=1, description="die faces that cost the attacker one step")


class CombatIntensity(Model):
    """ToV 10.2.3: the attacker may raise the intensity when declaring; after the result (and the
    advance) a die decides whether one attacking unit, chosen by the attacker, loses a step."""

    levels: list[IntensityLevel] = Field(min_length=1)
    die: str = Field("1d6", pattern=r"^[1-9]d[0-9]{1,3}$")
    roll_when: Literal["always", "defender_lost"] = Field(
        "always", description="always (10.2.3 'after the results'), or only when the defender lost a step")
    section: str = ""


class CasualtyCheck(Model):
    """ToV 10.3: a result with a ``casualty_check`` effect makes the attacker roll (after
    advancing); a face in ``loss_on`` costs one attacking unit a step, an advancing one first."""

    die: str = Field("1d6", pattern=r"^[1-9]d[0-9]{1,3}$")
    loss_on: list[int] = Field([6], min_length=1)
    advanced_first: bool = Field(True, description="the loss is taken first by a unit that advanced")
    section: str = ""


class AirSupport(Model):
    """ToV 7.1: points of a side's pool spent on one combat: ``attack_shift`` columns per point
    when that side attacks (declared with the attack), ``defense_shift`` per point when it
    defends (chosen by the defender once the attack is declared); at most ``max_per_hex``."""

    pool: Id
    side: Id = Field(description="the side whose pool it is")
    attack_shift: int = 2
    defense_shift: int = -1
    max_per_hex: int = Field(1, ge=1)
    section: str = ""


class Interdiction(Model):
    """ToV 7.2: markers placed by ``side`` in an actions step that allows ``interdict``, one point
    of ``pool`` each, at most ``max_per_hex`` per hex, until the end of the turn; units of
    ``affects_sides`` pay ``enter_cost`` to enter and ``leave_cost`` to leave a hex within
    ``radius`` of a marker, once per marker (two overlapping: double). Not on retreats or advances,
    nor on a step across a ``free_across`` hexside."""

    pool: Id
    side: Id
    affects_sides: list[Id] = Field(min_length=1)
    enter_cost: Number = "1"
    leave_cost: Number = "1"
    radius: int = Field(1, ge=0)
    max_per_hex: int = Field(1, ge=1)
    free_across: list[Id] = Field(
        [], description="hexside features whose crossing pays no interdiction (ToV 7.2: river hex-side crossings)")
    offer_within: int | None = Field(
        None, ge=0, description="the legal actions offer only hexes within this many hexes of a unit of "
                                "affects_sides and in play (a marker anywhere else is still accepted); None: every hex")
    section: str = ""


class ShiftException(Model):
    """A weather shift that does not apply when every attacker stands in a hex with
    ``from_feature`` and the defender in one with ``into_feature`` (ToV 4.1.5: major city to
    major city)."""

    from_feature: Id
    into_feature: Id


class RetreatReduction(Model):
    """Units of ``sides`` in a hex with one of ``features`` retreat ``by`` hexes less (ToV 10.4,
    12.4: German units in Metz fortifications and cities ignore "R" and retreat one on "RR")."""

    features: list[Id] = Field(min_length=1)
    sides: list[Id] = Field([], description="[] = every side")
    by: int = Field(1, ge=1)


LossAllocation = Literal["each_unit", "owner"]
"""How a CRT ``step_loss`` of N hits a stack: ``each_unit`` loses N (DoM, St-Lô), or N steps in
all, allocated one by one by the owning player (ToV 10.3)."""
