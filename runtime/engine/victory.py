"""Victory points, scored continuously from the module's victory rules (``tables.json``
``victory``), and the victory level at the end of the game (DoM §10, Tables 4 and 5).

Rule kinds the engine scores:

* ``control_hex`` — ``points`` while the side controls ``params.hex`` (or each of ``hexes``,
  or of ``area``: at most once with ``per: once``) (§7, §10.1); with ``trace`` only while
  the hex traces supply / a LOC to a source of the side (ToV 13.0, St-Lô 21.1); with
  ``occupied_by`` only while a unit of those types stands there (St-Lô 21.1);
* ``exit_edge`` — ``points`` per unit of the side that left the map voluntarily across one
  of ``params.edges`` (optionally only ``params.unit_types``); with ``minus_turn`` the
  points are ``points − turn`` of the exit (§10.2: 8 − turn);
* ``occupy_area_turns`` — ``points`` per unit that stayed in area ``params.area`` at the
  end of ``params.turns`` consecutive turns (§10.1: east of the Moselle for 3 turns).

``eliminate`` and ``reduced`` score each unit of ``params.of_side`` (of ``params.unit_types``)
eliminated or off its full-strength side (ToV 13.1); ``relocate_hq`` each relocation of an HQ
of ``params.of_side`` (ToV 2.3). Arrival groups add their ``vp`` when they arrive (ToV 11.3). Levels read the margin
(DoM Table 5) or, with ``basis: total``, one side's own total (St-Lô 21.2); a
``sudden_death`` condition ends the game at a ``victory_check`` step (ToV 13.0).
Other kinds are listed in the rules for the players to score by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import RulesConfig
from hexwright.runtime.model.tables import SuddenDeath, UnitsInArea, VpRule
from hexwright.runtime.rules import supply
from hexwright.runtime.state import GameState

from .control import Control
from .data import EngineState, engine_state, rules_of
from .state_position import state_position


@dataclass(frozen=True)
class Score:
    side: str
    points: int
    description: str
    section: str
    detail: str = ""

    def __str__(self) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.points:+d} {self.description}{detail} — {self.section}"


@dataclass(frozen=True)
class Verdict:
    totals: dict[str, int]
    winner: str | None
    margin: int
    level: str
    basis: str = "margin"
    """``margin`` (DoM Table 5: ΔVP), ``total`` (one side's total, St-Lô 21.2, ToV 13.1) or
    ``sudden_death`` (the game ended at a victory check, ToV 13.0: ``level`` is the condition's)."""
    why: str = ""
    """What decided a sudden death (the hexes held, the formations destroyed)."""

    def text(self, module: Module) -> str:
        sides = module.pieces.sides
        score = ", ".join(f"{sides[s].name if s in sides else s} {v}" for s, v in sorted(self.totals.items()))
        if self.winner is None:
            return f"Draw ({score})"
        name = sides[self.winner].name if self.winner in sides else self.winner
        if not self.level:
            return f"{name} ahead by ΔVP {self.margin}: no victory level reached ({score})"
        if self.basis == "sudden_death":
            return f"{name}: {self.level} — {self.why} (VP: {score})"
        named = self.level if any(w in self.level.lower() for w in ("victory", "draw")) else f"{self.level} victory"
        return f"{name}: {named}, ΔVP {self.margin} ({score})" if self.basis == "margin" else f"{name}: {named} ({score})"


def _strings(value: int | str | list[str] | None) -> list[str]:
    """A list parameter of a victory rule (absent: none)."""
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def scores(module: Module, state: GameState) -> list[Score]:
    """Every point scored so far, by rule (control counted as it stands now)."""
    data = engine_state(state)
    control = Control(module, state)
    out: list[Score] = []
    traced: dict[str, set[str]] = {}
    for index, rule in enumerate(module.tables.victory.rules):
        p = rule.params
        if rule.kind == "control_hex":
            hexes = [str(p["hex"])] if "hex" in p else _strings(p.get("hexes"))
            area = module.map.areas.get(str(p.get("area", "")))
            hexes += sorted(area.hexes) if area is not None else []
            if rule.trace and rule.side not in traced:
                traced[rule.side] = supplied_hexes(module, state, rule.side, control)
            held = _occupied(module, state, rule.side, p.get("occupied_by")) if "occupied_by" in p else None
            for h in hexes:
                if control.get(h) == rule.side and (not rule.trace or h in traced[rule.side]) and \
                        (held is None or h in held):
                    what = "occupies" if held is not None else "controls"
                    detail = f"{what} {h}" + (f", traces {'a LOC' if rule.trace == 'loc' else 'supply'}"
                                              if rule.trace else "")
                    out.append(Score(rule.side, rule.points, rule.description, rule.section, detail))
                    if rule.per == "once" and area is not None:
                        break  # St-Lô 21.1.2: 8 VP at most, however many hexes of the area are held
        elif rule.kind == "exit_edge":
            edges = set(_strings(p.get("edges")))
            types = set(_strings(p.get("unit_types")))
            for rec in data.exits:
                piece = module.pieces.pieces[rec.unit]
                if rec.side != rule.side or (edges and rec.edge not in edges) or (types and piece.unit_type not in types):
                    continue
                points = rule.points - rec.turn if rule.minus_turn else rule.points
                out.append(Score(rule.side, points, rule.description, rule.section,
                                 f"{piece.designation or rec.unit} left by the {rec.edge} edge on turn {rec.turn}"))
        elif rule.kind == "occupy_area_turns":
            for key in data.area_scored:
                i, unit = key.split(":", 1)
                if int(i) == index:
                    piece = module.pieces.pieces[unit]
                    out.append(Score(rule.side, rule.points, rule.description, rule.section, piece.designation or unit))
        elif rule.kind in ("eliminate", "reduced"):
            out += _losses(module, state, rule)
        elif rule.kind == "relocate_hq":
            of_side = str(p.get("of_side", ""))
            for hq in data.seq.relocated:
                piece = module.pieces.pieces[hq]
                if not of_side or piece.side == of_side:
                    out.append(Score(rule.side, rule.points, rule.description, rule.section,
                                     f"{piece.designation or hq} relocated"))
    for gid in data.seq.arrived:
        group = module.rules.arrivals.get(gid)
        if group is not None and group.vp:
            out.append(Score(group.side, group.vp, f"arrival {gid}", group.section))
    return out


def _occupied(module: Module, state: GameState, side: str, types: object) -> set[str]:
    """Hexes holding a unit of ``side`` of one of ``types`` ([] any) — St-Lô 21.1: infantry or recon."""
    wanted = {str(t) for t in types} if isinstance(types, list) else set()
    return {p.at.id for pid, p in state.pieces.items() if p.at.kind == "hex" and pid in module.pieces.pieces
            and module.pieces.pieces[pid].side == side
            and (not wanted or module.pieces.pieces[pid].unit_type in wanted)}


def _losses(module: Module, state: GameState, rule: VpRule) -> list[Score]:
    """ToV 13.1: points for each unit of ``params.of_side`` eliminated (``eliminate``) or not
    on its full-strength side (``reduced``), optionally only of ``params.unit_types``."""
    p = rule.params
    of_side = str(p.get("of_side", ""))
    types = set(p.get("unit_types", []) or [])  # type: ignore[arg-type]
    out = []
    for pid in sorted(state.pieces):
        piece = module.pieces.pieces.get(pid)
        if piece is None or (of_side and piece.side != of_side) or (types and piece.unit_type not in types):
            continue
        at = state.pieces[pid].at
        if rule.kind == "eliminate" and at.kind == "eliminated":
            out.append(Score(rule.side, rule.points, rule.description, rule.section, f"{piece.designation} eliminated"))
        elif rule.kind == "reduced" and at.kind != "eliminated" and state.pieces[pid].step > 0:
            out.append(Score(rule.side, rule.points, rule.description, rule.section, f"{piece.designation} reduced"))
    return out


def supplied_hexes(module: Module, state: GameState, side: str, control: Mapping[str, str],
                   rules: RulesConfig | None = None) -> set[str]:
    """Hexes that trace supply to a source of ``side`` as if a unit of it stood there."""
    with state_position(module, state) as (pos, _stamp):
        return set(supply(module, pos, side, control=control, rules=rules).length)


def _in_formation(module: Module, piece_formation: str | None, formation: str) -> bool:
    f = piece_formation
    while f is not None:
        if f == formation:
            return True
        found = module.pieces.formations.get(f)
        f = found.parent if found is not None else None
    return False


def destroyed_formations(module: Module, state: GameState, formations: list[str]) -> list[str]:
    """Those of ``formations`` whose units in the game (HQs aside) are all eliminated (ToV 15.2)."""
    out = []
    for formation in formations:
        units = [at for pid, ps in sorted(state.pieces.items()) if (piece := module.pieces.pieces.get(pid)) is not None
                 and not module.pieces.unit_types[piece.unit_type].is_hq
                 and _in_formation(module, piece.formation, formation)
                 and (at := ps.at).kind != "unavailable"]
        if units and all(at.kind == "eliminated" for at in units):
            out.append(formation)
    return out


def units_in_area(module: Module, state: GameState, side: str, cond: UnitsInArea, control: Mapping[str, str],
                  rules: RulesConfig | None = None) -> list[str]:
    """Units of ``side`` in ``cond.area`` of ``cond.sizes``, tracing supply if asked (ToV 15.2)."""
    area = set(module.map.areas[cond.area].hexes) if cond.area in module.map.areas else set()
    supplied = supplied_hexes(module, state, side, control, rules) if cond.trace else None
    return [pid for pid, hex in sorted(state.occupancy().items())
            if hex in area and module.pieces.pieces[pid].side == side
            and (not cond.sizes or module.pieces.pieces[pid].size in cond.sizes)
            and (supplied is None or hex in supplied)]


def _holds(module: Module, state: GameState, sd: SuddenDeath, control: Mapping[str, str],
           rules: RulesConfig | None) -> str:
    """What of ``sd`` holds now, as text ("" if it does not hold)."""
    if any(control.get(h) != sd.side for h in sd.hexes):
        return ""
    if sd.hexes and sd.trace and not set(sd.hexes) <= supplied_hexes(module, state, sd.side, control, rules):
        return ""
    parts = [f"{', '.join(sd.hexes)} held{' in supply' if sd.trace else ''}"] if sd.hexes else []
    if sd.destroyed is not None:
        gone = destroyed_formations(module, state, sd.destroyed.formations)
        if len(gone) < sd.destroyed.count:
            return ""
        parts.append("destroyed: " + ", ".join(module.pieces.formations[f].name for f in gone))
    if sd.in_area is not None:
        there = units_in_area(module, state, sd.side, sd.in_area, control, rules)
        if len(there) < sd.in_area.count:
            return ""
        name = module.map.areas[sd.in_area.area].name
        parts.append(f"{len(there)} units in {name}{' in supply' if sd.in_area.trace else ''}")
    return "; ".join(parts)


def sudden_death_held(module: Module, state: GameState,
                      rules: RulesConfig | None = None) -> tuple[SuddenDeath, str] | None:
    """The first ``sudden_death`` condition that holds now, with what holds as text (None if none)."""
    control = Control(module, state)
    for sd in module.tables.victory.sudden_death:
        if (sd.scenarios and state.scenario not in sd.scenarios) or state.turn < sd.from_turn \
                or (sd.optional_rule is not None and not state.optional_rules.get(sd.optional_rule, False)):
            continue
        what = _holds(module, state, sd, control, rules)
        if what:
            return sd, what + (f" — {sd.section}" if sd.section else "")
    return None


def sudden_death(module: Module, state: GameState, rules: RulesConfig | None = None) -> str:
    """The first ``sudden_death`` condition that holds now, as the outcome text ("" if none)."""
    held = sudden_death_held(module, state, rules)
    if held is None:
        return ""
    sd, what = held
    name = module.pieces.sides[sd.side].name if sd.side in module.pieces.sides else sd.side
    return f"{name}: {sd.level} ({what})"


def totals(module: Module, state: GameState) -> dict[str, int]:
    out = dict.fromkeys(module.pieces.sides, 0)
    for s in scores(module, state):
        out[s.side] = out.get(s.side, 0) + s.points
    return dict(sorted(out.items()))


def verdict(module: Module, state: GameState) -> Verdict:
    """Who leads and by how much, and the level reached (Table 5: the highest ``min_margin`` met);
    a game that ended at a victory check on a sudden-death condition is won by that condition's
    side at its level, whatever the points (ToV 13.0: the Allies win by their objectives)."""
    t = totals(module, state)
    data = engine_state(state)
    if data.over and module.tables.victory.sudden_death:
        held = sudden_death_held(module, state, rules_of(module, state))
        if held is not None:
            sd, what = held
            return Verdict(t, sd.side, t.get(sd.side, 0), sd.level, "sudden_death", what)
    if module.tables.victory.basis == "total":
        return _by_total(module, t)
    ranked = sorted(t.items(), key=lambda kv: (-kv[1], kv[0]))
    if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
        return Verdict(t, None, 0, "")
    margin = ranked[0][1] - ranked[1][1]
    levels = sorted(module.tables.victory.levels, key=lambda lv: lv.min_margin)
    level = ""
    for lv in levels:
        if margin >= lv.min_margin:
            level = lv.name
    return Verdict(t, ranked[0][0], margin, level)


def _by_total(module: Module, t: dict[str, int]) -> Verdict:
    """St-Lô 21.2: the level whose range holds its ``side``'s total; ``winner`` names whom it favours."""
    for lv in module.tables.victory.levels:
        total = t.get(lv.side or "", 0)
        if (lv.min_total is None or total >= lv.min_total) and (lv.max_total is None or total <= lv.max_total):
            return Verdict(t, lv.winner or lv.side, total, lv.name, "total")
    return Verdict(t, None, 0, "", "total")


def end_of_turn_scoring(module: Module, state: GameState, data: EngineState) -> tuple[EngineState, list[str]]:
    """Count turns in victory areas (``occupy_area_turns``) at the end of a turn."""
    turns = dict(data.area_turns)
    scored = list(data.area_scored)
    texts: list[str] = []
    for index, rule in enumerate(module.tables.victory.rules):
        if rule.kind != "occupy_area_turns":
            continue
        area = module.map.areas.get(str(rule.params.get("area", "")))
        if area is None:
            continue
        turns_param = rule.params.get("turns", 1)
        need = turns_param if isinstance(turns_param, int) else int(str(turns_param))
        hexes = set(area.hexes)
        for pid in sorted(state.pieces):
            if module.pieces.pieces[pid].side != rule.side:
                continue
            key = f"{index}:{pid}"
            if key in scored:
                continue
            at = state.pieces[pid].at
            inside = at.kind == "hex" and at.id in hexes
            turns[key] = turns.get(key, 0) + 1 if inside else 0
            if turns[key] == 0:
                del turns[key]
            elif turns[key] >= need:
                scored.append(key)
                del turns[key]
                name = module.pieces.pieces[pid].designation or pid
                texts.append(f"{name}: {rule.points} VP, {need} turn{'' if need == 1 else 's'} in {area.name} — {rule.section}")
    return data.model_copy(update={"area_turns": dict(sorted(turns.items())), "area_scored": tuple(sorted(scored))}), texts
