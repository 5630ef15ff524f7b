"""``rules.json``: how the module's rules work, as data the rules engine reads.

Every group names the rulebook ``section`` it implements, so the engine can cite it in
each ruling ("stopped: enemy ZOC — §8.1.1"). Every value has a default that means
"the usual thing" so a module only writes what differs. Costs and strengths are exact
numbers as text (``"2"``, ``"1/2"``), like the tables.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .combat_options import (
    AirSupport,
    CasualtyCheck,
    CombatIntensity,
    Interdiction,
    LossAllocation,
    RetreatReduction,
    ShiftException,
)
from .common import Id, Model
from .fire import FireRules
from .map import FeatureKind
from .sequence import ArrivalGroup, ControlRules, HqRelocation, PoolDef, SequenceRules, StatusDef
from .sequence import Enforcement as Enforcement
from .tables import CombatEffect, Number

RULE_IDS = (
    "movement", "zoc", "stacking", "exit", "entry", "drop", "supply", "los", "combat", "retreat", "advance",
    "restriction",
)
"""Rule ids with an enforcement level; a declared step adds ``step.<its id>``. ``Enforcement``:
``enforce``: an illegal action is refused; ``warn``: allowed with a logged override; ``off``:
the engine neither checks nor shows the rule."""


class ZocWithdrawal(Model):
    """Leaving enemy ZOC at a price (DoM §2.2/§8.1.1 tactical withdrawal)."""

    optional_rule: Id | None = Field(None, description="only when this optional rule is on")
    armored_only: bool = True
    extra_cost: Number = "4"
    first_hex_not_in_ezoc: bool = True
    not_across_hexsides: list[Id] = Field([], description="hexside features the first step may not cross")
    not_toward_edge: dict[Id, Literal["north", "south", "east", "west"]] = Field(
        {}, description="by side: the map edge the first step may not move closer to (DoM: DE east, US west)")
    section: str = ""


class ZocRules(Model):
    """Zones of control: who exerts them, where they reach, what they do to movement."""

    exerting_unit_types: list[Id] | None = Field(
        None, description="None: every unit type whose exerts_zoc is true; else only these types")
    blocked_by_hexsides: list[Id] = Field([], description="hexside features a ZOC does not extend across")
    stop_on_enter: bool = True
    enter_cost: Number = Field("0", description="extra MP to enter an enemy-controlled hex")
    leave_cost: Number = Field("0", description="extra MP to leave an enemy-controlled hex")
    can_leave: bool = Field(False, description="may a unit starting in EZOC move out of it at all")
    zoc_to_zoc: bool = Field(False, description="may a unit step directly from one EZOC hex to another")
    reenter_after_leaving: bool = Field(
        True, description="False: a unit that started in EZOC may enter no EZOC in that move (St-Lô 4.1 A)")
    friendly_negates_for_movement: bool = False
    no_crossing_between_ezoc: list[Id] = Field(
        [], description="hexside features that may not be crossed when both hexes are in EZOC (ToV 9.2)")
    withdrawal: ZocWithdrawal | None = None
    section: str = ""


StackingCheck = Literal["end_of_move", "end_of_phase"]
"""When the stacking limit is checked: as each move, entry, drop, retreat or advance ends
(an overstacked result is refused), or when a phase ends (a hex may be overstacked in
between; its owner then eliminates the excess, DoM §6)."""


class StackingRules(Model):
    """How many units may share a hex, and when that is checked."""

    limit: int | None = Field(1, ge=1, description="None: no limit")
    weights: dict[Id, int] = Field({}, description="weight by unit type id or unit size (default 1)")
    exempt_unit_types: list[Id] = []
    hq_counts: bool = True
    max_hq: int | None = Field(None, ge=0, description="HQs per hex, None: no separate limit")
    check_at: StackingCheck = Field(
        "end_of_phase", description="end_of_move: each move must end within the limit; end_of_phase: the limit "
                                    "is checked when a phase of a kind in check_phases ends (DoM §6)")
    check_phases: list[Id] = Field(
        ["movement", "combat"], description="end_of_phase: the kinds of phase whose end checks stacking, "
                                            "whichever side's phase it is (DoM §6: movement and combat)")
    section: str = ""


class MovementMode(Model):
    """A kind of move with its own allowance or movement class (St-Lô 8.1 vs 8.2). Rail
    movement is a mode whose movement class the terrain chart prohibits everywhere but along
    railroads, with a large allowance (ToV 11.2: "as many hexes as a player wants")."""

    name: str
    allowance: int | None = Field(None, ge=0, description="None: the unit's printed movement")
    movement_class: Id | None = Field(None, description="None: the unit type's class")
    keep_away_from_enemy: int | None = Field(
        None, ge=1, description="the unit must stay more than this many hexes from enemy units throughout, "
                                "start and end included (St-Lô 8.2 A: 4)")
    allowance_multiplier: Number = Field("1", description="times the allowance (ToV 11.2: double, 2)")
    no_ezoc: bool = Field(False, description="the move enters no hex in an enemy ZOC, friendly units or not "
                                             "(ToV 11.2)")
    arrival_turn_only: bool = Field(
        False, description="only units on the turn they arrive: placed by an arrival group this turn, or "
                           "entering from their box on their turn of arrival (ToV 11.2)")
    sizes: list[str] = Field([], description="only units of these sizes ([] = any; St-Lô 8.2: battalions)")
    unit_types: list[Id] = Field([], description="only units of these types ([] = any; St-Lô 17.0 D: not recon)")
    section: str = ""


class MovementRules(Model):
    """Moving units over the map: exits, entry from boxes, modes."""

    exit_allowed: bool = Field(True, description="may units leave the map voluntarily (DoM §8.1.3)")
    exit_edges: list[Literal["north", "south", "east", "west"]] = Field([], description="[] = any edge")
    entry_road_from_edge: bool = Field(
        True, description="an entry hex with a road crossing its map edge is entered at road cost")
    modes: dict[Id, MovementMode] = {}
    section: str = ""
    exit_section: str = ""
    entry_section: str = ""


class AirDrop(Model):
    """Units that enter by parachute on a hex of the map instead of at a box's entry hexes
    (DoM §2.3, §8.2: US 502/101 abiregt). A unit drops from ``box`` in a movement phase of
    its own side, once: it never goes back to the box, and behaves as any other unit after."""

    box: Id = Field(description="the off-map box the units wait in")
    units: list[Id] = Field([], description="[] = every unit in the box")
    optional_rule: Id | None = Field(None, description="only when this optional rule is on")
    terrain: list[Id] = Field([], description="terrain types a unit may land in ([] = any)")
    empty_hex: bool = Field(True, description="the hex holds no unit of either side")
    into_ezoc: bool = Field(True, description="may land in an enemy unit's ZOC")
    stop_on_landing: bool = Field(True, description="the unit cannot move further that turn")
    section: str = ""


class RoadLeg(Model):
    """The two-part line: up to ``max_hexes`` to a road, then along roads (St-Lô 7.3)."""

    max_hexes: int = Field(10, ge=0)
    connection_types: list[Id] = Field([], description="[] = every connection of kind road")


class SupplyRules(Model):
    """Supply lines / lines of communication for a whole side."""

    enabled: bool = Field(True, description="False: the game has no supply rule; the play window hides the "
                                            "supply overlay (the query still answers)")
    source_kinds: list[FeatureKind] = ["supply_source", "depot"]
    source_feature_types: list[Id] = Field([], description="also these hex feature types, whatever their kind")
    blocked_by_enemy_units: bool = True
    blocked_by_ezoc: bool = True
    ezoc_negated_by_friendly: bool = True
    blocked_by_enemy_control: bool = False
    blocked_by_hexsides: list[Id] = Field([], description="hexside features a line may not cross")
    bridged_by_connections: bool = Field(True, description="a road/rail across a blocking hexside lets it through")
    blocked_by_terrain: list[Id] = []
    max_length: int | None = Field(None, ge=0, description="hexes from the unit (not counted) to the source")
    road_leg: RoadLeg | None = None
    section: str = ""


class AdjacentException(Model):
    """A higher hex next to the target does not block at ``distance`` if the OP is
    ``min_advantage`` or more levels above the target (St-Lô 11.3.5)."""

    distance: int = Field(ge=1)
    min_advantage: int


class ObservationValue(Model):
    min_advantage: int
    value: int


class LosRules(Model):
    """Line of sight and observation (St-Lô 11.x)."""

    enabled: bool = Field(True, description="False: the game has no LOS rule; the play window hides the LOS "
                                            "tool (the query still answers)")
    auto_range: int = Field(2, ge=0, description="observation always succeeds this close")
    max_range: int | None = Field(12, ge=1)
    min_advantage: int = Field(2, description="levels the observer must be above the target beyond auto range")
    blocking_terrain: list[Id] | None = Field(None, description="None: terrain types with blocks_los")
    blocking_features: list[Id] = []
    target_hex_terrain_blocks: bool = False
    higher_than_observer_blocks: bool = True
    higher_adjacent_to_target_blocks: bool = True
    adjacent_exceptions: list[AdjacentException] = [
        AdjacentException(distance=3, min_advantage=3), AdjacentException(distance=4, min_advantage=4),
    ]
    hexside_choice: Literal["either", "both"] = Field(
        "either", description="along a hexside: clear if either hex is clear, or only if both are")
    observation_values: list[ObservationValue] = [
        ObservationValue(min_advantage=4, value=4), ObservationValue(min_advantage=3, value=3),
        ObservationValue(min_advantage=2, value=2),
    ]
    default_value: int = 1
    section: str = ""


class FormationBonus(Model):
    """Shift when several units of one formation attack together (DoM §2.1)."""

    optional_rule: Id | None = None
    min_units: int = 2
    shift: int = 1
    max_total: int = 1


class MultiplierOverride(Model):
    """A defender-hex multiplier that changes when every attacker is across a hexside
    feature (ToV 12.4: ×3 in a Metz fort, ×4 if attacked only across rivers)."""

    feature: Id
    across: list[Id]
    defense_multiplier: Number


class RetreatRules(Model):
    """Legal retreat paths (DoM §9.3, ToV 10.4)."""

    through_units: bool = False
    into_units: Literal["never", "friendly_within_stacking"] = "never"
    into_ezoc: Literal["prohibited", "step_loss", "allowed"] = "prohibited"
    ezoc_negated_by_friendly: bool = False
    blocked_hexsides: list[Id] = []
    bridges_allow: bool = False
    hexsides_allowed_on_first_step: list[Id] = Field(
        [], description="blocked hexsides a retreat may cross only as its first step (ToV 10.4)")
    off_map: Literal["eliminated", "allowed"] = "eliminated"
    towards_supply: bool = Field(False, description="each hex of the path nearer (by supply line) to where the "
                                                    "unit would be in supply (ToV 10.4); ignored when cut off")
    overstack: Literal["refuse", "extend"] = Field(
        "refuse", description="a last hex over the stacking limit: not a path, or one more hex (ToV 10.4)")
    reduce_in: list[RetreatReduction] = Field([], description="shorter retreats by hex feature and side (ToV 12.4)")
    section: str = ""


class AdvanceRules(Model):
    """Advance after combat (DoM §9.5, ToV 10.5)."""

    mode: Literal["retreat_path", "free"] = "retreat_path"
    max_hexes: int = Field(1, ge=0, description="retreat_path: up to the retreat length")
    max_hexes_armored: int | None = None
    later_hex_terrain: list[Id] = Field([], description="free mode: terrain allowed after the first hex ([] = any)")
    blocked_hexsides: list[Id] = []
    bridges_allow: bool = True
    blocks_first_hex: bool = Field(
        True, description="the blocked hexsides bar the step into the attacked hex too; false: only later "
                          "hexes (ToV 10.5 restricts the mechanized second hex alone: 'not across an unbridged "
                          "river hex-side')")
    ignore_zoc: bool = True
    units: Literal["one", "any"] = Field(
        "one", description="one unit advances (DoM §9.5), or any of the attackers, one by one (ToV 10.5)")
    max_hexes_by_class: dict[Id, int] = Field(
        {}, description="movement class → hexes it may advance (ToV 10.5: mechanized 2); over max_hexes_armored")
    no_advance_into: dict[Id, list[Id]] = Field(
        {}, description="movement class → terrain it may attack into but not advance into (ToV 10.5 note)")
    hqs_with_stack: bool = Field(
        False, description="an HQ stacked with a unit that advances may advance with it, along its path (ToV 10.5)")
    section: str = ""


class CrtLine(Model):
    """A line of the CRT chosen by the defender's terrain (St-Lô 9.2.1): the terrain effects
    chart's ``combat[...].crt_line`` names ``line``; the line is read off the CRT ``crt``."""

    line: Id
    crt: Id


class LossRules(Model):
    """How the steps of a loss result are taken from a side's units (St-Lô 9.2.4–9.2.5): the
    result's amount is the steps lost in all, taken group by group in ``order`` (unit types;
    the types no group names come last), each unit of a group to its last step before the
    next; ``immune`` types never lose steps in combat; excess losses are ignored."""

    order: list[list[Id]] = []
    immune: list[Id] = []
    section: str = ""


class CombatRules(Model):
    """Odds or differential, caps, multipliers, shifts, DRMs, which CRT."""

    crt: Id | None = Field(None, description="None: the module's only CRT")
    crt_lines: list[CrtLine] = Field(
        [], description="CRT lines by the defender's terrain, the line most favourable to the defender first "
                        "(St-Lô 9.2.1); a hex whose terrain names none uses crt")
    losses: LossRules | None = Field(
        None, description="a step_loss result is steps in all, taken in this order (St-Lô 9.2.4); None: every "
                          "unit loses the amount")
    advance_when_vacated: bool = Field(
        False, description="the attackers may advance into the defender's hex when the attack leaves it empty, "
                           "whatever the result code (St-Lô 9.2.6 A)")
    attack_value: Literal["attack", "combat"] = "attack"
    defense_value: Literal["defense", "combat"] = "defense"
    min_value: Number | None = Field(None, description="odds/differential below this count as this (DoM ΔCF −1)")
    max_value: Number | None = Field(None, description="above this count as this (DoM ΔCF 10)")
    below_table: Literal["lowest_column", "no_attack"] = "lowest_column"
    shifted_off_table: Literal["clamp", "no_attack"] = "clamp"
    zero_defense: Literal["highest_column", "error"] = "highest_column"
    hexside_shift_when: Literal["all_attackers", "any_attacker"] = "all_attackers"
    round_multiplied: Literal["down", "exact"] = "down"
    multiplier_overrides: list[MultiplierOverride] = []
    no_attack_across: list[Id] = Field(
        [], description="hexside features no unit attacks across, bridged or not (ToV 10.0: the Rhine)")
    no_attack_across_section: str = Field("", description="the section cited for no_attack_across; '' = section")
    terrain_benefits_side: dict[Id, Id] = Field(
        {}, description="terrain/feature id → the only side its combat effect helps (ToV 12.3)")
    weather_shifts: dict[Id, int] = {}
    weather_shift_exceptions: dict[Id, ShiftException] = Field(
        {}, description="weather → when its shift does not apply (ToV 4.1.5: major city into major city)")
    formation_bonus: FormationBonus | None = None
    drm_min: int | None = None
    drm_max: int | None = None
    declare_all_first: bool = Field(
        True, description="every attack is declared before the first is resolved (DoM §9); False: declare and "
                          "resolve one by one (ToV 10.1)")
    all_adjacent: bool = Field(
        False, description="an attack is on every enemy unit adjacent to the attackers at once, their defence "
                           "summed (St-Lô 9.1.1); Declare names any one of their hexes")
    max_attackers: int | None = Field(
        None, ge=1, description="units that may attack together (St-Lô 9.1 C–D: 1, each attacks alone); None: any")
    defend_once: Literal["unit", "hex", "no"] = Field(
        "unit", description="unit: a unit is attacked at most once per phase or activation (DoM §9); hex: each hex "
                            "once, a unit that retreated into another hex may be attacked again (ToV 10.0, 10.4); "
                            "no: any number of times, one attack at a time per hex (St-Lô 9.1 B)")
    section: str = ""
    retreat: RetreatRules = RetreatRules()
    advance: AdvanceRules = AdvanceRules()
    retreated_add_no_defense: bool = Field(
        False, description="a unit that retreated in the activation running adds no defence when attacked again "
                           "(ToV 10.2, 10.4); all such: the highest column")
    loss_allocation: LossAllocation = Field(
        "each_unit", description="a step_loss of N: each unit loses N, or N in all allocated by the owner (ToV 10.3)")
    loss_allocation_section: str = Field("", description="the section cited when the owner allocates a step loss "
                                                         "(ToV 10.3); '' = section")
    intensity: CombatIntensity | None = Field(None, description="the attacker's combat intensity (ToV 10.2.3)")
    casualty: CasualtyCheck | None = Field(None, description="the roll of a casualty_check effect (ToV 10.3)")
    air_support: AirSupport | None = Field(None, description="pool points spent on a combat (ToV 7.1)")


class ArmorLoss(Model):
    """At a differential of ``at_most`` or worse the attacker loses ``assets`` armoured assets."""

    at_most: int
    assets: int = Field(ge=1)


class ArmorSuperiority(Model):
    """St-Lô 9.4.1: when the attacking unit has assets with armour, each side rolls ``die`` and
    adds armour (attacker's assets) or anti-tank values (every defending unit); at a difference
    of ``min_differential`` or more the attacker gets a DRM of the difference × ``factor``
    (fractions dropped); at a loss threshold it loses armoured assets."""

    die: Id = "d6"
    min_differential: int = 2
    factor: Number = "1/2"
    losses: list[ArmorLoss] = []


class AssetRules(Model):
    """Units attached to a combat unit (St-Lô 5.0, 9.3): assigned to an attacking unit when its
    attack is declared, from the boxes ``from_boxes`` (on their first step, 9.3.3 E), within
    ``limits`` by the parent's size and the asset's class (9.3.1 A; the units of one HQ
    together within the limit of ``group_size``), only to ``parent_types`` of the asset's own
    formation (9.3.3 B–D), and only when the attacker's HQ traces its line (9.3.2 B); then the
    defender may assign up to ``defender_max`` (9.3 C). They move with their unit, go to the
    ``holding_boxes`` box of their formation when it is
    eliminated (5.3), and give the combat DRMs of 9.4.1–9.4.3."""

    classes: dict[Id, Id] = Field({}, description="asset unit type → its class (major, minor, engineer…)")
    parent_types: list[Id] = []
    limits: dict[str, dict[Id, int]] = Field({}, description="parent size → class → most assets attached")
    group_size: str | None = Field(None, description="the units bearing one HQ's designation together stay within "
                                                     "the limit of this size (9.3.1 A: a battalion's companies)")
    attacker_max: int | None = Field(5, ge=0, description="assets one attack may assign (9.3 B)")
    defender_max: dict[Id, int] = Field({}, description="class → most assets the defender assigns in one combat, "
                                                        "after the attacker, each to a defending unit that traces "
                                                        "its line (9.3 C, 9.3.2 A; {}: the defender assigns none)")
    from_boxes: list[Id] = []
    same_formation: bool = True
    needs_loc: bool = True
    holding_boxes: dict[Id, Id] = Field({}, description="formation → the box assets go to when their unit is "
                                                        "eliminated (5.3)")
    division_boxes: dict[Id, Id] = Field({}, description="formation → the box assets are reassigned to (5.1: the "
                                                         "Divisional Asset box), on their second step (To Division)")
    engineer_class: Id = "engineer"
    engineer_drm: int = Field(0, description="9.4.2: +1 when the attacking unit has an engineer asset")
    armor_class: Id = "major"
    defending_armor_drm: int = Field(0, description="9.4.3: −1 when a defender has an armoured asset of the armour "
                                                    "class and the attacking unit has no armoured asset")
    armor_superiority: ArmorSuperiority | None = None
    section: str = ""


class HexMarker(Model):
    """A marker that sits in a hex and changes combat against the units there, face by face
    (St-Lô 13.0: an entrenchment, improved position then strongpoint; 13.0 B: every unit in
    the hex benefits). The engine removes it when no unit of ``kept_by`` is left in its hex at
    the end of an actions step (13.1.5 A)."""

    combat: list[CombatEffect] = Field([], description="by face: shift and DRM (with its drm_group) for attacks "
                                                        "on the hex")
    kept_by: list[Id] = Field([], description="unit types that keep it on the map ([] = it stays)")
    section: str = ""


class RulesConfig(Model):
    """``rules.json``: the rules the engine computes, and how strictly."""

    movement: MovementRules = MovementRules()
    zoc: ZocRules = ZocRules()
    stacking: StackingRules = StackingRules()
    supply: SupplyRules = SupplyRules()
    los: LosRules = LosRules()
    combat: CombatRules = CombatRules()
    drops: list[AirDrop] = Field([], description="units entering by air drop, one entry per box (DoM §8.2)")
    sequence: SequenceRules = SequenceRules()
    statuses: dict[Id, StatusDef] = Field({}, description="unit statuses the engine holds, with their effects")
    pools: dict[Id, PoolDef] = Field({}, description="side pools: air points, TAPs, initiative level")
    arrivals: dict[Id, ArrivalGroup] = Field({}, description="arrival groups triggered by turn, chit draw or die")
    control: ControlRules = ControlRules()
    assets: AssetRules | None = Field(None, description="units attached to combat units (St-Lô 5.0, 9.3)")
    hex_markers: dict[Id, HexMarker] = Field({}, description="markers of pieces.json that change combat in their "
                                                             "hex (St-Lô 13.0 entrenchments)")
    hq_relocation: HqRelocation | None = Field(None, description="activated HQs may relocate (ToV 2.3)")
    interdiction: Interdiction | None = Field(None, description="air interdiction markers on movement (ToV 7.2)")
    fire: FireRules | None = Field(None, description="artillery and air fire: missions, intensities, fire tables "
                                                     "(St-Lô 10, 14–16)")
    enforcement: dict[Id, Enforcement] = Field(
        {}, description="by rule id (movement, zoc, stacking, exit, entry, drop, supply, los, combat, retreat, "
                        "advance, restriction, step.<step id>); missing: enforce")

    def enforcement_of(self, rule: str) -> Enforcement:
        return self.enforcement.get(rule, "enforce")

    def drop_from(self, box: str) -> AirDrop | None:
        """The air drop made from ``box``, if any."""
        return next((d for d in self.drops if d.box == box), None)
