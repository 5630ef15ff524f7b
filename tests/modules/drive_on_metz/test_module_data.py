"""The Drive on Metz module data against the rulebook: every hex, cost, unit and example it gives.

The costs and retreats are worked out here from the data alone (a small search, no rules
engine), so these tests check the map, not the engine.
"""

from __future__ import annotations

import heapq
from pathlib import Path

import pytest

from hexwright.runtime.geometry import format_hexside
from hexwright.runtime.storage import load_module
from hexwright.runtime.validation import check_module

METZ = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"


@pytest.fixture(scope="module")
def module():
    return load_module(METZ).module


@pytest.fixture(scope="module")
def geo(module):
    return Geo(module)


class Geo:
    """Adjacency, hexsides and costs of the module's map, read from its data."""

    def __init__(self, module):
        self.m = module.map
        self.grid = self.m.grid.hex_grid()
        self.scheme = self.m.grid.labels.scheme()
        self.te = module.tables.terrain_effects

    def hex(self, label):
        return self.scheme.parse(label, self.grid)

    def label(self, h):
        return self.scheme.format(h, self.grid)

    def neighbours(self, label):
        return {self.label(n) for _, n in self.grid.neighbors(self.hex(label))}

    def side(self, a, b):
        s = self.grid.hexside_between(self.hex(a), self.hex(b))
        assert s is not None, f"{a} and {b} are not adjacent"
        return self.m.hexsides.get(format_hexside(self.grid, s, self.scheme))

    def road(self, a, b):
        data = self.side(a, b)
        return data is not None and "road" in data.connections

    def river(self, a, b):
        data = self.side(a, b)
        return data is not None and "river" in data.features

    def edge_sides(self, label):
        h = self.hex(label)
        return [s for s in self.grid.hexsides_of(h) if self.grid.is_edge(s)]

    def road_off_map(self, label):
        for s in self.edge_sides(label):
            data = self.m.hexsides.get(format_hexside(self.grid, s, self.scheme))
            if data is not None and "road" in data.connections:
                return True
        return False

    def terrain_cost(self, label):
        return int(self.te.terrain[self.m.terrain_of(label)]["*"])

    def entry_cost(self, label):
        """§8.2: the first hex's cost, or the road cost where a road crosses its map edge."""
        return int(self.te.connections["road"]["*"]) if self.road_off_map(label) else self.terrain_cost(label)

    def step_cost(self, a, b):
        if self.road(a, b):
            return int(self.te.connections["road"]["*"])
        if self.river(a, b):
            return None  # 'all': never part of a longer move
        return self.terrain_cost(b)

    def cheapest(self, starts, enemies):
        """Least MF to every hex from ``starts`` (hex -> entry cost); enemy ZOC stops, enemy hexes bar."""
        zoc = set().union(*(self.neighbours(e) for e in enemies)) if enemies else set()
        best = {}
        queue = [(cost, hx) for hx, cost in starts.items() if hx not in enemies]
        heapq.heapify(queue)
        while queue:
            cost, hx = heapq.heappop(queue)
            if hx in best:
                continue
            best[hx] = cost
            if hx in zoc:
                continue
            for n in self.neighbours(hx):
                step = self.step_cost(hx, n)
                if step is not None and n not in enemies and n not in best:
                    heapq.heappush(queue, (cost + step, n))
        return best

    def combat_shift(self, label):
        data = self.m.hex_data(label)
        keys = [self.m.terrain_of(label)] + [f.type for f in data.features]
        return min([self.te.combat[k].shift for k in keys if k in self.te.combat] + [0])


# -- the module as a whole ------------------------------------------------------------------


def test_module_validates_with_99_hexes(module):
    assert check_module(module) == []
    assert (module.map.grid.cols, module.map.grid.rows, module.map.grid.orientation) == (9, 11, "flat")
    assert module.map.grid.shifted == "odd"
    assert len(module.map.grid.hex_grid().hexes()) == 99
    assert len(module.map.hexes) == 99


def test_every_reconstructed_value_names_its_clue(module):
    for label, data in module.map.hexes.items():
        assert data.provenance is not None and data.provenance.clue.strip(), label
    for sid, data in module.map.hexsides.items():
        assert data.provenance is not None and data.provenance.clue.strip(), sid
    for pid, piece in module.pieces.pieces.items():
        assert piece.steps[0].provenance is not None and piece.steps[0].provenance.clue.strip(), pid
    assert module.map.boxes["us_box_b"].provenance.clue
    assert module.map.areas["east_of_moselle"].provenance.clue


# -- hexes the rulebook names ---------------------------------------------------------------

NAMED_HEXES = [
    ("0111", "clear", set()), ("0211", "clear", set()), ("0408", "woods", set()), ("0501", "rough", set()),
    ("0507", "woods", {"fortified"}), ("0509", None, {"fortified"}), ("0606", "woods", {"fortified"}),
    ("0701", "clear", {"town"}), ("0807", None, {"city"}), ("0901", "clear", set()), ("0904", "woods", set()),
]


@pytest.mark.parametrize(("label", "terrain", "features"), NAMED_HEXES)
def test_hexes_named_in_the_rulebook(module, label, terrain, features):
    data = module.map.hex_data(label)
    if terrain is not None:
        assert module.map.terrain_of(label) == terrain
    assert features <= {f.type for f in data.features}


def test_thionville_and_metz_are_named_objectives(module):
    assert module.map.hex_data("0701").name == "Thionville"
    assert module.map.hex_data("0807").name == "Metz"
    assert module.map.areas["thionville"].hexes == ["0701"]
    assert module.map.areas["metz"].hexes == ["0807"]


def test_figure_adjacencies(geo):
    assert {"0609", "0608", "0508", "0510", "0408", "0409"} == geo.neighbours("0509")
    assert "0701" in geo.neighbours("0601") and "0501" in geo.neighbours("0601")
    assert "0507" in geo.neighbours("0407") and "0607" in geo.neighbours("0507")
    assert {"0509", "0609"} <= geo.neighbours("0510")
    assert geo.neighbours("0609") >= {"0509", "0510"}  # Figure 3: 0509 in both ZOCs


# -- roads (Figures 4, 5, 6) ----------------------------------------------------------------

@pytest.mark.parametrize("chain", [
    ["0106", "0206", "0307"], ["0108", "0207", "0307", "0407"], ["0407", "0408"],
    ["0110", "0209", "0309"], ["0211", "0311", "0410", "0510"],
])
def test_figure_4_road_chains(geo, chain):
    assert all(geo.road(a, b) for a, b in zip(chain, chain[1:]))


def test_figure_4_breaks_in_the_roads(geo):
    assert not geo.road("0111", "0211")  # 'the road in that hex does not connect to 0111'
    assert not geo.road("0309", "0408")  # US 7/R pays the woods cost for 0408


def test_roads_leaving_the_map(geo):
    for label in ("0106", "0108", "0110", "0905", "0401", "0801"):
        assert geo.road_off_map(label), label
    for label in ("0111", "0904", "0501", "0601", "0701", "0901"):
        assert not geo.road_off_map(label), label


# -- rivers (Figures 3 and 9, §10.1) --------------------------------------------------------

def test_figure_9_river_hexsides(geo):
    assert geo.river("0608", "0708")
    assert geo.river("0608", "0709")
    assert not geo.river("0509", "0608")
    assert not geo.river("0608", "0607")
    assert not geo.river("0508", "0509")


def test_moselle_bounds_the_east_bank_area(module, geo):
    east = set(module.map.areas["east_of_moselle"].hexes)
    assert {"0807", "0708", "0709", "0904", "0905"} <= east
    assert not east & {"0701", "0608", "0609", "0509", "0507", "0606", "0601"}
    inside = {(a, n) for a in east for n in geo.neighbours(a) if n in east}
    assert not any(geo.river(a, n) for a, n in inside)
    border = {(a, n) for a in east for n in geo.neighbours(a) if n not in east}
    assert border and all(geo.river(a, n) for a, n in border)


def test_moselle_runs_from_the_south_edge_to_the_north_edge(module, geo):
    east = set(module.map.areas["east_of_moselle"].hexes)
    assert any(label.endswith("11") for label in east) and any(label.endswith("01") for label in east)
    bridges = {(a, n) for a in east for n in geo.neighbours(a) if n not in east and geo.road(a, n)}
    assert ("0807", "0707") in bridges  # Metz bridge


# -- costs worked out from the data ---------------------------------------------------------

FIG4_ENEMIES = {"0507", "0509", "0609"}  # DE 1010, Fhnjkr, 3/8 (Figures 3 and 7)


def _from_box(module, geo, box, enemies):
    starts = {h: geo.entry_cost(h) for h in module.map.boxes[box].entry_hexes}
    return geo.cheapest(starts, enemies)


def test_figure_4_movement_costs(module, geo):
    b = _from_box(module, geo, "us_box_b", FIG4_ENEMIES)
    c = _from_box(module, geo, "us_box_c", FIG4_ENEMIES)
    assert geo.entry_cost("0106") == 1 and b["0307"] == 3  # US 5/2
    assert geo.entry_cost("0108") == 1 and b["0407"] == 4  # US 5/10
    assert geo.entry_cost("0110") == 1 and c["0309"] == 3 and c["0408"] == 7  # US 7/R
    assert geo.entry_cost("0111") == 2 and geo.step_cost("0111", "0211") == 2 and c["0510"] == 7  # US 7/B
    assert c["0409"] == 4  # US 5/11, by road, to attack 0509 (Figure 7)


def test_figure_5_leaving_the_map(geo):
    assert geo.entry_cost("0905") == 1  # leaving costs what entering from off-map would
    assert geo.entry_cost("0904") == 4


def test_figure_6_north_box_entry_costs(module, geo):
    box = module.map.boxes["de_north"]
    assert box.entry_hexes == ["0401", "0501", "0601", "0701", "0801", "0901"]
    assert {h: geo.entry_cost(h) for h in ("0401", "0501", "0701", "0801", "0901")} == {
        "0401": 1, "0501": 3, "0701": 2, "0801": 1, "0901": 2}
    assert "0701" in geo.neighbours("0601") and "0401" not in geo.neighbours("0601")
    assert "0801" not in geo.neighbours("0601")  # 0401 and 0801 leave DE 106 7 MF to spend


def test_figure_6_us_90_358_can_be_at_0601_on_turn_2(module, geo):
    s = module.scenarios["campaign"]
    de = {p.hex for p in s.setup if p.hex is not None}
    mf = module.pieces.pieces["us_90_358"].steps[0].movement
    zoc = set().union(*(geo.neighbours(h) for h in de))
    turn_1 = _from_box(module, geo, "us_box_a", de)
    ends = [h for h, cost in turn_1.items() if cost <= mf and h not in zoc]
    assert any(geo.cheapest({h: 0}, de).get("0601", 99) <= mf for h in ends)


def test_figure_9_only_retreat_is_through_0608_to_0607(geo):
    us = {"0407", "0408", "0409", "0510"}  # US 10/5, CCR, 11/5, CCB after Figure 4
    attackers = {"0408", "0409", "0510"}
    occupied = us | {"0507", "0609"}
    us_zoc = set().union(*(geo.neighbours(u) for u in us))

    def ok(a, b):
        return b not in occupied and b not in us_zoc and not geo.river(a, b)

    def far(h):
        return min(geo.grid.distance(geo.hex(h), geo.hex(a)) for a in attackers)

    paths = [(b, c) for b in geo.neighbours("0509") if ok("0509", b)
             for c in geo.neighbours(b) if c != "0509" and ok(b, c) and far(c) >= 2]
    assert paths == [("0608", "0607")]
    assert "0508" in us_zoc and geo.river("0608", "0708")


# -- tables ---------------------------------------------------------------------------------

def test_table_1_terrain_effects(module):
    te = module.tables.terrain_effects
    assert {k: v["*"] for k, v in te.terrain.items()} == {"clear": "2", "woods": "4", "rough": "3"}
    assert te.hexsides["river"]["*"] == "all" and te.connections["road"]["*"] == "1"
    assert all(te.features[f]["*"] == "other" for f in ("town", "city", "fortified", "reference"))
    assert {k: e.shift for k, e in te.combat.items()} == {
        "woods": -2, "rough": -1, "town": -2, "city": -2, "fortified": -3}
    assert te.hexside_combat["river"].shift == -3 and te.shift_mode == "largest"


def _column(crt, delta, shift):
    delta = max(-1, min(10, delta))
    index = next(i for i, c in enumerate(crt.columns)
                 if (c.min is None or delta >= int(c.min)) and (c.max is None or delta <= int(c.max)))
    return max(0, min(len(crt.columns) - 1, index + shift))


def _cf(module, pid):
    return module.pieces.pieces[pid].steps[0].combat


def test_figures_7_8_9_through_the_crt(module, geo):
    crt = module.tables.crts["crt"]
    labels = [c.label for c in crt.columns]
    north = _cf(module, "us_5_10") - _cf(module, "de_462_1010")
    assert north == 4 and geo.combat_shift("0507") == -3
    col = _column(crt, north, geo.combat_shift("0507"))
    assert labels[col] == "0" and crt.cells[1][col] == "–"  # roll 2: no effect
    south = sum(_cf(module, p) for p in ("us_7_ccb", "us_7_ccr", "us_5_11")) - _cf(module, "de_462_fhnjkr")
    assert south == 14
    col = _column(crt, south, geo.combat_shift("0509"))
    assert labels[col] == "+4/+5" and crt.cells[0][col] == "D2"  # roll 1
    fig8 = _cf(module, "ss_17_37") + _cf(module, "ss_17_38") - _cf(module, "us_101_502")
    assert fig8 == 2 and labels[_column(crt, fig8, 0)] == "+2/+3"
    assert labels[_column(crt, fig8, geo.combat_shift("0606"))] == "≤−1"
    assert labels[_column(crt, fig8, geo.combat_shift("0606") + 1)] == "0"  # division command ⇒1


def test_crt_given_rows_and_reconstruction(module):
    crt = module.tables.crts["crt"]
    assert [c.label for c in crt.columns] == ["≤−1", "0", "1", "+2/+3", "+4/+5", "+6/+7", "+8/+9", "≥10"]
    assert crt.kind == "differential" and crt.rows == [1, 2, 3, 4, 5, 6]
    assert crt.cells[0] == ["–", "D1", "D1", "D1", "D2", "D2", "D2", "D2"]
    assert crt.cells[1] == ["–", "–", "D1", "D1", "D1", "D2", "D2", "D2"]
    assert crt.cells[2][:4] == ["A1", "–", "–", "D1"]
    marked = {(c.row, c.column) for c in crt.reconstructed_cells}
    expected = {(3, c.label) for c in crt.columns[4:]} | {(r, c.label) for r in (4, 5, 6) for c in crt.columns}
    assert marked == expected and all(c.clue for c in crt.reconstructed_cells)
    rank = {"A1": 0, "–": 1, "D1": 2, "D2": 3}
    for r, row in enumerate(crt.cells):
        assert [rank[x] for x in row] == sorted(rank[x] for x in row), f"row {r + 1} not monotone"
    for c in range(len(crt.columns)):
        column = [rank[row[c]] for row in crt.cells]
        assert column == sorted(column, reverse=True), f"column {c} not monotone"
    assert "A1" in [row[0] for row in crt.cells]
    effects = {code: [(e.who, e.what, e.amount) for e in r.effects] for code, r in crt.results.items()}
    assert effects["D2"][0] == ("defender", "retreat", 2) and effects["D1"][0] == ("defender", "retreat", 1)
    assert effects["A1"][0] == ("attacker", "retreat", 1) and effects["–"] == []


def test_victory_points_and_levels(module):
    v = module.tables.victory
    rules = {(r.side, r.kind, r.points, r.minus_turn) for r in v.rules}
    assert rules == {("us", "occupy_area_turns", 5, False), ("us", "exit_edge", 5, False),
                     ("us", "control_hex", 5, False), ("us", "control_hex", 20, False),
                     ("de", "exit_edge", 10, False), ("de", "exit_edge", 8, True)}
    control = {r.params["hex"]: r.points for r in v.rules if r.kind == "control_hex"}
    assert control == {"0701": 5, "0807": 20}
    assert [(lv.min_margin, lv.name) for lv in v.levels] == [(5, "Marginal"), (10, "Substantial"), (15, "Decisive")]
    assert [t.number for t in module.tables.turn_track.turns] == list(range(1, 8))
    assert len(module.map.tracks["turn"].spaces) == 7


# -- pieces ---------------------------------------------------------------------------------

UNIT_VALUES = {  # id: (designation, type, CF, MF, setup)
    "us_5_2": ("US 2/5 iregt", "infantry", 6, 4, "B"), "us_5_10": ("US 10/5 iregt", "infantry", 6, 4, "B"),
    "us_5_11": ("US 11/5 iregt", "infantry", 6, 4, "C"), "us_90_357": ("US 357/90 iregt", "infantry", 6, 4, "A"),
    "us_90_358": ("US 358/90 iregt", "infantry", 6, 4, "A"), "us_90_359": ("US 359/90 iregt", "infantry", 6, 4, "A"),
    "us_7_cca": ("US CCA/7 abde", "armoured", 7, 8, "C"), "us_7_ccb": ("US CCB/7 abde", "armoured", 7, 8, "C"),
    "us_7_ccr": ("US CCR/7 abde", "armoured", 7, 8, "C"),
    "de_462_fhnjkr": ("DE Fhnjkr/462 iregt", "infantry", 6, 4, "0509"),
    "de_462_utrfhr": ("DE Utrfhr/462 iregt", "infantry", 4, 4, "0606"),
    "de_462_1010": ("DE 1010/462 iregt", "infantry", 2, 4, "0507"),
    "ss_17_37": ("SS 37/17 airegt", "panzer_grenadier", 4, 6, "0710"),
    "ss_17_38": ("SS 38/17 airegt", "panzer_grenadier", 4, 6, "0809"),
    "de_3_8": ("DE 8/3 airegt", "panzer_grenadier", 4, 6, "0609"),
    "de_3_29": ("DE 29/3 airegt", "panzer_grenadier", 4, 6, "0803"),
    "de_106": ("DE 106 aregt", "armoured", 6, 8, "2"),
    "de_559_1125": ("DE 1125/559 iregt", "infantry", 3, 4, "0807"),
    "de_559_1126": ("DE 1126/559 iregt", "infantry", 3, 4, "0805"),
    "de_559_1127": ("DE 1127/559 iregt", "infantry", 3, 4, "0908"),
}


def test_twenty_units_and_the_optional_airborne(module):
    pieces = module.pieces.pieces
    regular = {pid for pid, p in pieces.items() if p.optional_rule is None}
    assert regular == set(UNIT_VALUES) and len(regular) == 20
    for pid, (designation, unit_type, cf, mf, setup) in UNIT_VALUES.items():
        p = pieces[pid]
        assert (p.designation, p.unit_type, p.steps[0].combat, p.steps[0].movement, p.setup) == (
            designation, unit_type, cf, mf, setup), pid
    airborne = pieces["us_101_502"]
    assert airborne.optional_rule == "us_airborne" and airborne.unit_type == "airborne"
    assert (airborne.steps[0].combat, airborne.steps[0].movement, airborne.setup) == (6, 4, "")
    assert pieces["de_106"].steps[0].movement == 8  # Figure 6


def test_unit_types_and_formations(module):
    types = module.pieces.unit_types
    assert {k: (t.symbol, t.armored) for k, t in types.items()} == {
        "infantry": ("infantry", False), "armoured": ("armor", True),
        "panzer_grenadier": ("mechanized_infantry", True), "airborne": ("airborne", False)}
    f = module.pieces.formations
    assert f["us_7ad"].name == "7th Armored Division" and f["ss_17pgd"].side == "de"
    for pid, p in module.pieces.pieces.items():
        assert p.formation is None or module.pieces.formations[p.formation].side == p.side, pid
    assert module.pieces.pieces["ss_17_37"].formation == module.pieces.pieces["ss_17_38"].formation


# -- boxes, module, scenario ----------------------------------------------------------------

def test_reinforcement_boxes(module):
    boxes = module.map.boxes
    assert {"0106", "0108"} <= set(boxes["us_box_b"].entry_hexes)
    assert {"0110", "0111"} <= set(boxes["us_box_c"].entry_hexes)
    west = [h for b in ("us_box_a", "us_box_b", "us_box_c") for h in boxes[b].entry_hexes]
    assert sorted(west) == [f"01{r:02d}" for r in range(1, 12)]
    assert {b.kind for b in boxes.values()} >= {"reinforcement", "eliminated", "exited"}
    for side in ("us", "de"):
        assert any(b.kind == "eliminated" and b.side == side for b in boxes.values())
        assert any(b.kind == "exited" and b.side == side for b in boxes.values())


def test_sequence_and_optional_rules(module):
    meta = module.meta
    assert [(p.side, p.kind) for p in meta.sequence] == [
        ("us", "movement"), ("us", "combat"), ("de", "movement"), ("de", "combat")]
    assert set(meta.optional_rules) == {"division_command", "tactical_withdrawal", "us_airborne"}


def test_campaign_scenario(module):
    s = module.scenarios["campaign"]
    assert (s.first_turn, s.last_turn, s.first_side) == (1, 7, "us")
    where = {p.piece: p.hex or p.box for p in s.setup}
    box = {"A": "us_box_a", "B": "us_box_b", "C": "us_box_c"}
    for pid, piece in module.pieces.pieces.items():
        if pid == "de_106":
            assert pid not in where
        elif pid == "us_101_502":
            assert where[pid] == "us_airborne"
        elif piece.side == "us":
            assert where[pid] == box[piece.setup], pid
        else:
            assert where[pid] == piece.setup, pid
    assert [(r.piece, r.turn, r.box) for r in s.reinforcements] == [("de_106", 2, "de_north")]
    assert [(m.marker, m.track, m.space) for m in s.markers] == [("turn", "turn", 0)]
    assert s.optional_rules.get("us_airborne") is False


def test_boxes_and_turn_track_sit_around_the_map(module):
    width, height = module.map.grid.layout().bounds()
    boxes = module.map.boxes
    for b in ("us_box_a", "us_box_b", "us_box_c", "us_airborne"):
        assert boxes[b].rect.x + boxes[b].rect.width <= 0, b  # west (left) of the map, §1.1
    north = boxes["de_north"].rect
    assert north.y + north.height <= 0 and north.x + north.width <= width  # north of the map
    a, b, c = (boxes[k].rect for k in ("us_box_a", "us_box_b", "us_box_c"))
    assert a.y < b.y < c.y  # A north, C south
    track = module.map.tracks["turn"].rect
    assert track.y >= height  # 'South of the map is a turn track'
