"""Retreat and advance after combat (DoM §9.3, §9.5; ToV 10.4, 10.5), configured by
``rules.combat.retreat`` and ``rules.combat.advance``.

A retreat of ``n`` hexes is a path whose ``k``-th hex is ``k`` hexes from where the unit
started (always moving away). Each step must keep to the module's restrictions: no hex
with another unit (DoM §9.3) unless the rules allow stacking there, no enemy ZOC (or one
step lost per EZOC hex with ``into_ezoc="step_loss"``, ToV 10.4), no blocked hexside
(DoM: a river even where a road crosses it; ToV: only as the first step), never off the
map. A unit with no legal path is eliminated (DoM §9.3, §9.4).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import RulesConfig

from .board import make_board
from .rulings import Ruling
from .stacking import stacking_problem
from .zoc import enemy_zoc


@dataclass(frozen=True)
class RetreatPath:
    hexes: tuple[str, ...]
    ezoc_hexes: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"hexes": list(self.hexes), "ezoc_hexes": self.ezoc_hexes}


@dataclass
class RetreatOptions:
    unit: str
    start: str
    length: int
    paths: list[RetreatPath] = field(default_factory=list)
    eliminated: bool = False
    rulings: list[Ruling] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "start": self.start, "length": self.length,
                "paths": [p.to_json() for p in self.paths], "eliminated": self.eliminated,
                "rulings": [str(r) for r in self.rulings]}


def retreat_length(module: Module, occupancy: Mapping[str, str], unit: str, length: int, *,
                   rules: RulesConfig | None = None) -> int:
    """``length`` less the ``reduce_in`` reductions of the unit's hex and side (ToV 12.4), at least 0."""
    rr = (rules or module.rules).combat.retreat
    board = make_board(module, occupancy)
    me = board.units.get(unit)
    if me is None:  # not on the map (eliminated by the result's losses)
        return length
    feats = set(board.hm.features[me.hex])
    cut = sum(x.by for x in rr.reduce_in if feats & set(x.features) and (not x.sides or me.side in x.sides))
    return max(0, length - cut)


def _supply_lengths(module: Module, occupancy: Mapping[str, str], side: str, control: Mapping[str, str] | None,
                    rules: RulesConfig) -> dict[int, int]:
    from .supply import supply

    hm = make_board(module, occupancy).hm
    return {hm.idx(h): n for h, n in supply(module, occupancy, side, control=control, rules=rules).length.items()}


def retreat_paths(module: Module, occupancy: Mapping[str, str], unit: str, length: int, *,
                  rules: RulesConfig | None = None, control: Mapping[str, str] | None = None,
                  within: Collection[str] | None = None) -> RetreatOptions:
    """Every legal retreat path of ``unit`` of exactly ``length`` hexes, fewest EZOC hexes first.

    With ``towards_supply`` each hex is nearer a supply source (by the supply line of a unit
    there, ``control`` as for supply) than the one before, unless the unit is cut off; with
    ``overstack: extend`` a last hex over the stacking limit makes the retreat one hex longer,
    up to three more (ToV 10.4)."""
    r = rules or module.rules
    out = _paths(module, occupancy, unit, length, r, control, length, within)
    extra = 0
    while not out.paths and r.combat.retreat.overstack == "extend" and extra < 3 and length > 0:
        extra += 1
        longer = _paths(module, occupancy, unit, length + extra, r, control, length, within)
        if longer.paths:
            longer.rulings.append(Ruling("retreat", f"{unit} retreats {extra} more hex(es): over the stacking "
                                                    "limit at the end", r.combat.retreat.section, longer.start))
            return longer
    return out


def _paths(module: Module, occupancy: Mapping[str, str], unit: str, length: int, r: RulesConfig,
           control: Mapping[str, str] | None, due: int, within: Collection[str] | None) -> RetreatOptions:
    """Paths of ``length`` hexes; hexes from the ``due``-th on may hold friendly units (an
    extended retreat passes through the overstacked hex)."""
    rr, stacking, zoc = r.combat.retreat, r.stacking, r.zoc
    board = make_board(module, occupancy)
    if unit not in board.units:
        raise ValueError(f"piece {unit!r} is not on the map")
    me = board.units[unit]
    others = board.without(unit)
    hm = board.hm
    grid = hm.grid
    start = me.hex
    ezoc = enemy_zoc(others, zoc, me.side)
    if rr.ezoc_negated_by_friendly:
        ezoc -= others.friendly_hexes(me.side)
    enemy = others.enemy_hexes(me.side)
    blocked = set(rr.blocked_hexsides)
    first_ok = set(rr.hexsides_allowed_on_first_step)
    out = RetreatOptions(unit, hm.labels[start], length)
    if length <= 0:
        return out
    near = _supply_lengths(module, occupancy, me.side, control, r) if rr.towards_supply else {}
    if start not in near:
        near = {}  # cut off: no hex is nearer
    start_hex = grid.hex_at(start)
    found: list[RetreatPath] = []
    off_map_reachable = False

    def step_ok(i: int, j: int, k: int) -> bool:
        feats = hm.side_features.get((i, j), frozenset())
        bad = feats & blocked
        if bad and not (rr.bridges_allow and (i, j) in hm.side_connections) and not (k == 1 and bad <= first_ok):
            return False
        if j in enemy:
            return False
        last = k == length
        if near and near.get(j, 1 << 30) >= near.get(i, 1 << 30):
            return False
        if within is not None and hm.labels[j] not in within:
            return False
        if others.by_hex.get(j):
            if not last and not rr.through_units and not (k >= due and j in others.friendly_hexes(me.side)):
                return False
            if last and (rr.into_units == "never" or stacking_problem(others, stacking, me, j)):
                return False
        return not (j in ezoc and rr.into_ezoc == "prohibited")

    def walk(i: int, k: int, path: list[int], ez: int) -> None:
        nonlocal off_map_reachable
        if k > length:
            found.append(RetreatPath(tuple(hm.labels[x] for x in path), ez))
            return
        if len(hm.neighbors[i]) < 6:
            off_map_reachable = True
        for _d, j in hm.neighbors[i]:
            if grid.distance(start_hex, grid.hex_at(j)) != k or not step_ok(i, j, k):
                continue
            walk(j, k + 1, path + [j], ez + (1 if j in ezoc else 0))

    walk(start, 1, [], 0)
    out.paths = sorted(found, key=lambda p: (p.ezoc_hexes, p.hexes))
    sec = rr.section
    if not out.paths:
        out.eliminated = True
        why = "no legal retreat path" + (" (off the map is not allowed)" if off_map_reachable else "")
        out.rulings.append(Ruling("retreat", f"{unit} eliminated: {why}", sec, hm.labels[start]))
    elif rr.into_ezoc == "step_loss" and out.paths[0].ezoc_hexes:
        out.rulings.append(Ruling("retreat", f"{unit} loses {out.paths[0].ezoc_hexes} step(s) retreating into enemy ZOC",
                                  sec, hm.labels[start]))
    return out


def advance_paths(module: Module, occupancy: Mapping[str, str], unit: str, vacated: str, *,
                  retreat_path: tuple[str, ...] | list[str] = (), rules: RulesConfig | None = None,
                  within: Collection[str] | None = None) -> list[tuple[str, ...]]:
    """Advances open to ``unit`` into the ``vacated`` defender's hex and beyond (DoM §9.5, ToV 10.5).

    Hexes: ``max_hexes``, ``max_hexes_armored`` for armour, ``max_hexes_by_class`` by movement
    class (ToV: mechanized 2); none into terrain ``no_advance_into`` names for its class.

    ``retreat_path`` mode: the vacated hex, then the hexes the defender retreated through
    (not its final hex), up to ``max_hexes``. ``free`` mode: the vacated hex, then any
    neighbour of it whose terrain is in ``later_hex_terrain``, up to ``max_hexes``.
    Occupancy is the position after the retreat. Sorted, shortest first.
    """
    r = rules or module.rules
    ar = r.combat.advance
    board = make_board(module, occupancy)
    if unit not in board.units:
        raise ValueError(f"piece {unit!r} is not on the map")
    me = board.units[unit]
    others = board.without(unit)
    hm = board.hm
    enemy = others.enemy_hexes(me.side)
    ezoc = set() if ar.ignore_zoc else enemy_zoc(others, r.zoc, me.side)
    blocked = set(ar.blocked_hexsides)
    limit = ar.max_hexes_armored if (me.unit_type.armored and ar.max_hexes_armored is not None) else ar.max_hexes
    limit = ar.max_hexes_by_class.get(me.unit_type.movement_class, limit)  # ToV 10.5: mechanized 2
    first = hm.idx(vacated)
    if hm.terrain[first] in ar.no_advance_into.get(me.unit_type.movement_class, ()):
        return []  # ToV 10.5 note: mechanized units may attack into difficult terrain, not advance

    def ok(i: int, j: int, sides: bool = True) -> bool:
        if j in enemy or (within is not None and hm.labels[j] not in within):
            return False
        bad = hm.side_features.get((i, j), frozenset()) & blocked if sides else frozenset()
        return not (bad and not (ar.bridges_allow and (i, j) in hm.side_connections))

    out: list[tuple[str, ...]] = []
    if limit < 1 or (first in dict(hm.neighbors[me.hex]).values() and not ok(me.hex, first, ar.blocks_first_hex)):
        return out
    chains: list[list[int]] = [[first]]
    if ar.mode == "retreat_path":
        chain = [first]
        for label in list(retreat_path)[:-1][: max(0, limit - 1)]:
            j = hm.idx(label)
            if not ok(chain[-1], j) or chain[-1] in ezoc:
                break
            chain = chain + [j]
            chains.append(chain)
    elif limit >= 2 and first not in ezoc:
        terrain = set(ar.later_hex_terrain)
        for _d, j in hm.neighbors[first]:
            if j != me.hex and ok(first, j) and (not terrain or hm.terrain[j] in terrain):
                chains.append([first, j])
    for chain in chains:
        if not stacking_problem(others, r.stacking, me, chain[-1]):
            out.append(tuple(hm.labels[x] for x in chain))
    return sorted(out, key=lambda p: (len(p), p))
