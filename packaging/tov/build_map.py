"""The Traces of Victory map, painted with the editor's edit layer from the atlas in ``geo``.

Each step is what a designer does in the editor: a new pointy-top map (File ▸ New Map),
its label scheme (Map Settings), the palette, terrain brushed hex by hex, features stamped
and named, rivers painted along hexsides, roads and railroads laid from town to town, then
the hexes the rulebook's examples name set as the examples need them, and every hex and
hexside marked reconstructed with its clue (the Provenance dock's Set clue).
"""

from __future__ import annotations

from collections import defaultdict

import examples
import geo
from paint import Corners, Projection, densify, inside, road_sides

from hexwright.editor.edits.hex_edits import paint_terrain, set_feature, set_name
from hexwright.editor.edits.naming import GridNames
from hexwright.editor.edits.palette import without_type
from hexwright.editor.edits.patch import MapPatch
from hexwright.editor.edits.provenance import provenance_patch
from hexwright.editor.edits.side_edits import set_connection, set_side_feature
from hexwright.runtime.geometry import Hex, Hexside
from hexwright.runtime.model import (
    ConnectionType,
    HexFeature,
    HexFeatureType,
    HexsideFeatureType,
    Labels,
    Module,
    Side,
    TerrainType,
    new_module,
)

COLS, ROWS = 26, 36
FILL = "reconstructed from real geography (no printed map in the rulebook): "


def new_map() -> Module:
    """File ▸ New Map… 26 × 36 pointy-top; Map Settings: rows first, columns from 00."""
    module = new_module("traces_of_victory", "Traces of Victory", COLS, ROWS, "pointy")
    grid = module.map.grid.model_copy(update={
        "shifted": "odd",
        "labels": Labels(order="row_col", first_col=0, first_row=1, col_digits=2, row_digits=2),
        "hex_size": 30.0,
    })
    module.map.grid = grid
    return module


def palette(module: Module) -> Module:
    """The types the map needs (the palette dock's Add / Delete / Properties)."""
    module = without_type(module, "terrain", "water", "clear")
    module = without_type(module, "feature", "village", None)
    m = module.map
    m.terrain_types["mountain"] = TerrainType(name="Mountain", color="#a08a6a", pattern="hills")
    m.hex_feature_types.update({
        "major_city": HexFeatureType(name="Major city", kind="major_city", color="#701008"),
        "fortification": HexFeatureType(name="Metz fortification", kind="fortification", color="#404040",
                                        symbol="▲"),
        "maginot": HexFeatureType(name="Maginot Line", kind="fort_line", color="#505050", symbol="M"),
        "siegfried": HexFeatureType(name="Siegfried Line", kind="fort_line", color="#303030", symbol="W"),
        "supply_source": HexFeatureType(name="Supply source", kind="supply_source", color="#2f7d32",
                                        symbol="S"),
        "pass": HexFeatureType(name="Pass", kind="reference", color="#202020", symbol="⌒"),
    })
    m.hexside_feature_types["canal"] = HexsideFeatureType(name="Canal", kind="canal", color="#4a8fe6", width=2.0)
    m.hexside_feature_types["rhine"] = HexsideFeatureType(name="Rhine (blocked)", kind="blocked_river",
                                                          color="#1f5fc6", width=8.0)
    m.connection_types["road"] = ConnectionType(name="Road", kind="road", color="#8a3a1a", width=3.0)
    return module


class Painter:
    """Paints the atlas onto the module's map and remembers why each hex and hexside is so."""

    def __init__(self, module: Module):
        self.module = module
        self.m = module.map
        self.names = GridNames(self.m.grid)
        self.proj = Projection(self.names.layout)
        self.hex_why: dict[str, list[str]] = defaultdict(list)
        self.side_why: dict[str, list[str]] = defaultdict(list)
        self.metz_hexes: list[str] = []

    def label(self, h: Hex) -> str:
        return self.names.label(h)

    def apply(self, patch: MapPatch) -> None:
        patch.apply(self.m)

    # -- hexes ---------------------------------------------------------------------------

    def terrain(self) -> None:
        by_type: dict[str, list[str]] = defaultdict(list)
        for h in self.proj.grid.hexes():
            where = self.proj.lonlat(h)
            terrain, why = "clear", "open farmland of the Lorraine plateau and the Alsace plain (clear)"
            for kind, name, polygon in geo.TERRAIN:
                if inside(where, polygon):
                    terrain, why = kind, f"{name} ({kind})"
            by_type[terrain].append(self.label(h))
            self.hex_why[self.label(h)].append(why)
        for terrain, labels in sorted(by_type.items()):
            patch = MapPatch()
            paint_terrain(patch, self.m, labels, terrain)
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
            if not self.proj.grid.contains(self.names.hex_of(label)):
                continue
            self.feature(label, HexFeature(type=kind, name=name), f"{name} ({kind.replace('_', ' ')})")
            self.name(label, name)

    def line_hexes(self, line: list[geo.Point]) -> list[str]:
        pixels = densify([self.proj.pixel(p) for p in line], self.names.layout.size / 3)
        out: list[str] = []
        for x, y in pixels:
            h = self.names.layout.hex_at(x, y)
            if self.proj.grid.contains(h) and self.label(h) not in out:
                out.append(self.label(h))
        return out

    def fort_lines(self) -> None:
        for type_id, lines, name in (("maginot", geo.MAGINOT, "the Maginot Line (12.5)"),
                                     ("siegfried", geo.SIEGFRIED, "the Siegfried Line / West Wall (12.6)")):
            for line in lines:
                for label in self.line_hexes(line):
                    self.feature(label, HexFeature(type=type_id), name)

    def metz(self) -> None:
        """12.4: Metz and its ring of forts: the six hexes round the city, and Fort Driant's."""
        city = self.proj.place_hex("Metz")
        ring = [n for _d, n in self.proj.grid.neighbors(city)]
        ring += [self.proj.hex_at(p) for p in geo.METZ_FORTS.values()]
        for h in sorted(set(ring) - {city}):
            lon, lat = self.proj.lonlat(h)
            name = min(geo.METZ_FORTS, key=lambda f: (geo.METZ_FORTS[f][0] - lon) ** 2 + (geo.METZ_FORTS[f][1] - lat) ** 2)
            label = self.label(h)
            self.feature(label, HexFeature(type="fortification", name=name), f"{name} and the forts round it, Metz (12.4)")
            self.metz_hexes.append(label)
        self.metz_hexes.append(self.label(city))

    def supply(self) -> None:
        for side, sources in sorted(geo.SUPPLY.items()):
            for name, where in sources:
                h = self.proj.hex_at(where)  # a source off the map goes on the map edge nearest it
                h = Hex(min(max(h.col, 0), COLS - 1), min(max(h.row, 0), ROWS - 1))
                label = self.label(h)
                feature = HexFeature(type="supply_source", side=side, name=name)
                self.feature(label, feature, f"{side.upper()} supply source: {name} (2.1, 8.1)")

    # -- hexsides ------------------------------------------------------------------------

    def lines(self) -> None:
        corners = Corners(self.names.layout)
        groups = [("river", geo.RIVERS), ("stream", geo.STREAMS), ("canal", geo.CANALS),
                  ("rhine", {"Rhine": geo.RHINE})]
        for feature, lines in groups:
            for name, line in lines.items():
                sides = corners.chain([self.proj.pixel(p) for p in line])
                self.side_feature(sides, feature, f"the {name} ({feature})")

    def side_feature(self, sides: list[Hexside], feature: str, why: str) -> None:
        patch = MapPatch()
        for side in sides:
            key = self.names.side_id(side)
            set_side_feature(patch, self.m, key, feature, True)
            self.side_why[key].append(why)
        self.apply(patch)

    def connections(self) -> None:
        for kind, chains in (("road", geo.ROADS), ("railroad", geo.RAILROADS)):
            for name, waypoints in chains.items():
                patch = MapPatch()
                for side in road_sides(self.proj, waypoints):
                    key = self.names.side_id(side)
                    set_connection(patch, self.m, key, kind, True)
                    self.side_why[key].append(f"{kind} {name}")
                self.apply(patch)

    # -- provenance ----------------------------------------------------------------------

    def mark(self) -> None:
        """Every hex and hexside is reconstructed: its clue says from what."""
        clues: dict[str, list[str]] = defaultdict(list)
        for label in sorted(self.hex_why):
            clues[FILL + "; ".join(dict.fromkeys(self.hex_why[label]))].append(label)
        for label, clue in examples.HEX_CLUES.items():
            for text, labels in clues.items():
                if label in labels:
                    labels.remove(label)
                    clues.setdefault(f"{clue}; {text}", []).append(label)
                    break
        for clue, labels in sorted(clues.items()):
            if labels:
                self.apply(provenance_patch(self.m, labels, [], clue))
        side_clues: dict[str, list[str]] = defaultdict(list)
        for key in sorted(self.m.hexsides):
            why = self.side_why.get(key, [])
            text = examples.SIDE_CLUES.get(key)
            clue = FILL + "; ".join(dict.fromkeys(why)) if why else ""
            if text:
                clue = f"{text}; {clue}" if clue else text
            side_clues[clue].append(key)
        for clue, keys in sorted(side_clues.items()):
            self.apply(provenance_patch(self.m, [], keys, clue or FILL + "plausible fill"))


def sides(module: Module) -> None:
    """The two sides (Module ▸ Sides and types): Allied green, German grey (2.1)."""
    module.pieces.sides = {
        "us": Side(name="Allies (US Third and Seventh Armies)", short="US", color="#6f8f3a", text_color="#ffffff",
                   map_edge="west"),
        "de": Side(name="Germans (1st and 19th Armies)", short="DE", color="#8a8f96", text_color="#000000",
                   map_edge="east"),
    }


def paint() -> Painter:
    """Everything on the hexes but the provenance marks (areas add features: mark last)."""
    module = palette(new_map())
    sides(module)
    painter = Painter(module)
    painter.terrain()
    painter.places()
    painter.metz()
    painter.fort_lines()
    painter.supply()
    painter.lines()
    painter.connections()
    examples.apply(painter)
    return painter
