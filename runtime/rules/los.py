"""Line of sight and observation (St-Lô 11.2–11.3), configured by ``rules.los``.

* The observer's level is its hex's level plus any feature's ``observation_bonus``
  (steeple +1, St-Lô 11.2.2), or a feature's own ``observation_level`` (the cathedral,
  11.2.3); the target always counts at its normal level.
* Within ``auto_range`` hexes observation always succeeds (11.3.1 A); beyond
  ``max_range`` it never does (11.3.1 B).
* Otherwise the observer must be ``min_advantage`` levels above the target (11.3.3) and
  no hex the line passes through may block (11.3.4): a hex higher than the observer (A),
  blocking terrain such as woods except in the target hex (B), a hex next to the target
  and higher than it (C) — except at the distances in ``adjacent_exceptions`` when the
  observer is high enough above the target (11.3.5).
* Where the line runs along a hexside, the observer may choose either hex (11.3.2 B):
  with ``hexside_choice="either"`` the line is clear there if either hex is clear.
* A successful observation has a value by advantage (11.3.7): 4, 3, 2, else 1.

Lines are computed once per axial offset (they do not change when moved over the map)
and reused, so a check costs a few dictionary lookups.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hexwright.runtime.geometry import HexGrid, line_of_hexes
from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import LosRules, RulesConfig

from .cache import cached
from .hexmap import HexMap, hex_map

_ORIGIN_GRID = HexGrid(cols=1, rows=1)


@lru_cache(maxsize=8192)
def line_offsets(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Axial offsets of the hexes a line from ``(0, 0)`` to ``(dq, dr)`` passes through."""
    g = _ORIGIN_GRID
    entries = line_of_hexes(g, g.from_axial(0, 0), g.from_axial(dq, dr))
    return tuple(tuple(g.to_axial(h) for h in entry) for entry in entries)


@dataclass(frozen=True)
class Observation:
    observer: str
    target: str
    distance: int
    observer_level: int
    target_level: int
    visible: bool
    value: int
    reason: str
    blocking: tuple[str, ...] = ()
    line: tuple[tuple[str, ...], ...] = ()
    section: str = ""

    @property
    def advantage(self) -> int:
        return self.observer_level - self.target_level

    def to_json(self) -> dict[str, Any]:
        return {"from": self.observer, "to": self.target, "distance": self.distance,
                "observer_level": self.observer_level, "target_level": self.target_level,
                "visible": self.visible, "value": self.value, "reason": self.reason,
                "blocking": list(self.blocking), "line": [list(e) for e in self.line], "section": self.section}


@dataclass
class _LosData:
    observer_level: list[int]
    blocks_terrain: bytearray


def _los_data(module: Module, los: LosRules) -> _LosData:
    hm = hex_map(module)
    ftypes = module.map.hex_feature_types
    obs = list(hm.level)
    for label, data in module.map.hexes.items():
        i = hm.index.get(label)
        if i is None:
            continue
        own = [f.observation_level for f in data.features if f.observation_level is not None]
        bonus = [ftypes[f.type].observation_bonus for f in data.features if f.type in ftypes]
        if own:
            obs[i] = max(own)
        elif bonus:
            obs[i] = hm.level[i] + max(bonus)
    if los.blocking_terrain is None:
        terrain = {k for k, t in module.map.terrain_types.items() if t.blocks_los}
    else:
        terrain = set(los.blocking_terrain)
    feats = set(los.blocking_features)
    blocks = bytearray(len(hm.labels))
    for i, t in enumerate(hm.terrain):
        if t in terrain or (feats and feats.intersection(hm.features[i])):
            blocks[i] = 1
    return _LosData(obs, blocks)


def _value(los: LosRules, advantage: int) -> int:
    for ov in sorted(los.observation_values, key=lambda v: -v.min_advantage):
        if advantage >= ov.min_advantage:
            return ov.value
    return los.default_value


def observe(module: Module, observer: str, target: str, *, rules: RulesConfig | None = None,
            with_line: bool = False) -> Observation:
    """Can an observer in hex ``observer`` see hex ``target``, and with what value (St-Lô 11.3)?"""
    los = (rules or module.rules).los
    hm = hex_map(module)
    data = cached("los", module, (module.map, los), (), lambda: _los_data(module, los))
    a, b = hm.idx(observer), hm.idx(target)
    return _observe(hm, data, los, a, b, with_line)


def observe_many(module: Module, observers: Iterable[str], targets: Iterable[str], *,
                 rules: RulesConfig | None = None) -> dict[tuple[str, str], Observation]:
    """:func:`observe` from every hex of ``observers`` to every hex of ``targets`` (the map and its
    observation data read once): (observer, target) → observation. What an OP can see (St-Lô 11.3),
    where an OP may stand for a fire."""
    los = (rules or module.rules).los
    hm = hex_map(module)
    data = cached("los", module, (module.map, los), (), lambda: _los_data(module, los))
    tos = [(t, hm.idx(t)) for t in targets]
    return {(o, t): _observe(hm, data, los, a, b, False) for o in observers for a in (hm.idx(o),) for t, b in tos}


def _observe(hm: HexMap, data: _LosData, los: LosRules, a: int, b: int, with_line: bool) -> Observation:
    (qa, ra), (qb, rb) = hm.axial[a], hm.axial[b]
    dq, dr = qb - qa, rb - ra
    dist = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    ol, tl = data.observer_level[a], hm.level[b]
    adv = ol - tl
    labels = hm.labels
    sec = los.section

    def line() -> tuple[tuple[str, ...], ...]:
        if not with_line:
            return ()
        out = []
        for entry in line_offsets(dq, dr):
            out.append(tuple(labels[hm.by_axial[(qa + q, ra + r)]] for q, r in entry if (qa + q, ra + r) in hm.by_axial))
        return tuple(out)

    def result(visible: bool, reason: str, blocking: tuple[str, ...] = ()) -> Observation:
        return Observation(labels[a], labels[b], dist, ol, tl, visible, _value(los, adv) if visible else 0,
                           reason, blocking, line(), sec)

    if los.max_range is not None and dist > los.max_range:
        return result(False, f"beyond {los.max_range} hexes")
    if dist <= los.auto_range:
        return result(True, f"within {los.auto_range} hexes: always observed")
    if adv < los.min_advantage:
        return result(False, f"observer not {los.min_advantage} levels above the target")
    if los.target_hex_terrain_blocks and data.blocks_terrain[b]:
        return result(False, f"blocking terrain in the target hex {labels[b]}", (labels[b],))
    adjacent_blocks = los.higher_adjacent_to_target_blocks and not any(
        e.distance == dist and adv >= e.min_advantage for e in los.adjacent_exceptions)
    by_axial = hm.by_axial
    level = hm.level
    blocks_terrain = data.blocks_terrain
    higher_blocks = los.higher_than_observer_blocks
    either = los.hexside_choice == "either"
    entries = line_offsets(dq, dr)
    for entry in entries[1:-1]:
        reasons: list[tuple[str, str]] = []
        for q, r in entry:
            i = by_axial.get((qa + q, ra + r))
            if i is None:
                continue
            why = ""
            if higher_blocks and level[i] > ol:
                why = f"{labels[i]} is higher than the observer"
            elif blocks_terrain[i]:
                why = f"blocking terrain in {labels[i]}"
            elif adjacent_blocks and level[i] > tl and abs(q - dq) + abs(r - dr) + abs(q - dq + r - dr) == 2:
                why = f"{labels[i]} is next to the target and higher than it"
            if why:
                reasons.append((labels[i], why))
                if not either:
                    break
            elif either:
                reasons = []
                break
        if reasons:
            return result(False, "; ".join(w for _h, w in reasons), tuple(sorted(h for h, _w in reasons)))
    return result(True, "clear line of sight")
