"""The hexes the rulebook names, set as the text needs them, and the features it describes.

The atlas (``geo``) puts hills, rivers and roads where they are; the text then fixes the
hexes it names: Hill 192's steeple and level (11.2.2), the cathedral (11.2.3), Hill 122
(24.1 F), the special depots (21.1.1), the OP example (11.3.1), the setup hexes (20).
Each is marked with the rule as its clue (``HEX_CLUES``) before the geography it rests on.
"""

from __future__ import annotations

from typing import Any

import geo

from hexwright.editor.edits.connections import hex_steps
from hexwright.editor.edits.hex_edits import paint_terrain, set_level
from hexwright.editor.edits.patch import MapPatch
from hexwright.runtime.model import Area, HexFeature, Provenance

HEX_CLUES: dict[str, str] = {
    "5613": "11.2.2: an OP in hex 5613 is at level 15 (level 14 and a steeple); 24.1 E: Hill 192 (hex 5613)",
    "2725": "11.2.3: hex 2725 is the cathedral, level 7 when observing from it (its own level is lower)",
    "2917": "24.1 F: Hill 122 (hex 2917), the decisive feature the German must hold",
    "2918": "11.3.1 A: an OP in hex 2918 can observe a unit in hex 2916 (two hexes: always)",
    "2916": "11.3.1 A: an OP in hex 2918 can observe a unit in hex 2916 (two hexes: always)",
    "2626": "21.1.1 A: 2626 is a special depot (2 VPs), in St-Lô",
    "2727": "21.1.1 A: 2727 is a special depot (2 VPs), in St-Lô",
    "2927": "21.1.1 A: 2927 is a special depot (2 VPs), in St-Lô",
    "4724": "24.1 E: the German fall-back line from 4724 to 4123 to 3815",
    "4123": "24.1 E: the German fall-back line from 4724 to 4123 to 3815",
    "3815": "24.1 E: the German fall-back line from 4724 to 4123 to 3815; 20.2.1: 2/8 sets up here",
    "4417": "24.1 E: out of sight of Hill 192, with good observation",
    "4418": "24.1 E: out of sight of Hill 192, with good observation",
    "4012": "24.1 F: the ridge between 4012 and 3513/3514, a stepping stone to Hill 122",
    "3513": "24.1 F: the ridge between 4012 and 3513/3514, a stepping stone to Hill 122",
    "3514": "24.1 F: the ridge between 4012 and 3513/3514, a stepping stone to Hill 122",
}

SETUP: dict[str, str] = {
    # 20.1 US
    "1600": "35th RCN", "1700": "1/137", "2000": "3/137", "2001": "2/137", "2202": "35th RCN", "2503": "1/320",
    "2805": "2/320 (C)", "2904": "3/320", "2906": "2/320 (C)", "3008": "2/320 (C)", "3108": "35th RCN",
    "3307": "29th", "3710": "2/115 (C)", "3910": "3/115 (C)", "4009": "3/115 (C)", "4110": "3/115 (C)",
    "4710": "1/115 (C)", "4810": "29th RCN", "4908": "1/116", "5010": "2/116",
    "5409": "2/38", "5507": "3/38", "5609": "1/38",
    # 20.2 German
    "3815": "2/8", "4012": "3/8 (C)", "4212": "3/8 (C)", "4412": "1/8 (C)", "4812": "2/9 (C)", "5012": "2/9 (C)",
    "5211": "2/9 (C)", "5216": "1/9", "1607": "2/897", "1702": "1/897 (C)", "2003": "1/897 (C)", "2107": "2/914",
    "2707": "1/916 (C)", "2809": "1/916 (C)", "2812": "2/915", "2722": "FUS/915",
}
US_SETUP = {"1600", "1700", "2000", "2001", "2202", "2503", "2805", "2904", "2906", "3008", "3108",
            "3307", "3710", "3910", "4009", "4110", "4710", "4810", "4908", "5010", "5409", "5507", "5609"}

# 13.2: permanent entrenchments printed on the map (German only). The text names none: the
# German main line of 11 July (the setup hexes of the German front), the Le Carillon nose
# (25.1.3 B: "extensive German fortifications"), Hill 192 and Hill 122, the strongpoints the
# narrative names (La Petite Ferme, 25.1.2 C) and the line behind (Martinville, La Monnaie,
# La Capelle, 25.1.2 B, 25.1.3 A).
STRONGPOINTS = {
    "5613": "Hill 192, fortified by the 3rd FJ Division since June (25.1.1 A)",
    "2408": "the Le Carillon strongpoints (25.1.3 B, 25.1.7 C)",
    "2508": "the Le Carillon strongpoints (25.1.3 B, 25.1.7 C)",
    "2917": "Hill 122, held 'literally, for dear life' (24.1 F)",
}
IMPROVED = {
    **dict.fromkeys(("1702", "2003", "2107", "2707", "2809", "2812", "4012", "4212", "4412", "4812", "5012", "5211", "5216"), "the German main line of 11 July (20.2: a German setup hex)"),
    "2205": "La Petite Ferme, a stone farmhouse strongpoint (25.1.2 C)",
    "3321": "Martinville, the German line of 12 July (25.1.2 B)",
    "3823": "La Monnaie, the German defence of 13 July (25.1.3 A)",
    "4230": "La Capelle, the German defence of 13 July (25.1.3 A)",
}

# 25.1.2 C names "the St. Giles church" among the German strongpoints the 35th Division was mired in,
# without a hex. The church of the hamlet of Saint-Gilles by La Meauffe (the 137th's first objective on
# 11-12 July, held by the 897th) is in front of the 137th's setup hexes 1700 and 2000 (20.1), in the
# German line where 1/897 sets up (1702, 20.2): its steeple, beside the permanent improved position there.
ST_GILES = ("1702", "25.1.2 C: the St. Giles church, a German strongpoint on the 35th Division front; the text "
                    "gives no hex: the hamlet of Saint-Gilles by La Meauffe, the 137th's objective of 11-12 July, "
                    "in front of its setup hexes 1700/2000 where 1/897 sets up (20.1, 20.2)")


def apply(painter: Any) -> None:
    m = painter.m
    patch = MapPatch()
    set_level(patch, m, ["5613"], 14)
    for label in ("2725", "2626", "2727", "2927"):
        paint_terrain(patch, m, [label], "city")
    painter.apply(patch)
    painter.hex_why["5613"].append("the top of Hill 192, the highest ground of the map (192 m)")
    for label, kind in sorted(geo_steeples(painter).items()):
        painter.feature(label, HexFeature(type="steeple", name=kind), f"the church steeple of {kind}")
    painter.feature("5613", HexFeature(type="steeple"), "11.2.2: a steeple on Hill 192")
    painter.feature(ST_GILES[0], HexFeature(type="steeple", name="St. Giles church"), ST_GILES[1])
    painter.name(ST_GILES[0], "St-Gilles")
    painter.feature("2725", HexFeature(type="cathedral", name="Notre-Dame", observation_level=7),
                    "Notre-Dame of St-Lô, its 200-foot spires (25.3 C)")
    for label in ("2626", "2727", "2927"):
        painter.feature(label, HexFeature(type="depot", side="de", supply_kind="special", name="St-Lô", value=2),
                        "a special German depot in St-Lô (21.1.1)")
    for side, depots, kind in (("us", geo.US_DEPOTS, "ordinary"), ("de", geo.DE_DEPOTS, "ordinary")):
        for name, road, end in depots:
            label = road_end(painter, road, end)
            value = 1 if side == "de" else None  # 21.1.1 B: 1 VP if the US holds an ordinary depot
            painter.feature(label, HexFeature(type="depot", side=side, supply_kind=kind, name=name, value=value),
                            f"a {side.upper()} depot where the {name} leaves the map (7.3; the text names "
                            f"only the special ones)")
    for label, why in sorted(STRONGPOINTS.items()):
        painter.feature(label, HexFeature(type="strongpoint", side="de"), f"permanent strongpoint: {why} (13.2)")
    for label, why in sorted(IMPROVED.items()):
        painter.feature(label, HexFeature(type="improved_position", side="de"),
                        f"permanent improved position: {why} (13.2)")
    for label, unit in sorted(SETUP.items()):
        painter.hex_why[label].append(f"20: setup hex of {unit}")
    areas(painter)


def road_end(painter: Any, road: str, end: int) -> str:
    """The last map hex of a road at its ``end`` (0: first waypoint, -1: last), where it leaves the map."""
    waypoints = {**geo.MAIN_ROADS, **geo.MINOR_ROADS}[road]
    a, b = (waypoints[-1], waypoints[-2]) if end == -1 else (waypoints[0], waypoints[1])
    grid = painter.proj.grid
    path = hex_steps(grid, painter.proj.waypoint_hex(a), painter.proj.waypoint_hex(b))
    return painter.label(next(h for h in path if grid.contains(h)))


def geo_steeples(painter: Any) -> dict[str, str]:
    """Every parish (a village of the atlas) has its church steeple."""
    out = {}
    for name, (_lon, _lat, kind) in geo.PLACES.items():
        if kind == "village":
            out[painter.label(painter.proj.place_hex(name))] = name
    return out


def _west_of(painter: Any, feature: str) -> list[str]:
    """Hexes reached from the west edge without crossing the ``feature`` hexside line."""
    names, grid = painter.names, painter.proj.grid
    start = [painter.label(h) for h in grid.hexes() if h.col == 0]
    seen = set(start)
    todo = list(start)
    while todo:
        label = todo.pop()
        h = names.hex_of(label)
        for _d, n in grid.neighbors(h):
            if not grid.contains(n):
                continue
            nl = painter.label(n)
            if nl in seen:
                continue
            side = grid.hexside_between(h, n)
            data = painter.m.hexsides.get(names.side_id(side)) if side is not None else None
            if data is not None and feature in data.features:
                continue
            seen.add(nl)
            todo.append(nl)
    return sorted(seen)


def areas(painter: Any) -> None:
    """The St-Lô VP area (21.1.2) and the two sides of each divisional boundary (8.4)."""
    m = painter.m
    city = sorted(lb for lb in painter.labels if m.terrain_of(lb) == "city")
    west_2 = _west_of(painter, "boundary_2")
    west_35 = set(_west_of(painter, "boundary_35"))
    m.areas["st_lo_vp"] = Area(
        name="St. Lô Victory Point Area", kind="victory", hexes=city, color="#c0302040",
        provenance=Provenance(clue="21.1.2: the St. Lô Victory Point Area; reconstructed as the hexes of the town "
                                   "(the special depots 2626, 2727, 2927 and the cathedral 2725 are in it)"))
    m.areas["west_of_2nd_boundary"] = Area(
        name="West of the 2nd Division boundary", kind="boundary", hexes=west_2, color="#6030a020",
        provenance=Provenance(clue="8.4.1, 8.4.4: US 2nd Division infantry and the German 1/5FJ may not enter "
                                   "these hexes; reconstructed as the corps boundary of 11 July"))
    m.areas["east_of_2nd_boundary"] = Area(
        name="East of the 2nd Division boundary", kind="boundary",
        hexes=sorted(lb for lb in painter.labels if lb not in set(west_2)), color="#6030a020",
        provenance=Provenance(clue="8.4.1, 8.4.4: where US 2nd Division infantry and the German 1/5FJ must stay"))
    m.areas["west_of_35th_boundary"] = Area(
        name="West of the 35th Division boundary", kind="boundary", hexes=sorted(west_35), color="#a0206020",
        provenance=Provenance(clue="8.4.2: where US 35th Division infantry must stay"))
    m.areas["east_of_35th_boundary"] = Area(
        name="East of the 35th Division boundary", kind="boundary",
        hexes=sorted(lb for lb in painter.labels if lb not in west_35), color="#a0206020",
        provenance=Provenance(clue="8.4.2: US 35th Division infantry may not enter these hexes; reconstructed as "
                                   "the 35th's boundary of 11 July, St-Lô left to the 29th (25.1.8 C)"))
