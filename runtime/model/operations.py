"""``rules.json`` ``sequence`` steps and costs for operations games (St-Lô 6, 7, 12–14, 19,
3.1.4): HQ activation by a morale roll and the HQ phase, actions paid from a pool, entrenching,
reorganization, recovery, the asset phase. Read by :mod:`runtime.engine.hq`,
:mod:`runtime.engine.tactical`, :mod:`runtime.engine.markers`, :mod:`runtime.engine.reorganize`,
:mod:`runtime.engine.assets`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import Id, Model
from .step_base import StepBase


class ActionCost(Model):
    """What an option costs from a side ``pool`` (St-Lô 7.1.1: a tactical action's TAPs), and
    which of the activation's units take part, measured as it is chosen (7.4.5).

    The HQ of the activation running must trace its side's line (``rules.json`` ``supply``,
    7.3.1) or the action costs ``without_loc`` (7.3.2 B) — unless ``without_loc_allowed`` is
    false (7.3.2 A). With ``radius``, a unit beyond the HQ's command radius (7.4.1) takes part
    only if its size is in ``out_of_command``, and the action then costs at least that much
    (7.4.2: battalions 2; 7.4.3: companies not at all); never when the HQ has no line (7.4.2 B).
    Units of the activation take part only if their size is in ``sizes`` ([] = any, 7.5.1)."""

    pool: Id
    points: int = Field(1, ge=0, description="the cost; with all: the least the pool must hold")
    all: bool = Field(False, description="spends the whole pool (7.1.2 B: 'all')")
    first_only: bool = Field(False, description="only as the first and only action of the activation, which "
                                                "ends after it (7.1.2 A, C)")
    without_loc: int | None = Field(None, ge=0, description="the cost when the HQ traces no line (None: the same)")
    without_loc_allowed: bool = True
    radius: int | None = Field(None, ge=0, description="the HQ's command radius (None: no command effects)")
    range_kind: Literal["distance", "radius"] = "radius"
    out_of_command: dict[str, int] = Field(
        {}, description="unit size → the cost when a unit of that size beyond the radius takes part; sizes not "
                        "listed do not take part (7.4.2–7.4.3)")
    sizes: list[str] = Field([], description="only units of these sizes take part ([] = any)")
    exclude_statuses: list[Id] = Field([], description="units holding one of these take no part (St-Lô 14.2.1 A: "
                                                       "pinned, disrupted)")
    with_statuses: list[Id] = Field([], description="only units holding one of these take part (St-Lô 14.3: the "
                                                    "Recovery action) ([] = any)")
    section: str = ""


class FirstAttempt(Model):
    """The first activation attempt in the game of each HQ of ``formations`` (or under them)
    loses ``loss`` morale instead of the usual (St-Lô 6.3: US 35th Division, 2)."""

    formations: list[Id] = Field(min_length=1)
    loss: int = Field(ge=0)


class Entrench(StepBase):
    """Build or improve a hex marker (St-Lô 13.1 entrenching): in each hex holding a unit of
    ``unit_types`` that takes part in the activation's action, a hex without ``marker`` gets
    it (face 0: an improved position); one with face 0 up is flipped (face 1: a strongpoint).
    A hex with a feature of ``upgrade_features`` whose combat effect benefits the side counts as
    holding face 0 (13.1.3 A: a German permanent improved position)."""

    kind: Literal["entrench"] = "entrench"
    marker: Id
    unit_types: list[Id] = []
    upgrade_features: list[Id] = []


class Reorganize(StepBase):
    """Reorganize the activation HQ's units (St-Lô 12): ``breakdown`` replaces its battalion (a
    unit of ``battalion_sizes``, on its full step, 12.2 A) by ``companies`` companies in its
    hex — its own (units of ``company_sizes`` it commands) or else substitutes taken from the
    ``substitute_boxes`` of its formation, in order (12.2.1), which then bear its designation
    until built up (12.2.2; eliminated ones are used again, 12.2.3); the battalion goes to the
    HQ's box. ``buildup`` needs ``min_companies`` of its companies on the map, all within the
    HQ's command ``radius`` (12.1.1 A): they leave (substitutes back to their box) and the
    battalion is placed with the HQ, on its reduced step when fewer than ``companies`` were
    combined (12.1.2)."""

    kind: Literal["reorganize"] = "reorganize"
    mode: Literal["breakdown", "buildup"]
    battalion_sizes: list[str] = ["II"]
    company_sizes: list[str] = ["I"]
    companies: int = Field(3, ge=1)
    min_companies: int = Field(2, ge=1)
    radius: int | None = Field(None, ge=0, description="buildup: the HQ's command radius every company must be in")
    substitute_boxes: dict[Id, list[Id]] = Field(
        {}, description="formation (or one above it) → boxes substitute companies come from, in order (12.2.1 B: the "
                        "US 2nd Division uses the 29th's)")


class Recover(StepBase):
    """Roll once per hex of the units taking part that hold one of ``statuses`` (chance, logged):
    on a result in ``succeed_on`` every such unit there loses them (St-Lô 14.3.1 B: even)."""

    kind: Literal["recover"] = "recover"
    statuses: list[Id] = Field(min_length=1)
    die: Id = "d6"
    succeed_on: list[int] = Field(min_length=1)


class AssetPhase(StepBase):
    """The asset phase (St-Lô 3.1.4, 5.1–5.4; ``rules.json`` ``assets``): assets in the
    division boxes turn to their first step (available); those in a holding box, and attached
    assets of the ``must_return`` classes, go back to their division box on their second step
    (To Division: not assignable this turn)."""

    kind: Literal["asset_phase"] = "asset_phase"
    must_return: list[Id] = Field([], description="asset classes reassigned every turn (5.2: engineers)")
    voluntary: bool = Field(False, description="then each owner may reassign any other attached asset, one by one "
                                               "(3.1.4.2 B, 5.2)")


class HqRoll(StepBase):
    """Attempt to activate the HQ chosen (St-Lô 6.1): roll ``die`` (chance, logged) against
    its current morale (the printed ``morale`` until changed). Below it (``at_most``: up to
    it) the HQ is activated and the side's ``pool`` is set to morale − roll (TAPs, 6.1 D);
    else the rest of this step list is skipped (6.1 J: the operation ends). Either way the
    morale drops by ``loss`` — ``loss_with_status`` when the HQ holds that status (6.1 G: 2 on
    its AA side), ``first_attempt`` the first time (6.3) — never below ``min_morale``, and
    the HQ gets ``flip_to`` (6.4: its AA side). With ``place_with_units`` an HQ activated off
    the map is placed with a unit it commands (6.1 I: the player picks the hex when there
    are several) and goes back where it came from when its activation ends (7.1 E)."""

    kind: Literal["hq_roll"] = "hq_roll"
    die: Id = "d6"
    success: Literal["below", "at_most"] = "below"
    pool: Id | None = Field(None, description="side pool set to morale − roll on success (TAPs)")
    loss: int = Field(1, ge=0)
    loss_with_status: dict[Id, int] = Field({}, description="status → morale lost when the HQ holds it (6.1 G)")
    first_attempt: list[FirstAttempt] = []
    min_morale: int = Field(1, ge=0)
    flip_to: Id | None = Field(None, description="status given at every attempt, kept until cleared (6.4: AA)")
    place_with_units: bool = True


class MoraleRecovery(StepBase):
    """The HQ phase (St-Lô 19.0): each HQ of ``sides`` holding ``status`` loses it, its morale
    unchanged (its AA side is flipped back); any other gains ``gain`` morale, up to the printed
    value, when every unit it commands on the map traces its side's line of communication
    (``rules.json`` ``supply``; with ``trace: none`` always)."""

    kind: Literal["morale_recovery"] = "morale_recovery"
    sides: list[Id] = []
    status: Id | None = None
    gain: int = Field(2, ge=0)
    trace: Literal["loc", "none"] = "loc"


class ResetMissions(StepBase):
    """Every firing unit (``rules.json`` ``fire``) back to 0 missions spent (St-Lô 10.1.2, 3.1.7:
    the Artillery Rally Phase)."""

    kind: Literal["reset_missions"] = "reset_missions"
    rally_on: list[int] = Field([], description="then one roll (chance, logged) for each firing unit holding "
                                                "fire.disorganized: on these it rallies (22.2.2: 1-2; [] = none)")
    die: Id = "d6"
