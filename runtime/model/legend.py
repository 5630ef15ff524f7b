"""The map legend, generated from the terrain effects chart: what each symbol costs and does."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeVar

from .map import MapData
from .tables import ClassCosts, CombatEffect, TerrainEffects

M = TypeVar("M")

LegendKind = Literal["terrain", "feature", "hexside", "connection", "level"]


@dataclass(frozen=True)
class LegendEntry:
    """One row of the legend: the symbol (by kind and type id), its name, MF cost and combat effect."""

    kind: LegendKind
    type_id: str
    name: str
    movement: str
    combat: str


def cost_text(costs: ClassCosts | None, leave_out: frozenset[str] = frozenset()) -> str:
    """``{"*": "2"}`` -> ``2``; per movement class -> ``mech 4, foot 2``; ``all`` -> ``all MF``;
    the classes ``leave_out`` names are not printed."""
    costs = {k: v for k, v in (costs or {}).items() if k not in leave_out}
    if not costs:
        return ""
    words = {"all": "all MF", "prohibited": "prohibited", "other": "as terrain", "bridge": "bridge only"}
    if set(costs) == {"*"}:
        value = costs["*"]
        return words.get(value, value)
    return ", ".join(f"{k if k != '*' else 'others'} {words.get(v, v)}" for k, v in sorted(costs.items()))


def combat_text(effect: CombatEffect | None) -> str:
    if effect is None:
        return ""
    parts = []
    if effect.shift:
        parts.append(f"{'+' if effect.shift > 0 else '−'}{abs(effect.shift)} col")
    if effect.defense_multiplier != "1":
        parts.append(f"def ×{effect.defense_multiplier}")
    if effect.attack_multiplier != "1":
        parts.append(f"att ×{effect.attack_multiplier}")
    if effect.drm:
        parts.append(f"DRM {effect.drm:+d}")
    return ", ".join(parts)


def has_own_color(color: str) -> bool:
    """``#rrggbb``, or ``#rrggbbaa`` not fully transparent (a level's default is ``#00000000``)."""
    return len(color) == 7 or color[7:9] != "00"


def connection_only(tec: TerrainEffects) -> frozenset[str]:
    """Movement classes every terrain row prohibits: they move only along connections (ToV 11.2:
    rail movement), so the terrain rows leave them out and the connection rows say what they pay."""
    rows = list(tec.terrain.values())
    named = {k for row in rows for k in row if k != "*"}
    return frozenset(k for k in named if all(row.get(k) == "prohibited" for row in rows))


def legend_entries(map_data: MapData, tec: TerrainEffects | None) -> list[LegendEntry]:
    """Rows for every terrain, feature, hexside and connection type used on the map, in that order,
    then the levels printed in their own colours (hypsometric tints), lowest first.

    Types the map never uses are left out, so the legend shows what a player will meet.
    """
    tec = tec or TerrainEffects()
    used_terrain = {map_data.default_terrain}
    used_features: set[str] = set()
    for hd in _distinct(map_data.hexes.values()):
        if hd.terrain is not None:
            used_terrain.add(hd.terrain)
        used_features.update(f.type for f in hd.features)
    used_sides: set[str] = set()
    used_conn: set[str] = set()
    for sd in _distinct(map_data.hexsides.values()):
        used_sides.update(sd.features)
        used_conn.update(sd.connections)
    rows: list[LegendEntry] = []
    off_road = connection_only(tec)
    for tid, t in map_data.terrain_types.items():
        if tid in used_terrain:
            rows.append(LegendEntry("terrain", tid, t.name, cost_text(tec.terrain.get(tid), off_road),
                                    combat_text(tec.combat.get(tid))))
    for fid, f in map_data.hex_feature_types.items():
        if fid in used_features and f.kind not in ("supply_source", "depot", "control", "reference"):
            rows.append(LegendEntry("feature", fid, f.name, cost_text(tec.features.get(fid)),
                                    combat_text(tec.combat.get(fid))))
    for sid, s in map_data.hexside_feature_types.items():
        if sid in used_sides:
            rows.append(LegendEntry("hexside", sid, s.name, cost_text(tec.hexsides.get(sid)),
                                    combat_text(tec.hexside_combat.get(sid))))
    for cid, ct in map_data.connection_types.items():
        if cid in used_conn:
            rows.append(LegendEntry("connection", cid, ct.name, cost_text(tec.connections.get(cid)), ""))
    for lv in sorted(map_data.levels, key=lambda lv: lv.value):
        if has_own_color(lv.color):
            rows.append(LegendEntry("level", str(lv.value), lv.name or f"Level {lv.value}", "", ""))
    return rows


def _distinct(values: Iterable[M]) -> Iterable[M]:
    """Each object in ``values`` once: hexes and hexsides of the same value share one (see
    :mod:`.shared_data`), so a 400×400 map's 210,000 come to a few dozen, found without a
    Python step per hex."""
    every = list(values)
    return dict(zip(map(id, every), every)).values()
