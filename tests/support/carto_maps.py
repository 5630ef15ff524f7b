"""Synthetic maps for the cartography tests and docs: every terrain, line and level case.

``showcase_module`` packs every terrain pattern, hexside kind, connection kind, feature
kind, a hill with a cliff, place names and map furniture into a 12×9 map (golden images);
``st_lo_module`` is a St-Lô-like bocage excerpt with fourteen levels (docs, contours).
"""

from __future__ import annotations

import math

from hexwright.runtime.geometry import Hex, format_hexside, line_of_hexes
from hexwright.runtime.model import (
    CombatEffect,
    ConnectionType,
    Furniture,
    Grid,
    HexData,
    HexFeature,
    HexFeatureType,
    HexsideData,
    HexsideFeatureType,
    Level,
    MapData,
    Module,
    ModuleMeta,
    PlaceName,
    StyleChoice,
    TablesData,
    TerrainEffects,
    TerrainType,
)

TERRAIN = {
    "clear": TerrainType(name="Clear", color="#e8e0b8"),
    "woods": TerrainType(name="Woods", color="#7fa860", pattern="trees", blocks_los=True),
    "rough": TerrainType(name="Rough", color="#c2a878", pattern="hills"),
    "marsh": TerrainType(name="Marsh", color="#b8d0c0", pattern="marsh"),
    "bocage": TerrainType(name="Bocage", color="#c8d39a", pattern="hatch"),
    "urban": TerrainType(name="Urban", color="#c9bfb2", pattern="urban"),
    "sand": TerrainType(name="Sand", color="#e9d9a6", pattern="dots"),
}
SIDES = {
    "river": HexsideFeatureType(name="River", kind="river", color="#2a6fd6", width=5.0),
    "stream": HexsideFeatureType(name="Stream", kind="stream", color="#2a6fd6", width=2.5),
    "canal": HexsideFeatureType(name="Canal", kind="canal", color="#3d7fd0", width=3.0),
    "ridge": HexsideFeatureType(name="Ridge", kind="ridge", color="#7a5a3a", width=2.0),
    "border": HexsideFeatureType(name="Border", kind="boundary", color="#803080", width=2.0),
}
CONNECTIONS = {
    "road": ConnectionType(name="Major road", kind="road", color="#b5452b", width=3.0),
    "minor": ConnectionType(name="Minor road", kind="secondary_road", color="#d8a040", width=2.2),
    "track": ConnectionType(name="Track", kind="trail", color="#6a4a2a", width=1.8),
    "rail": ConnectionType(name="Railroad", kind="railroad", color="#202020", width=2.0),
}
FEATURES = {
    "village": HexFeatureType(name="Village", kind="village"),
    "town": HexFeatureType(name="Town", kind="town"),
    "city": HexFeatureType(name="City", kind="city"),
    "fort": HexFeatureType(name="Fortress", kind="fortification"),
    "line": HexFeatureType(name="Fort line", kind="fort_line"),
    "steeple": HexFeatureType(name="Steeple", kind="steeple"),
    "objective": HexFeatureType(name="Objective", kind="objective"),
}


def _label(c: int, r: int) -> str:
    return f"{c + 1:02d}{r + 1:02d}"


def _along(grid: Grid, waypoints: list[tuple[int, int]]) -> list[str]:
    """Hexside ids crossed by a road through the waypoints (col, row), straight between them."""
    hg, scheme = grid.hex_grid(), grid.labels.scheme()
    waypoints = [w for w in waypoints if w[0] < grid.cols and w[1] < grid.rows]
    path: list[Hex] = [Hex(*waypoints[0])]
    for a, b in zip(waypoints, waypoints[1:]):
        for step in line_of_hexes(hg, Hex(*a), Hex(*b))[1:]:
            path.append(step[0])
    out = []
    for a, b in zip(path, path[1:]):
        side = hg.hexside_between(a, b)
        assert side is not None, (a, b)
        out.append(format_hexside(hg, side, scheme))
    return out


def _river(grid: Grid, waypoints: list[tuple[int, int]]) -> list[str]:
    """Hexside ids of a river walking from hex corner to hex corner past the waypoint hexes."""
    hg, lay, scheme = grid.hex_grid(), grid.layout(), grid.labels.scheme()
    adj: dict[tuple[float, float], list[tuple[tuple[float, float], str]]] = {}
    for side in hg.all_hexsides():
        p0, p1 = lay.hexside_segment(side)
        a, b = (round(p0[0], 3), round(p0[1], 3)), (round(p1[0], 3), round(p1[1], 3))
        key = format_hexside(hg, side, scheme)
        adj.setdefault(a, []).append((b, key))
        adj.setdefault(b, []).append((a, key))
    targets = [lay.center(Hex(*w)) for w in waypoints if w[0] < grid.cols and w[1] < grid.rows]
    stops = [min(adj, key=lambda p, t=t: math.dist(p, t)) for t in targets]
    out: list[str] = []
    for a, b in zip(stops, stops[1:]):
        prev: dict[tuple[float, float], tuple[tuple[float, float], str] | None] = {a: None}
        queue = [a]
        while queue and b not in prev:
            v = queue.pop(0)
            for n, key in sorted(adj[v]):
                if n not in prev:
                    prev[n] = (v, key)
                    queue.append(n)
        step: list[str] = []
        v = b
        while prev.get(v) is not None:
            v, key = prev[v]  # type: ignore[misc]
            step.append(key)
        out.extend(k for k in reversed(step) if k not in out)
    return out


def _sides(grid: Grid, hexes_dirs: list[tuple[int, int, int]]) -> list[str]:
    """Hexside ids of (col, row, direction) triples."""
    hg, scheme = grid.hex_grid(), grid.labels.scheme()
    return [format_hexside(hg, hg.hexside(Hex(c, r), d), scheme) for c, r, d in hexes_dirs]


def _tec() -> TablesData:
    return TablesData(terrain_effects=TerrainEffects(
        terrain={"clear": {"*": "1"}, "woods": {"*": "2"}, "rough": {"*": "2"}, "marsh": {"*": "3"},
                 "bocage": {"mech": "3", "foot": "2"}, "urban": {"*": "1"}, "sand": {"*": "2"}},
        hexsides={"river": {"*": "all"}, "stream": {"*": "+1"}, "canal": {"*": "+2"}},
        connections={"road": {"*": "1/2"}, "minor": {"*": "1"}, "track": {"*": "1"}, "rail": {"*": "1/3"}},
        combat={"woods": CombatEffect(shift=-1), "rough": CombatEffect(shift=-1), "urban": CombatEffect(shift=-2),
                "fort": CombatEffect(shift=-3)},
        hexside_combat={"river": CombatEffect(shift=-2)},
    ))


def _add(m: MapData, sides: list[str], *, feature: str | None = None, connection: str | None = None) -> None:
    for key in sides:
        data = m.hexsides.setdefault(key, HexsideData())
        if feature and feature not in data.features:
            data.features.append(feature)
        if connection and connection not in data.connections:
            data.connections.append(connection)


def showcase_module(style: str = "classic") -> Module:
    grid = Grid(cols=12, rows=9, hex_size=40.0)
    m = MapData(grid=grid, default_terrain="clear", terrain_types=dict(TERRAIN), hexside_feature_types=dict(SIDES),
                connection_types=dict(CONNECTIONS), hex_feature_types=dict(FEATURES),
                levels=[Level(value=v, name=f"Level {v}") for v in range(4)], style=StyleChoice(base=style))
    patches = {
        "woods": [(1, 1), (2, 1), (1, 2), (2, 2), (3, 2), (8, 6), (8, 7)],
        "rough": [(5, 1), (6, 1)],
        "marsh": [(1, 6), (2, 6), (1, 7)],
        "bocage": [(9, 1), (10, 1), (9, 2), (10, 2), (11, 2)],
        "urban": [(6, 5)],
        "sand": [(4, 7), (5, 7)],
    }
    for tid, cells in patches.items():
        for c, r in cells:
            m.hexes[_label(c, r)] = HexData(terrain=tid)
    # A hill: level 1 around, 2 in the middle, a level-3 top with a cliff to level 1 on one side.
    for c, r, lv in ((4, 3, 1), (5, 3, 1), (4, 4, 1), (5, 4, 2), (6, 3, 2), (6, 4, 3), (7, 3, 1), (7, 4, 1),
                     (5, 2, 1), (6, 2, 1), (5, 5, 1), (6, 1, 1)):
        m.hexes[_label(c, r)] = m.hexes.get(_label(c, r), HexData()).model_copy(update={"level": lv})
    for (c, r), kind in (((6, 5), "city"), ((2, 4), "town"), ((9, 4), "village"), ((10, 7), "fort"),
                         ((3, 6), "line"), ((9, 2), "steeple"), ((7, 7), "objective")):
        m.hexes.setdefault(_label(c, r), HexData()).features.append(HexFeature(type=kind))
    m.hexes[_label(6, 5)] = m.hexes[_label(6, 5)].model_copy(update={"name": "Castelnau"})
    _add(m, _river(grid, [(0, 5), (2, 5), (4, 6), (6, 6), (8, 5), (10, 5), (11, 3)]), feature="river")
    _add(m, _river(grid, [(3, 8), (3, 7), (4, 6)]), feature="stream")
    _add(m, _river(grid, [(9, 8), (9, 6), (9, 5)]), feature="canal")
    _add(m, _sides(grid, [(6, 3, 0), (6, 3, 1)]), feature="ridge")
    _add(m, _sides(grid, [(11, 0, 4), (11, 1, 4), (11, 2, 4)]), feature="border")
    _add(m, _along(grid, [(0, 3), (1, 3), (2, 4), (3, 4), (4, 5), (5, 5), (6, 5), (7, 5), (8, 4), (9, 4),
                          (10, 4), (11, 4)]), connection="road")
    _add(m, _along(grid, [(6, 5), (6, 6), (6, 7), (6, 8)]), connection="minor")
    _add(m, _along(grid, [(2, 4), (2, 5), (2, 6), (3, 7), (3, 8)]), connection="track")
    _add(m, _along(grid, [(0, 7), (1, 7), (2, 7), (3, 6), (4, 6), (5, 6), (6, 5), (7, 4), (8, 3), (9, 3),
                          (10, 2), (11, 2)]), connection="rail")
    m.place_names = [
        PlaceName(text="Rivière Claire", hex=_label(8, 6), dy=-0.95, kind="water", size=0.8, angle=12),
        PlaceName(text="Mont Haut", hex=_label(6, 4), dy=0.3, kind="hill", height=192),
        PlaceName(text="Bocage", hex=_label(10, 1), dy=0.0, kind="region", size=0.8),
    ]
    m.furniture = Furniture(title="Showcase", subtitle="every terrain, line and level", title_at=(0.0, -110.0),
                            legend=True, scale_at=(300.0, -70.0), hex_scale="1 hex = 1 km",
                            compass=True, compass_at=(600.0, -120.0))
    return Module(meta=ModuleMeta(id="showcase", title="Showcase"), map=m, tables=_tec())


def st_lo_module(style: str = "modern", cols: int = 16, rows: int = 12) -> Module:
    """Bocage country around a town on a river, rising over fourteen levels to two named hills."""
    grid = Grid(cols=cols, rows=rows, hex_size=40.0)
    m = MapData(grid=grid, default_terrain="bocage", terrain_types=dict(TERRAIN),
                hexside_feature_types=dict(SIDES), connection_types=dict(CONNECTIONS),
                hex_feature_types=dict(FEATURES), levels=[Level(value=v) for v in range(14)],
                style=StyleChoice(base=style))
    lay = grid.layout()
    hills = ((11.5, 3.0, 13.0, 3.2), (3.0, 8.5, 9.0, 2.6), (13.5, 9.5, 7.0, 2.2))
    for c in range(cols):
        for r in range(rows):
            x, y = lay.center(Hex(c, r))
            x, y = x / (1.5 * 40), y / (1.732 * 40)
            h = 0.0
            for hx, hy, height, spread in hills:
                h += height * math.exp(-((x - hx) ** 2 + (y - hy) ** 2) / (2 * spread ** 2))
            h = max(0.0, h - 0.3 * abs(x - 7.0) * (y > 6))  # the river valley cuts the middle
            level = min(13, int(h))
            terrain = None
            if (c * 7 + r * 3) % 11 == 0 or (c, r) in ((10, 2), (11, 2), (11, 3), (12, 3), (3, 9), (4, 9)):
                terrain = "woods"
            if (c, r) in ((7, 5), (7, 6), (8, 5), (6, 6)):
                terrain = "clear"
            m.hexes[_label(c, r)] = HexData(level=level, terrain=terrain)
    for (c, r), kind in (((7, 5), "city"), ((3, 3), "village"), ((12, 7), "steeple")):
        if c < cols and r < rows:
            m.hexes[_label(c, r)].features.append(HexFeature(type=kind))
    m.hexes[_label(7, 5)] = m.hexes[_label(7, 5)].model_copy(update={"name": "St-Lô"})
    _add(m, _river(grid, [(6, 0), (6, 3), (7, 5), (7, 6), (8, 9), (7, rows - 1)]), feature="river")
    _add(m, _river(grid, [(1, 11), (3, 10), (5, 8), (7, 7)]), feature="stream")
    _add(m, _along(grid, [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (8, 5), (9, 5),
                          (10, 4), (11, 4), (12, 3), (13, 3), (14, 2), (15, 2)]), connection="road")
    _add(m, _along(grid, [(7, 5), (7, 6), (7, 7), (8, 8), (8, 9), (9, 10), (9, 11)]), connection="minor")
    _add(m, _along(grid, [(0, 9), (1, 9), (2, 8), (3, 8), (4, 7), (5, 7), (6, 6), (7, 6)]), connection="rail")
    m.place_names = [p for p in [
        PlaceName(text="Hill 192", hex=_label(11, 3), dy=0.15, kind="hill", height=192),
        PlaceName(text="Hill 122", hex=_label(3, 8), dy=0.15, kind="hill", height=122),
        PlaceName(text="La Vire", hex=_label(7, 9), dx=0.55, kind="water", angle=75, size=0.9),
    ] if p.hex in m.hexes]
    return Module(meta=ModuleMeta(id="st_lo_excerpt", title="St-Lô excerpt"), map=m, tables=_tec())
