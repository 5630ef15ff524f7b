"""The search behind :func:`runtime.rules.reach`: Dijkstra with zone-of-control semantics.

From a hex on the map the search is networkx's own ``single_source_dijkstra_path_length``
with ``cutoff`` = the allowance and a weight function (:meth:`ZocSearch.weight`) that reads
the movement graph's costs and the position's overlay (enemy hexes, EZOC counts): it
returns ``None`` to hide a step (enemy-occupied hex, out of a stop hex, a ZOC rule), adds
the ZOC and interdiction surcharges, and prices an all-MF first step at the whole
allowance. The hand-written Dijkstra (:meth:`ZocSearch.run`) is kept only where networkx
cannot say the rule: entry from an off-map box (several entry hexes, each with its own
starting cost), charts with a step that costs nothing (a stop must then end the search,
which a cutoff cannot), and surcharges to enter a hex (ToV 7.2), which are added to the step
and checked against the allowance like any cost (ToV 9.1: no entering without the MPs).

Costs are integer ticks of the movement graph (:mod:`.movement_graph`). A hex entered
under a "stop" (enemy ZOC with ``stop_on_enter``, or an all-MF step) is settled but never
expanded, which is how the ZOC stop of DoM §8.1.1 and St-Lô 4.1 B sits on top of plain
Dijkstra. Every other ZOC effect is a test or a surcharge on one step:

* leaving an EZOC hex: only with ``can_leave`` (or as a withdrawal, DoM §2.2/§8.1.1),
  costing ``leave_cost`` (ToV 9.2); never straight into another EZOC hex unless
  ``zoc_to_zoc``;
* entering an EZOC hex: ``enter_cost`` more (ToV 9.2); none at all after starting in one
  when not ``reenter_after_leaving`` (St-Lô 4.1 A);
* no crossing of ``no_crossing_between_ezoc`` hexsides between two EZOC hexes (ToV 9.2).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from hexwright.runtime.model.rules_config import ZocRules, ZocWithdrawal

from .hexmap import HexMap
from .movement_graph import ALL, MovementGraph
from .position import ENEMY, IN_ZOC

STOP_ZOC = "stopped: enemy ZOC"
STOP_ALL = "stopped: all MF spent"


class Negated:
    """EZOC hexes that count for movement: ``raw`` less hexes a friendly unit other than the
    mover (at ``mover``) holds."""

    def __init__(self, raw: Container[int], friendly: Mapping[int, int], mover: int) -> None:
        self.raw, self.friendly, self.mover = raw, friendly, mover

    def __contains__(self, h: object) -> bool:
        f = self.friendly
        return h in self.raw and not (h in f and (h != self.mover or f[h] > 1))


class Route:
    """The cheapest paths of one search, named by label only when asked: :meth:`to` walks
    ``parent`` back to the start and memoises every prefix on the way, so a query that
    reads one path pays for one path."""

    __slots__ = ("labels", "parent", "paths")

    def __init__(self, labels: list[str], start: int, parent: Callable[[int], int]) -> None:
        self.labels, self.parent = labels, parent
        self.paths: dict[int, tuple[str, ...]] = {start: (), -1: ()}

    def to(self, j: int) -> tuple[str, ...]:
        """Hexes entered from the start to ``j`` (the start excluded)."""
        paths, parent = self.paths, self.parent
        chain = []
        while j not in paths:
            chain.append(j)
            j = parent(j)
        base = paths[j]
        for k in reversed(chain):
            base = base + (self.labels[k],)
            paths[k] = base
        return base


@dataclass
class ZocSearch:
    hm: HexMap
    mg: MovementGraph
    zoc: ZocRules
    cap: int
    """The allowance in ticks."""
    start: int
    """The start hex, or -1 when entering from a box."""
    side: str
    enemy: Container[int]
    z: Container[int]
    """Hexes whose EZOC counts for movement (after any friendly negation)."""
    raw_z: Container[int]
    enter_z: int = 0
    leave_z: int = 0
    enter_x: dict[int, int] = field(default_factory=dict)
    leave_x: dict[int, int] = field(default_factory=dict)
    x_free_across: frozenset[str] = frozenset()
    """Hexside features whose crossing pays no ``enter_x``/``leave_x`` (ToV 7.2: rivers)."""
    withdrawal: ZocWithdrawal | None = None
    withdrawal_ticks: int = 0
    dist: dict[int, int] = field(default_factory=dict)
    prev: dict[int, int] = field(default_factory=dict)
    stop: dict[int, str] = field(default_factory=dict)
    heap: list[tuple[int, int]] = field(default_factory=list)
    route: Route | None = None
    """The paths, once the search has run (:meth:`path_to`)."""
    marks: bytearray | None = None
    """The position's :meth:`~.position.Position.marks` of :attr:`enemy` and :attr:`z`, when
    they are the position's own counts: the weight function reads a hex from them by index."""

    @property
    def started_in_z(self) -> bool:
        return self.start in self.z

    @property
    def forbid_z(self) -> bool:
        return self.started_in_z and not self.zoc.reenter_after_leaving

    def x_free(self, i: int, j: int) -> bool:
        """True when the step ``i → j`` crosses a hexside that pays no per-hex surcharge."""
        return bool(self.x_free_across) and i >= 0 and \
            not self.x_free_across.isdisjoint(self.hm.side_features.get((i, j), ()))

    def offer(self, j: int, cost: int, frm: int, why_stop: str = "", all_mf: bool = False) -> None:
        """Reach ``j`` at ``cost`` from ``frm``; an all-MF step (the whole allowance) pays no extras."""
        if cost > self.cap or j in self.enemy:
            return
        if self.enter_x and not all_mf and not self.x_free(frm, j):
            cost += self.enter_x.get(j, 0)
            if cost > self.cap:  # ToV 9.1: "A unit cannot enter a hex if it has insufficient MPs"
                return
        if j in self.z:
            if self.forbid_z:
                return
            if not all_mf:
                cost += self.enter_z
            if cost > self.cap:
                return
            if self.zoc.stop_on_enter:
                why_stop = why_stop or STOP_ZOC
        old = self.dist.get(j)
        if old is not None and old <= cost:
            return
        self.dist[j] = cost
        self.prev[j] = frm
        if why_stop:
            self.stop[j] = why_stop
        else:
            self.stop.pop(j, None)
        heapq.heappush(self.heap, (cost, j))

    def seed_start(self) -> bool:
        """Start from :attr:`start`; False if the unit may not move at all (stuck in EZOC)."""
        self.dist[self.start] = 0
        if self.started_in_z and not self.zoc.can_leave and self.withdrawal is None:
            return False
        heapq.heappush(self.heap, (0, self.start))
        return True

    def seed_entry(self, j: int, ticks: int) -> None:
        """Enter hex ``j`` from off the map for ``ticks`` (or ALL)."""
        if ticks == ALL:
            self.offer(j, self.cap, -1, STOP_ALL, all_mf=True)
        else:
            self.offer(j, ticks, -1)

    def _step_allowed(self, i: int, j: int, first: bool) -> int | None:
        """Extra ticks for the step ``i → j`` beyond its graph cost, or None if it is not allowed."""
        zoc, hm = self.zoc, self.hm
        from_z = i in self.z
        withdrawing = first and from_z and not zoc.can_leave and self.withdrawal is not None
        if from_z and not zoc.can_leave and not withdrawing:
            return None
        if from_z and j in self.z and not zoc.zoc_to_zoc:
            return None
        if zoc.no_crossing_between_ezoc and i in self.raw_z and j in self.raw_z \
                and set(zoc.no_crossing_between_ezoc) & hm.side_features.get((i, j), frozenset()):
            return None
        extra = (self.leave_z if from_z else 0) + (0 if self.x_free(i, j) else self.leave_x.get(i, 0))
        if withdrawing:
            w = self.withdrawal
            assert w is not None
            if w.first_hex_not_in_ezoc and j in self.raw_z:
                return None
            if set(w.not_across_hexsides) & hm.side_features.get((i, j), frozenset()):
                return None
            edge = w.not_toward_edge.get(self.side)
            if edge is not None and edge_distance(hm, j, edge) < edge_distance(hm, i, edge):
                return None
            extra += self.withdrawal_ticks
        return extra

    def run(self) -> None:
        mg, neighbors = self.mg, self.hm.neighbors
        while self.heap:
            cost, i = heapq.heappop(self.heap)
            if cost != self.dist.get(i) or i in self.stop:
                continue
            first = i == self.start
            plain = i not in self.z and i not in self.leave_x and not self.zoc.no_crossing_between_ezoc
            for j, w in mg.out(i, neighbors[i]):
                extra = 0 if plain else self._step_allowed(i, j, first)
                if extra is None:
                    continue
                if w == ALL:
                    if first and cost == 0:
                        self.offer(j, self.cap, i, STOP_ALL, all_mf=True)
                    continue
                self.offer(j, cost + w + extra, i)

    def run_networkx(self, graph: nx.Graph) -> None:
        """:meth:`run` from :attr:`start` on the map, as networkx's cutoff Dijkstra."""
        mg, start = self.mg, self.start
        dist: dict[int, int] = nx.single_source_dijkstra_path_length(graph, start, cutoff=self.cap,
                                                                     weight=self._weight_function())
        self.dist = dist
        self._settle()
        # the paths' pricing reads a copy of the search, so the answer (which holds the route)
        # and the search hold no cycle of references: a query's garbage goes when it is dropped
        twin = object.__new__(ZocSearch)
        twin.__dict__.update(self.__dict__)
        price = twin._weight_function()
        adj = graph._adj

        def parent(u: int) -> int:
            """The predecessor the hand-written search keeps: of the hexes a cheapest step into
            ``u`` comes from, the first popped, by (cost, hex). Found when a path is read, from
            the neighbours and the same weight function, so the search keeps no predecessors."""
            du = dist[u]
            best = -1
            for v, e in adj[u].items():
                dv = dist.get(v)
                if dv is not None and dv <= du and v != u and (best < 0 or (dv, v) < (dist[best], best)):
                    w = price(v, u, e)
                    if w is not None and dv + w == du:
                        best = v
            return best

        self.route = Route(self.hm.labels, start, parent)
        stop = self.stop
        if self.zoc.stop_on_enter:
            for u in dist:
                if u in self.z and u != start:
                    stop[u] = STOP_ZOC
        for _d, u in self.hm.neighbors[start]:  # only a first step may be all-MF
            if u in dist and mg.step(start, u) == ALL and parent(u) == start:
                stop[u] = STOP_ALL

    def _settle(self) -> None:
        """Keep, of the position, only what the answer reads once the search is done: which
        hexes reached are in EZOC. The position is the module's, synced by the next query to
        its own occupancy, so a path read later (they are named when read) must not read it;
        no hex reached is enemy-occupied."""
        dist = self.dist
        z = frozenset(u for u in dist if u in self.z)
        self.raw_z = z if self.raw_z is self.z else frozenset(u for u in dist if u in self.raw_z)
        self.z, self.enemy, self.marks = z, frozenset(), None

    def _weight_function(self) -> Callable[[int, int, dict[str, Any]], int | None]:
        """The networkx weight function of this search: a step's ticks with the ZOC rules'
        surcharges, or None where a rule hides it."""
        assert not self.enter_x, "surcharges to enter a hex are searched by run(): networkx's cutoff cannot say them"
        mg, zoc, start, cap = self.mg, self.zoc, self.start, self.cap
        entry, steps, enemy, z = mg.entry, mg.steps, self.enemy, self.z
        stop_on_enter, forbid_z, enter_z = zoc.stop_on_enter, self.forbid_z, self.enter_z
        slow = bool(self.leave_x) or bool(zoc.no_crossing_between_ezoc)
        allowed = self._step_allowed

        def weight(v: int, u: int, e: dict[str, Any]) -> int | None:
            w = steps[v][u] if e else entry[u]
            if w is None or u in enemy:
                return None
            first = v == start
            extra: int | None = 0
            if v in z:
                if stop_on_enter and not first:
                    return None
                extra = allowed(v, u, first)
            elif slow:
                extra = allowed(v, u, first)
            if extra is None:
                return None
            if w == ALL:
                if not first or (forbid_z and u in z):
                    return None
                return cap
            w += extra
            if u in z:
                if forbid_z:
                    return None
                w += enter_z
            return w

        beyond = mg.beyond

        def plain_weight(v: int, u: int, e: dict[str, Any], z: Container[int] = z, enemy: Container[int] = enemy,
                         beyond: list[int] = beyond) -> int | None:
            """:func:`weight` on a search with no per-hex surcharges: a step from neither the
            start nor an EZOC hex costs its graph cost, with the cost of entering EZOC. A step
            that is prohibited, or all-MF (only a first step may be), costs more than any
            allowance: the cutoff drops it as ``None`` would."""
            if v in z:
                return None if stop_on_enter and v != start else weight(v, u, e)
            if v == start:
                return weight(v, u, e)
            if u in enemy:
                return None
            if e:
                w = steps[v][u]
                if w is None or w == ALL:
                    return None
            else:
                w = beyond[u]
            if u in z:
                return None if forbid_z else w + enter_z
            return w

        marks = self.marks
        if slow:
            return weight
        if marks is None:
            return plain_weight

        def marked_weight(v: int, u: int, e: dict[str, Any], mark: bytearray = marks,
                          beyond: list[int] = beyond) -> int | None:
            """:func:`plain_weight` reading the enemy units and the EZOC of both hexes from one
            byte each."""
            if mark[v] & IN_ZOC:
                return None if stop_on_enter and v != start else weight(v, u, e)
            if v == start:
                return weight(v, u, e)
            k = mark[u]
            if k & ENEMY:
                return None
            if e:
                w = steps[v][u]
                if w is None or w == ALL:
                    return None
            else:
                w = beyond[u]
            if k:  # in EZOC
                return None if forbid_z else w + enter_z
            return w

        return marked_weight

    def path_to(self, j: int) -> tuple[str, ...]:
        """Hexes entered from the start to ``j`` (the start excluded); shared prefixes memoised."""
        if self.route is None:
            self.route = Route(self.hm.labels, self.start, self.prev.__getitem__)
        return self.route.to(j)


def edge_distance(hm: HexMap, i: int, edge: str) -> float:
    """How far hex ``i`` is from a map edge, in hex-centre units (half columns count)."""
    col, row = hm.grid.hex_at(i)
    x: float
    y: float
    if hm.grid.orientation == "flat":
        x, y = col, row + (0.5 if (col % 2 == 1) == (hm.grid.shifted == "odd") else 0.0)
    else:
        x, y = col + (0.5 if (row % 2 == 1) == (hm.grid.shifted == "odd") else 0.0), row
    return {"west": x, "east": hm.grid.cols - 1 - x, "north": y, "south": hm.grid.rows - 1 - y}[edge]


def closest_free_edge_hexes(hm: HexMap, entries: list[int], enemy: Container[int]) -> list[int]:
    """DoM §8.2: with every entry hex blocked, the free map-edge hexes nearest to them."""
    grid = hm.grid
    targets = [grid.hex_at(j) for j in entries]
    best: list[int] = []
    best_d = None
    for i in range(len(hm.labels)):
        if len(hm.neighbors[i]) == 6 or i in enemy:
            continue
        d = min(grid.distance(grid.hex_at(i), t) for t in targets)
        if best_d is None or d < best_d:
            best, best_d = [i], d
        elif d == best_d:
            best.append(i)
    return best
