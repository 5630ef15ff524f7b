"""``rules.json`` ``sequence``: the sequence of play as nested steps the engine runs.

A turn is the module's phases (``module.json`` ``sequence``); each phase runs the steps
declared for it here (``phases``, by phase id), and a step may call a named procedure
(``procedures``): the procedure a chit leads to, the one a choice picks, an activation's
orders. Containers (``loop``, ``activation``) hold their own ``steps``; the engine keeps
the steps running as a stack in the game state (call/return, after Rally the Troops).

Who acts in a step is its ``side``: ``fixed``, the ``phase``'s side, ``each`` side in
turn, or ``current`` — the side the last chit drawn or initiative roll made active (the
engine logs why). Chance steps (a cup draw, a table roll, an initiative roll) wait for a
``roll``/``draw`` action and take their dice from the state's seeded generator, so they
are logged and replay bit for bit.

Every step has an ``enforcement`` level like every other rule: ``enforce`` (only the
step's choices are legal), ``warn`` (actions outside it are allowed and the override is
logged), ``off`` (the engine skips the step; players do it by hand).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import Id, Model
from .operations import (
    ActionCost,
    AssetPhase,
    Entrench,
    FirstAttempt,
    HqRoll,
    MoraleRecovery,
    Recover,
    Reorganize,
    ResetMissions,
)
from .pieces import Echelon
from .step_base import (
    ActionKind,
    ChitKind,
    CurrentSide,
    EachSide,
    Enforcement,
    FixedSide,
    PhaseSide,
    SideRule,
    StepBase,
    Tagged,
)
from .tables import Number

# -- leaves that wait for players ------------------------------------------------------------


class UnitSelect(Model):
    """Which units an activation orders (ToV 2.3: by HQ and command range measured when
    activated; St-Lô 7.2.1: the HQ's designation; ToV SHAEF: units of N formations)."""

    by: Literal["hq_range", "designation", "formation", "side", "arrivals", "area"] = Field(
        "hq_range", description="arrivals: only the units that arrived with the chit or choice (ToV 11.0); "
                                "area: the side's units in ``area`` (ToV 4.3 Metz)")
    hq_from: Literal["chit", "choice", "fixed"] = Field(
        "chit", description="the HQ named by the chit drawn, chosen, or ``hq`` (ToV 12.1: as if its chit were drawn)")
    hq: Id | None = Field(None, description="hq_from fixed: the HQ piece")
    area: Id | None = Field(None, description="by area: the map area (map.json areas)")
    only_formations: list[Id] = Field(
        [], description="only units of these formations (or under them), besides arrivals (ToV 2.3: IV LWF "
                        "Corps, the 198th Division only); [] = any")
    range: int | None = Field(None, ge=0, description="None: the HQ's printed command_range")
    range_kind: Literal["distance", "radius"] = Field(
        "distance", description="distance: plain hexes (ToV 2.3: terrain, ZOC and units have no effect); "
                                "radius: a path avoiding enemy units and unoccupied EZOC (St-Lô 7.4.1)")
    same: Literal["any", "formation", "army"] = Field(
        "any", description="only units whose formation (formation) or top formation (army) is the HQ's (ToV 2.3 note)")
    formations_from: Literal["chit", "choice"] = Field(
        "chit", description="by formation: the formations the chit drawn names, or those picked by a "
                            "formations choice (ToV 4.3 SHAEF / OB West: any two divisions)")
    include_hq: bool = True
    exclude_statuses: list[Id] = Field([], description="units with these statuses are not activated")
    unit_types: list[Id] = Field([], description="only units of these types ([] = any; St-Lô 17.0 C: recon units "
                                                 "within the active HQ's command radius)")


class ActionsStep(StepBase):
    """A side plays engine actions until it ends the step (``end_phase``)."""

    kind: Literal["actions"] = "actions"
    allow: list[ActionKind] = []
    units: Literal["side", "activated"] = Field("side", description="activated: only the current activation's units")
    modes: list[Id] = Field([], description="movement modes a Move may name (rules.json movement.modes; [] = normal)")
    attacks_per_unit: int | None = Field(
        None, ge=1, description="in an activation: attacks each unit may make in this step (St-Lô 9.1 A: one per "
                               "attack action); None: only the activation's attacks limit")
    moves_per_unit: int | None = Field(
        None, ge=1, description="in an activation: moves each unit may make in this step (St-Lô 8.1 E: one per "
                               "movement action); None: only the activation's moves limit")
    must_attack: bool = Field(False, description="the step may not end while a unit taking part could still "
                                                 "attack (St-Lô 9.1 B: every eligible unit in an EZOC attacks)")
    modes_only: bool = Field(False, description="a Move must name one of ``modes`` (St-Lô 8.2: the strategic "
                                                "movement action moves only strategically)")
    mission: Id | None = Field(None, description="allow fire: the mission of rules.json fire.missions fired here "
                                                 "(St-Lô 14.0 barrage, 16.0 interdiction)")
    once: bool = Field(False, description="the step ends after one Fire (St-Lô 14.1 A: a barrage is one fire; "
                                          "16.0 A: one interdiction attempt)")


class ChoiceOption(Model):
    """One option of a choice. ``formations`` and ``arrivals`` pick up to ``count`` of their
    candidates, one ``choose`` (with the candidate as target) each; ``choose`` with no target
    ends the picking once ``min_count`` are picked. Then the ``procedure`` runs: an activation
    with ``select.formations_from: choice`` orders the formations picked (ToV 4.3 SHAEF / OB
    West: any two divisions); arrival groups picked come in at once (ToV 11.2: one division
    of the reinforcements available; 11.3: any reserves, each at a VP cost)."""

    kind: Literal["pass", "procedure", "hq", "formations", "arrivals", "end"] = Field(
        description="end: ends the nearest loop (St-Lô 7.1.1 C: the HQ's activation, the points left forfeit)")
    id: Id
    label: str = ""
    procedure: Id | None = Field(None, description="run after the option is chosen (hq: the activation of the HQ "
                                                   "chosen; formations: the activation of those picked)")
    sides: list[Id] = Field([], description="only these sides may choose it ([] = any)")
    hq_types: list[Id] = Field([], description="hq: unit types that count as HQs ([] = unit types with is_hq)")
    hq_with_units: bool = Field(False, description="hq: only HQs with a unit bearing their designation left in "
                                                   "play (St-Lô 9.2.7 B)")
    count: int = Field(1, ge=1, description="formations/arrivals: how many may be picked")
    min_count: int | None = Field(None, ge=0, description="formations/arrivals: the picking may end after this "
                                                          "many (None: count, or every candidate if fewer)")
    formations: list[Id] = Field([], description="formations: the candidates ([] = the side's formations with a "
                                                 "unit on the map)")
    echelons: list[Echelon] = Field([], description="formations: only formations of these echelons ([] = any)")
    groups: list[Id] = Field([], description="arrivals: the candidate groups ([] = every group of the side "
                                             "with a choice trigger)")
    cost: ActionCost | None = Field(None, description="procedure: paid from a pool as it is chosen; the units "
                                                      "that take part are fixed then (St-Lô 7.1)")
    attack_drm: int = Field(0, description="procedure: a DRM for the attacks made in it (St-Lô 9.4.4: deliberate "
                                           "+1, intensive +2)")
    optional_rule: Id | None = Field(None, description="only offered when this optional rule is on (St-Lô 3.2.3 E: "
                                                       "counter-battery fire, 22.0)")


class ChoiceStep(StepBase):
    """The side chooses one option: pass, an operation (a procedure), an HQ to activate (St-Lô
    3.2.3), formations to order or arrival groups to bring in (ToV 4.3, 11.2)."""

    kind: Literal["choice"] = "choice"
    options: list[ChoiceOption] = Field(min_length=1)


class ChitSelection(Model):
    """What one side may put in the cup: ``count`` chits (or the turn track's ``count_field``)
    from ``chits``, plus the turn's ``special`` chits (ToV 4.2)."""

    chits: list[Id] = []
    count: int | None = Field(None, ge=0, description="None: the turn track's count_field; both None: every chit")
    count_field: Id | None = None
    special: dict[str, list[Id]] = Field({}, description="by turn number: chits also selectable that turn")


class CupFill(StepBase):
    """Players put chosen chits into a cup; ``always`` chits go in every turn (ToV 4.2: Supply)."""

    kind: Literal["cup_fill"] = "cup_fill"
    cup: Id
    sides: dict[Id, ChitSelection] = {}
    always: list[Id] = []
    empty_first: bool = True


class CupDraw(StepBase):
    """Draw one chit (chance); its owner becomes the active side and its procedure runs —
    by chit id first, then by chit kind (ToV 4.3)."""

    kind: Literal["cup_draw"] = "cup_draw"
    cup: Id
    by_chit: dict[Id, Id] = {}
    by_kind: dict[ChitKind, Id] = {}
    skip: Id | None = Field(None, description="a procedure the owner may run instead of the chit's (ToV 4.3 Metz)")
    skip_sides: list[Id] = []


class Initiative(StepBase):
    """Each side rolls, adding its pool (St-Lô 3.2.1): the higher roll is active, ``tie`` wins ties.
    If every unmodified roll is ``end_loop_on``, the enclosing loop ends — after its minimum
    iterations; within them such a roll is rolled again (St-Lô 3.2.6)."""

    kind: Literal["initiative"] = "initiative"
    sides: list[Id] = []
    die: Id = "d6"
    pool: Id | None = Field(None, description="a side pool added to each side's roll")
    tie: Id
    end_loop_on: int | None = None


class RollModifier(Model):
    """A DRM on a table roll: when the previous result is one of ``previous``, on ``turns``."""

    drm: int
    previous: list[str] = []
    turns: list[int] = []
    note: str = ""


class Persist(Model):
    """A result that leaves a condition for ``turns`` turns from this one (ToV 4.1.5: rain → mud, 2)."""

    result: str
    condition: Id
    turns: int = Field(2, ge=1)


class TableRoll(StepBase):
    """Roll on a lookup table (chance) and keep the result in the state under ``store``
    (weather), with DRMs from the previous result and the turn, persistent conditions and
    side pools set from the row (ToV 4.1: air points)."""

    kind: Literal["table_roll"] = "table_roll"
    table: Id
    die: Id = "d6"
    store: Id = "weather"
    column: int = Field(0, ge=0, description="the table column holding the result")
    modifiers: list[RollModifier] = []
    fixed: dict[str, str] = Field({}, description="by turn number: the result without a roll (ToV 4.1.6)")
    persist: list[Persist] = []
    pools: dict[str, Id] = Field({}, description="table column index → pool set (for the roller's side) from it")


# -- leaves that run by themselves -----------------------------------------------------------


class ArrivalsStep(StepBase):
    """Bring in the arrival groups whose trigger is met (rules.json ``arrivals``); a die
    trigger rolls here (St-Lô 18.1)."""

    kind: Literal["arrivals"] = "arrivals"
    groups: list[Id] = Field([], description="[] = every group triggered by turn or die")


class SupplyCheck(StepBase):
    """Every unit of ``sides`` traces supply; those that cannot get ``status`` and the
    consequences (ToV 8.1: one step, HQs relocated)."""

    kind: Literal["supply_check"] = "supply_check"
    sides: list[Id] = []
    status: Id | None = "out_of_supply"
    step_loss: bool = False
    exempt_areas: list[Id] = Field([], description="units of a listed area are always in supply (ToV 12.7)")
    exempt_formations: list[Id] = Field(
        [], description="with exempt_areas: only units of these formations (or under them) there are exempt "
                        "(ToV 12.7: the Metz garrison while in Metz); [] = every unit there")


class ClearStatuses(StepBase):
    """Remove statuses from every unit (St-Lô 3.1.6 Recovery: pinned, disrupted)."""

    kind: Literal["clear_statuses"] = "clear_statuses"
    statuses: list[Id]


class SetPool(StepBase):
    """Set side pools (St-Lô 3.1.3 A: initiative 0, German −2 on turn 1)."""

    kind: Literal["set_pool"] = "set_pool"
    pool: Id
    values: dict[Id, int] = {}
    by_turn: dict[str, dict[Id, int]] = {}


class VictoryCheck(StepBase):
    """Sudden death: the game ends now if a ``sudden_death`` condition holds (ToV 13.0)."""

    kind: Literal["victory_check"] = "victory_check"


class Call(StepBase):
    kind: Literal["call"] = "call"
    procedure: Id


# -- containers ---------------------------------------------------------------------------------


class AllPassed(Tagged):
    """Each side passed, one after the other (St-Lô 3.2.5)."""

    kind: Literal["all_passed"] = "all_passed"


class DieEnds(Tagged):
    """An initiative roll inside asked the loop to end (its ``end_loop_on``)."""

    kind: Literal["die"] = "die"


class CountEnds(Tagged):
    kind: Literal["count"] = "count"
    count: int = Field(ge=1)


class PoolEmpty(Tagged):
    """The acting side's ``pool`` is at ``below`` or less (St-Lô 7.1.1: no TAPs left)."""

    kind: Literal["pool_empty"] = "pool_empty"
    pool: Id
    below: int = 0


class CupEmpty(Tagged):
    kind: Literal["cup_empty"] = "cup_empty"
    cup: Id


EndCondition = Annotated[AllPassed | DieEnds | CountEnds | CupEmpty | PoolEmpty, Field(discriminator="kind")]


class Loop(StepBase):
    """Repeat ``steps`` until an end condition holds (checked before each iteration, and
    ``die`` at once); never fewer than the minimum iterations, except by ``all_passed``."""

    kind: Literal["loop"] = "loop"
    steps: list[Step] = Field(min_length=1)
    until: list[EndCondition] = Field(min_length=1)
    min_iterations: int = Field(0, ge=0)
    min_by_turn: dict[str, int] = Field({}, description="by turn number (St-Lô 3.2.6: turn 1: 12, turn 2: 8)")
    max_iterations: int = Field(500, ge=1, description="a safety stop")


class Activation(StepBase):
    """Activate units (``select``), then run ``steps`` with them (ToV 4.3: move, then combat).
    ``moves``/``attacks``: how often each activated unit may move or attack in this activation."""

    kind: Literal["activation"] = "activation"
    select: UnitSelect = UnitSelect()
    steps: list[Step] = Field(min_length=1)
    moves: int = Field(1, ge=0, description="moves each activated unit may make in this activation")
    attacks: int = Field(1, ge=0, description="attacks each activated unit may make in this activation "
                                              "(ToV 10.0: 1; St-Lô 9.1 A: more, one per attack action)")
    status: Id | None = Field("activated", description="status given to the activated units while it runs")
    return_hq: bool = Field(True, description="an HQ placed by its activation roll goes back to its box when this "
                                              "ends (false: a later activation of the same HQ returns it)")
    skip_if_empty: bool = Field(False, description="with no unit selected the activation is skipped")
    clear_pool: Id | None = Field(None, description="the acting side's pool emptied when the activation ends "
                                                    "(St-Lô 7.1.1 D: TAPs left are forfeit)")


Step = Annotated[
    ActionsStep | ChoiceStep | CupFill | CupDraw | Initiative | TableRoll | ArrivalsStep | SupplyCheck
    | ClearStatuses | SetPool | VictoryCheck | Call | Loop | Activation | HqRoll | MoraleRecovery | Entrench
    | Reorganize | Recover | AssetPhase | ResetMissions,
    Field(discriminator="kind"),
]
Loop.model_rebuild()
Activation.model_rebuild()

STEP_KINDS = ("actions", "choice", "cup_fill", "cup_draw", "initiative", "table_roll", "arrivals", "supply_check",
              "clear_statuses", "set_pool", "victory_check", "call", "loop", "activation", "hq_roll", "morale_recovery",
              "entrench", "reorganize", "recover", "asset_phase", "reset_missions")


# -- state the rules read -----------------------------------------------------------------------


class StatusEffects(Model):
    """What a status does, as data (St-Lô 14.2.1: pinned units may not attack; ToV 8.1)."""

    may_move: bool = True
    allowance_multiplier: Number = "1"
    may_attack: bool = True
    may_be_activated: bool = True
    attack_multiplier: Number = "1"
    defense_multiplier: Number = "1"
    defender_drm: int = Field(0, description="DRM for the attacker when a defender has it (St-Lô 9.4.4)")
    drm_group: str = Field("", description="defender DRMs of one group do not add up: the largest counts (St-Lô "
                                           "9.4.4: pinned +2 and disrupted +3 give +3)")
    defender_shift: int = 0


class StatusDef(Model):
    """A unit status held by the engine: activated, pinned, disrupted, out of supply, entrenched…"""

    name: str
    effects: StatusEffects = StatusEffects()
    cleared_at_turn_end: bool = False
    marks_hex: bool = Field(False, description="a marker on the hex more than on its units: a unit that ends a move "
                                               "in a hex where a unit of its side holds it gets it too (St-Lô 14.2: "
                                               "pinned, disrupted)")
    section: str = ""


class PoolDef(Model):
    """A number per side kept on a track: air points, tactical action points, initiative level."""

    name: str
    track: Id | None = None
    min: int = -99
    max: int = 99
    initial: dict[Id, int] = {}
    section: str = ""


class TurnTrigger(Tagged):
    kind: Literal["turn"] = "turn"
    turn: int


class ChitDrawTrigger(Tagged):
    """The ``nth`` draw of ``chit`` in the game (ToV 11.1: first, second, third time)."""

    kind: Literal["chit_draw"] = "chit_draw"
    chit: Id
    nth: int = Field(1, ge=1)


class DieTrigger(Tagged):
    """A roll of ``at_most`` or less on ``die`` in an ``arrivals`` step, from ``from_turn``
    (St-Lô 18.1: Germans 1-4, US 1-3 from turn 4); ordered groups come one per success."""

    kind: Literal["die"] = "die"
    die: Id = "d6"
    at_most: int = Field(ge=1)
    from_turn: int = 1


class ChoiceTrigger(Tagged):
    """Available from ``from_turn`` (once every piece of ``after_on_map`` is on the map), the
    group comes in when its side picks it in an ``arrivals`` choice (ToV 11.2: "they may be
    brought into play with any reinforcement chit later in the game"; 11.3 reserves)."""

    kind: Literal["choice"] = "choice"
    from_turn: int = 1
    after_on_map: list[Id] = Field([], description="pieces that must be on the map first (ToV 11.3: VI Corps HQ)")


class AfterTrigger(Tagged):
    """``turns`` turns after ``group`` arrived, without a roll (St-Lô 18.1.2 B: "on the turn
    immediately following, it does not roll … but automatically receives the 3/134th");
    the groups after it in its queue wait for it."""

    kind: Literal["after"] = "after"
    group: Id
    turns: int = Field(1, ge=0)


ArrivalTrigger = Annotated[TurnTrigger | ChitDrawTrigger | DieTrigger | ChoiceTrigger | AfterTrigger,
                           Field(discriminator="kind")]


class ArrivalGroup(Model):
    """Units that arrive together. Groups with the same ``queue`` come in ``order``."""

    side: Id
    pieces: list[Id] = Field(min_length=1)
    trigger: ArrivalTrigger
    queue: Id | None = None
    order: int = 0
    hexes: list[str] = Field([], description="entry hexes, tried in order")
    at_sources: bool = Field(False, description="enter on any supply source of the side (ToV 11.2)")
    controlled_sources: bool = Field(False, description="at_sources: only those the side controls (ToV 11.3)")
    choose_hex: bool = Field(False, description="its owner places each unit on one of the entry hexes it may enter "
                                                "(ToV 11.2: 'on any Supply Source hex'); otherwise the first free "
                                                "one in order")
    box: Id | None = Field(None, description="or placed in this box to enter by movement")
    boxes: dict[Id, Id] = Field({}, description="piece → the box it is placed in instead (St-Lô 18.2.2–18.2.3: an "
                                                "HQ on its division display, artillery on its track)")
    delay_when_blocked: bool = Field(True, description="an enemy or full entry hex delays the group (St-Lô 18.2.1)")
    not_in_ezoc: bool = Field(False, description="an entry hex in an enemy ZOC is blocked, friendly units or not "
                                                 "(ToV 11.2)")
    vp: int = Field(0, description="victory points to the side when it arrives (negative: a cost, ToV 11.3)")
    section: str = ""


class HqRelocation(Model):
    """An activated HQ may be relocated instead of moving (ToV 2.3): at least ``min_distance``
    hexes away, not in an enemy ZOC, tracing supply; ``relocate_hq`` VP rules score it. An HQ
    destroyed or cut off is relocated by its owner under the same conditions, measured from
    the hex it was in (no legal hex: it is eliminated)."""

    min_distance: int = Field(5, ge=1)
    not_in_ezoc: bool = True
    trace_supply: bool = True
    when_destroyed: bool = Field(
        False, description="an HQ eliminated in combat, retreating with no path or losing its last step is "
                           "relocated instead, on its last step (ToV 2.3, 8.1, 12.2)")
    when_out_of_supply: bool = Field(
        False, description="an HQ a supply check finds out of supply is relocated (ToV 2.3), after the "
                           "check's status and step loss")
    hq_types: list[Id] = Field([], description="unit types relocated ([] = unit types with is_hq)")
    section: str = ""


class ControlRules(Model):
    """Which hexes can be controlled: ``feature_types`` [] = every hex (DoM §7); else only
    hexes with one of these features (ToV 6.1: cities, towns, supply sources)."""

    feature_types: list[Id] = []
    section: str = ""


def declared_step_ids(sequence: SequenceRules) -> set[str]:
    """Ids of every step declared in ``sequence`` (``step.<id>`` in ``enforcement``)."""
    out: set[str] = set()

    def walk(steps: list[Step]) -> None:
        for st in steps:
            if st.id:
                out.add(st.id)
            if isinstance(st, (Loop, Activation)):
                walk(st.steps)

    for lists in (sequence.phases, sequence.procedures):
        for steps in lists.values():
            walk(steps)
    return out


class SequenceRules(Model):
    """The steps of each phase (by phase id) and the procedures steps call.

    A phase not listed runs the steps of its kind: ``movement`` → move, drop, exit;
    ``combat`` → declare, resolve; any other kind → nothing but ending it."""

    phases: dict[Id, list[Step]] = {}
    procedures: dict[Id, list[Step]] = {}
    section: str = ""


__all__ = [
    "STEP_KINDS",
    "ActionCost",
    "ActionKind",
    "ActionsStep",
    "Activation",
    "AfterTrigger",
    "AllPassed",
    "ArrivalGroup",
    "ArrivalTrigger",
    "ArrivalsStep",
    "AssetPhase",
    "Call",
    "ChitDrawTrigger",
    "ChitKind",
    "ChitSelection",
    "ChoiceOption",
    "ChoiceStep",
    "ChoiceTrigger",
    "ClearStatuses",
    "ControlRules",
    "CountEnds",
    "CupDraw",
    "CupEmpty",
    "CupFill",
    "CurrentSide",
    "DieEnds",
    "DieTrigger",
    "EachSide",
    "EndCondition",
    "Enforcement",
    "Entrench",
    "FirstAttempt",
    "FixedSide",
    "HqRelocation",
    "HqRoll",
    "Initiative",
    "Loop",
    "MoraleRecovery",
    "Persist",
    "PhaseSide",
    "PoolDef",
    "PoolEmpty",
    "Recover",
    "Reorganize",
    "ResetMissions",
    "RollModifier",
    "SequenceRules",
    "SetPool",
    "SideRule",
    "StatusDef",
    "StatusEffects",
    "Step",
    "StepBase",
    "SupplyCheck",
    "TableRoll",
    "Tagged",
    "TurnTrigger",
    "UnitSelect",
    "VictoryCheck",
    "declared_step_ids",
]
