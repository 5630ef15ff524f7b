"""What each field of the rules screens means: the rulebook idea it models (Qt-free).

A field's tooltip is its hint here, else its description in the model, and always the
idea of the group it belongs to (the model's docstring), so no field is left unexplained.
"""

from __future__ import annotations

from pydantic import BaseModel

from .model_fields import FieldSpec

HINTS: dict[str, str] = {
    # zones of control
    "ZocRules.stop_on_enter": "A unit that enters an enemy zone of control stops there for the rest of its move "
                              "(DoM §8.1.1: 'ZOC stops movement').",
    "ZocRules.can_leave": "May a unit that starts its move in an enemy ZOC move out of it at all? Off: it is "
                          "frozen until combat frees it (DoM §8.1.1), unless a withdrawal rule lets it go.",
    "ZocRules.zoc_to_zoc": "May a unit step straight from one enemy-controlled hex into another?",
    "ZocRules.friendly_negates_for_movement": "A friendly unit in a hex cancels the enemy ZOC there for movement.",
    "ZocRules.withdrawal": "Tactical withdrawal: leaving an enemy ZOC at an extra cost (DoM §2.2).",
    # stacking
    "StackingRules.limit": "How many units (by weight) may share a hex (DoM §6: two units).",
    "StackingRules.hq_counts": "Does an HQ count against the limit (ToV: 2 units + HQ)?",
    "StackingRules.max_hq": "HQs allowed in one hex besides the limit.",
    "StackingRules.check_at": "end_of_move: every move, retreat or advance must end within the limit (it is "
                              "refused otherwise); end_of_phase: a hex may be overstacked until the phase ends, then "
                              "the owner removes the excess (DoM §6).",
    # movement
    "MovementRules.exit_allowed": "May units leave the map on purpose (DoM §8.1.3)? Units that leave do not come back.",
    "MovementRules.modes": "Kinds of move with their own allowance or movement class: strategic road movement "
                           "at a third of the cost (St-Lô 8.2), tactical movement.",
    "MovementRules.entry_road_from_edge": "A reinforcement entering on a hex whose road runs off the map edge "
                                          "pays the road cost for it.",
    # supply
    "SupplyRules.enabled": "Does the game trace supply at all? Off hides the supply overlay in play.",
    "SupplyRules.blocked_by_ezoc": "A supply line may not pass through an enemy zone of control (ToV 8.0)…",
    "SupplyRules.ezoc_negated_by_friendly": "…unless a friendly unit stands in that hex (ToV 8.0).",
    "SupplyRules.max_length": "Hexes from the unit to a source; empty: any length.",
    "SupplyRules.road_leg": "The two-part line of communication: up to N hexes to a road, then along roads "
                            "(St-Lô 7.3).",
    # line of sight
    "LosRules.enabled": "Does the game use line of sight? Off hides the LOS tool in play.",
    "LosRules.auto_range": "Observation always succeeds this close (St-Lô 11.3.1).",
    "LosRules.min_advantage": "Levels the observer must be above the target beyond the automatic range (St-Lô 11.3).",
    # combat
    "CombatRules.crt": "The CRT attacks are resolved on (empty: the module's only CRT).",
    "CombatRules.attack_value": "Which printed value attacks: a separate attack factor, or one combat factor "
                                "for both (DoM).",
    "CombatRules.min_value": "Odds or differentials below this count as this (DoM: ΔCF −1 and less).",
    "CombatRules.max_value": "Odds or differentials above this count as this (DoM: ΔCF 10 and more).",
    "CombatRules.hexside_shift_when": "A river shift applies when all attackers attack across it (DoM §9.1), "
                                      "or when any does.",
    "CombatRules.weather_shifts": "Column shifts by weather (weather=shift, e.g. mud=-1).",
    "CombatRules.formation_bonus": "A shift when several units of one formation attack together (DoM §2.1).",
    "RetreatRules.into_ezoc": "May a retreating unit enter an enemy ZOC: never, at the cost of a step, or freely "
                              "(DoM §9.3, ToV 10.4).",
    "RetreatRules.off_map": "A unit retreating off the map is eliminated, or leaves play.",
    "AdvanceRules.mode": "Advance after combat along the defender's retreat path (DoM §9.5) or freely.",
    "AdvanceRules.max_hexes": "How far a victorious attacker may advance.",
    # sequence
    "Phase.kind": "What the phase is for: a movement phase lets the side move, a combat phase attack; other "
                  "kinds run the steps listed under them.",
    "Phase.side": "The side whose phase it is (empty: the steps say who acts).",
    "ActionsStep.allow": "Actions players may take in this step: move, drop, exit, declare, resolve, relocate.",
    "ActionsStep.units": "side: any unit of the acting side; activated: only the units the activation picked.",
    "CupDraw.by_kind": "The procedure each kind of chit leads to (command=activation).",
    "Activation.select": "Which units the activation orders: by the HQ's command range, its designation, "
                         "a formation or the whole side (ToV 2.3, St-Lô 7.2.1).",
    "_Step.enforcement": "enforce: only this step's actions are legal; warn: others are allowed and logged; "
                         "off: players do the step by hand.",
}


def label_of(name: str) -> str:
    """``stop_on_enter`` → ``Stop on enter``."""
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _doc(model: type[BaseModel]) -> str:
    doc = (model.__doc__ or "").strip()
    return doc.split("\n\n")[0].replace("\n", " ")


def field_hint(model: type[BaseModel], spec: FieldSpec) -> str:
    """The tooltip of a field: its hint (or description) and the idea of its group."""
    hint = ""
    for cls in model.__mro__:
        hint = HINTS.get(f"{cls.__name__}.{spec.name}", "")
        if hint:
            break
    hint = hint or spec.description
    group = _doc(model)
    parts = [p for p in (hint, f"({model.__name__}: {group})" if group else "") if p]
    return " ".join(parts) or label_of(spec.name)
