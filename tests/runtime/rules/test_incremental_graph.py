"""An edit of map hexes and hexsides updates the cached hex map, hex graph and movement graphs
in place, and what they then hold equals a build from scratch (DoM §8.1 costs: terrain, hex
features, hexside features, roads across hexsides and off the map's edge, §8.1.3; a rail that
only bridges, ToV 9.1)."""

from __future__ import annotations

import random
from fractions import Fraction

from builders import add_unit, hexside_id, rules_module
from graph_checks import same_graph
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwright.runtime.geometry import format_hexside
from hexwright.runtime.model import HexData, HexFeature, HexsideData, Module
from hexwright.runtime.rules import movement_graph, reach
from hexwright.runtime.rules.hexmap import hex_map
from hexwright.runtime.rules.movement_graph import hex_graph

CLASSES = ("foot", "motor")


def edge_sides(m: Module) -> list[str]:
    """Canonical ids of the map-edge hexsides (a road there leaves the map)."""
    grid = m.map.grid.hex_grid()
    scheme = m.map.grid.labels.scheme()
    out = set()
    for h in grid.hexes():
        for d in range(6):
            if not grid.contains(grid.neighbor(h, d)):
                out.add(format_hexside(grid, grid.hexside(h, d), scheme))
    return sorted(out)


def inner_sides(m: Module) -> list[str]:
    grid = m.map.grid.hex_grid()
    scheme = m.map.grid.labels.scheme()
    labels = [scheme.format(h, grid) for h in grid.hexes()]
    return sorted({hexside_id(m, a, scheme.format(n, grid)) for a in labels
                   for _d, n in grid.neighbors(scheme.parse(a, grid))})


def a_module() -> Module:
    m = rules_module(6, 5)
    te = m.tables.terrain_effects
    m.tables.terrain_effects = te.model_copy(update={"features": {
        **te.features, "village": {"*": "+1"}, "swamp": {"motor": "prohibited", "*": "3"}},
        "connections": {**te.connections, "railroad": {"*": "1/3", "motor": "bridge"}}})  # ToV 9.1
    return m


def random_edit(m: Module, rng: random.Random, labels: list[str], inner: list[str], edge: list[str]
                ) -> tuple[set[str], set[str]]:
    """Change one hex or one hexside of ``m`` in place; the labels and ids it changed."""
    roll = rng.random()
    if roll < 0.45:
        label = rng.choice(labels)
        if rng.random() < 0.2:
            m.map.hexes.pop(label, None)
        else:
            feats = rng.choice([[], [], ["village"], ["swamp"], ["town"], ["village", "swamp"]])
            m.map.hexes[label] = HexData(terrain=rng.choice([None, "clear", "woods", "rough", "forest"]),
                                         level=rng.randrange(3), features=[HexFeature(type=f) for f in feats])
        return {label}, set()
    key = rng.choice(edge if roll > 0.85 else inner)
    if rng.random() < 0.25:
        m.map.hexsides.pop(key, None)
    else:
        m.map.hexsides[key] = HexsideData(features=rng.choice([[], ["river"], ["stream"], ["river", "stream"]]),
                                          connections=rng.choice([[], ["road"], ["railroad"], ["road", "railroad"]]))
    return set(), {key}


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_an_edited_map_updates_its_graphs_in_place_and_equals_a_rebuild(seed):
    rng = random.Random(seed)
    m = a_module()
    grid = m.map.grid.hex_grid()
    scheme = m.map.grid.labels.scheme()
    labels = [scheme.format(h, grid) for h in grid.hexes()]
    inner, edge = inner_sides(m), edge_sides(m)
    graphs = {cls: movement_graph(m, cls) for cls in CLASSES}
    hm, hg = hex_map(m), hex_graph(m)
    for _ in range(12):
        edits = [random_edit(m, rng, labels, inner, edge) for _ in range(rng.randrange(1, 4))]
        m.mark_edited(hexes=set().union(*(h for h, _s in edits)), hexsides=set().union(*(s for _h, s in edits)))
        fresh = m.model_copy(deep=True)
        for cls in CLASSES:
            mg = movement_graph(m, cls)
            assert mg is graphs[cls], "updated in place, not rebuilt"
            same_graph(mg, movement_graph(fresh, cls))
        assert hex_map(m) is hm and hex_graph(m) is hg
        rebuilt = hex_map(fresh)
        for name in ("terrain", "level", "features", "side_features", "side_connections", "edge_connections",
                     "edge_features"):
            assert getattr(hm, name) == getattr(rebuilt, name), name


def test_an_edit_that_names_nothing_rebuilds():
    m = a_module()
    before = movement_graph(m, "foot")
    m.map.hexes["0303"] = HexData(terrain="woods")
    m.mark_edited()
    after = movement_graph(m, "foot")
    assert after is not before
    assert after.entry[hex_map(m).idx("0303")] == after.ticks(Fraction(4))


def test_reach_after_painting_woods_pays_the_new_cost_dom_8_1():
    """A unit's reach reads the updated graph: woods painted next to it cost 4 MF, not clear's 2
    (the test chart's DoM-like Table 1)."""
    m = a_module()
    add_unit(m, "u", movement=4)
    occ = {"u": "0101"}
    assert reach(m, occ, "u").hexes["0102"].cost == 2
    m.map.hexes["0102"] = HexData(terrain="woods")
    m.mark_edited(hexes={"0102"}, hexsides=())
    assert reach(m, occ, "u").hexes["0102"].cost == 4
    m.map.hexsides[hexside_id(m, "0101", "0102")] = HexsideData(connections=["road"])
    m.mark_edited(hexes=(), hexsides={hexside_id(m, "0101", "0102")})
    assert reach(m, occ, "u").hexes["0102"].cost == 1
