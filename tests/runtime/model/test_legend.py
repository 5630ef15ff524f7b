"""The legend's movement column, read from the terrain effects chart."""

from __future__ import annotations

from builders import hexside_id, rules_module

from hexwright.runtime.model import HexsideData, TerrainEffects
from hexwright.runtime.model.legend import connection_only, cost_text, legend_entries


def test_a_class_every_terrain_prohibits_is_left_out_of_the_terrain_rows_and_named_on_its_connection():
    """ToV 11.2: the rail class enters no terrain, only railroads; printing "rail prohibited" in
    every terrain row says nothing, its railroad row says what it pays."""
    tec = TerrainEffects(terrain={"clear": {"*": "1", "rail": "prohibited"},
                                  "woods": {"foot": "2", "mech": "3", "rail": "prohibited"},
                                  "marsh": {"foot": "prohibited", "mech": "3", "rail": "prohibited"}},
                         connections={"railroad": {"*": "other", "rail": "1"}})
    assert connection_only(tec) == {"rail"}  # foot may enter woods: not left out
    m = rules_module(3, 3, terrain={"0202": "woods"})
    m.map.hexsides[hexside_id(m, "0101", "0102")] = HexsideData(connections=["railroad"])
    rows = {e.type_id: e.movement for e in legend_entries(m.map, tec)}
    assert (rows["clear"], rows["woods"], rows["railroad"]) == ("1", "foot 2, mech 3", "others as terrain, rail 1")
    assert cost_text(tec.terrain["marsh"], connection_only(tec)) == "foot prohibited, mech 3"
    tec.terrain["clear"]["rail"] = "1"
    assert connection_only(tec) == frozenset() and "rail" in cost_text(tec.terrain["woods"], connection_only(tec))
