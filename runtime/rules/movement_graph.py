"""The movement graph of one movement class in one weather, built once from the chart.

Nodes are hex indices; a directed edge ``i → j`` exists unless the move is prohibited and
holds ``w``, the cost in integer *ticks* (``cost × scale``, so 1/2 and 1/3 stay exact),
or ``all=True`` for a step that takes all of a unit's movement (DoM §8.1.2 river), and
``road=True`` when it follows a road/rail crossing. How a step is priced:

* entering ``j``: its terrain's cost; a hex feature's ``"N"`` replaces it (largest wins),
  ``"+N"`` adds, ``"other"`` does nothing (DoM Table 1: towns and forts cost "–");
* crossing the hexside: each hexside feature's ``"+N"`` (or ``"N"``) adds, ``"all"``
  makes the step an all-MF step, ``"prohibited"`` removes it;
* along a connection (road/rail) crossing that hexside: the connection's cost replaces
  the hex and the hexside costs (a road across a river is a bridge, DoM §8.1.2, ToV 9.1).

Terrain the chart does not list costs 1. Leaving the map from an edge hex costs what
entering that hex costs, or the road cost if a road crosses that edge (DoM §8.1.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import networkx as nx

from hexwright.runtime.model import Module
from hexwright.runtime.model.common import parse_fraction
from hexwright.runtime.model.rules_config import RulesConfig

from .cache import cached
from .costs import Cost, chart_scale, lookup
from .hexmap import HexMap, hex_map

ALL = -1
"""Sentinel tick cost of an all-MF step."""


@dataclass
class MovementGraph:
    movement_class: str
    weather: str | None
    scale: int
    graph: nx.DiGraph
    entry: list[int | None] = field(default_factory=list)
    """Ticks to enter each hex from off the map (None: prohibited; ALL: all MF)."""
    road_entry: dict[int, int] = field(default_factory=dict)
    """Ticks to enter a hex by a road crossing its map edge."""
    exits: dict[int, list[tuple[int, str, int, bool]]] = field(default_factory=dict)
    """Edge hex → ``(direction, edge name, ticks, by road)`` for each way off the map."""
    succ: list[tuple[tuple[int, int], ...]] = field(default_factory=list)
    """``succ[i]``: ``(j, ticks)`` for each edge out of ``i``, read off :attr:`graph` once
    so that searches iterate plain tuples."""

    def ticks(self, cost: Fraction) -> int:
        return int(cost * self.scale)

    def cost(self, ticks: int) -> Fraction:
        return Fraction(ticks, self.scale)


def _hex_cost(module: Module, hm: HexMap, i: int, cls: str, weather: str | None) -> Cost:
    te = module.tables.terrain_effects
    w = te.weather.get(weather) if weather else None
    base = lookup(te.terrain, hm.terrain[i], cls, w.terrain if w else None) or Cost("set", Fraction(1))
    if base.kind in ("prohibited", "all"):
        return base
    value = base.value if base.kind == "set" else Fraction(1)
    replace: Fraction | None = None
    add = Fraction(0)
    for f in hm.features[i]:
        c = lookup(te.features, f, cls)
        if c is None or c.kind == "other":
            continue
        if c.kind in ("prohibited", "all"):
            return c
        if c.kind == "set":
            replace = c.value if replace is None else max(replace, c.value)
        else:
            add += c.value
    return Cost("set", (replace if replace is not None else value) + add)


def _road_cost(module: Module, conns: frozenset[str], cls: str, weather: str | None) -> Fraction | None:
    te = module.tables.terrain_effects
    w = te.weather.get(weather) if weather else None
    best: Fraction | None = None
    for c in sorted(conns):
        cost = lookup(te.connections, c, cls, w.connections if w else None)
        if cost is not None and cost.kind == "set":
            best = cost.value if best is None else min(best, cost.value)
    return best


def _side_cost(module: Module, feats: frozenset[str], cls: str, weather: str | None) -> Cost:
    te = module.tables.terrain_effects
    w = te.weather.get(weather) if weather else None
    add = Fraction(0)
    all_mf = False
    for f in sorted(feats):
        c = lookup(te.hexsides, f, cls, w.hexsides if w else None)
        if c is None or c.kind == "other":
            continue
        if c.kind == "prohibited":
            return c
        if c.kind == "all":
            all_mf = True
        else:
            add += c.value
    return Cost("all") if all_mf else Cost("add", add)


def zoc_fractions(rules: RulesConfig) -> tuple[Fraction, ...]:
    z = rules.zoc
    out = [parse_fraction(z.enter_cost), parse_fraction(z.leave_cost)]
    if z.withdrawal is not None:
        out.append(parse_fraction(z.withdrawal.extra_cost))
    return tuple(out)


def _exit_key(opt: tuple[int, str, int, bool]) -> tuple[int, bool]:
    return (opt[2] if opt[2] != ALL else 1 << 60, not opt[3])


def _build(module: Module, cls: str, weather: str | None, extra: tuple[Fraction, ...]) -> MovementGraph:
    hm = hex_map(module)
    scale = chart_scale(module.tables.terrain_effects, extra)
    mg = MovementGraph(cls, weather, scale, nx.DiGraph())
    g = mg.graph
    n = len(hm.labels)
    g.add_nodes_from(range(n))
    hex_costs = [_hex_cost(module, hm, i, cls, weather) for i in range(n)]
    for c in hex_costs:
        mg.entry.append(None if c.kind == "prohibited" else ALL if c.kind == "all" else int(c.value * scale))
    edges: list[tuple[int, int, dict[str, object]]] = []
    hex_ticks = [None if c.kind == "prohibited" else ALL if c.kind == "all" else int(c.value * scale)
                 for c in hex_costs]
    side_memo: dict[frozenset[str], int | None] = {}
    road_memo: dict[frozenset[str], int | None] = {}
    for i in range(n):
        for _d, j in hm.neighbors[i]:
            road: int | None = None
            conns = hm.side_connections.get((i, j))
            if conns:
                if conns not in road_memo:
                    rc = _road_cost(module, conns, cls, weather)
                    road_memo[conns] = None if rc is None else int(rc * scale)
                road = road_memo[conns]
            normal = hex_ticks[j]
            feats = hm.side_features.get((i, j))
            if feats and normal is not None:
                if feats not in side_memo:
                    sc = _side_cost(module, feats, cls, weather)
                    side_memo[feats] = None if sc.kind == "prohibited" else ALL if sc.kind == "all" \
                        else int(sc.value * scale)
                side_extra = side_memo[feats]
                normal = (None if side_extra is None else ALL if (side_extra == ALL or normal == ALL)
                          else normal + side_extra)
            if road is not None and (normal is None or normal == ALL or road <= normal):
                edges.append((i, j, {"w": road, "road": True}))
            elif normal == ALL:
                edges.append((i, j, {"w": ALL, "all": True}))
            elif normal is not None:
                edges.append((i, j, {"w": normal}))
    g.add_edges_from(edges)
    mg.succ = [tuple((j, data["w"]) for j, data in g.adj[i].items()) for i in range(n)]
    for i in range(n):
        if len(hm.neighbors[i]) == 6:
            continue
        sides = hm.edges_of(i)
        edge_conns = hm.edge_connections.get(i, {})
        options = []
        entry = mg.entry[i]
        for d, name in sides:
            edge_road = _road_cost(module, edge_conns[d], cls, weather) if d in edge_conns else None
            if edge_road is not None:
                options.append((d, name, int(edge_road * scale), True))
                mg.road_entry[i] = min(mg.road_entry.get(i, int(edge_road * scale)), int(edge_road * scale))
            elif entry is not None:
                options.append((d, name, entry, False))
        best: dict[str, tuple[int, str, int, bool]] = {}
        for opt in options:  # one way off per edge: the cheapest, road first on a tie
            cur = best.get(opt[1])
            if cur is None or _exit_key(opt) < _exit_key(cur):
                best[opt[1]] = opt
        mg.exits[i] = [best[k] for k in sorted(best)]
    return mg


def movement_graph(module: Module, movement_class: str, weather: str | None = None,
                   rules: RulesConfig | None = None) -> MovementGraph:
    """The cached graph for ``movement_class`` in ``weather``, built once per revision of the
    module (and per ZOC costs of ``rules``, which set the tick scale)."""
    extra = zoc_fractions(rules or module.rules)
    return cached("movement", module, (module.map, module.tables), (movement_class, weather, extra),
                  lambda: _build(module, movement_class, weather, extra))
