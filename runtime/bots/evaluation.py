"""How good a position is for each side, from the module's own data.

Three terms, all in victory points so they add up:

* the victory points scored so far (the engine's own scoring of ``tables.json``);
* material: the printed strength of every step still in play, so a step lost is worth
  ``MATERIAL`` VP per strength point;
* an overstacked hex counts its units' strength as lost (the stacking rules would take it);
* pressure on objectives: for every victory rule that names a place (a hex to control, an
  area to occupy, a map edge to leave by), the side that scores it gains a share of its
  points as its units close in — half for the nearest unit, half for all of them on
  average, so a force concentrates instead of sending one unit ahead — and the other sides
  gain half that share for the units they keep near it (defence).

The value for a side is its score minus the best other side's, so two-sided games are
zero-sum and a bot's choice reads as "what widens my margin".
"""

from __future__ import annotations

from dataclasses import dataclass

from hexwright.runtime.engine import totals
from hexwright.runtime.geometry import Hex, HexGrid
from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState, step_values

MATERIAL = 0.2  # VP per point of printed strength
PRESSURE = 0.5  # share of an objective's points for standing on it
DEFENCE = 0.5  # what keeping an enemy objective close is worth, relative to PRESSURE
NEAREST = 0.5  # of closeness, the share of the nearest unit; the rest is every unit's mean


def names(value: int | str | list[str] | None) -> list[str]:
    """A rule parameter that names one thing or several, as a list of strings."""
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def rule_hexes(params: dict[str, int | str | list[str]]) -> list[str]:
    """The hexes a victory rule names (``hex`` or ``hexes``)."""
    return names(params["hex"]) if "hex" in params else names(params.get("hexes"))


@dataclass(frozen=True)
class Objective:
    """A place a victory rule scores: ``side`` gains ``points`` there."""

    side: str
    points: float
    hexes: frozenset[Hex]
    edge: str = ""


class Evaluator:
    """Scores positions of one module; built once per game (it reads the map and the rules)."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.sides = sorted(module.pieces.sides)
        self.grid: HexGrid = module.map.grid.hex_grid()
        scheme = module.map.grid.labels.scheme()
        self._hex: dict[str, Hex] = {scheme.format(h, self.grid): h for h in self.grid.hexes()}
        self.objectives = tuple(self._objectives())
        self._distance: dict[Objective, dict[Hex, int]] = {}
        self._strength: dict[tuple[str, int], float] = {}
        self._near: dict[Objective, dict[Hex, float]] = {}
        self._side_of = {pid: piece.side for pid, piece in module.pieces.pieces.items()}

    def hex_of(self, label: str) -> Hex | None:
        return self._hex.get(label)

    def _objectives(self) -> list[Objective]:
        out = []
        for rule in self.module.tables.victory.rules:
            params = rule.params
            if rule.kind == "control_hex":
                hexes = frozenset(h for h in map(self.hex_of, rule_hexes(params)) if h is not None)
                if hexes:
                    out.append(Objective(rule.side, float(rule.points), hexes))
            elif rule.kind == "occupy_area_turns":
                area = self.module.map.areas.get(str(params.get("area", "")))
                if area is not None:
                    hexes = frozenset(h for h in map(self.hex_of, area.hexes) if h is not None)
                    if hexes:
                        out.append(Objective(rule.side, float(rule.points), hexes))
            elif rule.kind == "exit_edge":
                for edge in names(params.get("edges")):
                    out.append(Objective(rule.side, float(max(rule.points - 1, 1)), frozenset(), edge))
        return out

    # -- terms ---------------------------------------------------------------------------

    def strength(self, state: GameState, piece_id: str) -> float:
        """The mean of the attack and defence printed on the step showing (worked out once per step)."""
        key = (piece_id, state.pieces[piece_id].step)
        known = self._strength.get(key)
        if known is None:
            values = step_values(self.module, state, piece_id)
            if values is None:
                known = 0.0
            else:
                attack = values.attack if values.attack is not None else values.combat
                defense = values.defense if values.defense is not None else values.combat
                known = float((attack or 0) + (defense or 0)) / 2.0
            self._strength[key] = known
        return known

    def positions(self, state: GameState) -> dict[str, list[Hex]]:
        """Where each side's units stand on the map."""
        out: dict[str, list[Hex]] = {s: [] for s in self.sides}
        for pid, piece in state.pieces.items():
            if piece.at.kind == "hex":
                h = self._hex.get(piece.at.id)
                if h is not None:
                    out.setdefault(self._side_of[pid], []).append(h)
        return out

    def material(self, state: GameState) -> dict[str, float]:
        out = dict.fromkeys(self.sides, 0.0)
        for pid, piece in state.pieces.items():
            if piece.at.kind in ("eliminated", "exited"):
                continue
            side = self._side_of[pid]
            out[side] = out.get(side, 0.0) + self.strength(state, pid)
        return out

    def _edge_distance(self, h: Hex, edge: str) -> int:
        col, row = h
        return {"west": col, "east": self.grid.cols - 1 - col, "north": row,
                "south": self.grid.rows - 1 - row}.get(edge, 0)

    def distances(self, objective: Objective) -> dict[Hex, int]:
        """Every map hex's distance to the objective (its nearest hex, or its edge), worked
        out once per objective: positions are scored thousands of times a game."""
        table = self._distance.get(objective)
        if table is None:
            if objective.edge:
                table = {h: self._edge_distance(h, objective.edge) for h in self.grid.hexes()}
            else:
                table = {h: min(self.grid.distance(h, t) for t in objective.hexes) for h in self.grid.hexes()}
            self._distance[objective] = table
        return table

    def _closeness(self, units: list[Hex], objective: Objective) -> float:
        if not units:
            return 0.0
        near = self._nearness(objective)
        values = [near[h] for h in units]
        return NEAREST * max(values) + (1.0 - NEAREST) * sum(values) / len(values)

    def _nearness(self, objective: Objective) -> dict[Hex, float]:
        """``1 / (1 + distance)`` to the objective for every map hex, worked out once."""
        table = self._near.get(objective)
        if table is None:
            table = {h: 1.0 / (1.0 + d) for h, d in self.distances(objective).items()}
            self._near[objective] = table
        return table

    def pressure(self, state: GameState) -> dict[str, float]:
        where = self.positions(state)
        out = dict.fromkeys(self.sides, 0.0)
        for objective in self.objectives:
            for side in self.sides:
                share = PRESSURE * objective.points * self._closeness(where.get(side, []), objective)
                out[side] += share if side == objective.side else (0.0 if objective.edge else DEFENCE * share)
        return out

    # -- the value -----------------------------------------------------------------------

    def overstacked(self, state: GameState) -> dict[str, float]:
        """Strength standing in hexes over the stacking limit, by side (units counted one each:
        a quick reading of ``rules.json`` stacking, which the engine judges exactly at phase end)."""
        limit = self.module.rules.stacking.limit
        out = dict.fromkeys(self.sides, 0.0)
        if limit is None:
            return out
        stacks: dict[tuple[str, str], list[str]] = {}
        for pid, piece in state.pieces.items():
            if piece.at.kind == "hex":
                stacks.setdefault((self._side_of[pid], piece.at.id), []).append(pid)
        for (side, _), pids in stacks.items():
            if len(pids) > limit:
                out[side] += sum(self.strength(state, pid) for pid in pids)
        return out

    def quick_scores(self, state: GameState) -> dict[str, float]:
        """Material and pressure only (no victory scoring): for ranking many placements fast."""
        material = self.material(state)
        over = self.overstacked(state)
        pressure = self.pressure(state)
        return {s: MATERIAL * (material.get(s, 0.0) - over[s]) + pressure.get(s, 0.0) for s in self.sides}

    def placements(self, state: GameState) -> Placements:
        """:meth:`quick_scores` of ``state`` with one unit put on another hex, for many such
        placements: the position is read once and each placement changes only its unit's terms."""
        return Placements(self, state)

    def scores(self, state: GameState) -> dict[str, float]:
        vp = totals(self.module, state)
        quick = self.quick_scores(state)
        return {s: vp.get(s, 0) + quick[s] for s in self.sides}

    def values(self, state: GameState) -> dict[str, float]:
        """Each side's score minus the best of the others'."""
        scores = self.scores(state)
        return {side: margin(scores, side) for side in self.sides}

    def value(self, state: GameState, side: str) -> float:
        return self.values(state)[side]


class Placements:
    """The quick scores of one position and of the positions one placement away from it.

    Material does not change when a unit is placed; the stacks it leaves and joins, and its
    nearness to each objective, do. Each side's nearness to an objective is kept as a sum, a
    count and its two best units, so a placement is scored without reading the other units.
    """

    def __init__(self, evaluator: Evaluator, state: GameState) -> None:
        self.ev, self.state = evaluator, state
        self.material = evaluator.material(state)
        self.limit = evaluator.module.rules.stacking.limit
        self.where: dict[str, tuple[str, Hex]] = {}  # unit -> (label, hex) on the map
        self.stacks: dict[tuple[str, str], list[str]] = {}
        for pid, piece in state.pieces.items():
            if piece.at.kind == "hex":
                h = evaluator.hex_of(piece.at.id)
                if h is not None:
                    self.where[pid] = (piece.at.id, h)
                self.stacks.setdefault((evaluator._side_of[pid], piece.at.id), []).append(pid)
        self.over = evaluator.overstacked(state)
        # (objective index, side) -> (sum, count, [(value, unit) best two])
        self.near: dict[tuple[int, str], tuple[float, int, list[tuple[float, str]]]] = {}
        for i, objective in enumerate(evaluator.objectives):
            table = evaluator._nearness(objective)
            for side in evaluator.sides:
                values = sorted(((table[h], pid) for pid, (_, h) in self.where.items()
                                 if evaluator._side_of[pid] == side), reverse=True)
                self.near[(i, side)] = (sum(v for v, _ in values), len(values), values[:2])
        self.base = {s: MATERIAL * (self.material.get(s, 0.0) - self.over[s]) + self._pressure(s, None, None)
                     for s in evaluator.sides}

    def _stack_over(self, pids: list[str]) -> float:
        if self.limit is None or len(pids) <= self.limit:
            return 0.0
        return sum(self.ev.strength(self.state, pid) for pid in pids)

    def _pressure(self, side: str, unit: str | None, to: Hex | None) -> float:
        """``side``'s pressure on every objective, with ``unit`` (of ``side``) standing on ``to``
        if given (:meth:`Evaluator.pressure`, from the kept sums)."""
        ev, total = self.ev, 0.0
        old = self.where.get(unit) if unit is not None else None
        for i, objective in enumerate(ev.objectives):
            sum_, count, best = self.near[(i, side)]
            if unit is not None and to is not None:
                table = ev._nearness(objective)
                new = table[to]
                if old is not None:
                    sum_ -= table[old[1]]
                    rest = [v for v, pid in best if pid != unit][:1]
                else:
                    count += 1
                    rest = [best[0][0]] if best else []
                sum_ += new
                top = max([new, *rest])
            else:
                top = best[0][0] if best else 0.0
            closeness = 0.0 if count == 0 else NEAREST * top + (1.0 - NEAREST) * sum_ / count
            share = PRESSURE * objective.points * closeness
            total += share if side == objective.side else (0.0 if objective.edge else DEFENCE * share)
        return total

    def scores(self, unit: str, label: str) -> dict[str, float] | None:
        """The quick scores with ``unit`` on hex ``label`` (None for a hex off the grid)."""
        to = self.ev.hex_of(label)
        if to is None or unit not in self.state.pieces:
            return None
        side = self.ev._side_of[unit]
        over = self.over[side]
        old = self.where.get(unit)
        if old is None or old[0] != label:
            if old is not None:
                leaving = self.stacks[(side, old[0])]
                over += self._stack_over([p for p in leaving if p != unit]) - self._stack_over(leaving)
            joining = self.stacks.get((side, label), [])
            over += self._stack_over([*joining, unit]) - self._stack_over(joining)
        material = self.material.get(side, 0.0)
        if self.state.pieces[unit].at.kind in ("eliminated", "exited"):  # back in play
            material += self.ev.strength(self.state, unit)
        out = dict(self.base)
        out[side] = MATERIAL * (material - over) + self._pressure(side, unit, to)
        return out


def margin(scores: dict[str, float], side: str) -> float:
    """``side``'s score minus the best of the other sides' (its own score with no other side)."""
    return scores[side] - max((v for s, v in scores.items() if s != side), default=0.0)


__all__ = ["Evaluator", "Objective", "Placements", "margin", "names", "rule_hexes"]
