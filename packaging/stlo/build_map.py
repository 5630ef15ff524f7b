"""The St-Lô map, painted with the editor's edit layer from the atlas in ``geo``.

Each step is what a designer does in the editor: a new pointy-top map (File ▸ New Map),
its label scheme (Map Settings: columns first from 12, rows from 00), the palette (the
terrain, fourteen levels, watercourses, boundaries, roads, steeples, depots, entrenchments),
hedgerow everywhere with the woods, villages and St-Lô brushed on, the levels brushed from
the ground's height, the Vire and the streams painted along hexsides, the roads laid from
place to place, the divisional boundaries drawn, then the hexes the rulebook names set as
the text needs them, and every hex and hexside marked reconstructed with its clue.
"""

from __future__ import annotations

from collections import defaultdict

import examples
import geo
import relief

from hexwright.editor.edits.atlas import Anchor, Corners, Projection, inside, road_sides
from hexwright.editor.edits.hex_edits import paint_terrain, set_feature, set_level, set_name
from hexwright.editor.edits.naming import GridNames
from hexwright.editor.edits.palette import without_type
from hexwright.editor.edits.patch import MapPatch
from hexwright.editor.edits.provenance import provenance_patch
from hexwright.editor.edits.side_edits import set_connection, set_side_feature
from hexwright.runtime.geometry import Hex, Hexside
from hexwright.runtime.model import (
    ConnectionType,
    Furniture,
    HexFeature,
    HexFeatureType,
    HexsideFeatureType,
    Labels,
    Level,
    Module,
    PlaceName,
    Side,
    StyleChoice,
    TerrainType,
    new_module,
)

COLS, ROWS = geo.COLS, geo.ROWS
FILL = "reconstructed from the real ground north and east of St-Lô (no printed map in the rulebook): "
LEVEL_NAMES = {1: "Level 1 (the Vire valley)", 9: "Level 9 (Hill 122)", 14: "Level 14 (Hill 192)"}
BAND_COLORS = {1: "#d6e9cc", 3: "#b6d99a", 5: "#e6ea98", 7: "#f4d488", 9: "#eeae78", 11: "#d98c76", 13: "#b8869e"}
"""11.2.1: each odd level a colour, hypsometric from the valley's green through yellow and orange
to the heights' brick and mauve; light enough for counters and the hedges drawn on them."""
TOP_COLOR = "#94688a"


def level(value: int) -> Level:
    """Odd levels solid; even levels stripes of the colours on either side (11.2.1); the top solid."""
    name = LEVEL_NAMES.get(value, f"Level {value}")
    if value in BAND_COLORS:
        return Level(value=value, name=name, color=BAND_COLORS[value])
    if value + 1 in BAND_COLORS:
        return Level(value=value, name=name, color=BAND_COLORS[value - 1], stripe_color=BAND_COLORS[value + 1])
    return Level(value=value, name=name, color=TOP_COLOR)


def new_map() -> Module:
    """File ▸ New Map… 50 × 36 pointy-top; Map Settings: columns first from 12, rows from 00."""
    module = new_module("st_lo", "St-Lô", COLS, ROWS, "pointy")
    module.map.grid = module.map.grid.model_copy(update={
        "shifted": "odd",
        "labels": Labels(order="col_row", first_col=geo.FIRST_COL, first_row=geo.FIRST_ROW, col_digits=2,
                         row_digits=2),
        "hex_size": 40.0,
    })
    return module


def palette(module: Module) -> Module:
    """The types the map needs (the palette dock's Add / Delete / Properties)."""
    m = module.map
    m.terrain_types["hedgerow"] = TerrainType(
        name="Hedgerow", color="#cdd6a0", pattern="hatch",
        description="Bocage: small fields behind earthen banks and hedges (2.1.1: there is no clear terrain)")
    m.terrain_types["woods"] = TerrainType(name="Woods", color="#5d8c4a", pattern="trees", blocks_los=True,
                                           description="Blocks observation (11.3.4 B)")
    m.terrain_types["village"] = TerrainType(name="Village", color="#d8cdb8", pattern="urban",
                                             description="Does not block observation (11.3.6)")
    m.terrain_types["city"] = TerrainType(name="St-Lô", color="#cbbfae", pattern="urban",
                                          description="The town of St-Lô; does not block observation (11.3.6)")
    m.default_terrain = "hedgerow"
    for old in [t for t in m.terrain_types if t not in ("hedgerow", "woods", "village", "city")]:
        module = without_type(module, "terrain", old, "hedgerow")
        m = module.map
    for old in list(m.hex_feature_types):
        module = without_type(module, "feature", old, None)
        m = module.map
    m.hex_feature_types.update({
        "steeple": HexFeatureType(name="Steeple", kind="steeple", color="#202020", symbol="†", observation_bonus=1,
                                  description="An OP here observes from one level higher (11.2.2)"),
        "cathedral": HexFeatureType(name="Cathedral", kind="cathedral", color="#202020", symbol="✝",
                                    description="An OP here observes from its own level (11.2.3: 7)"),
        "depot": HexFeatureType(name="Depot", kind="depot", color="#2f5d8a", symbol="D",
                                description="End of a line of communication (7.3); VPs if US-held (21.1.1)"),
        "improved_position": HexFeatureType(name="Permanent improved position", kind="entrenchment",
                                            color="#5a4a3a", symbol="IP",
                                            description="Benefits German units only (13.2)"),
        "strongpoint": HexFeatureType(name="Permanent strongpoint", kind="entrenchment", color="#3a2a1a",
                                      symbol="SP", description="Benefits German units only (13.2)"),
    })
    for old in list(m.hexside_feature_types):
        module = without_type(module, "hexside", old, None)
        m = module.map
    m.hexside_feature_types.update({
        "river": HexsideFeatureType(name="River (the Vire)", kind="river", color="#2a6fd6", width=6.0),
        "stream": HexsideFeatureType(name="Stream", kind="stream", color="#3f86dc", width=2.5),
        "boundary_35": HexsideFeatureType(name="35th Division boundary", kind="boundary", color="#a02060",
                                          width=3.0),
        "boundary_2": HexsideFeatureType(name="2nd Division boundary", kind="boundary", color="#6030a0",
                                         width=3.0),
    })
    for old in list(m.connection_types):
        module = without_type(module, "connection", old, None)
        m = module.map
    m.connection_types.update({
        "road": ConnectionType(name="Main road", kind="road", color="#b5452b", width=3.0),
        "minor_road": ConnectionType(name="Road", kind="secondary_road", color="#c07a3a", width=2.2),
    })
    m.levels = [level(v) for v in range(1, relief.TOP + 1)]
    m.style = StyleChoice(base="modern")
    return module


def sides(module: Module) -> None:
    """The two sides (Module ▸ Sides and types): US on the north edge, German on the south (2.1)."""
    module.pieces.sides = {
        "us": Side(name="United States (XIX Corps)", short="US", color="#6f8f3a", text_color="#ffffff",
                   map_edge="north"),
        "de": Side(name="Germany (II Fallschirmjäger Corps)", short="DE", color="#8a8f96", text_color="#000000",
                   map_edge="south"),
    }


ANCHOR = Anchor(lon=geo.CATHEDRAL[0], lat=geo.CATHEDRAL[1], x=27 - geo.FIRST_COL + 0.5, row=25 - geo.FIRST_ROW,
                per_lon=geo.PER_LON, per_lat=geo.PER_LAT)
"""The cathedral's hex 2725: column index 15, row 25 (an odd row, drawn half a hex east)."""


class Painter:
    """Paints the atlas onto the module's map and remembers why each hex and hexside is so."""

    def __init__(self, module: Module):
        self.module = module
        self.m = module.map
        self.names = GridNames(self.m.grid)
        self.proj = Projection(self.names.layout, ANCHOR, geo.PLACES)
        self.hex_why: dict[str, list[str]] = defaultdict(list)
        self.side_why: dict[str, list[str]] = defaultdict(list)
        self.labels = [self.label(h) for h in self.proj.grid.hexes()]

    def label(self, h: Hex) -> str:
        return self.names.label(h)

    def hex_of(self, label: str) -> Hex:
        return self.names.hex_of(label)

    def apply(self, patch: MapPatch) -> None:
        patch.apply(self.m)

    def neighbours(self, label: str) -> list[str]:
        grid = self.proj.grid
        return [self.label(n) for _d, n in grid.neighbors(self.hex_of(label)) if grid.contains(n)]

    # -- hexes ---------------------------------------------------------------------------

    def terrain(self) -> None:
        """Hedgerow everywhere (2.1.1), the woods, the villages and St-Lô brushed on."""
        by_type: dict[str, list[str]] = defaultdict(list)
        for label in self.labels:
            where = self.proj.lonlat(self.hex_of(label))
            terrain = ""
            for name, polygon in geo.WOODS:
                if inside(where, polygon):
                    terrain = "woods"
                    self.hex_why[label].append(f"{name} (woods)")
            if inside(where, geo.CITY):
                terrain = "city"
                self.hex_why[label].append("the town of St-Lô in 1944, east of the Vire")
            if not terrain:
                self.hex_why[label].append("hedgerow (2.1.1: every hex is woods or hedgerow)")
            else:
                by_type[terrain].append(label)
        for name, (_lon, _lat, kind) in sorted(geo.PLACES.items()):
            label = self.label(self.proj.place_hex(name))
            if kind in ("village", "hamlet") and self.m.terrain_of(label) != "city":
                by_type["village"].append(label)
                by_type["woods"] = [lb for lb in by_type["woods"] if lb != label]
        for terrain, labels in sorted(by_type.items()):
            patch = MapPatch()
            paint_terrain(patch, self.m, sorted(set(labels)), terrain)
            self.apply(patch)

    def levels(self) -> None:
        """The level brush, hex by hex from the ground's height, then the strips of 11.2.1."""
        raw: dict[str, int] = {}
        for label in self.labels:
            metres = relief.height(*self.proj.lonlat(self.hex_of(label)))
            raw[label] = relief.raw_level(metres)
            self.hex_why[label].append(f"ground about {round(metres / 5) * 5:.0f} m")
        printed = relief.printed_levels(raw, {lb: self.neighbours(lb) for lb in self.labels})
        by_level: dict[int, list[str]] = defaultdict(list)
        for label, level in printed.items():
            by_level[level].append(label)
        for level, labels in sorted(by_level.items()):
            patch = MapPatch()
            set_level(patch, self.m, sorted(labels), level)
            self.apply(patch)

    def feature(self, label: str, feature: HexFeature, why: str) -> None:
        patch = MapPatch()
        set_feature(patch, self.m, label, feature, True)
        self.apply(patch)
        self.hex_why[label].append(why)

    def name(self, label: str, text: str) -> None:
        patch = MapPatch()
        set_name(patch, self.m, label, text)
        self.apply(patch)

    def places(self) -> None:
        for name, (_lon, _lat, kind) in sorted(geo.PLACES.items()):
            label = self.label(self.proj.place_hex(name))
            self.name(label, name)
            self.hex_why[label].append(geo.WHY_PLACE.get(name, f"{name} ({kind})"))

    def printed_names(self) -> None:
        """Names printed over the map (the Place names tool): the river, the ridge, the hills with
        their heights (11.0's design note: "control of hills 192 and 122 proved to be critical")."""
        names = [PlaceName(text=text, hex=self.label(self.proj.hex_at((lon, lat))), kind=kind, size=size,
                           angle=-60.0 if kind == "water" else 0.0)
                 for text, lon, lat, kind, size in geo.PRINTED]
        names += [PlaceName(text="Hill 192", hex="5613", dy=-0.95, kind="hill", height=192, size=1.1),
                  PlaceName(text="Hill 122", hex="2917", dy=-0.95, kind="hill", height=122, size=1.1)]
        self.m.place_names = names
        self.m.furniture = Furniture(title="St-Lô", subtitle="Normandy, 11-18 July 1944", legend=True, compass=True,
                                     hex_scale="1 hex = 306 yards")

    # -- hexsides ------------------------------------------------------------------------

    def watercourses(self) -> None:
        corners = Corners(self.names.layout)
        lines = {name: line for name, line, _slope in geo.VALLEYS}
        for feature, names in (("river", geo.RIVERS), ("stream", geo.STREAMS)):
            for name in names:
                sides = corners.chain([self.proj.pixel((lon, lat)) for lon, lat, _h in lines[name]])
                self.side_feature(sides, feature, f"{name} ({feature})")

    def boundaries(self) -> None:
        corners = Corners(self.names.layout)
        for feature, line, text in (("boundary_35", geo.BOUNDARY_35, "the 35th Division's eastern boundary (8.4.2)"),
                                    ("boundary_2", geo.BOUNDARY_2, "the 2nd Division's western boundary (8.4.1)")):
            sides = corners.chain([self.proj.pixel(p) for p in line])
            self.side_feature(sides, feature, text)

    def side_feature(self, sides: list[Hexside], feature: str, why: str) -> None:
        patch = MapPatch()
        for side in sides:
            key = self.names.side_id(side)
            set_side_feature(patch, self.m, key, feature, True)
            self.side_why[key].append(why)
        self.apply(patch)

    def connections(self) -> None:
        for kind, chains in (("road", geo.MAIN_ROADS), ("minor_road", geo.MINOR_ROADS)):
            for name, waypoints in chains.items():
                patch = MapPatch()
                for side in road_sides(self.proj, waypoints):
                    key = self.names.side_id(side)
                    set_connection(patch, self.m, key, kind, True)
                    self.side_why[key].append(f"{kind.replace('_', ' ')}: the {name}")
                self.apply(patch)

    # -- provenance ----------------------------------------------------------------------

    def mark(self) -> None:
        """Every hex and hexside is reconstructed: its clue says from what (examples first)."""
        clues: dict[str, list[str]] = defaultdict(list)
        for label in sorted(self.hex_why):
            text = FILL + "; ".join(dict.fromkeys(self.hex_why[label]))
            said = examples.HEX_CLUES.get(label)
            clues[f"{said}; {text}" if said else text].append(label)
        for clue, labels in sorted(clues.items()):
            self.apply(provenance_patch(self.m, labels, [], clue))
        side_clues: dict[str, list[str]] = defaultdict(list)
        for key in sorted(self.m.hexsides):
            why = self.side_why.get(key, [])
            side_clues[FILL + "; ".join(dict.fromkeys(why)) if why else FILL + "plausible fill"].append(key)
        for clue, keys in sorted(side_clues.items()):
            self.apply(provenance_patch(self.m, [], keys, clue))


def paint() -> Painter:
    """The whole map, its hexes and hexsides marked with their clues."""
    module = palette(new_map())
    sides(module)
    painter = Painter(module)
    painter.terrain()
    painter.levels()
    painter.places()
    painter.printed_names()
    painter.watercourses()
    painter.boundaries()
    painter.connections()
    examples.apply(painter)
    painter.mark()
    return painter


if __name__ == "__main__":
    import sys
    from pathlib import Path

    from hexwright.runtime.storage import save_module

    save_module(paint().module, Path(sys.argv[1]))  # a module holding the map alone, to look at
