"""Where a unit can move: every reachable hex with its cost and a cheapest path.

Dijkstra over the movement graph of the unit's class (:mod:`.movement_graph`), with the
module's ZOC rules on top (DoM §8.1.1, ToV 9.2, St-Lô 4.1):

* enemy-occupied hexes are never entered (DoM §8.1, St-Lô 8.1 H);
* entering an EZOC hex costs ``zoc.enter_cost`` more and, with ``stop_on_enter``, ends
  the move there; leaving one costs ``zoc.leave_cost`` more;
* a unit starting in EZOC moves only if ``zoc.can_leave`` (or by a withdrawal, DoM §2.2);
  it may step straight into another EZOC hex only if ``zoc.zoc_to_zoc``, and may enter
  none at all in that move if not ``zoc.reenter_after_leaving`` (St-Lô 4.1 A);
* an ``all`` step (DoM Table 1 river) is allowed only as the first step and uses all MF;
* leaving the map costs what entering the edge hex costs, or the road cost (DoM §8.1.3);
* a unit in an off-map box enters at the box's entry hexes paying the first hex's cost,
  or the road cost where a road crosses the hex's map edge (DoM §8.2, Figure 6).

Stacking is checked where the move ends (DoM §6): a hex may be passed through but
``can_end`` is false there. The search is deterministic: ties keep the first path found
in direction order from lower hex indices.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hexwright.runtime.model import Module
from hexwright.runtime.model.common import parse_fraction
from hexwright.runtime.model.rules_config import RulesConfig

from .board import Unit
from .hexmap import HexMap
from .movement_graph import ALL, MovementGraph, movement_graph
from .movement_search import STOP_ZOC, Negated, ZocSearch, closest_free_edge_hexes
from .position import Position, position
from .reached import ReachedHex, ReachedHexes
from .rulings import Ruling
from .stacking import stacking_problem_of, unit_weight


@dataclass(frozen=True)
class ExitOption:
    """Leaving the map from ``hex`` across its ``edge`` side."""

    hex: str
    edge: str
    direction: str
    cost: Fraction
    by_road: bool
    path: tuple[str, ...]
    section: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"hex": self.hex, "edge": self.edge, "direction": self.direction, "cost": str(self.cost),
                "by_road": self.by_road, "path": list(self.path), "section": self.section}


@dataclass
class ReachResult:
    unit: str
    start: str
    """Start hex label, or ``box:<id>`` for entry from an off-map box."""
    allowance: Fraction
    hexes: Mapping[str, ReachedHex] = field(default_factory=dict)
    exits: list[ExitOption] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "start": self.start, "allowance": str(self.allowance),
                "hexes": {k: v.to_json() for k, v in self.hexes.items()},
                "exits": [e.to_json() for e in self.exits], "rulings": [str(r) for r in self.rulings]}


def _allowance(unit: Unit, rules: RulesConfig, mode: str | None) -> tuple[Fraction, str]:
    cls = unit.unit_type.movement_class
    allowance = Fraction(unit.values.movement or 0)
    if mode is not None:
        m = rules.movement.modes.get(mode)
        if m is None:
            raise ValueError(f"unknown movement mode {mode!r}")
        allowance = Fraction(m.allowance) if m.allowance is not None else allowance
        allowance *= parse_fraction(m.allowance_multiplier)
        cls = m.movement_class or cls
    return allowance, cls


def reach(module: Module, occupancy: Mapping[str, str], unit: str, *, box: str | None = None,
          weather: str | None = None, mode: str | None = None, allowance: Fraction | int | None = None,
          optional_rules: frozenset[str] | set[str] = frozenset(),
          steps: Mapping[str, int] | None = None, rules: RulesConfig | None = None,
          enter_surcharge: Mapping[str, Fraction | int] | None = None,
          leave_surcharge: Mapping[str, Fraction | int] | None = None,
          within: Collection[str] | None = None, surcharge_free_across: Collection[str] = ()) -> ReachResult:
    """Reachable hexes of ``unit`` (DoM §8.1, ToV 9.0, St-Lô 8.0).

    ``unit`` is placed by ``occupancy`` or, with ``box``, waits in that off-map box.
    ``allowance`` overrides the unit's movement (e.g. MF left after part of a move);
    ``rules`` overrides ``module.rules`` (players' enforcement choices).
    ``within``: the hexes in play (a scenario's map limits); no other hex is entered.
    ``enter_surcharge``/``leave_surcharge`` add MP to enter/leave particular hexes (ToV 7.2
    interdiction: +1 each way around an air marker, doubled where two overlap); the
    caller works them out from the markers in play; a step across a hexside with one of
    ``surcharge_free_across`` pays neither (ToV 7.2: no effect on river hex-side crossings).
    """
    rules = rules or module.rules
    if box is not None:
        if box not in module.map.boxes:
            raise ValueError(f"unknown box {box!r}")
    elif unit not in occupancy:
        raise ValueError(f"piece {unit!r} is not on the map; give its hex or a box")
    if unit not in module.pieces.pieces:
        raise ValueError(f"unknown piece {unit!r}")
    if box is not None and unit in occupancy:
        occupancy = {k: v for k, v in occupancy.items() if k != unit}
    with position(module, occupancy) as pos:
        return _reach(module, pos, unit, box, weather, mode, allowance, optional_rules, steps, rules,
                      enter_surcharge, leave_surcharge, within, frozenset(surcharge_free_across))


def _reach(module: Module, pos: Position, unit: str, box: str | None, weather: str | None, mode: str | None,
           allowance: Fraction | int | None, optional_rules: frozenset[str] | set[str],
           steps: Mapping[str, int] | None, rules: RulesConfig,
           enter_surcharge: Mapping[str, Fraction | int] | None,
           leave_surcharge: Mapping[str, Fraction | int] | None,
           within: Collection[str] | None = None, surcharge_free: frozenset[str] = frozenset()) -> ReachResult:
    piece = module.pieces.pieces[unit]
    utype = module.pieces.unit_types[piece.unit_type]
    hm = pos.hm
    me = pos.unit(unit, steps) if box is None else Unit(unit, piece, utype, -1, (steps or {}).get(unit, 0))
    printed, cls = _allowance(me, rules, mode)
    total = Fraction(allowance) if allowance is not None else Fraction(printed)
    mg = movement_graph(module, cls, weather, rules)
    side = piece.side
    zoc = rules.zoc
    enemy: Container[int] = pos.enemy.get(side, {})
    zoc_on = rules.enforcement_of("zoc") != "off"
    raw_z: Container[int] = pos.enemy_zoc(zoc, side) if zoc_on else frozenset()
    z = Negated(raw_z, pos.own.get(side, {}), me.hex) if zoc.friendly_negates_for_movement else raw_z
    search = ZocSearch(
        hm, mg, zoc, mg.ticks(total), me.hex, side, enemy, z, raw_z,
        enter_z=mg.ticks(parse_fraction(zoc.enter_cost)), leave_z=mg.ticks(parse_fraction(zoc.leave_cost)),
        enter_x=_surcharges(hm, mg, enter_surcharge), leave_x=_surcharges(hm, mg, leave_surcharge),
        x_free_across=surcharge_free, marks=pos.marks(zoc, side) if zoc_on and z is raw_z else None)
    result = ReachResult(unit, f"box:{box}" if box is not None else hm.labels[me.hex], total)
    mode_rules = rules.movement.modes.get(mode) if mode is not None else None
    if mode_rules is not None and mode_rules.keep_away_from_enemy is not None:
        near: set[int] = set()
        for h in sorted(pos.enemy.get(side, {})):
            near.update(hm.grid.index(x) for x in hm.grid.within(hm.grid.hex_at(h), mode_rules.keep_away_from_enemy))
        if search.start in near:
            result.rulings.append(Ruling("movement", f"{mode_rules.name}: within {mode_rules.keep_away_from_enemy} "
                                         "hexes of an enemy unit", mode_rules.section, hm.labels[search.start]))
            return result
        search.enemy, search.marks = near.union(pos.enemy.get(side, {})), None
    if mode_rules is not None and mode_rules.no_ezoc:  # ToV 11.2: enters no EZOC hex
        zoc_hexes = set(pos.enemy_zoc(zoc, side)) if rules.enforcement_of("zoc") != "off" else set()
        held = search.enemy if isinstance(search.enemy, set) else set(pos.enemy.get(side, {}))
        search.enemy, search.marks = held | (zoc_hexes - {search.start}), None
    if within is not None:  # a scenario's map limits (ToV 14.1, 14.2): the hexes outside are never entered
        inside = {hm.idx(h) for h in within}
        held = search.enemy if isinstance(search.enemy, set) else set(pos.enemy.get(side, {}))
        search.enemy, search.marks = held | {i for i in range(len(hm.labels)) if i not in inside}, None
    w = zoc.withdrawal
    if (w is not None and search.started_in_z and not zoc.can_leave
            and (w.optional_rule is None or w.optional_rule in optional_rules)
            and (utype.armored or not w.armored_only)):
        search.withdrawal = w
        search.withdrawal_ticks = mg.ticks(parse_fraction(w.extra_cost))

    if box is not None:
        _seed_from_box(search, module, rules, box, result)
        search.run()
    elif not search.seed_start():
        result.rulings.append(Ruling("zoc", "cannot leave enemy ZOC", zoc.section, hm.labels[search.start]))
    elif mg.zero_steps or search.enter_x:
        search.run()
    else:
        search.run_networkx(mg.graph)

    check_stacking = rules.enforcement_of("stacking") != "off"
    heavy = rules.stacking.limit is not None and rules.stacking.limit < unit_weight(me, rules.stacking)
    labels, dist, stops, by_hex, start = hm.labels, search.dist, search.stop, pos.by_hex, search.start
    costs = {t: mg.cost(t) for t in set(dist.values())}
    if search.route is None:
        search.path_to(start)
    route = search.route
    assert route is not None
    # the hexes with something to say (a stop, someone to stack with) are made now; the plain
    # ones (may end there, no stop) when read
    crowded = dist if check_stacking and heavy else by_hex if check_stacking else {}
    made: dict[str, ReachedHex] = {}
    for j in stops.keys() | (crowded.keys() & dist.keys()):  # the intersection walks the smaller
        if j == start:
            continue
        label = labels[j]
        why = stops.get(j)
        problem = ""
        if check_stacking:
            here = [pos.unit(u) for u in by_hex.get(j, []) if u != unit]
            problem = stacking_problem_of(here, rules.stacking, me)
        if why is None and not problem:
            continue
        rulings: list[Ruling] = []
        if why:
            rule = "zoc" if why == STOP_ZOC else "movement"
            rulings.append(Ruling(rule, why, zoc.section if rule == "zoc" else rules.movement.section, label))
        if problem:
            rulings.append(Ruling("stacking", problem, rules.stacking.section, label))
        made[label] = ReachedHex(label, costs[dist[j]], None, why is not None, not problem, tuple(rulings),
                                 route=route, at=j)
    order = sorted(dist) if hm.labels_sorted else sorted(dist, key=labels.__getitem__)
    result.hexes = ReachedHexes([labels[j] for j in order if j != start], hm.index, dist, start, costs, route, made)

    if rules.movement.exit_allowed and rules.enforcement_of("exit") != "off":
        result.exits = _exits(search, rules)
    return result


def _seed_from_box(search: ZocSearch, module: Module, rules: RulesConfig, box: str, result: ReachResult) -> None:
    """Entry hexes of ``box`` at the first hex's cost, or by a road off the map edge (DoM §8.2)."""
    hm, mg = search.hm, search.mg
    sec = rules.movement.entry_section
    entries = sorted(hm.idx(label) for label in module.map.boxes[box].entry_hexes)
    for j in entries:
        if j in search.enemy:
            result.rulings.append(Ruling("entry", "entry hex occupied by the enemy", sec, hm.labels[j]))
    free = [j for j in entries if j not in search.enemy]
    if entries and not free:
        free = closest_free_edge_hexes(hm, entries, search.enemy)
        result.rulings.append(Ruling("entry", "every entry hex is blocked: entering at the closest free hex "
                                     + ", ".join(hm.labels[j] for j in free), sec))
    for j in sorted(free, key=lambda k: hm.labels[k]):
        ticks = mg.entry[j]
        if rules.movement.entry_road_from_edge and j in mg.road_entry:
            ticks = mg.road_entry[j] if ticks is None or ticks == ALL else min(ticks, mg.road_entry[j])
        if ticks is not None:
            search.seed_entry(j, ticks)


def _exits(search: ZocSearch, rules: RulesConfig) -> list[ExitOption]:
    """Ways off the map from every hex reached and not stopped in (DoM §8.1.3)."""
    hm, mg, zoc = search.hm, search.mg, search.zoc
    edges = set(rules.movement.exit_edges)
    names = hm.grid.directions
    out = []
    edge_hexes = [i for i in search.dist if i in mg.exits and i not in search.stop]
    for i in sorted(edge_hexes, key=hm.labels.__getitem__):
        in_z = i in search.z
        if in_z and not zoc.can_leave:
            continue
        for d, name, ticks, by_road in mg.exits[i]:
            if edges and name not in edges:
                continue
            if ticks == ALL:
                if i != search.start:
                    continue
                cost = search.cap
            else:
                cost = search.dist[i] + ticks + (search.leave_z if in_z else 0) + search.leave_x.get(i, 0)
            if cost <= search.cap:
                out.append(ExitOption(hm.labels[i], name, names[d], mg.cost(cost), by_road,
                                      search.path_to(i), rules.movement.exit_section))
    return out


def _surcharges(hm: HexMap, mg: MovementGraph, extra: Mapping[str, Fraction | int] | None) -> dict[int, int]:
    out: dict[int, int] = {}
    for label, cost in sorted((extra or {}).items()):
        ticks = Fraction(cost) * mg.scale
        if ticks.denominator != 1:
            raise ValueError(f"surcharge {cost} at {label} is finer than the chart's costs")
        out[hm.idx(label)] = int(ticks)
    return out
