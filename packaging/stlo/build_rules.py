"""rules.json and the sequence of play of St-Lô (3.0-4.0, 6.0-9.0, 14.2, 18.0, 21.0), in the
engine's step kinds.

What the engine cannot yet say is listed, with a data shape, under "Engine needs" in
/work/wt/stlo-notes.md (HQ activation by a morale roll, TAP costs, CRT lines, …); where a
nearer form exists it is declared here. Operations of the artillery issue (barrage fire, air
strikes, interdiction) are declared with ``enforcement: off``: players do them by hand.
"""

from __future__ import annotations

import oob
from build_board import Builder
from build_pieces import artillery_id, piece_id

from hexwright.runtime.model import Phase
from hexwright.runtime.model.rules_config import (
    AdvanceRules,
    CombatRules,
    MovementMode,
    MovementRules,
    RoadLeg,
    RulesConfig,
    StackingRules,
    SupplyRules,
    ZocRules,
)
from hexwright.runtime.model.sequence import (
    ActionsStep,
    Activation,
    AllPassed,
    ArrivalGroup,
    ArrivalsStep,
    ChoiceOption,
    ChoiceStep,
    ClearStatuses,
    DieEnds,
    DieTrigger,
    FixedSide,
    Initiative,
    Loop,
    PoolDef,
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


def by_hand(step_id: str, name: str, section: str) -> ActionsStep:
    """A step the engine does not run yet: declared, enforcement off (players do it by hand)."""
    return ActionsStep(id=step_id, name=name, section=section, enforcement="off")


def sequence() -> SequenceRules:
    operation = ChoiceStep(id="operation", name="Operation Segment", section="3.2.2-3.2.3", options=[
        ChoiceOption(kind="hq", id="activate", label="HQ Activation", procedure="hq_activation"),
        ChoiceOption(kind="procedure", id="barrage", label="Barrage Fire", procedure="barrage"),
        ChoiceOption(kind="procedure", id="air_strike", label="Air Strike", procedure="air_strike", sides=["us"]),
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
                by_hand("interdiction", "Interdiction fire (German first)", "3.1.3 B-C, 16.0")
                .model_copy(update={"except_turns": [1]}),
            ],
            "assets": [by_hand("asset_availability", "Availability and Reassignment Segments", "3.1.4, 5.1-5.4")
                       .model_copy(update={"except_turns": [1]})],
            "operations": [Loop(id="operations_loop", name="Operations Phases", section="3.1.5, 3.2.5",
                                until=[AllPassed(), DieEnds()], min_by_turn={"1": 12, "2": 8},
                                steps=[Initiative(id="initiative_segment", name="Initiative Segment",
                                                  sides=["de", "us"], pool="initiative", tie="de", end_loop_on=1,
                                                  section="3.2.1, 3.2.6"),
                                       operation])],
            "recovery": [ClearStatuses(id="recovery", name="Remove Pinned and Disrupted markers",
                                       statuses=["pinned", "disrupted"], side=FixedSide(side="us"), section="3.1.6")],
            "artillery_rally": [by_hand("artillery_rally", "Artillery units to the 0 boxes", "3.1.7, 10.1.2")],
            "headquarters": [
                by_hand("hq_morale", "Morale +2 for IA HQs whose units trace a LOC", "3.1.8 B, 19.0 A-B"),
                ClearStatuses(id="hq_flip", name="HQs flipped from AA to IA", statuses=["attempted"],
                              side=FixedSide(side="us"), section="3.1.8 C, 19.0 A"),
            ],
        },
        procedures={
            "hq_activation": [Activation(
                id="tactical_actions", name="Tactical actions", section="6.1, 7.1-7.2", moves=1, attacks=1,
                select=UnitSelect(by="designation", hq_from="choice"),
                steps=[ActionsStep(id="actions", name="Tactical actions", allow=["move", "declare", "resolve"],
                                   units="activated", modes=["movement", "strategic"], attacks_per_unit=1,
                                   section="7.0-9.0")])],
            "barrage": [by_hand("barrage_fire", "Barrage fire", "14.0")],
            "air_strike": [by_hand("air_strike_fire", "US air strike", "15.0")],
        },
    )


def statuses() -> dict[str, StatusDef]:
    no_actions = {"may_move": False, "may_attack": False}
    return {
        "activated": StatusDef(name="Activated", section="6.1"),
        "attempted": StatusDef(name="Attempted Activation (AA side)", section="6.4"),
        "pinned": StatusDef(name="Pinned", section="14.2", cleared_at_turn_end=True,
                            effects=StatusEffects(**no_actions, defender_drm=2)),  # type: ignore[arg-type]
        "disrupted": StatusDef(name="Disrupted", section="14.2", cleared_at_turn_end=True,
                               effects=StatusEffects(**no_actions, defender_drm=3)),  # type: ignore[arg-type]
        "improved_position": StatusDef(name="Improved Position", section="13.0, 9.4.4",
                                       effects=StatusEffects(defender_drm=-1)),
        "strongpoint": StatusDef(name="Strongpoint", section="13.0, 9.4.4", effects=StatusEffects(defender_drm=-2)),
    }


def arrivals() -> dict[str, ArrivalGroup]:
    designations = {d: div for div, d, _k, _s in oob.BATTALIONS}
    artillery_div = {d: div for div, d, *_ in oob.ARTILLERY}
    out: dict[str, ArrivalGroup] = {}
    for side, order, at_most, from_turn, units, hexes in oob.ARRIVALS:
        artillery = oob.ARRIVAL_ARTILLERY.get((side, order), [])
        pieces = [piece_id(designations[u], u) for u in units]
        pieces += [artillery_id(artillery_div[a], a) for a in artillery]
        out[f"{side}_{order}"] = ArrivalGroup(
            side=side, pieces=pieces, hexes=hexes, box=None if hexes else f"{side}_artillery", queue=side,
            order=order, trigger=DieTrigger(at_most=at_most, from_turn=from_turn), section="18.1-18.2")
    return out


def rules() -> RulesConfig:
    return RulesConfig(
        movement=MovementRules(exit_allowed=False, section="8.0", modes={
            "movement": MovementMode(name="Movement action", section="8.1"),
            "strategic": MovementMode(name="Strategic movement", allowance=8, movement_class="strategic",
                                      keep_away_from_enemy=4, section="8.2"),
        }),
        zoc=ZocRules(exerting_unit_types=["infantry", "recon"], stop_on_enter=True, can_leave=True,
                     zoc_to_zoc=False, reenter_after_leaving=False, section="4.0-4.1"),
        stacking=StackingRules(limit=3, weights={"II": 3, "I": 1}, hq_counts=False, check_at="end_of_move",
                               exempt_unit_types=["hq", "recon", "op", "asset_major", "asset_minor",
                                                  "asset_engineer", "artillery"], section="8.3"),
        supply=SupplyRules(source_kinds=["depot"], road_leg=RoadLeg(max_hexes=10, connection_types=["road", "minor_road"]),
                          section="7.3, 4.2"),
        combat=CombatRules(crt="crt_hedgerow", attack_value="combat", defense_value="combat", drm_min=-2, drm_max=5,
                           terrain_benefits_side={"improved_position": "de", "strongpoint": "de"},
                           declare_all_first=False, defend_once="no", loss_allocation="owner",
                           section="9.2, 9.2.4",
                           advance=AdvanceRules(mode="free", max_hexes=1, section="9.2.6")),
        sequence=sequence(),
        statuses=statuses(),
        pools={
            "initiative": PoolDef(name="Initiative level", min=-2, max=0, initial={"us": 0, "de": -2}, section="3.4"),
            "air_strikes": PoolDef(name="US air strikes", min=0, max=3, initial={"us": 0}, section="3.3, 15.0"),
            "tap": PoolDef(name="Tactical action points", track="tap", min=0, max=6, initial={"us": 0, "de": 0},
                           section="6.1 D, 7.1.1"),
        },
        arrivals=arrivals(),
    )


def build_rules(p: Builder) -> None:
    p.module.meta = p.module.meta.model_copy(update={"sequence": list(PHASES)})
    p.module.rules = rules()
