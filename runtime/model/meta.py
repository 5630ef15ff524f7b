"""``module.json``: identity of the module, dice, optional rules and sequence of play."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import FORMAT_VERSION, Id, Model


class Die(Model):
    faces: int = Field(6, ge=2, le=100)


class OptionalRule(Model):
    name: str
    description: str = ""
    section: str = ""
    default: bool = False


class Seat(Model):
    """A player's seat in a game with one of ``optional_rules`` in use (ToV 15.1: three or four
    players, a seat per army): it plays ``side``'s units of ``formations`` and their
    sub-formations ([]: the side's units no other seat in play takes)."""

    name: str
    side: Id
    formations: list[Id] = []
    optional_rules: list[Id] = Field(min_length=1)


class Phase(Model):
    """One step of the sequence of play."""

    id: Id
    name: str
    side: Id | None = None
    kind: Literal["movement", "combat", "reinforcement", "weather", "chit_draw", "activation",
                  "initiative", "operations", "supply", "headquarters", "end", "other"] = "other"
    section: str = ""


class ModuleMeta(Model):
    format_version: int = FORMAT_VERSION
    id: Id
    title: str
    version: str = "0.1.0"
    description: str = ""
    authors: list[str] = []
    rulebook: str = ""
    dice: dict[Id, Die] = {"d6": Die()}
    optional_rules: dict[Id, OptionalRule] = {}
    seats: dict[Id, Seat] = Field({}, description="seats by formation for optional multi-player rules (ToV 15.1)")
    sequence: list[Phase] = []
