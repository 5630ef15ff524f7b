"""The movement graph of one movement class in one weather, built once from the chart.

The graph is networkx's: one undirected :class:`networkx.Graph` of hex adjacency per map
(:func:`hex_graph`), shared by every movement class and weather, whose edges carry no data
except ``side=True`` on a hexside that holds a feature or a connection. What a class pays
lives beside it in two compact stores, read by a networkx weight function
(:meth:`MovementGraph.weight`, and the ZOC-aware one of :mod:`.movement_search`):

* :attr:`MovementGraph.entry`: the ticks to enter each hex (``cost × scale``, so 1/2 and
  1/3 stay exact), computed once per *terrain combination* (terrain + hex features), not
  per hex; ``None`` prohibited, :data:`ALL` all MF (DoM §8.1.2 river);
* :attr:`MovementGraph.steps`: the ticks of each directed step across a hexside that
  holds something (river, road, bridge), computed once per combination of hexside
  contents and target-hex cost; keyed by the hex stepped from, then the hex entered
  (two small lookups cost less than one into a dict of a map's every step by pair).

How a step is priced:

* entering ``j``: its terrain's cost; a hex feature's ``"N"`` replaces it (largest wins),
  ``"+N"`` adds, ``"other"`` does nothing (DoM Table 1: towns and forts cost "–");
* crossing the hexside: each hexside feature's ``"+N"`` (or ``"N"``) adds, ``"all"``
  makes the step an all-MF step, ``"prohibited"`` removes it;
* along a connection (road/rail) crossing that hexside: the connection's cost replaces
  the hex and the hexside costs (a road across a river is a bridge, DoM §8.1.2, ToV 9.1);
  a connection whose cost is ``"bridge"`` has no rate of its own but negates the hexside:
  the step pays the hex entered, as if the hexside held nothing (ToV 9.1: a railroad
  across a river or stream); ``"other"`` does nothing (St-Lô 8.1: roads are for strategic
  movement only).

Terrain the chart does not list costs 1. Leaving the map from an edge hex costs what
entering that hex costs, or the road cost if a road crosses that edge (DoM §8.1.3).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import networkx as nx

from hexwright.runtime.model import Module, TerrainEffects
from hexwright.runtime.model.common import parse_fraction
from hexwright.runtime.model.module import MapEdit
from hexwright.runtime.model.rules_config import RulesConfig

from .cache import cached
from .costs import Cost, chart_scale, lookup
from .hexmap import HexMap, hex_map, side_of

ALL = -1
"""Sentinel tick cost of an all-MF step."""

BEYOND = 1 << 60
"""Ticks past any allowance (see :attr:`MovementGraph.beyond`)."""

Ticks = int | None
"""A step's cost in ticks; ``None``: prohibited; :data:`ALL`: all MF."""


@dataclass
class MovementGraph:
    movement_class: str
    weather: str | None
    scale: int
    graph: nx.Graph
    """Hex adjacency of the map (shared by every class); ``side=True`` on hexsides holding something.
    Read-only: its edges share their data dicts."""
    entry: list[Ticks] = field(default_factory=list)
    """Ticks to enter each hex (None: prohibited; ALL: all MF); also the cost from off the map."""
    steps: dict[int, dict[int, Ticks]] = field(default_factory=dict)
    """``steps[i][j]``: ticks of the step from ``i`` into ``j`` across a hexside holding something."""
    road_steps: set[tuple[int, int]] = field(default_factory=set)
    """Steps priced by a road/rail crossing the hexside."""
    road_entry: dict[int, int] = field(default_factory=dict)
    """Ticks to enter a hex by a road crossing its map edge."""
    exits: dict[int, list[tuple[int, str, int, bool]]] = field(default_factory=dict)
    """Edge hex → ``(direction, edge name, ticks, by road)`` for each way off the map."""
    beyond: list[int] = field(default_factory=list)
    """:attr:`entry` for a step that is not a unit's first: a prohibited or all-MF hex costs
    :data:`BEYOND`, more than any allowance, so a cutoff search drops the step."""
    zero_steps: bool = False
    """True if some step costs nothing (searches that stop on a spent allowance need it)."""
    _costs: dict[int, Fraction] = field(default_factory=dict, repr=False)
    _pricer: _Pricer | None = field(default=None, repr=False)

    def ticks(self, cost: Fraction) -> int:
        return int(cost * self.scale)

    def cost(self, ticks: int) -> Fraction:
        """``ticks`` as a Fraction of MF (one object per value, made once)."""
        c = self._costs.get(ticks)
        if c is None:
            c = self._costs[ticks] = Fraction(ticks, self.scale)
        return c

    def step(self, i: int, j: int) -> Ticks:
        """Ticks of the step from hex ``i`` into its neighbour ``j``."""
        out = self.steps.get(i)
        return out[j] if out is not None and j in out else self.entry[j]

    def weight(self, i: int, j: int, data: dict[str, Any]) -> int | None:
        """networkx weight function of the plain graph (no ZOC, no all-MF steps): ticks or None."""
        w = self.steps[i][j] if data else self.entry[j]
        return None if w is None or w == ALL else w

    def out(self, i: int, neighbors: tuple[tuple[int, int], ...]) -> Iterator[tuple[int, int]]:
        """``(j, ticks)`` for each allowed step out of ``i``, in direction order."""
        for _d, j in neighbors:
            w = self.step(i, j)
            if w is not None:
                yield j, w


def _hex_cost(te: TerrainEffects, terrain: str, features: tuple[str, ...], cls: str, weather: str | None) -> Cost:
    w = te.weather.get(weather) if weather else None
    base = lookup(te.terrain, terrain, cls, w.terrain if w else None) or Cost("set", Fraction(1))
    if base.kind in ("prohibited", "all"):
        return base
    value = base.value if base.kind == "set" else Fraction(1)
    replace: Fraction | None = None
    add = Fraction(0)
    for f in features:
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


def _road_cost(te: TerrainEffects, conns: frozenset[str], cls: str, weather: str | None) -> Fraction | None:
    """The cheapest rate of the connections ``conns`` for ``cls`` (None: none has a rate)."""
    w = te.weather.get(weather) if weather else None
    best: Fraction | None = None
    for c in sorted(conns):
        cost = lookup(te.connections, c, cls, w.connections if w else None)
        if cost is not None and cost.kind == "set":
            best = cost.value if best is None else min(best, cost.value)
    return best


def _bridges(te: TerrainEffects, conns: frozenset[str], cls: str, weather: str | None) -> bool:
    """True if one of the connections ``conns`` is a bridge for ``cls`` (cost ``"bridge"``)."""
    w = te.weather.get(weather) if weather else None
    for c in conns:
        cost = lookup(te.connections, c, cls, w.connections if w else None)
        if cost is not None and cost.kind == "bridge":
            return True
    return False


def _side_cost(te: TerrainEffects, feats: frozenset[str], cls: str, weather: str | None) -> Cost:
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


_PLAIN: dict[str, Any] = {}
_SIDE: dict[str, Any] = {"side": True}
"""The two edge data dicts of every hex graph, shared by all its edges: the graph is read-only."""


def _build_hex_graph(hm: HexMap) -> nx.Graph:
    """The adjacency of ``hm`` as a networkx graph, its dicts written directly (networkx's
    documented direct manipulation): one adjacency dict per hex, every edge's data one of two
    shared dicts, so an edge costs one dict slot each way instead of a dict of its own."""
    g = nx.Graph()
    adj = {i: dict.fromkeys([j for _d, j in nbrs], _PLAIN) for i, nbrs in enumerate(hm.neighbors)}
    for i, j in hm.side_features.keys() | hm.side_connections.keys():
        adj[i][j] = _SIDE
    g._node = {i: {} for i in adj}
    g._adj = adj
    return g


def _update_hex_graph(g: nx.Graph, hm: HexMap, edit: MapEdit) -> nx.Graph:
    """``g`` after an edit (``hm`` already up to date): each changed hexside's edge marked by
    what it holds now."""
    adj = g._adj
    for key in edit.hexsides:
        side = side_of(hm, key)
        if side is not None and side[1] >= 0:
            i, j = side[0], side[1]
            adj[i][j] = adj[j][i] = _SIDE if (i, j) in hm.side_features or (i, j) in hm.side_connections else _PLAIN
    return g


def hex_graph(module: Module) -> nx.Graph:
    """The cached adjacency graph of ``module``'s map, shared by every movement class."""
    return cached("hexgraph", module, (module.map,), (), lambda: _build_hex_graph(hex_map(module)),
                  lambda g, edit: _update_hex_graph(g, hex_map(module), edit))


def _to_ticks(c: Cost, scale: int) -> Ticks:
    return None if c.kind == "prohibited" else ALL if c.kind == "all" else int(c.value * scale)


class _Pricer:
    """Prices the steps of one class in one weather, each distinct terrain combination,
    hexside contents and road once (kept with the graph, for the updates after an edit)."""

    def __init__(self, te: TerrainEffects, cls: str, weather: str | None, scale: int) -> None:
        self.te, self.cls, self.weather, self.scale = te, cls, weather, scale
        self.combos: dict[tuple[str, tuple[str, ...]], Ticks] = {}
        self.roads: dict[frozenset[str], Ticks] = {}
        self.sides: dict[frozenset[str], Ticks] = {}
        self.bridged: dict[frozenset[str], bool] = {}

    def entry(self, terrain: str, features: tuple[str, ...]) -> Ticks:
        combo = (terrain, features)
        if combo not in self.combos:
            self.combos[combo] = _to_ticks(_hex_cost(self.te, terrain, features, self.cls, self.weather), self.scale)
        return self.combos[combo]

    def road(self, conns: frozenset[str]) -> Ticks:
        if conns not in self.roads:
            rc = _road_cost(self.te, conns, self.cls, self.weather)
            self.roads[conns] = None if rc is None else int(rc * self.scale)
        return self.roads[conns]

    def bridges(self, conns: frozenset[str]) -> bool:
        if conns not in self.bridged:
            self.bridged[conns] = _bridges(self.te, conns, self.cls, self.weather)
        return self.bridged[conns]

    def side(self, feats: frozenset[str]) -> Ticks:
        if feats not in self.sides:
            self.sides[feats] = _to_ticks(_side_cost(self.te, feats, self.cls, self.weather), self.scale)
        return self.sides[feats]


def _price_step(mg: MovementGraph, hm: HexMap, pricer: _Pricer, i: int, j: int, fresh: bool = False) -> None:
    """Set ``mg.steps[i][j]`` (and :attr:`~MovementGraph.road_steps`) for the step across the
    hexside between ``i`` and ``j``, or take it out when that hexside holds nothing; ``fresh``:
    the graph is being built, so there is nothing to take out."""
    pair = (i, j)
    conns = hm.side_connections.get(pair)
    feats = hm.side_features.get(pair)
    road_steps = mg.road_steps
    if not conns and not feats:
        out = mg.steps.get(i)
        if out is not None:
            out.pop(j, None)
            if not out:
                del mg.steps[i]
        road_steps.discard((i, j))
        return
    roads, sides = pricer.roads, pricer.sides
    road = (roads[conns] if conns in roads else pricer.road(conns)) if conns else None
    normal = mg.entry[j]
    if feats and normal is not None and not (conns and pricer.bridges(conns)):
        side_extra = sides[feats] if feats in sides else pricer.side(feats)
        normal = (None if side_extra is None else ALL if (side_extra == ALL or normal == ALL)
                  else normal + side_extra)
    out = mg.steps.get(i)
    if out is None:
        out = mg.steps[i] = {}
    if road is not None and (normal is None or normal == ALL or road <= normal):
        out[j] = road
        road_steps.add(pair)
    else:
        out[j] = normal
        if not fresh:
            road_steps.discard(pair)


def _price_exits(mg: MovementGraph, hm: HexMap, pricer: _Pricer, i: int) -> None:
    """The ways off the map from edge hex ``i`` (one per edge: the cheapest, road first on a
    tie) and its cost of entry by a road across its map edge."""
    mg.road_entry.pop(i, None)
    edge_conns = hm.edge_connections.get(i, {})
    options = []
    entry = mg.entry[i]
    for d, name in hm.edges_of(i):
        edge_road = pricer.road(edge_conns[d]) if d in edge_conns else None
        if edge_road is not None:
            options.append((d, name, edge_road, True))
            mg.road_entry[i] = min(mg.road_entry.get(i, edge_road), edge_road)
        elif entry is not None:
            options.append((d, name, entry, False))
    best: dict[str, tuple[int, str, int, bool]] = {}
    for opt in options:
        cur = best.get(opt[1])
        if cur is None or _exit_key(opt) < _exit_key(cur):
            best[opt[1]] = opt
    mg.exits[i] = [best[k] for k in sorted(best)]


def _has_zero_steps(mg: MovementGraph) -> bool:
    return 0 in mg.entry or any(0 in out.values() for out in mg.steps.values())


def _build(module: Module, cls: str, weather: str | None, extra: tuple[Fraction, ...]) -> MovementGraph:
    hm = hex_map(module)
    scale = chart_scale(module.tables.terrain_effects, extra)
    mg = MovementGraph(cls, weather, scale, hex_graph(module))
    pricer = mg._pricer = _Pricer(module.tables.terrain_effects, cls, weather, scale)
    for t, f in set(zip(hm.terrain, hm.features)):  # each terrain combination priced once
        pricer.entry(t, f)
    combos = pricer.combos
    mg.entry = [combos[c] for c in zip(hm.terrain, hm.features)]
    mg.beyond = [BEYOND if t is None or t == ALL else t for t in mg.entry]
    for i, j in hm.side_features.keys() | hm.side_connections.keys():
        _price_step(mg, hm, pricer, i, j, fresh=True)
    mg.zero_steps = _has_zero_steps(mg)
    for i, nbrs in enumerate(hm.neighbors):
        if len(nbrs) < 6:
            _price_exits(mg, hm, pricer, i)
    return mg


def _update(mg: MovementGraph, module: Module, edit: MapEdit) -> MovementGraph | None:
    """``mg`` brought up to date in place after an edit of map hexes and hexsides: the entry cost
    of each changed hex, the steps into it and across each changed hexside, and the ways off the
    map of the edge hexes among them; the same prices :func:`_build` gives, from the same code."""
    pricer = mg._pricer
    if pricer is None:
        return None
    hm = hex_map(module)
    mg.graph = hex_graph(module)
    hexes = {hm.index[label] for label in edit.hexes if label in hm.index}
    for i in hexes:
        mg.entry[i] = t = pricer.entry(hm.terrain[i], hm.features[i])
        mg.beyond[i] = BEYOND if t is None or t == ALL else t
    steps = {(k, i) for i in hexes for _d, k in hm.neighbors[i]}
    edges = set(hexes)
    for key in edit.hexsides:
        side = side_of(hm, key)
        if side is None:
            continue
        if side[1] >= 0:
            steps |= {(side[0], side[1]), (side[1], side[0])}
        else:
            edges.add(side[0])
    for i, j in steps:
        _price_step(mg, hm, pricer, i, j)
    for i in edges:
        if len(hm.neighbors[i]) < 6:
            _price_exits(mg, hm, pricer, i)
    mg.zero_steps = _has_zero_steps(mg)
    return mg


def movement_graph(module: Module, movement_class: str, weather: str | None = None,
                   rules: RulesConfig | None = None) -> MovementGraph:
    """The cached graph for ``movement_class`` in ``weather``, built once per revision of the
    module (and per ZOC costs of ``rules``, which set the tick scale)."""
    extra = zoc_fractions(rules or module.rules)
    return cached("movement", module, (module.map, module.tables), (movement_class, weather, extra),
                  lambda: _build(module, movement_class, weather, extra), lambda mg, edit: _update(mg, module, edit))
