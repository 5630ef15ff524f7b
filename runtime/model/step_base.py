"""The common parts of the sequence-of-play steps (``rules.json`` ``sequence``): who acts in a
step, its enforcement level, the turns it runs on — shared by :mod:`.sequence` and
:mod:`.operations`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from .common import Id, Model

Enforcement = Literal["enforce", "warn", "off"]
ActionKind = Literal["move", "drop", "exit", "declare", "resolve", "relocate", "interdict", "fire"]
ChitKind = Literal["command", "event", "reinforcement", "supply", "other"]


class Tagged(Model):
    """A member of a union told apart by ``kind``: the kind is written even where it is the
    default (module files leave defaults out, and a file without it could not be read back)."""

    @model_serializer(mode="wrap")
    def _with_kind(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            data["kind"] = getattr(self, "kind")  # noqa: B009 - every subclass declares it
        return data


# -- who acts ------------------------------------------------------------------------------


class FixedSide(Tagged):
    kind: Literal["fixed"] = "fixed"
    side: Id


class PhaseSide(Tagged):
    """The side of the phase in ``module.json`` (DoM §4: the US movement phase is the US's)."""

    kind: Literal["phase"] = "phase"


class CurrentSide(Tagged):
    """The side made active last: by the chit drawn (ToV 4.3) or the initiative won (St-Lô 3.2.1)."""

    kind: Literal["current"] = "current"


class EachSide(Tagged):
    """Every side in turn (chit selection ToV 4.2, a supply check ToV 8.0); ``order`` [] = module order."""

    kind: Literal["each"] = "each"
    order: list[Id] = []


SideRule = Annotated[FixedSide | PhaseSide | CurrentSide | EachSide, Field(discriminator="kind")]


class StepBase(Tagged):
    id: Id | None = Field(None, description="names the step in the log, enforcement overrides (step.<id>) and tests")
    name: str = ""
    section: str = ""
    side: SideRule = CurrentSide()
    enforcement: Enforcement = "enforce"
    turns: list[int] = Field([], description="only on these turns ([] = every turn)")
    except_turns: list[int] = Field([], description="not on these turns")
    optional_rule: Id | None = Field(None, description="only when this optional rule is on")
