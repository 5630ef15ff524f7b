"""What a play window shows of fire support between fires (St-Lô 10.1, 11.1, 11.3): the
artillery displays — every battery with its fire missions spent and left this turn — and what an
OP would observe from a hex, with the observation value per hex. Pure functions of the module and
a game state; the rules themselves are :mod:`.fire`'s (``missions_left``, ``op_hexes``) and
:mod:`runtime.rules.los`'s (``observe_many``), called here, never written again."""

from __future__ import annotations

from dataclasses import dataclass

from hexwright.runtime.model import Module
from hexwright.runtime.model.fire import FireMission
from hexwright.runtime.rules import Observation, observe_many
from hexwright.runtime.rules.hexmap import hex_map
from hexwright.runtime.state import GameState, piece_name

from .fire import _in_play, missions_left, op_hexes, rules_of
from .statuses import statuses_of


@dataclass(frozen=True)
class Battery:
    """One artillery unit on its side's artillery display (10.1): missions per turn, spent, left."""

    unit: str
    side: str
    name: str
    formation: str
    missions: int
    spent: int
    left: int
    in_play: bool
    where: str
    values: tuple[tuple[str, int], ...]
    statuses: tuple[str, ...]


def artillery_display(module: Module, state: GameState) -> dict[str, list[Battery]]:
    """Side → its batteries (``fire.unit_types``), by formation then name; empty without fire rules."""
    from .core import prepared

    tx = prepared(module, state)
    fire = rules_of(tx)
    if fire is None:
        return {}
    fields = sorted({m.value for m in fire.missions.values() if m.value is not None})
    out: dict[str, list[Battery]] = {}
    for pid, piece in module.pieces.pieces.items():
        if piece.unit_type not in fire.unit_types or pid not in tx.state.pieces:
            continue
        at = tx.state.pieces[pid]
        values = piece.steps[min(at.step, len(piece.steps) - 1)]
        per_turn = values.fire_missions or 0
        left = missions_left(tx, pid)
        where = at.at.kind if at.at.kind != "box" else (module.map.boxes[at.at.id].name
                                                        if at.at.id in module.map.boxes else at.at.id)
        out.setdefault(piece.side, []).append(Battery(
            pid, piece.side, piece_name(module, pid), piece.formation or "", per_turn, per_turn - left, left,
            _in_play(tx, pid), where, tuple((f, getattr(values, f) or 0) for f in fields),
            tuple(s for s, _d in statuses_of(module, tx.state, pid))))
    return {side: sorted(rows, key=lambda b: (b.formation, b.name)) for side, rows in sorted(out.items())}


@dataclass(frozen=True)
class OpSight:
    """What ``op`` would observe from ``at`` (11.3): every hex within range it observes, with its
    OV (11.3.7); ``placeable``: ``at`` is among the hexes it may be placed in now (11.1.1)."""

    op: str
    at: str
    mission: str
    placeable: bool
    seen: tuple[Observation, ...]

    def value_of(self, hex: str) -> int:
        return next((o.value for o in self.seen if o.target == hex), 0)


def observing_mission(module: Module, mission: str | None = None) -> tuple[str, FireMission] | None:
    """The observed fire mission an OP is placed for: ``mission``, else the first observed one placed
    near its formation's units (11.1.1 A: barrage), else the first observed one."""
    fire = module.rules.fire
    if fire is None:
        return None
    observed = [(k, m) for k, m in fire.missions.items() if m.observed]
    if mission is not None:
        return next(((k, m) for k, m in observed if k == mission), None)
    return next(((k, m) for k, m in observed if m.op_near == "formation"), observed[0] if observed else None)


def op_places(module: Module, state: GameState, op: str, mission: str | None = None) -> list[str]:
    """The hexes ``op`` may be placed in now for ``mission`` (:func:`observing_mission`), sorted (11.1.1)."""
    from .core import prepared

    found = observing_mission(module, mission)
    if found is None or op not in module.pieces.pieces:
        return []
    return op_hexes(prepared(module, state), found[1], op)


def op_sight(module: Module, state: GameState, op: str, at: str, mission: str | None = None) -> OpSight:
    """:class:`OpSight` of ``op`` standing in ``at`` (the observation of :func:`observe_many`)."""
    from .core import prepared

    tx = prepared(module, state)
    found = observing_mission(module, mission)
    name = found[0] if found is not None else ""
    places = op_hexes(tx, found[1], op) if found is not None and op in module.pieces.pieces else []
    hm = hex_map(module)
    here = hm.grid.hex_at(hm.idx(at))
    reach = tx.rules.los.max_range
    targets = [hm.label(i) for i in range(len(hm.labels))
               if reach is None or hm.grid.distance(here, hm.grid.hex_at(i)) <= reach]
    seen = observe_many(module, [at], targets, rules=tx.rules)
    visible = tuple(sorted((o for o in seen.values() if o.visible and o.target != at), key=lambda o: o.target))
    return OpSight(op, at, name, at in places, visible)
