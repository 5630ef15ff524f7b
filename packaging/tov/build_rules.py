"""rules.json and the sequence of play of Traces of Victory (4.0-13.0), in the engine-v2 form.

What the engine cannot yet say is listed in docs/traces-of-victory-reconstruction.md; where a
nearer form exists it is declared here and named there.
"""

from __future__ import annotations

from build_map import Painter

from hexwright.runtime.model import Phase
from hexwright.runtime.model.combat_options import (
    AirSupport,
    CasualtyCheck,
    CombatIntensity,
    IntensityLevel,
    Interdiction,
    RetreatReduction,
    ShiftException,
)
from hexwright.runtime.model.rules_config import (
    AdvanceRules,
    CombatRules,
    MovementMode,
    MovementRules,
    MultiplierOverride,
    RetreatRules,
    RulesConfig,
    StackingRules,
    SupplyRules,
    ZocRules,
)
from hexwright.runtime.model.sequence import (
    ActionsStep,
    Activation,
    ArrivalGroup,
    ChitDrawTrigger,
    ChitSelection,
    ChoiceOption,
    ChoiceStep,
    ChoiceTrigger,
    ControlRules,
    CupDraw,
    CupEmpty,
    CupFill,
    EachSide,
    FixedSide,
    HqRelocation,
    Loop,
    Persist,
    PoolDef,
    RollModifier,
    SequenceRules,
    StatusDef,
    SupplyCheck,
    TableRoll,
    UnitSelect,
    VictoryCheck,
)

PHASES = [
    Phase(id="special", name="Allied special activation (turn 1)", side="us", kind="activation", section="12.1"),
    Phase(id="weather", name="Weather determination", kind="weather", section="4.1"),
    Phase(id="chits", name="Command chit selection", kind="chit_draw", section="4.2"),
    Phase(id="action", name="Action phase", kind="activation", section="4.3"),
    Phase(id="end", name="Turn end", kind="end", section="4.4"),
]
US_CHITS = ["us_vi_1", "us_vi_2", "us_xv_1", "us_xx_1", "us_xx_2", "us_xii_1"]
DE_CHITS = ["de_iv_lwf_1", "de_lxiv_1", "de_lxiv_2", "de_lxxxix_1", "de_lxxxix_2", "de_xiii_ss_1", "de_xiii_ss_2",
            "de_lxxxii_1", "de_lxxxii_2"]


def move_then_fight(prefix: str) -> list:  # type: ignore[type-arg]
    """4.3 Actions: movement with the activated units (or the HQ relocated, 2.3), then combat."""
    return [
        ActionsStep(id=f"{prefix}_move", name="Movement", allow=["move", "relocate"], units="activated",
                    section="9.0, 2.3"),
        ActionsStep(id=f"{prefix}_combat", name="Combat", allow=["declare", "resolve"], units="activated",
                    section="10.0"),
    ]


def sequence() -> SequenceRules:
    de_special = {str(t): ["ob_west"] + (["de_reinforcement"] if t >= 2 else []) for t in range(1, 13)}
    us_special = {str(t): ["us_reserve", "shaef"] for t in range(1, 13)}
    by_chit = dict.fromkeys(US_CHITS, "us_hq") | dict.fromkeys(DE_CHITS, "de_hq")
    by_chit |= {"de_iv_lwf_1": "lwf_hq", "shaef": "shaef", "ob_west": "ob_west", "us_reserve": "us_reserve",
                "de_reinforcement": "de_reinforcement"}
    return SequenceRules(
        section="4.0",
        phases={
            "special": [ChoiceStep(id="special_hq", name="Seventh Army special activation", turns=[1],
                                   side=FixedSide(side="us"), section="12.1",
                                   options=[ChoiceOption(kind="hq", id="activate", label="Activate an HQ",
                                                         procedure="us_hq_chosen", sides=["us"])])],
            "weather": [TableRoll(id="weather_roll", name="Weather roll", table="weather", store="weather",
                                  side=FixedSide(side="us"), section="4.1", fixed={"1": "heavy_overcast"},
                                  modifiers=[RollModifier(drm=1, previous=["clear"], note="after clear (4.1.3)"),
                                             RollModifier(drm=-1, previous=["rain", "heavy_overcast"],
                                                          note="after rain or heavy overcast (4.1.3, 4.1.6)"),
                                             RollModifier(drm=-1, turns=[9, 10, 11, 12],
                                                          note="worsening weather (4.1.4)")],
                                  persist=[Persist(result="rain", condition="mud", turns=2)],
                                  pools={"1": "air"}),
                        ActionsStep(id="interdiction", name="Air interdiction", allow=["interdict"],
                                    side=FixedSide(side="us"), section="7.2")],
            "chits": [CupFill(id="chit_selection", name="Command chit selection", cup="cup", section="4.2",
                              side=EachSide(order=["de", "us"]), always=["supply"],
                              sides={"de": ChitSelection(chits=DE_CHITS, count_field="de_chits", special=de_special),
                                     "us": ChitSelection(chits=US_CHITS, count_field="us_chits",
                                                         special=us_special)})],
            "action": [Loop(id="action_phase", name="Action phase", section="4.3", until=[CupEmpty(cup="cup")],
                            steps=[CupDraw(id="draw", name="Draw a command chit", cup="cup", section="4.3",
                                           by_chit=by_chit, by_kind={"supply": "supply"},
                                           skip="metz", skip_sides=["de"])])],
            "end": [VictoryCheck(id="victory_determination", name="Victory determination", section="4.4.1, 13.0")],
        },
        procedures={
            "us_hq": [Activation(id="us_activation", name="HQ activation", section="2.3, 4.3",
                                 select=UnitSelect(by="hq_range", same="army"), steps=move_then_fight("us"))],
            "us_hq_chosen": [Activation(id="us_special_activation", name="HQ activation", section="12.1",
                                        select=UnitSelect(by="hq_range", hq_from="choice", same="army"),
                                        steps=move_then_fight("special"))],
            "de_hq": [Activation(id="de_activation", name="HQ activation", section="2.3, 4.3",
                                 select=UnitSelect(by="hq_range"), steps=move_then_fight("de"))],
            "lwf_hq": [Activation(id="lwf_activation", name="IV LWF activation", section="2.3, 4.2.1",
                                  select=UnitSelect(by="hq_range", only_formations=["de_198", "de_okw"]),
                                  steps=move_then_fight("lwf"))],
            "shaef": [ChoiceStep(id="shaef_choice", name="SHAEF", section="4.3", options=[
                ChoiceOption(kind="hq", id="hq", label="Activate any HQ", procedure="us_hq_chosen"),
                ChoiceOption(kind="formations", id="divisions", label="Any two divisions", count=2,
                             echelons=["division"], procedure="us_two_divisions")])],
            "us_two_divisions": [Activation(id="us_divisions", name="Two divisions", section="4.3",
                                            select=UnitSelect(by="formation", formations_from="choice"),
                                            steps=move_then_fight("us_div"))],
            "ob_west": [ChoiceStep(id="ob_west_choice", name="OB West", section="4.3", options=[
                ChoiceOption(kind="hq", id="hq", label="Activate any HQ", procedure="de_hq_chosen"),
                ChoiceOption(kind="formations", id="divisions", label="Any two divisions", count=2,
                             echelons=["division"], procedure="de_two_divisions")])],
            "de_hq_chosen": [Activation(id="de_chosen_activation", name="HQ activation", section="4.3",
                                        select=UnitSelect(by="hq_range", hq_from="choice"),
                                        steps=move_then_fight("de_chosen"))],
            "de_two_divisions": [Activation(id="de_divisions", name="Two divisions", section="4.3",
                                            select=UnitSelect(by="formation", formations_from="choice"),
                                            steps=move_then_fight("de_div"))],
            "metz": [Activation(id="metz_activation", name="Metz fortifications", section="4.3",
                                select=UnitSelect(by="area", area="metz"), steps=move_then_fight("metz"))],
            "supply": [SupplyCheck(id="supply_check", name="Supply determination", section="8.0-8.1",
                                   status="out_of_supply", step_loss=True, exempt_areas=["metz"],
                                   exempt_formations=["de_462"])],
            "de_reinforcement": [ChoiceStep(id="de_reinforcements", name="German reinforcements", section="11.2",
                                            side=FixedSide(side="de"), options=[
                ChoiceOption(kind="arrivals", id="division", label="One division", count=1, min_count=0,
                             groups=[f"de_gt{t}" for t in (2, 3, 5, 7, 9)], procedure="de_reinforcements_move")])],
            "de_reinforcements_move": [Activation(
                id="de_reinforcements_activation", name="Reinforcements move", section="11.2",
                select=UnitSelect(by="arrivals"),
                steps=[ActionsStep(id="de_reinforcements_movement", name="Movement (normal, rail or double)",
                                   allow=["move"], units="activated", modes=["rail", "double"], section="9.0, 11.2")])],
            "us_reserve": [ChoiceStep(id="us_reserves", name="US reserves", section="11.3", side=FixedSide(side="us"),
                                      options=[ChoiceOption(kind="arrivals", id="release", label="Release reserves",
                                                            count=len(RESERVES), min_count=0, groups=list(RESERVES))])],
        },
    )


RESERVES = {"res_us_10ad_ccr": "10th Armored CCR", "res_us_14ad_cca": "14th Armored CCA",
            "res_us_14ad_ccb": "14th Armored CCB", "res_us_14ad_ccr": "14th Armored CCR"}


def arrivals() -> dict[str, ArrivalGroup]:
    """11.1-11.3. German reinforcements enter "on any Supply Source hex" and Allied reserves "at any
    controlled Supply Source hex", the player choosing which (``choose_hex``), never in an enemy ZOC
    (11.2: "Friendly units do not negate enemy ZOCs for the purpose of placement"; 6.0: ZOCs affect
    "reinforcement placement", read as the reserves' too)."""
    out: dict[str, ArrivalGroup] = {}
    divisions = {2: "de_25pg", 3: "de_36vg", 5: "de_347", 7: "de_lehr", 9: "de_21pz"}
    units = {2: ["35", "119", "5pz"], 3: ["87", "118", "165"], 5: ["860", "861", "862"], 7: ["901", "902", "130"],
             9: ["125", "192", "22"]}
    for turn, div in divisions.items():
        out[f"de_gt{turn}"] = ArrivalGroup(side="de", pieces=[f"{div}_{u}" for u in units[turn]],
                                           trigger=ChoiceTrigger(from_turn=turn), at_sources=True, choose_hex=True,
                                           not_in_ezoc=True, section="11.2")
    for nth, pieces in ((1, ["us_vi_hq", "us_3_7", "us_3_15", "us_3_30"]), (2, ["us_103_409", "us_103_410",
                                                                              "us_103_411"]),
                        (3, ["us_100_397", "us_100_398", "us_100_399"])):
        out[f"us_vi_act{nth}"] = ArrivalGroup(side="us", pieces=pieces, box=f"us_7th_act{nth}",
                                              trigger=ChitDrawTrigger(chit="us_vi_hq", nth=nth), section="11.1")
    out["us_xx_act1"] = ArrivalGroup(side="us", pieces=["us_10ad_cca", "us_10ad_ccb"], box="us_3rd_act1",
                                     trigger=ChitDrawTrigger(chit="us_xx_hq", nth=1), section="11.1")
    for g in RESERVES:
        after = ["us_vi_hq"] if "14ad" in g else []  # 11.3 note: VI Corps reserves after its HQ is on the map
        out[g] = ArrivalGroup(side="us", pieces=[g.removeprefix("res_")], at_sources=True, controlled_sources=True,
                              choose_hex=True, not_in_ezoc=True, vp=-1, section="11.3",
                              trigger=ChoiceTrigger(after_on_map=after))
    return out


DIFFICULT = ("mountain", "marsh")
"""10.5 note "Difficult terrain" (the rulebook does not list it): not rough, since the 10 Combat
Example's mechanized stack B advances into rough 2407; mountain and marsh, where mechanized units
pay their whole allowance in mud (the module's reading)."""


MODES = {  # 11.2: "as many hexes as a player wants exclusively along rail lines, or double their movement
    # allowance, without entering an EZOC", on the turn they appear; the rail class pays 1 a hex along a
    # railroad and may enter no hex otherwise (build_tables), 99 standing for "as many as a player wants"
    "rail": MovementMode(name="Rail", movement_class="rail", allowance=99, no_ezoc=True, arrival_turn_only=True,
                         section="11.2"),
    "double": MovementMode(name="Double", allowance_multiplier="2", no_ezoc=True, arrival_turn_only=True,
                           section="11.2"),
}
"""The German reinforcements' movement on the turn they appear, offered with the chit that brings them
(``de_reinforcements_move``): the module's reading is that the alternative replaces the move they make
then; later activations that turn move them normally."""


def rules() -> RulesConfig:
    return RulesConfig(
        movement=MovementRules(exit_allowed=False, section="9.0", modes=MODES),
        zoc=ZocRules(blocked_by_hexsides=["river", "rhine"], stop_on_enter=False, enter_cost="2", leave_cost="2",
                     can_leave=True, zoc_to_zoc=True, no_crossing_between_ezoc=["river", "rhine"], section="6.0, 9.2"),
        stacking=StackingRules(limit=2, hq_counts=False, max_hq=1, check_at="end_of_move", section="5.0"),
        supply=SupplyRules(source_kinds=["supply_source"], blocked_by_enemy_control=True,
                           blocked_by_hexsides=["river", "rhine"], section="8.1"),
        combat=CombatRules(
            crt="crt", attack_value="attack", defense_value="defense", max_value="10", below_table="no_attack",
            shifted_off_table="no_attack", zero_defense="highest_column",
            multiplier_overrides=[MultiplierOverride(feature="fortification", across=["river"],
                                                     defense_multiplier="4")],
            terrain_benefits_side={"fortification": "de", "maginot": "de", "siegfried": "de"},
            weather_shifts={"mud": -1},
            weather_shift_exceptions={"mud": ShiftException(from_feature="major_city", into_feature="major_city")},
            declare_all_first=False, defend_once="hex", section="10.2",
            retreat=RetreatRules(into_units="friendly_within_stacking", into_ezoc="step_loss",
                                 blocked_hexsides=["river", "rhine"], bridges_allow=False,
                                 hexsides_allowed_on_first_step=["river"], towards_supply=True, overstack="extend",
                                 reduce_in=[RetreatReduction(features=["fortification", "city", "major_city"],
                                                             sides=["de"], by=1)],
                                 section="10.4, 12.4"),
            advance=AdvanceRules(mode="free", max_hexes=1, max_hexes_by_class={"mech": 2}, later_hex_terrain=["clear"],
                                 blocked_hexsides=["river", "rhine"], bridges_allow=True, blocks_first_hex=False,
                                 units="any",
                                 no_advance_into={"mech": list(DIFFICULT)}, hqs_with_stack=True, section="10.5"),
            loss_allocation="owner", loss_allocation_section="10.3", retreated_add_no_defense=True,
            no_attack_across=["rhine"], no_attack_across_section="10.0",
            intensity=CombatIntensity(levels=[IntensityLevel(shift=1, loss_on=[1, 2]),
                                              IntensityLevel(shift=2, loss_on=[1, 2, 3, 4])], section="10.2.3"),
            casualty=CasualtyCheck(loss_on=[6], advanced_first=True, section="10.3"),
            air_support=AirSupport(pool="air", side="us", attack_shift=2, defense_shift=-1, max_per_hex=1,
                                   section="7.1"),
        ),
        sequence=sequence(),
        statuses={"activated": StatusDef(name="Activated", section="2.3"),
                  "out_of_supply": StatusDef(name="Out of supply", section="8.1")},
        pools={"air": PoolDef(name="Allied air units", min=0, max=4, initial={"us": 0}, section="4.1.2, 7.0")},
        arrivals=arrivals(),
        control=ControlRules(feature_types=["major_city", "city", "town", "supply_source"], section="6.1"),
        interdiction=Interdiction(pool="air", side="us", affects_sides=["de"], enter_cost="1", leave_cost="1",
                                  radius=1, max_per_hex=1, free_across=["river", "rhine"], offer_within=1,
                                  section="7.2"),
        hq_relocation=HqRelocation(min_distance=5, not_in_ezoc=True, trace_supply=True, when_destroyed=True,
                                   when_out_of_supply=True, section="2.3, 8.1, 12.2"),
    )


def build_rules(p: Painter) -> None:
    p.module.meta = p.module.meta.model_copy(update={"sequence": list(PHASES)})
    p.module.rules = rules()
