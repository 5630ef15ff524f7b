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
    sequence: list[Phase] = []
