"""The state at the start of a scenario: setup placements, reinforcements, markers, cups."""

from __future__ import annotations

from hexwright.runtime.model import Module

from .errors import ActionError
from .game_state import GameState, Location, MarkerState, PieceState
from .rng import RngState


def scenario_rules(module: Module, scenario_id: str, chosen: dict[str, bool] | None = None) -> dict[str, bool]:
    """Every optional rule on or off: the module default, then the scenario, then the players."""
    rules = {rule_id: rule.default for rule_id, rule in module.meta.optional_rules.items()}
    rules.update(module.scenarios[scenario_id].optional_rules)
    for rule_id, on in (chosen or {}).items():
        if rule_id not in rules:
            raise ActionError(f"unknown optional rule {rule_id!r}")
        rules[rule_id] = on
    return dict(sorted(rules.items()))


def initial_state(module: Module, scenario_id: str, seed: int, optional_rules: dict[str, bool] | None = None) -> GameState:
    """The state before the first action of ``scenario_id``.

    Placed pieces go to their hex or box; reinforcements wait in their arrival box (or
    are ``unavailable`` when they arrive straight on a hex); every other piece that is not
    removed by the scenario is ``unavailable``. A piece tied to an optional rule that is off
    is not in the game at all, even where the scenario places it.
    """
    if scenario_id not in module.scenarios:
        known = ", ".join(sorted(module.scenarios)) or "none"
        raise ActionError(f"no scenario {scenario_id!r} in module {module.meta.id!r} (scenarios: {known})")
    scenario = module.scenarios[scenario_id]
    rules = scenario_rules(module, scenario_id, optional_rules)
    removed = set(scenario.removed_pieces)
    for piece_id, piece in module.pieces.pieces.items():  # e.g. DoM §3: 502/101 only with §2.3 in use
        if piece.optional_rule is not None and not rules.get(piece.optional_rule, False):
            removed.add(piece_id)
    order = 1
    pieces: dict[str, PieceState] = {}
    for placement in scenario.setup:
        if placement.piece in removed:
            continue
        at = Location.hex(placement.hex) if placement.hex is not None else Location.box(placement.box or "")
        pieces[placement.piece] = PieceState(at=at, step=placement.step, order=order)
        order += 1
    for reinforcement in scenario.reinforcements:
        if reinforcement.piece in pieces or reinforcement.piece in removed:
            continue
        at = Location.box(reinforcement.box) if reinforcement.box else Location.off("unavailable")
        pieces[reinforcement.piece] = PieceState(at=at, order=order)
        order += 1
    for piece_id in module.pieces.pieces:
        if piece_id in pieces or piece_id in removed:
            continue
        pieces[piece_id] = PieceState(at=Location.off("unavailable"), order=order)
        order += 1
    markers: dict[str, MarkerState] = {}
    counts: dict[str, int] = {}
    for mark in scenario.markers:
        counts[mark.marker] = counts.get(mark.marker, 0) + 1
        if mark.hex is not None:
            at = Location.hex(mark.hex)
        elif mark.box is not None:
            at = Location.box(mark.box)
        elif mark.track is not None:
            at = Location.track(mark.track, mark.space or 0)
        else:
            at = Location.off("unavailable")
        markers[f"{mark.marker}#{counts[mark.marker]}"] = MarkerState(
            marker=mark.marker, at=at, face=min(mark.face, 1), order=order)
        order += 1
    removed_chits = set(scenario.removed_chits)
    cups = {cup: tuple(sorted(c for c in chits if c not in removed_chits)) for cup, chits in sorted(scenario.cups.items())}
    sequence = module.meta.sequence
    first_side = scenario.first_side
    if first_side is None and sequence and sequence[0].side:
        first_side = sequence[0].side
    if first_side is None and module.pieces.sides:
        first_side = next(iter(module.pieces.sides))
    control = {}
    for label, data in sorted(module.map.hexes.items()):
        for feature in data.features:
            ftype = module.map.hex_feature_types.get(feature.type)
            if ftype is not None and ftype.kind == "control" and feature.side:
                control[label] = feature.side
    return GameState(
        scenario=scenario_id,
        turn=scenario.first_turn,
        phase=0,
        active_side=first_side,
        pieces=pieces,
        markers=markers,
        cups=cups,
        control=control,
        optional_rules=rules,
        rng=RngState(seed=seed, counter=0),
        next_order=order,
    )
