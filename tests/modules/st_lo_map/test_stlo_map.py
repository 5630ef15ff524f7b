"""The St-Lô map against the rulebook: every hex the text names, its levels and boundaries.

The map is painted by ``packaging/stlo/build_map.py`` with the editor's edit layer from the
real ground (``geo``) and the rulebook's hexes (``examples``); these tests build it and check
it against the text (sections in each test's name), and that the build is byte-stable.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hexwright.runtime.geometry import format_hexside
from hexwright.runtime.rules.los import observe
from hexwright.runtime.storage import load_module
from hexwright.runtime.validation import check_module

ROOT = Path(__file__).resolve().parents[3]
BUILD = ROOT / "packaging" / "stlo" / "build_map.py"

US_35 = ["1600", "1700", "2000", "2001", "2202", "2503", "2805", "2904", "2906", "3008", "3108"]
US_29 = ["3710", "3910", "4009", "4110", "4710", "4810", "4908", "5010"]
US_2 = ["5409", "5507", "5609"]
DE = ["3815", "4012", "4212", "4412", "4812", "5012", "5211", "5216", "1607", "1702", "2003", "2107", "2707",
      "2809", "2812", "2722"]


def _build(out: Path) -> None:
    done = subprocess.run([sys.executable, str(BUILD), str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("stlo") / "map"
    _build(out)
    return out


@pytest.fixture(scope="module")
def module(built):
    return load_module(built).module


class Geo:
    def __init__(self, module):
        self.m = module.map
        self.grid = self.m.grid.hex_grid()
        self.scheme = self.m.grid.labels.scheme()
        self.labels = [self.scheme.format(h, self.grid) for h in self.grid.hexes()]

    def hex(self, label):
        return self.scheme.parse(label, self.grid)

    def level(self, label):
        return self.m.hex_data(label).level

    def neighbours(self, label):
        return [self.scheme.format(n, self.grid) for _, n in self.grid.neighbors(self.hex(label))
                if self.grid.contains(n)]

    def side(self, a, b):
        s = self.grid.hexside_between(self.hex(a), self.hex(b))
        data = self.m.hexsides.get(format_hexside(self.grid, s, self.scheme))
        return set(data.features) | set(data.connections) if data else set()

    def features(self, label, type_id):
        return [f for f in self.m.hex_data(label).features if f.type == type_id]

    def west_of(self, feature):
        """Hexes reached from the west edge without crossing a ``feature`` hexside."""
        seen = {lb for lb in self.labels if self.hex(lb).col == 0}
        todo = list(seen)
        while todo:
            a = todo.pop()
            for b in self.neighbours(a):
                if b not in seen and feature not in self.side(a, b):
                    seen.add(b)
                    todo.append(b)
        return seen


@pytest.fixture(scope="module")
def geo(module):
    return Geo(module)


def test_the_map_build_is_byte_stable(built, tmp_path):
    """Built twice from its sources, the map is the same bytes."""
    again = tmp_path / "again"
    _build(again)
    assert (again / "map.json").read_bytes() == (built / "map.json").read_bytes()


def test_2_3_numbering_columns_12_to_61_rows_00_to_35_holds_every_hex_the_text_names(geo, module):
    assert not [i for i in check_module(module) if i.severity == "error"]
    assert geo.labels[0] == "1200" and geo.labels[-1] == "6135"
    named = US_35 + US_29 + US_2 + DE + ["5613", "2725", "2917", "2918", "2916", "2626", "2727", "2927", "4724",
                                         "4123", "4417", "4418", "3513", "3514"]
    assert set(named) <= set(geo.labels)


def test_2_1_1_there_is_no_clear_terrain(geo):
    assert {geo.m.terrain_of(lb) for lb in geo.labels} == {"hedgerow", "woods", "village", "city"}
    assert geo.m.terrain_types["woods"].blocks_los and not geo.m.terrain_types["village"].blocks_los


def test_11_2_fourteen_levels_each_even_level_a_strip_under_the_band_above(geo):
    """11.2.1: odd levels are bands, an even level is a one-hex strip between two odd levels."""
    assert [lv.value for lv in geo.m.levels] == list(range(1, 15))
    used = {geo.level(lb) for lb in geo.labels}
    assert used == set(range(1, 15))
    for lb in geo.labels:
        level = geo.level(lb)
        if level % 2 == 0 and level < 14:
            assert any(geo.level(n) == level + 1 for n in geo.neighbours(lb)), lb


def test_11_2_2_hill_192_is_the_top_with_a_steeple_an_op_there_is_at_level_15(geo, module):
    assert geo.level("5613") == 14 == max(geo.level(lb) for lb in geo.labels)
    assert geo.features("5613", "steeple")
    assert observe(module, "5613", "5010").observer_level == 15
    # 24.1 E: from Hill 192 "anything within observation range becomes a target": the 3rd FJ line below it
    assert all(observe(module, "5613", lb).visible for lb in ("5211", "5012", "5216"))


def test_11_2_3_the_cathedral_2725_observes_from_level_7_above_its_own(geo, module):
    assert geo.level("2725") < 7 and geo.m.terrain_of("2725") == "city"
    assert observe(module, "2725", "2729").observer_level == 7


def test_11_3_1_the_op_in_2918_observes_2916_two_hexes_away(geo, module):
    assert geo.grid.distance(geo.hex("2918"), geo.hex("2916")) == 2
    assert observe(module, "2918", "2916").visible


def test_24_1_hill_122_is_a_summit_and_the_ridge_to_it_from_4012_is_high_ground(geo):
    """24.1 F: Hill 122 (2917), and the ridge between 4012 and 3513/3514 leading to it."""
    assert all(geo.level(n) <= geo.level("2917") for n in geo.neighbours("2917"))
    assert geo.level("2917") >= 9
    ridge = [geo.level(lb) for lb in ("4012", "3513", "3514")]
    assert min(ridge) >= 6 and max(ridge) < geo.level("2917")


def test_24_1_e_4417_and_4418_are_out_of_sight_of_hill_192(module):
    for target in ("4417", "4418"):
        assert not observe(module, "5613", target).visible


def test_21_1_1_special_depots_are_in_st_lo_and_each_side_has_depots_on_roads(geo):
    for lb in ("2626", "2727", "2927"):
        [depot] = geo.features(lb, "depot")
        assert depot.side == "de" and depot.supply_kind == "special" and depot.value == 2
        assert lb in geo.m.areas["st_lo_vp"].hexes
    depots = [(lb, f) for lb in geo.labels for f in geo.features(lb, "depot")]
    assert {f.side for _lb, f in depots} == {"us", "de"}
    for lb, _f in depots:
        assert any({"road", "minor_road"} & geo.side(lb, n) for n in geo.neighbours(lb)), lb


def test_21_1_2_the_st_lo_victory_point_area_is_the_town(geo):
    area = geo.m.areas["st_lo_vp"]
    assert area.kind == "victory" and "2725" in area.hexes
    assert all(geo.m.terrain_of(lb) == "city" for lb in area.hexes)


def test_8_4_setup_hexes_lie_on_their_side_of_the_divisional_boundaries(geo):
    """8.4.1–8.4.2: the 35th sets up west of its boundary, the 2nd east of its own, the 29th between."""
    east_35 = set(geo.m.areas["east_of_35th_boundary"].hexes)
    west_2 = set(geo.m.areas["west_of_2nd_boundary"].hexes)
    assert east_35 == set(geo.labels) - geo.west_of("boundary_35")
    assert west_2 == geo.west_of("boundary_2")
    assert set(geo.m.areas["west_of_35th_boundary"].hexes) == geo.west_of("boundary_35")
    assert set(geo.m.areas["east_of_2nd_boundary"].hexes) == set(geo.labels) - west_2
    assert not set(US_35) & east_35
    assert set(US_29) <= east_35 & west_2
    assert not set(US_2) & west_2
    assert "2725" in east_35  # St-Lô is the 29th's (25.1.8 C)


def test_20_every_setup_hex_is_east_of_the_vire(geo):
    """The battle is fought east of the Vire: no unit sets up across the river."""
    west_bank = geo.west_of("river")
    assert not set(US_35 + US_29 + US_2 + DE) & west_bank
    assert "2725" not in west_bank and west_bank


def test_every_hex_and_hexside_is_marked_reconstructed_with_its_clue(geo):
    assert all(geo.m.hex_data(lb).provenance for lb in geo.labels)
    assert all(d.provenance and d.provenance.clue for d in geo.m.hexsides.values())
    assert "11.2.2" in geo.m.hex_data("5613").provenance.clue


def test_25_1_6_from_hill_122_observers_look_south_into_st_lo(module):
    """25.1.6 B: with Hill 122 taken, "observers from the Santa Fe could now look directly south into
    St. Lô" — the cathedral's hex and the spur of the town are in sight of 2917."""
    assert observe(module, "2917", "2725").visible
    town = module.map.areas["st_lo_vp"].hexes
    assert sum(observe(module, "2917", lb).visible for lb in town) >= len(town) // 3


def test_14_0_the_south_side_of_the_martinville_ridge_is_hidden_from_hill_122_not_from_la_capelle(geo, module):
    """14.0's design note: the 116th advanced down the south side of the Martinville ridge to avoid
    observation from Hill 122, and was seen from the heights to the south around La Capelle and Bure."""
    # the south edge of the crest, column by column from La Roulage (4020) to Le Mesnil-Sigard (4618)
    crest = {col: max(range(17, 23), key=lambda r: (geo.level(f"{col}{r:02d}"), r)) for col in range(40, 47)}
    south = [f"{col}{crest[col] + k:02d}" for col in crest for k in (1, 2, 3)]
    assert not any(observe(module, "2917", lb).visible for lb in south)
    assert geo.m.hex_data("4230").name == "La Capelle" and geo.m.hex_data("4731").name == "Bure"
    seen = [lb for lb in south if observe(module, "4230", lb).visible or observe(module, "4731", lb).visible]
    assert len(seen) >= len(south) * 2 // 3, seen
