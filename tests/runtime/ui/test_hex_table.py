"""The painter's table of every hex's terrain, level and what else is drawn on it, read
from the map's label-keyed data (hexes sharing one value, hexes the map does not hold,
a label not of this grid)."""

from __future__ import annotations

from hexwright.runtime.model import HexData, HexFeature, new_module
from hexwright.runtime.ui.hex_cache import HexCache
from hexwright.runtime.ui.hex_table import NOTHING_ELSE, HexTable


def test_the_table_holds_each_hex_as_the_map_does_and_leaves_out_labels_off_the_grid():
    m = new_module("t", "T", 4, 3)  # flat, labels 0101…0403, index = col * 3 + row
    woods = HexData(terrain="woods", level=2)
    town = HexFeature(type="town", name="Ville")
    m.map.hexes = {"0101": woods, "0302": woods, "0203": HexData(level=1, name="Hill", features=[town]),
                   "0102": HexData(terrain="rough"), "0909": HexData(terrain="water", level=5)}
    table = HexTable(m.map, HexCache(m.map.grid))
    clear = m.map.default_terrain
    assert table.terrain == ["woods", "rough", clear, clear, clear, clear, clear, "woods", clear, clear, clear, clear]
    assert table.terrain[5] == clear  # 0203: no terrain of its own
    assert table.level == [2, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0]
    assert table.present == [True, True, False, False, False, True, False, True, False, False, False, False]
    assert table.other[5] == ("Hill", (repr(town),))
    assert [i for i, other in enumerate(table.other) if other != NOTHING_ELSE] == [5]
    assert table.counts == {2: 2, 0: 1, 1: 1}  # 0909 is not on this grid: neither drawn nor counted
