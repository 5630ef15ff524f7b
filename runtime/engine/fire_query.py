"""What a window asks of fire support before firing (St-Lô 10, 11): the places an OP may stand
with what it observes, the units that may fire with the intensities each can afford, and the plan
of a fire — pure functions of the module and a game state, for the fire dialog."""

from __future__ import annotations

from dataclasses import dataclass

from hexwright.runtime.model import Module
from hexwright.runtime.rules import Observation, observe_many
from hexwright.runtime.state import GameState

from .actions import Fire
from .context import to_act
from .data import with_engine_state
from .fire import FirePlan, _intensities, firing_units, op_hexes, ops_of, plan, rules_of

# -- for windows: what a fire may be, and its plan -------------------------------------------------


@dataclass(frozen=True)
class FireOptions:
    """What the side to act may fire in ``mission`` at ``target`` now: where each OP may stand and
    what it sees from there (best first), the units that may fire and the intensities each can afford."""

    mission: str
    side: str
    target: str
    places: tuple[tuple[str, str, Observation], ...]
    units: tuple[tuple[str, tuple[str, ...]], ...]


def fire_options(module: Module, state: GameState, mission: str, target: str) -> FireOptions:
    from .core import prepared

    tx = prepared(module, state)
    side = to_act(module, with_engine_state(tx.state, tx.data)) or ""  # the defender in a combat's fire frame
    fire = rules_of(tx)
    found = fire.missions.get(mission) if fire is not None else None
    if fire is None or found is None:
        return FireOptions(mission, side, target, (), ())
    places: list[tuple[str, str, Observation]] = []
    if found.observed and target:
        for op in ops_of(tx, side):
            hexes = op_hexes(tx, found, op)
            seen = observe_many(module, hexes, [target], rules=tx.rules)
            places += [(op, h, o) for (h, _t), o in seen.items() if o.visible]
    places.sort(key=lambda p: (-p[2].value, p[2].distance, p[0], p[1]))
    units = tuple((u, tuple(_intensities(tx, fire, found, u))) for u in firing_units(tx, side)) \
        if found.value is not None else ()
    return FireOptions(mission, side, target, tuple(places), units)


def fire_plan(module: Module, state: GameState, act: Fire) -> FirePlan:
    """:func:`plan` of ``act`` for the side to act on ``state`` — the defender in its combat's fire
    frame (10.5), not the phase's side (nothing changed)."""
    from .core import prepared

    tx = prepared(module, state)
    return plan(tx, act, to_act(module, with_engine_state(tx.state, tx.data)))
