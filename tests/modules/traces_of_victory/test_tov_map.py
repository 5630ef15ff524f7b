"""The Traces of Victory map against the rulebook: every hex the text names, as its examples need it.

The map is painted by ``packaging/tov/build.py`` with the editor's edit layer; a test builds
it again and checks the shipped files are exactly what the build writes, so the map can be
regenerated and audited from its sources (``packaging/tov/geo.py``, ``examples.py``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hexwright.runtime.geometry import format_hexside
from hexwright.runtime.storage import load_module
from hexwright.runtime.validation import check_module

ROOT = Path(__file__).resolve().parents[3]
TOV = ROOT / "modules" / "traces_of_victory"


@pytest.fixture(scope="module")
def module():
    return load_module(TOV).module


class Geo:
    def __init__(self, module):
        self.m = module.map
        self.grid = self.m.grid.hex_grid()
        self.scheme = self.m.grid.labels.scheme()

    def hex(self, label):
        return self.scheme.parse(label, self.grid)

    def neighbours(self, label):
        return {self.scheme.format(n, self.grid) for _, n in self.grid.neighbors(self.hex(label))
                if self.grid.contains(n)}

    def side(self, a, b):
        s = self.grid.hexside_between(self.hex(a), self.hex(b))
        assert s is not None, f"{a} and {b} are not adjacent"
        data = self.m.hexsides.get(format_hexside(self.grid, s, self.scheme))
        return (set(data.features), set(data.connections)) if data else (set(), set())

    def features(self, label, type_id):
        return [f for f in self.m.hex_data(label).features if f.type == type_id]


@pytest.fixture(scope="module")
def geo(module):
    return Geo(module)


def test_the_shipped_map_is_what_the_build_script_paints(tmp_path):
    """The module is regenerated from its sources by our own edit layer, byte for byte."""
    out = tmp_path / "tov"
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "tov" / "build.py"), str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    shipped = sorted(p.relative_to(TOV) for p in TOV.rglob("*.json"))
    built = sorted(p.relative_to(out) for p in out.rglob("*.json"))
    assert built == shipped
    for rel in shipped:
        assert (out / rel).read_bytes() == (TOV / rel).read_bytes(), rel


def test_validate_is_clean(module):
    assert check_module(module) == []


def test_hex_numbering_is_rows_then_columns_as_the_scenario_limits_need(module, geo):
    """14.1 'hex row 3000' (row 30, column 00) and 14.2 'a line from 1008 to 3608' (column 08)."""
    for label in ("3000", "1008", "3608", "2207", "2217", "2316", "2407", "2408", "2507", "2508"):
        assert geo.grid.contains(geo.hex(label)), label
    assert geo.hex("3000").row == geo.hex("3025").row  # one row
    assert geo.hex("1008").col == geo.hex("3608").col  # one column, north to south
    assert geo.hex("1008").row < geo.hex("3608").row


def test_every_hex_and_hexside_is_marked_reconstructed_with_a_clue(module, geo):
    m = module.map
    every = [geo.scheme.format(h, geo.grid) for h in geo.grid.hexes()]
    assert all(m.hex_data(lb).provenance is not None and m.hex_data(lb).provenance.clue for lb in every)
    assert all(d.provenance is not None and d.provenance.clue for d in m.hexsides.values())


def test_10_combat_example_hexes(module, geo):
    """10 Combat Example: 2407 Rough, attacked from 2408 (no stream) and 2507, 2508 across streams;
    stack A retreats 2407 → 2307 → 2207; 2308 lies in 2408's zone (no river between)."""
    assert module.map.terrain_of("2407") == "rough"
    assert {"2408", "2507", "2508", "2307", "2308"} <= geo.neighbours("2407")
    assert geo.side("2407", "2408")[0] == set()
    for attacker in ("2507", "2508"):
        assert "stream" in geo.side("2407", attacker)[0] and "river" not in geo.side("2407", attacker)[0]
    assert "2207" in geo.neighbours("2307") and "2207" in geo.neighbours("2308")
    assert "2308" in geo.neighbours("2408") and "river" not in geo.side("2408", "2308")[0]
    assert "2307" not in geo.neighbours("2408")
    for a, b in (("2407", "2307"), ("2307", "2207")):
        assert "river" not in geo.side(a, b)[0]


def test_9_2_movement_example_hexes(module, geo):
    """9.2: from 2515 (in 318's ZOC at 2615) to hex A 2415 (clear, +2 to leave) and along the road
    to 2316; B 2414 across an unbridged river; C 2514 across a bridged river, in 319's ZOC (2614)."""
    assert module.map.terrain_of("2415") == "clear"
    assert "2316" not in geo.neighbours("2515")
    assert geo.side("2515", "2415") == (set(), set())
    assert "road" in geo.side("2415", "2316")[1]
    assert geo.side("2515", "2414") == ({"river"}, set())
    assert geo.side("2515", "2514") == ({"river"}, {"road"})
    assert "river" in geo.side("2515", "2614")[0]              # 319 projects no ZOC into 2515
    assert "2514" in geo.neighbours("2614") and "river" not in geo.side("2614", "2514")[0]
    assert "2615" in geo.neighbours("2515") and geo.side("2515", "2615")[0] == set()
    assert not {"2415", "2316"} & geo.neighbours("2615")        # A and 2316 outside 318's ZOC
    assert not {"2415", "2316"} & geo.neighbours("2614")


def test_named_places(module, geo):
    m = module.map
    assert m.hex_data("2217").name == "Saverne Pass"
    assert any("road" in geo.side("2217", n)[1] for n in geo.neighbours("2217"))
    metz = m.areas["metz"].hexes
    city = [lb for lb in metz if geo.features(lb, "major_city")]
    assert len(city) == 1
    forts = set(metz) - set(city)
    assert geo.neighbours(city[0]) <= forts and all(geo.features(lb, "fortification") for lb in forts)
    river_sides = [n for n in geo.neighbours(city[0]) if "river" in geo.side(city[0], n)[0]]
    assert river_sides, "the Moselle runs between Metz and its western forts (12.4 ×4 across rivers)"
    for area in ("saarbrucken", "strasbourg"):
        assert len(m.areas[area].hexes) >= 2 and all(geo.features(lb, "major_city") for lb in m.areas[area].hexes)


def test_supply_sources_of_both_sides_on_the_map(module):
    sources = {side: [lb for lb, d in module.map.hexes.items()
                      if any(f.type == "supply_source" and f.side == side for f in d.features)]
               for side in ("us", "de")}
    assert len(sources["us"]) >= 4 and len(sources["de"]) >= 4
    assert module.map.hex_feature_types["supply_source"].kind == "supply_source"


def test_scenario_limits_areas(module):
    """14.1: north of row 30; 14.2: east of the line 1008-3608 (column 08)."""
    patton = set(module.map.areas["patton_limits"].hexes)
    patch = set(module.map.areas["patch_limits"].hexes)
    assert "2925" in patton and "3000" not in patton and "0100" in patton
    assert "1009" in patch and "3609" in patch and "1008" not in patch and "3608" not in patch
    assert {"1403", "1113"} <= patton  # Metz and Saarbrücken
    assert {"2217"} <= patch and set(module.map.areas["strasbourg"].hexes) <= patch


def test_rivers_fortified_lines_and_the_rhine(module):
    m = module.map
    kinds = {k: t.kind for k, t in m.hexside_feature_types.items()}
    counts = {k: sum(1 for d in m.hexsides.values() if k in d.features) for k in kinds}
    assert counts["river"] > 100 and counts["stream"] > 50 and counts["rhine"] > 10 and counts["canal"] > 10
    assert kinds["rhine"] == "blocked_river"
    bridged_rhine = [k for k, d in m.hexsides.items() if "rhine" in d.features and d.connections]
    assert bridged_rhine, "Strasbourg-Kehl crosses the Rhine"
    for line in ("maginot", "siegfried"):
        assert sum(1 for d in m.hexes.values() if any(f.type == line for f in d.features)) >= 10
