"""The rules engine's actions, as data: a discriminated union on ``name``.

Each is carried in the game's log as a :class:`runtime.state.RulesStep` (``to_step`` /
``from_step``), next to the manual actions, so undo, replay, saves and play by e-mail work
on them unchanged. Like every action, none holds a random outcome: ``Resolve`` rolls the
die from the state's generator when it is applied.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from hexwright.runtime.model.rules_config import Enforcement
from hexwright.runtime.state import RulesStep

Hex = Annotated[str, Field(min_length=1, max_length=16)]
Id = Annotated[str, Field(min_length=1, max_length=64)]
Hexes = tuple[Hex, ...]


class _EngineAction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    draws_dice: ClassVar[bool] = False
    """Applying it may roll dice from the game's generator (strict undo stops at it)."""


class Move(_EngineAction):
    """Move ``unit`` to hex ``to`` along its cheapest legal path, from the map or from its box (§8.1, §8.2)."""

    name: Literal["move"] = "move"
    unit: Id
    to: Hex
    mode: str = Field("", max_length=64, description="a movement mode of rules.json movement.modes ('' = normal)")


class Drop(_EngineAction):
    """Drop ``unit`` from its air-drop box on hex ``to`` (DoM §2.3, §8.2: rules.json ``drops``)."""

    name: Literal["drop"] = "drop"
    unit: Id
    to: Hex


class ExitMap(_EngineAction):
    """Move ``unit`` off the map from edge hex ``hex`` across the ``edge`` side (§8.1.3)."""

    name: Literal["exit"] = "exit"
    unit: Id
    hex: Hex
    edge: str = Field("", max_length=64, description="the map edge crossed; '' when the unit has no exit in "
                      "reach (a drop on the exited pile), which the engine refuses with its reason")


class Declare(_EngineAction):
    """Declare an attack by ``attackers`` on the unit in ``hex`` (§9), with the combat
    intensity chosen (columns, ToV 10.2.3) and the air points spent (ToV 7.1)."""

    name: Literal["declare"] = "declare"
    attackers: tuple[Id, ...] = Field(min_length=1, max_length=64)
    hex: Hex
    intensity: int = Field(0, ge=0, le=99, description="rules.json combat.intensity: the shift chosen (0 = none)")
    air: int = Field(0, ge=0, le=99, description="rules.json combat.air_support: pool points spent")
    assets: tuple[Id, ...] = Field((), max_length=16, description="rules.json assets: assets assigned to the "
                                                                  "attacking unit (St-Lô 9.3)")


class Resolve(_EngineAction):
    """Resolve the attack declared on ``hex``: roll the die and apply the CRT result (§9.2)."""

    name: Literal["resolve"] = "resolve"
    hex: Hex

    draws_dice: ClassVar[bool] = True


class Retreat(_EngineAction):
    """Retreat the unit whose retreat is due along ``path`` (§9.3)."""

    name: Literal["retreat"] = "retreat"
    unit: Id
    path: Hexes = Field(min_length=1)


class Advance(_EngineAction):
    """Advance one unit after combat along ``path`` (§9.5)."""

    name: Literal["advance"] = "advance"
    unit: Id
    path: Hexes = Field(min_length=1)


class Support(_EngineAction):
    """The defender spends ``points`` of its air pool on the attack just declared (ToV 7.1; 0 = none)."""

    name: Literal["support"] = "support"
    points: int = Field(ge=0, le=99)


class Interdict(_EngineAction):
    """Place an interdiction marker on ``hex`` (ToV 7.2: one air point)."""

    name: Literal["interdict"] = "interdict"
    hex: Hex


class Fire(_EngineAction):
    """Fire a mission of ``rules.json`` ``fire`` (St-Lô 10, 14–16): the OP ``op`` placed at
    ``op_hex`` observes ``target``; ``units`` fire at ``intensities`` (one each, in order)."""

    name: Literal["fire"] = "fire"
    mission: Id
    target: str = Field("", max_length=16)
    op: str = Field("", max_length=64)
    op_hex: str = Field("", max_length=16)
    units: tuple[Id, ...] = Field((), max_length=64)
    intensities: tuple[Id, ...] = Field((), max_length=64)
    supports: str = Field("", max_length=64, description="the unit the fire supports (on-call, defensive: 10.4, 10.5)")

    draws_dice: ClassVar[bool] = True


class LoseStep(_EngineAction):
    """The owner allocates one step loss of a combat result to ``unit`` (ToV 10.3)."""

    name: Literal["lose_step"] = "lose_step"
    unit: Id


class Decline(_EngineAction):
    """Take up no (more) of an optional choice: no advance after combat (§9.5), no more assets
    for the defence (St-Lô 9.3 C), no more assets reassigned (St-Lô 3.1.4.2 B)."""

    name: Literal["decline"] = "decline"


class EliminateExcess(_EngineAction):
    """Eliminate one unit chosen by its owner: of an overstacked hex (§6), or an armoured asset
    lost to the armour differential (St-Lô 9.4.1 E–F)."""

    name: Literal["eliminate_excess"] = "eliminate_excess"
    unit: Id


class AssignAsset(_EngineAction):
    """The owner assigns ``asset`` to ``unit``: for the defence of the attack just declared
    (St-Lô 9.3 C), or to one of the companies of a battalion that broke down (12.2.5)."""

    name: Literal["assign_asset"] = "assign_asset"
    asset: Id
    unit: Id


class ReassignAsset(_EngineAction):
    """The owner reassigns the attached ``asset`` to its division (St-Lô 3.1.4.2 B, 5.1)."""

    name: Literal["reassign_asset"] = "reassign_asset"
    asset: Id


class Pick(_EngineAction):
    """One of the hexes or units a procedure asks its side to choose from (the frame's ``units``):
    the firer's hex an air strike hits instead (St-Lô 15.0 D, chosen by the enemy), the artillery
    unit counter-battery fire disorganizes among those tied (22.1.2 B, chosen by its owner)."""

    name: Literal["pick"] = "pick"
    target: Id


class EndPhase(_EngineAction):
    """End the current phase (stacking is checked first, §6); after the last phase the turn ends (§4)."""

    name: Literal["end_phase"] = "end_phase"


class Relocate(_EngineAction):
    """Relocate the activated HQ ``unit`` to hex ``to`` instead of moving it (ToV 2.3)."""

    name: Literal["relocate"] = "relocate"
    unit: str
    to: str


class Enter(_EngineAction):
    """Place the arriving ``unit`` on entry hex ``to``, its owner's choice (ToV 11.2: any Supply Source)."""

    name: Literal["enter"] = "enter"
    unit: Id
    to: Id


class Choose(_EngineAction):
    """Pick an option of the choice step waiting (pass, an operation, an HQ as ``target``),
    or ``play``/``skip`` a chit just drawn."""

    name: Literal["choose"] = "choose"
    option: str = Field(max_length=64)
    target: str = Field("", max_length=64)


class PutChit(_EngineAction):
    """Put one of the side's chits into the cup being filled (ToV 4.2)."""

    name: Literal["put_chit"] = "put_chit"
    chit: str = Field(max_length=64)


class Draw(_EngineAction):
    """Draw a chit from the cup at random (chance: the state's generator, logged)."""

    name: Literal["draw"] = "draw"

    draws_dice: ClassVar[bool] = True


class Roll(_EngineAction):
    """Roll the dice of the chance step waiting: initiative, a table, arrivals (logged)."""

    name: Literal["roll"] = "roll"

    draws_dice: ClassVar[bool] = True


class SetEnforcement(_EngineAction):
    """The players set how strictly a rule is applied: enforce, warn or off (kept in the log)."""

    name: Literal["set_enforcement"] = "set_enforcement"
    rule: Id
    level: Enforcement


EngineAction = Annotated[
    Move | Drop | ExitMap | Declare | Resolve | Retreat | Advance | Decline | EliminateExcess | EndPhase | Relocate
    | Choose | PutChit | Draw | Roll | SetEnforcement | Support | LoseStep | Interdict | Fire | AssignAsset
    | ReassignAsset | Pick | Enter,
    Field(discriminator="name"),
]
ENGINE_ACTION: TypeAdapter[EngineAction] = TypeAdapter(EngineAction)
ACTION_TYPES: tuple[type[_EngineAction], ...] = (
    Move, Drop, ExitMap, Declare, Resolve, Retreat, Advance, Decline, EliminateExcess, EndPhase, Relocate, Choose, PutChit,
    Draw, Roll, SetEnforcement, Support, LoseStep, Interdict, Fire, AssignAsset, ReassignAsset, Pick, Enter)
STEPS_WITH_DICE = frozenset(str(t.model_fields["name"].default) for t in ACTION_TYPES if t.draws_dice)
"""Names of the steps that roll dice: the engine's answer to :meth:`runtime.state.RulesEngine.draws_dice`."""
ORDER = {n: i for i, n in enumerate(
    ("lose_step", "pick", "enter", "support", "assign_asset", "reassign_asset", "retreat", "advance", "decline", "eliminate_excess",
     "draw", "roll", "put_chit", "choose", "interdict", "fire", "move", "relocate", "drop", "exit", "declare", "resolve",
     "end_phase", "set_enforcement"))}


def is_engine_action(action: object) -> bool:
    return isinstance(action, _EngineAction)


def to_step(action: _EngineAction) -> RulesStep:
    data = action.model_dump(mode="json", exclude_defaults=True)
    name = str(getattr(action, "name"))  # noqa: B009 - every engine action has one; the base class does not
    data.pop("name", None)
    return RulesStep(name=name, args=data)


def from_step(step: RulesStep) -> EngineAction:
    return ENGINE_ACTION.validate_python({**step.args, "name": step.name})


def sort_key(action: _EngineAction) -> tuple[int, str]:
    """Actions sort by kind (choices due first), then by their arguments' canonical JSON."""
    data: dict[str, Any] = action.model_dump(mode="json")
    return ORDER[data.pop("name")], json.dumps(data, sort_keys=True)
