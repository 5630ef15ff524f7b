"""rules.json and the sequence of play of St-Lô (3.0-9.0, 12.0-14.3, 17.0-21.0), in the engine's
step kinds.

The turn of section 3 as phases; an HQ activation (6.1) as an ``hq_roll`` then an
``activation`` whose tactical actions (7.0) are options of a choice paid from the ``tap`` pool,
the cost by the HQ's LOC and its units' command radius (7.3-7.5); recon moves after it (17.0 C);
the HQ phase (19.0) as a ``morale_recovery``, the Asset Phase (3.1.4) as an ``asset_phase``.
Fire support (``build_fire``): barrage fire and air strikes are operations, interdiction fire a
step of the Initiative Phase for each side (German first), the artillery rally resets missions.
"""

from __future__ import annotations

import oob
from build_board import Builder
from build_fire import fire
from build_pieces import artillery_id, hq_id, piece_id
from build_tables import LINES

from hexwright.runtime.model import CombatEffect, Phase
from hexwright.runtime.model.meta import OptionalRule
from hexwright.runtime.model.rules_config import (
    AdvanceRules,
    ArmorLoss,
    ArmorSuperiority,
    AssetRules,
    CombatRules,
    CrtLine,
    HexMarker,
    LosRules,
    LossRules,
    MovementMode,
    MovementRules,
    RoadLeg,
    RulesConfig,
    StackingRules,
    SupplyRules,
    ZocRules,
)
from hexwright.runtime.model.sequence import (
    ActionCost,
    ActionsStep,
    Activation,
    AfterTrigger,
    AllPassed,
    ArrivalGroup,
    ArrivalsStep,
    AssetPhase,
    ChoiceOption,
    ChoiceStep,
    ClearStatuses,
    DieEnds,
    DieTrigger,
    Entrench,
    FirstAttempt,
    FixedSide,
    HqRoll,
    Initiative,
    Loop,
    MoraleRecovery,
    PoolDef,
    PoolEmpty,
    Recover,
    Reorganize,
    ResetMissions,
    SequenceRules,
    SetPool,
    StatusDef,
    StatusEffects,
    TableRoll,
    UnitSelect,
)

PHASES = [
    Phase(id="weather", name="Weather Phase", kind="weather", section="3.1.1"),
    Phase(id="reinforcement", name="Reinforcement Phase", kind="reinforcement", section="3.1.2"),
    Phase(id="initiative", name="Initiative Phase", kind="initiative", section="3.1.3"),
    Phase(id="assets", name="Asset Phase", kind="other", section="3.1.4"),
    Phase(id="operations", name="Operations Phases", kind="operations", section="3.1.5, 3.2"),
    Phase(id="recovery", name="Recovery Phase", kind="other", section="3.1.6"),
    Phase(id="artillery_rally", name="Artillery Rally Phase", kind="other", section="3.1.7"),
    Phase(id="headquarters", name="Headquarters Phase", kind="other", section="3.1.8, 19.0"),
]
RADIUS = 4
"""7.4.1 A: the command radius."""
PINNED = ["pinned", "disrupted"]
COUNTER_BATTERY = "counter_battery"
"""22.0: the optional rule of counter-battery fire."""
OPTIONAL_RULES = {COUNTER_BATTERY: OptionalRule(name="Counter-Battery Fire", section="22.0", description=(
    "An operation: any artillery fires on the Long-Range Artillery Table; 1 or 2 enemy artillery units, those that "
    "fired the most missions this turn, are disorganized and may not fire until they rally (1-2) in the Artillery "
    "Rally Phase."))}
INFANTRY = ["infantry"]
ASSET_TYPES = ["asset_major", "asset_minor", "asset_engineer"]


def cost(points: int = 1, **update: object) -> ActionCost:
    """7.1.1: the TAPs of an action — 3 when the HQ has no LOC (7.3.2 B), 2 with a battalion out of
    command (7.4.2 A), companies out of command take no part (7.4.3); pinned and disrupted units
    take part in nothing but Recovery (14.2.1 A)."""
    base = ActionCost(pool="tap", points=points, without_loc=3, radius=RADIUS, out_of_command={"II": 2},
                      exclude_statuses=PINNED, section="7.1.1, 7.3.2, 7.4.2-7.4.3")
    return base.model_copy(update=update)


BATTALIONS_IN_COMMAND = {"without_loc": None, "without_loc_allowed": False, "out_of_command": {}, "sizes": ["II"]}
"""7.3.2 A, 7.4.2 A, 7.5.1: not without a LOC, not by battalions out of command, not by companies."""

TACTICAL_ACTIONS = [
    ChoiceOption(kind="procedure", id="movement", label="Movement", procedure="movement", cost=cost()),
    ChoiceOption(kind="procedure", id="strategic", label="Strategic Movement", procedure="strategic",
                 cost=cost(all=True, first_only=True, **BATTALIONS_IN_COMMAND)),
    ChoiceOption(kind="procedure", id="hasty", label="Hasty Attack", procedure="attack", cost=cost()),
    ChoiceOption(kind="procedure", id="deliberate", label="Deliberate Attack", procedure="attack", attack_drm=1,
                 cost=cost(2, **BATTALIONS_IN_COMMAND)),
    ChoiceOption(kind="procedure", id="intensive", label="Intensive Attack", procedure="attack", attack_drm=2,
                 cost=cost(3, **BATTALIONS_IN_COMMAND)),
    ChoiceOption(kind="procedure", id="recovery", label="Recovery", procedure="recovery",
                 cost=cost(out_of_command={}, exclude_statuses=[], with_statuses=PINNED)),
    ChoiceOption(kind="procedure", id="breakdown", label="Reorganization: breakdown", procedure="breakdown",
                 cost=cost(radius=None, sizes=["II"])),
    ChoiceOption(kind="procedure", id="buildup", label="Reorganization: buildup", procedure="buildup",
                 cost=cost(radius=None, sizes=["I"])),
    ChoiceOption(kind="procedure", id="entrench", label="Entrenching", procedure="entrench",
                 cost=cost(all=True, first_only=True, without_loc=None, without_loc_allowed=False,
                           out_of_command={})),
    ChoiceOption(kind="end", id="end", label="End of activation"),
]


def hq_activation() -> list:  # type: ignore[type-arg]
    """6.1: the morale roll; 7.1: tactical actions until the TAPs run out or the player stops
    (the rest forfeit, 7.1.1 D); 17.0 C: then the US recon units within the HQ's radius move."""
    return [
        HqRoll(id="morale_roll", name="HQ activation roll", pool="tap", loss=1, loss_with_status={"attempted": 2},
               first_attempt=[FirstAttempt(formations=["us_35"], loss=2)], min_morale=1, flip_to="attempted",
               section="6.1-6.5"),
        Activation(id="tactical_actions", name="Tactical actions", section="7.1-7.2", moves=99, attacks=99,
                   select=UnitSelect(by="designation", hq_from="choice", include_hq=False), return_hq=False,
                   clear_pool="tap",
                   steps=[Loop(id="tactical_loop", name="Tactical actions", until=[PoolEmpty(pool="tap")],
                               section="7.1 E",
                               steps=[ChoiceStep(id="tactical_action", name="Tactical action", section="7.1 A",
                                                 options=list(TACTICAL_ACTIONS))])]),
        Activation(id="recon_moves", name="Recon movement", section="17.0 C", skip_if_empty=True,
                   select=UnitSelect(by="hq_range", hq_from="choice", range=RADIUS, range_kind="radius",
                                     unit_types=["recon"], include_hq=False),
                   steps=[ActionsStep(id="recon_move", name="Recon movement", allow=["move"], units="activated",
                                      moves_per_unit=1, section="17.0 C-D")]),
    ]


def substitute_boxes() -> dict[str, list[str]]:
    """12.2.1 B: each division's own substitutes (the US 2nd Division uses the 29th's)."""
    return {div: [f"{oob.FORMATIONS[div][1]}_substitutes"] for div in oob.MORALE}


def procedures() -> dict[str, list]:  # type: ignore[type-arg]
    return {
        "hq_activation": hq_activation(),
        "movement": [ActionsStep(id="movement_action", name="Movement", allow=["move"], units="activated",
                                 modes=["movement"], modes_only=True, moves_per_unit=1, section="8.1")],
        "strategic": [ActionsStep(id="strategic_action", name="Strategic Movement", allow=["move"], units="activated",
                                  modes=["strategic"], modes_only=True, moves_per_unit=1, section="8.2")],
        "attack": [ActionsStep(id="attack_action", name="Attack", allow=["declare", "resolve"], units="activated",
                               attacks_per_unit=1, must_attack=True, section="9.1")],
        "recovery": [Recover(id="recovery_action", name="Recovery", statuses=PINNED, succeed_on=[2, 4, 6],
                             section="14.3")],
        "breakdown": [Reorganize(id="breakdown_action", name="Breakdown", mode="breakdown",
                                 substitute_boxes=substitute_boxes(), section="12.2")],
        "buildup": [Reorganize(id="buildup_action", name="Buildup", mode="buildup", radius=RADIUS, section="12.1")],
        "entrench": [Entrench(id="entrench_action", name="Entrenching", marker="entrenchment", unit_types=INFANTRY,
                              upgrade_features=["improved_position"], section="13.1")],
        "barrage": [ActionsStep(id="barrage_fire", name="Barrage fire", allow=["fire"], mission="barrage", once=True,
                                section="14.1")],
        "air_strike": [ActionsStep(id="air_strike_fire", name="US air strike", allow=["fire"], mission="air_strike",
                                   once=True, section="15.0")],
        "counter_battery": [ActionsStep(id="counter_battery_fire", name="Counter-battery fire", allow=["fire"],
                                        mission="counter_battery", once=True, section="22.1")],
    }


def sequence() -> SequenceRules:
    operation = ChoiceStep(id="operation", name="Operation Segment", section="3.2.2-3.2.3", options=[
        ChoiceOption(kind="hq", id="activate", label="HQ Activation", procedure="hq_activation", hq_with_units=True),
        ChoiceOption(kind="procedure", id="barrage", label="Barrage Fire", procedure="barrage"),
        ChoiceOption(kind="procedure", id="air_strike", label="Air Strike", procedure="air_strike", sides=["us"]),
        ChoiceOption(kind="procedure", id="counter_battery", label="Counter-Battery Fire", procedure="counter_battery",
                     optional_rule=COUNTER_BATTERY),
        ChoiceOption(kind="pass", id="pass", label="Pass"),
    ])
    return SequenceRules(
        section="3.0",
        phases={
            "weather": [TableRoll(id="weather_roll", name="Weather roll", table="weather", store="weather",
                                  side=FixedSide(side="us"), pools={"1": "air_strikes"}, section="3.1.1, 3.3")],
            "reinforcement": [ArrivalsStep(id="reinforcement_rolls", name="Reinforcement rolls",
                                           side=FixedSide(side="de"), section="3.1.2, 18.1")],
            "initiative": [
                SetPool(id="initiative_levels", name="Initiative levels", pool="initiative",
                        values={"us": 0, "de": 0}, by_turn={"1": {"us": 0, "de": -2}}, side=FixedSide(side="de"),
                        section="3.1.3 A, 3.4"),
                *[ActionsStep(id=f"interdiction_{side}", name="Interdiction fire", allow=["fire"],
                              mission="interdiction", once=True, except_turns=[1], side=FixedSide(side=side),
                              section="3.1.3 B-C, 16.0") for side in ("de", "us")],
            ],
            "assets": [AssetPhase(id="asset_phase", name="Availability and Reassignment Segments",
                                  must_return=["engineer"], voluntary=True, except_turns=[1],
                                  side=FixedSide(side="us"),
                                  section="3.1.4, 5.1-5.4")],
            "operations": [Loop(id="operations_loop", name="Operations Phases", section="3.1.5, 3.2.5",
                                until=[AllPassed(), DieEnds()], min_by_turn={"1": 12, "2": 8},
                                steps=[Initiative(id="initiative_segment", name="Initiative Segment",
                                                  sides=["de", "us"], pool="initiative", tie="de", end_loop_on=1,
                                                  section="3.2.1, 3.2.6"),
                                       operation])],
            "recovery": [ClearStatuses(id="recovery", name="Remove Pinned and Disrupted markers",
                                       statuses=PINNED, side=FixedSide(side="us"), section="3.1.6")],
            "artillery_rally": [ResetMissions(id="artillery_rally", name="Artillery units to the 0 boxes",
                                              rally_on=[1, 2], side=FixedSide(side="us"),
                                              section="3.1.7, 10.1.2, 22.2.2")],
            "headquarters": [MoraleRecovery(id="hq_phase", name="HQs rest: AA to IA, IA +2 morale with a LOC",
                                            status="attempted", gain=2, trace="loc", side=FixedSide(side="us"),
                                            section="3.1.8, 19.0")],
        },
        procedures=procedures(),
    )


def statuses() -> dict[str, StatusDef]:
    return {
        "activated": StatusDef(name="Activated", section="6.1"),
        "attempted": StatusDef(name="Attempted Activation (AA side)", section="6.4"),
        "pinned": StatusDef(name="Pinned", section="14.2", cleared_at_turn_end=True, marks_hex=True,
                            effects=StatusEffects(may_move=False, may_attack=False, defender_drm=2, drm_group="pin")),
        "disrupted": StatusDef(name="Disrupted", section="14.2", cleared_at_turn_end=True, marks_hex=True,
                               effects=StatusEffects(may_move=False, may_attack=False, defender_drm=3,
                                                     drm_group="pin")),
        "disorganized": StatusDef(name="Disorganized", section="22.2.1", effects=StatusEffects(may_attack=False)),
    }


def arrivals() -> dict[str, ArrivalGroup]:
    """18.1-18.2: the German groups in order on 1-4; the US on 1-3 from turn 4, 3/134 the turn after
    the first group without a roll (18.1.2 B); HQs to their boxes (18.2.2), artillery to the
    Artillery Display (18.2.3)."""
    designations = {d: div for div, d, _k, _s in oob.BATTALIONS}
    artillery_div = {d: div for div, d, *_ in oob.ARTILLERY}
    out: dict[str, ArrivalGroup] = {}
    for side, order, at_most, from_turn, units, hexes in oob.ARRIVALS:
        pieces, boxes = [], {}
        for u in units:
            div = designations[u]
            pieces += [piece_id(div, u), hq_id(div, u)]
            boxes[hq_id(div, u)] = piece_id(div, u) + "_box"
        for a in oob.ARRIVAL_ARTILLERY.get((side, order), []):
            pid = artillery_id(artillery_div[a], a)
            pieces.append(pid)
            boxes[pid] = f"{side}_artillery"
        trigger = AfterTrigger(group=f"{side}_{order - 1}", turns=1) if at_most == 6 else \
            DieTrigger(at_most=at_most, from_turn=from_turn)
        out[f"{side}_{order}"] = ArrivalGroup(side=side, pieces=pieces, hexes=hexes, boxes=boxes, queue=side,
                                              order=order, trigger=trigger, section="18.1-18.2")
    return out


def assets() -> AssetRules:
    divisions = [div for div in oob.ASSETS]
    return AssetRules(
        classes={"asset_major": "major", "asset_minor": "minor", "asset_engineer": "engineer"},
        parent_types=INFANTRY, limits={"II": {"major": 3, "engineer": 1, "minor": 2},
                                       "I": {"major": 1, "engineer": 1, "minor": 2}},
        group_size="II", attacker_max=5, defender_max={"major": 1, "minor": 1}, from_boxes=[f"{div}_assets" for div in divisions], same_formation=True,
        needs_loc=True, division_boxes={div: f"{div}_assets" for div in divisions},
        holding_boxes={div: f"{oob.FORMATIONS[div][1]}_asset_holding" for div in divisions},
        engineer_drm=1, defending_armor_drm=-1,
        armor_superiority=ArmorSuperiority(losses=[ArmorLoss(at_most=-3, assets=1), ArmorLoss(at_most=-7, assets=2)]),
        section="5.0, 9.3-9.4.3")


def rules() -> RulesConfig:
    return RulesConfig(
        movement=MovementRules(exit_allowed=False, section="8.0", modes={
            "movement": MovementMode(name="Movement action", section="8.1"),
            "strategic": MovementMode(name="Strategic movement", allowance=8, movement_class="strategic",
                                      keep_away_from_enemy=4, sizes=["II"], section="8.2"),
        }),
        zoc=ZocRules(exerting_unit_types=["infantry", "recon"], stop_on_enter=True, can_leave=True,
                     zoc_to_zoc=False, reenter_after_leaving=False, section="4.0-4.1"),
        stacking=StackingRules(limit=3, weights={"II": 3, "I": 1}, hq_counts=False, check_at="end_of_move",
                               exempt_unit_types=["hq", "recon", "op", "artillery", *ASSET_TYPES], section="8.3"),
        supply=SupplyRules(source_kinds=["depot"], road_leg=RoadLeg(max_hexes=10, connection_types=["road", "minor_road"]),
                           section="7.3, 4.2"),
        combat=CombatRules(
            crt="crt_hedgerow", attack_value="combat", defense_value="combat", drm_min=-2, drm_max=5,
            crt_lines=[CrtLine(line=line, crt=f"crt_{line}") for line, _name, _offset in LINES],
            terrain_benefits_side={"improved_position": "de", "strongpoint": "de"},
            declare_all_first=False, defend_once="no", loss_allocation="owner", all_adjacent=True, max_attackers=1,
            losses=LossRules(order=[INFANTRY, ASSET_TYPES, ["recon"]], immune=["hq"], section="9.2.4-9.2.5"),
            advance_when_vacated=True, advance=AdvanceRules(mode="free", max_hexes=1, section="9.2.6"),
            section="9.2, 9.2.4"),
        los=LosRules(section="11.3"),
        sequence=sequence(),
        statuses=statuses(),
        pools={
            "initiative": PoolDef(name="Initiative level", min=-2, max=0, initial={"us": 0, "de": -2}, section="3.4"),
            "air_strikes": PoolDef(name="US air strikes", min=0, max=3, initial={"us": 0}, section="3.3, 15.0"),
            "tap": PoolDef(name="Tactical action points", track="tap", min=0, max=6, initial={"us": 0, "de": 0},
                           section="6.1 D, 7.1.1"),
        },
        arrivals=arrivals(),
        assets=assets(),
        hex_markers={"entrenchment": HexMarker(
            combat=[CombatEffect(drm=-1, drm_group="entrenchment", note="Improved Position (9.4.4)"),
                    CombatEffect(drm=-2, drm_group="entrenchment", note="Strongpoint (9.4.4)")],
            kept_by=INFANTRY, section="13.0, 13.1.5")},
        fire=fire(),
    )


def build_rules(p: Builder) -> None:
    p.module.meta = p.module.meta.model_copy(update={"sequence": list(PHASES), "optional_rules": OPTIONAL_RULES})
    p.module.rules = rules()
