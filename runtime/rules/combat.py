"""Combat odds, column shifts, DRMs and the CRT (DoM §9.1–9.2, ToV 10.2–10.3, St-Lô 9.2, 9.4).

:func:`combat_odds` works out everything before the die roll and lists every modifier
with its source, so the attack dialog can show it; :func:`resolve` reads the CRT.

* Strengths: each attacker's ``attack`` (else ``combat``) value, summed per hex and
  multiplied by the hexside it attacks across (ToV 10.2: halved across a river, stacked
  units added before halving, rounded down); defenders' ``defense`` (else ``combat``)
  multiplied by their hex's terrain and features (ToV 12.4 ×3 fort, ×4 when every attack
  crosses a river: ``multiplier_overrides``). ``terrain_benefits_side`` limits an effect
  to one side (ToV 12.3).
* Odds ``a/d`` or differential ``a − d``, clamped to ``min_value``/``max_value`` (DoM
  §9.1: ΔCF −1..10), matched to a column rounding in the defender's favour (ToV 10.2.1,
  St-Lô 9.2 E) unless the CRT says otherwise; beyond the table: the end column (St-Lô 9.2.8).
* Shifts: the defender's terrain and features and the hexsides attacked across, summed or
  only the largest (``shift_mode``, DoM §9.1 "largest column shift is used"); then
  weather, formation bonus (DoM §2.1) and any caller's modifiers (air support, intensity).
* DRMs summed and capped (St-Lô 9.4.5: never more than +5 or −2).
* The modified roll is clamped to the CRT's rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import Any

from hexwright.runtime.model import CombatEffect, CombatResultsTable, Module, ResultCode
from hexwright.runtime.model.common import parse_fraction
from hexwright.runtime.model.rules_config import CombatRules, RulesConfig

from .board import Board, Unit, make_board
from .rulings import Ruling


@dataclass(frozen=True)
class Modifier:
    """A column shift and/or DRM with where it comes from (positive favours the attacker)."""

    source: str
    shift: int = 0
    drm: int = 0
    section: str = ""
    group: str = ""
    """DRMs of one group do not add up: only the largest counts (St-Lô 9.4.4: pinned and disrupted)."""

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "shift": self.shift, "drm": self.drm, "section": self.section}


@dataclass
class CombatOdds:
    attackers: list[str]
    defender_hex: str
    defenders: list[str]
    crt: str
    kind: str
    attack: Fraction
    defense: Fraction
    raw: Fraction | None
    """Odds ``a/d`` or differential ``a − d`` before caps; None when the defence is 0."""
    value: Fraction | None
    base_column: int | None
    column: int | None
    column_label: str
    shifts: list[Modifier] = field(default_factory=list)
    drms: list[Modifier] = field(default_factory=list)
    drm: int = 0
    allowed: bool = True
    rulings: list[Ruling] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def total_shift(self) -> int:
        return sum(m.shift for m in self.shifts)

    def to_json(self) -> dict[str, Any]:
        return {
            "attackers": self.attackers, "defender_hex": self.defender_hex, "defenders": self.defenders,
            "crt": self.crt, "kind": self.kind, "attack": str(self.attack), "defense": str(self.defense),
            "raw": None if self.raw is None else str(self.raw), "value": None if self.value is None else str(self.value),
            "base_column": self.base_column, "column": self.column, "column_label": self.column_label,
            "shifts": [m.to_json() for m in self.shifts], "total_shift": self.total_shift,
            "drms": [m.to_json() for m in self.drms], "drm": self.drm, "allowed": self.allowed,
            "rulings": [str(r) for r in self.rulings], "notes": self.notes,
        }


@dataclass(frozen=True)
class CombatOutcome:
    column_label: str
    roll: int
    modified_roll: int
    row: int
    code: str
    result: ResultCode

    def to_json(self) -> dict[str, Any]:
        return {"column": self.column_label, "roll": self.roll, "modified_roll": self.modified_roll,
                "row": self.row, "code": self.code, "result": self.result.model_dump(mode="json")}


def pick_crt(module: Module, rules: CombatRules) -> tuple[str, CombatResultsTable]:
    if rules.crt is not None:
        if rules.crt not in module.tables.crts:
            raise ValueError(f"rules.json names CRT {rules.crt!r}, which tables.json does not have")
        return rules.crt, module.tables.crts[rules.crt]
    if len(module.tables.crts) != 1:
        raise ValueError(f"the module has {len(module.tables.crts)} CRTs; rules.json combat.crt must name one")
    crt_id = next(iter(module.tables.crts))
    return crt_id, module.tables.crts[crt_id]


def _bounds(col: Any) -> tuple[Fraction | None, Fraction | None]:
    lo = parse_fraction(col.min) if col.min is not None else None
    hi = parse_fraction(col.max) if col.max is not None else None
    return lo, hi


def column_for(crt: CombatResultsTable, value: Fraction) -> tuple[int | None, str]:
    """Column index for ``value`` under the CRT's rounding; ``(None, why)`` below the table.

    ``defender``: the highest column whose lower bound is at most ``value`` (round down);
    ``attacker``: the lowest column whose upper bound is at least ``value`` (round up);
    ``nearest``: the column containing ``value``, else the closer neighbour (ties: defender).
    Above the last column: the last column (St-Lô 9.2.8).
    """
    bounds = [_bounds(c) for c in crt.columns]
    if crt.rounding == "attacker":
        for k, (lo, hi) in enumerate(bounds):
            if (lo is not None and lo >= value) or ((lo is None or lo <= value) and hi is not None and value <= hi):
                return k, ""
        return len(bounds) - 1, ""
    containing = [k for k, (lo, hi) in enumerate(bounds) if (lo is None or lo <= value) and (hi is None or value <= hi)]
    if containing:  # open-ended columns overlap ("2:1" and up): the highest one that holds it
        return max(containing), ""
    first_lo = bounds[0][0]
    if first_lo is not None and value < first_lo:
        return None, "below the lowest column"
    down = max((k for k, (lo, _hi) in enumerate(bounds) if lo is None or lo <= value), default=None)
    up = min((k for k, (_lo, hi) in enumerate(bounds) if hi is None or hi >= value), default=None)
    if up is None:
        return len(bounds) - 1, ""
    if crt.rounding == "nearest" and down is not None:
        below_hi, above_lo = bounds[down][1], bounds[up][0]
        if below_hi is not None and above_lo is not None and above_lo - value < value - below_hi:
            return up, ""
    return (down if down is not None else up), ""


def _round(x: Fraction, how: str) -> Fraction:
    return Fraction(floor(x)) if how == "down" else x


def _effect_applies(key: str, rules: CombatRules, defender_side: str) -> bool:
    owner = rules.terrain_benefits_side.get(key)
    return owner is None or owner == defender_side


def _hex_effects(module: Module, board: Board, d: int, rules: CombatRules, side: str) -> list[tuple[str, CombatEffect]]:
    te = module.tables.terrain_effects
    hm = board.hm
    keys = [hm.terrain[d]] + sorted(set(hm.features[d]))
    return [(k, te.combat[k]) for k in keys if k in te.combat and _effect_applies(k, rules, side)]


def hex_drms(module: Module, label: str, defender_side: str, rules: CombatRules | None = None) -> list[Modifier]:
    """The DRMs the terrain and features of ``label`` give units of ``defender_side`` there
    (terrain chart ``combat``; St-Lô 13.2.1: permanent entrenchments, German units only)."""
    from .hexmap import hex_map

    hm = hex_map(module)
    d = hm.idx(label)
    cr = rules or module.rules.combat
    te = module.tables.terrain_effects
    keys = [hm.terrain[d]] + sorted(set(hm.features[d]))
    return [Modifier(k, 0, te.combat[k].drm, te.section, te.combat[k].drm_group) for k in keys
            if k in te.combat and te.combat[k].drm and _effect_applies(k, cr, defender_side)]


def largest_per_group(drms: list[Modifier]) -> tuple[list[Modifier], list[str]]:
    """``drms`` with only the largest of each DRM group kept, and notes on those dropped (St-Lô 9.4.4)."""
    notes: list[str] = []
    return _grouped(drms, notes), notes


def _crt_line(module: Module, cr: CombatRules, effects: list[tuple[str, CombatEffect]],
              default: tuple[str, CombatResultsTable], notes: list[str]) -> tuple[str, CombatResultsTable]:
    """The CRT line of the defender's terrain: the first of ``crt_lines`` that a terrain or
    feature of the hex names (St-Lô 9.2.1 B–C)."""
    named = {eff.crt_line for _k, eff in effects if eff.crt_line}
    for entry in cr.crt_lines:
        if entry.line in named:
            if entry.crt not in module.tables.crts:
                raise ValueError(f"rules.json combat.crt_lines names CRT {entry.crt!r}, which tables.json does not have")
            notes.append(f"CRT line {entry.line}")
            return entry.crt, module.tables.crts[entry.crt]
    return default


def _grouped(drms: list[Modifier], notes: list[str]) -> list[Modifier]:
    """Within each DRM group only the largest in size counts (St-Lô 9.4.4 footnotes: a pinned and
    a disrupted defender +3; an improved position and a strongpoint −2)."""
    out: list[Modifier] = []
    for m in drms:
        rival = next((k for k, x in enumerate(out) if m.group and x.group == m.group), None)
        if rival is None:
            out.append(m)
            continue
        keep, drop = (m, out[rival]) if abs(m.drm) > abs(out[rival].drm) else (out[rival], m)
        out[rival] = keep
        notes.append(f"{drop.source} {drop.drm:+d} does not add to {keep.source} {keep.drm:+d}")
    return out


def _value(u: Unit, which: str) -> int:
    v = u.values
    if which in ("attack", "defense"):
        own: int | None = getattr(v, which)
        if own is not None:
            return own
    return v.combat if v.combat is not None else 0


def combat_odds(module: Module, occupancy: Mapping[str, str], attackers: Iterable[str], defender_hex: str, *,
                weather: str | None = None, modifiers: Iterable[Modifier] = (),
                optional_rules: frozenset[str] | set[str] = frozenset(), steps: Mapping[str, int] | None = None,
                rules: RulesConfig | None = None, also: Iterable[str] = (), absent: Iterable[str] = (),
                attack_bonus: int = 0, defense_bonus: int = 0) -> CombatOdds:
    """Everything about an attack on ``defender_hex`` short of the die roll (see module doc);
    ``absent`` defenders add no strength (ToV 10.2: they retreated there in this activation).
    ``attack_bonus`` / ``defense_bonus`` are added to the strengths after terrain (St-Lô 10.4 D,
    10.4.2, 10.5: on-call and defensive fire).

    ``also``: more hexes attacked in the same combat (St-Lô 9.1.1: every adjacent enemy unit):
    their units' defence is added, and every hex's terrain effects count — the CRT line the
    one nearest the top (9.2.1 C), DRMs once per group ("any defender", 9.4.4)."""
    cr = (rules or module.rules).combat
    board = make_board(module, occupancy, steps)
    hm = board.hm
    te = module.tables.terrain_effects
    crt_id, crt = pick_crt(module, cr)
    d = hm.idx(defender_hex)
    more = [hm.idx(h) for h in sorted(set(also) - {defender_hex})]
    defenders = list(board.by_hex.get(d, [])) + [u for h in more for u in board.by_hex.get(h, [])]
    atk_ids = sorted(set(attackers))
    if not defenders:
        raise ValueError(f"no unit in the defender's hex {defender_hex}")
    defender_side = board.units[defenders[0]].side
    rulings: list[Ruling] = []
    notes: list[str] = []
    by_hex: dict[int, list[Unit]] = {}
    for a in atk_ids:
        if a not in board.units:
            raise ValueError(f"attacker {a!r} is not on the map")
        u = board.units[a]
        if u.side == defender_side:
            raise ValueError(f"attacker {a!r} is on the defender's side")
        if hm.grid.distance(hm.grid.hex_at(u.hex), hm.grid.hex_at(d)) != 1:
            rulings.append(Ruling("combat", f"{a} is not adjacent to the defender", cr.section, hm.labels[u.hex]))
        by_hex.setdefault(u.hex, []).append(u)
    if not by_hex:
        raise ValueError("an attack needs at least one attacker")
    crossed: dict[int, frozenset[str]] = {h: hm.side_features.get((h, d), frozenset()) for h in by_hex}
    blocked = [(h, f) for h in sorted(by_hex) for f in sorted(crossed[h] & set(cr.no_attack_across))]
    for h, f in blocked:  # ToV 10.0: "A unit cannot attack across a blocked hex-side (i.e., Rhine River)"
        names = ", ".join(u.id for u in by_hex[h])
        rulings.append(Ruling("combat", f"attack not allowed: {names} cannot attack across the {f} hexside",
                              cr.no_attack_across_section or cr.section, hm.labels[h]))

    attack = Fraction(0)
    for h in sorted(by_hex):
        total = Fraction(sum(_value(u, cr.attack_value) for u in by_hex[h]))
        mult = Fraction(1)
        for f in sorted(crossed[h]):
            eff = te.hexside_combat.get(f)
            if eff is not None and parse_fraction(eff.attack_multiplier) != 1:
                mult *= parse_fraction(eff.attack_multiplier)
                notes.append(f"attack from {hm.labels[h]} ×{eff.attack_multiplier} across {f}")
        attack += _round(total * mult, cr.round_multiplied) if mult != 1 else total

    if attack_bonus:
        attack += attack_bonus
        notes.append(f"attack +{attack_bonus} (fire support)")

    gone = set(absent)  # ToV 10.2: units that retreated into the hex in this activation add nothing
    defense = Fraction(sum(_value(board.units[x], cr.defense_value) for x in defenders if x not in gone))
    if gone & set(defenders):
        notes.append("no defence from " + ", ".join(sorted(gone & set(defenders))) + " (retreated here)")
    effects = _hex_effects(module, board, d, cr, defender_side)
    for h in more:
        effects += [e for e in _hex_effects(module, board, h, cr, defender_side) if e not in effects]
    crt_id, crt = _crt_line(module, cr, effects, (crt_id, crt), notes)
    mult = Fraction(1)
    for key, eff in effects:
        m = parse_fraction(eff.defense_multiplier)
        for ov in cr.multiplier_overrides:
            if ov.feature == key and all(set(ov.across) & crossed[h] for h in by_hex):
                m = parse_fraction(ov.defense_multiplier)
                notes.append(f"{key}: ×{ov.defense_multiplier}, every attack across {'/'.join(ov.across)}")
        if m != 1:
            mult *= m
            notes.append(f"defence ×{m} for {key}")
    if mult != 1:
        defense = _round(defense * mult, cr.round_multiplied)
    if defense_bonus:
        defense += defense_bonus
        notes.append(f"defence +{defense_bonus} (fire support)")

    # terrain shifts: the defender's hex, then hexsides attacked across
    terrain_shifts = [Modifier(k, eff.shift, 0, te.section) for k, eff in effects if eff.shift]
    for f in sorted(set().union(*crossed.values())):
        eff = te.hexside_combat.get(f)
        if eff is None or not eff.shift:
            continue
        across = [h for h in by_hex if f in crossed[h]]
        if cr.hexside_shift_when == "any_attacker" or len(across) == len(by_hex):
            terrain_shifts.append(Modifier(f"across {f}", eff.shift, 0, te.section))
    if te.shift_mode == "largest" and len(terrain_shifts) > 1:
        keep = min(terrain_shifts, key=lambda m: (-abs(m.shift), m.shift))
        notes.append(f"largest terrain shift only: {keep.source} {keep.shift:+d}")
        terrain_shifts = [keep]
    shifts = list(terrain_shifts)
    if weather is not None and cr.weather_shifts.get(weather):
        exc = cr.weather_shift_exceptions.get(weather)
        if exc is not None and exc.into_feature in hm.features[d] and \
                all(exc.from_feature in hm.features[h] for h in by_hex):
            notes.append(f"no {weather} shift: from {exc.from_feature} into {exc.into_feature}")
        else:
            shifts.append(Modifier(f"weather {weather}", cr.weather_shifts[weather], 0, cr.section))
    fb = cr.formation_bonus
    if fb is not None and (fb.optional_rule is None or fb.optional_rule in optional_rules):
        counts: dict[str, int] = {}
        for units in by_hex.values():
            for u in units:
                if u.piece.formation:
                    counts[u.piece.formation] = counts.get(u.piece.formation, 0) + 1
        qualifying = sum(1 for c in counts.values() if c >= fb.min_units)
        if qualifying:
            shifts.append(Modifier("formation attack", min(fb.max_total, qualifying * fb.shift), 0, cr.section))
    extra = list(modifiers)
    shifts += [m for m in extra if m.shift]
    drms = [Modifier(k, 0, eff.drm, te.section, eff.drm_group) for k, eff in effects if eff.drm] + \
        [m for m in extra if m.drm]
    drms = _grouped(drms, notes)
    drm = sum(m.drm for m in drms)
    if cr.drm_max is not None and drm > cr.drm_max:
        drm = cr.drm_max
    if cr.drm_min is not None and drm < cr.drm_min:
        drm = cr.drm_min

    odds = CombatOdds(atk_ids, defender_hex, defenders, crt_id, crt.kind, attack, defense, None, None, None, None, "",
                      shifts, drms, drm, not blocked, rulings, notes)
    if defense == 0:
        if cr.zero_defense == "error":
            raise ValueError("the defence is 0")
        odds.base_column = odds.column = len(crt.columns) - 1
        odds.column_label = crt.columns[-1].label
        odds.shifts = []
        notes.append("defence 0: highest column, no shifts")
        return odds
    raw = attack / defense if crt.kind == "odds" else attack - defense
    value = raw
    if cr.min_value is not None and value < parse_fraction(cr.min_value):
        value = parse_fraction(cr.min_value)
    if cr.max_value is not None and value > parse_fraction(cr.max_value):
        value = parse_fraction(cr.max_value)
    odds.raw, odds.value = raw, value
    base, why = column_for(crt, value)
    if base is None:
        if cr.below_table == "no_attack":
            odds.allowed = False
            odds.rulings.append(Ruling("combat", f"attack not allowed: {why}", cr.section, defender_hex))
            return odds
        base = 0
    odds.base_column = base
    col = base + odds.total_shift
    if not 0 <= col < len(crt.columns):
        if cr.shifted_off_table == "no_attack" and col < 0:
            odds.allowed = False
            odds.rulings.append(Ruling("combat", "attack not allowed: shifted below the lowest column",
                                       cr.section, defender_hex))
        col = min(max(col, 0), len(crt.columns) - 1)
    odds.column = col
    odds.column_label = crt.columns[col].label
    return odds


def crt_cell(crt: CombatResultsTable, column: int, modified_roll: int) -> tuple[int, str]:
    """Row index and result code; rolls beyond the printed rows use the first/last row."""
    lo, hi = min(crt.rows), max(crt.rows)
    roll = min(max(modified_roll, lo), hi)
    if roll in crt.rows:
        row = crt.rows.index(roll)
    else:  # rows with gaps: the nearest printed row at or below
        row = crt.rows.index(max(r for r in crt.rows if r <= roll))
    return row, crt.cells[row][column]


def resolve(module: Module, odds: CombatOdds, roll: int) -> CombatOutcome:
    """Read the CRT for ``roll`` (the die as rolled; the odds' DRM is added here)."""
    if odds.column is None or not odds.allowed:
        raise ValueError("this attack is not allowed: " + "; ".join(str(r) for r in odds.rulings))
    crt = module.tables.crts[odds.crt]
    modified = roll + odds.drm
    row, code = crt_cell(crt, odds.column, modified)
    return CombatOutcome(odds.column_label, roll, modified, crt.rows[row], code, crt.results[code])
