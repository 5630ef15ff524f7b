"""The random benchmark map both rules benchmarks use: random terrain and levels, rivers on
5 % of hexsides, a road along every 10th column and row, units on random hexes (blue in the
west half, red in the east; every third armoured), supply sources on the north and south
edges. Not a test module; imported by ``bench_rules.py`` and ``bench_scale.py``."""

from __future__ import annotations

import random

from hexwright.runtime.geometry import format_hexside
from hexwright.runtime.model import (
    HexData,
    HexFeature,
    HexFeatureType,
    HexsideData,
    Level,
    Piece,
    Side,
    StepValues,
    TerrainEffects,
    UnitType,
    new_module,
)
from hexwright.runtime.model.rules_config import LosRules, RulesConfig, SupplyRules, ZocRules


def random_map(size: int, units: int, seed: int = 1, levels: int = 6, id_digits: int = 5):
    """``(module, {unit: hex})``: a ``size``×``size`` map with ``units`` units, the same for the same seed."""
    rng = random.Random(seed)
    m = new_module("bench", "Bench", size, size)
    grid = m.map.grid.hex_grid()
    scheme = m.map.grid.labels.scheme()
    m.map.levels = [Level(value=v) for v in range(levels)]
    m.map.hex_feature_types["source"] = HexFeatureType(name="Source", kind="supply_source")
    for h in grid.hexes():
        t = rng.choices(["clear", "woods", "rough"], [6, 3, 1])[0]
        m.map.hexes[scheme.format(h, grid)] = HexData(terrain=t, level=rng.randrange(0, 6))
    for h in grid.hexes():
        for d in range(3):
            n = grid.neighbor(h, d)
            if not grid.contains(n):
                continue
            river = rng.random() < 0.05
            road = (h.col % 10 == 0 and n.col == h.col) or (h.row % 10 == 0 and n.col != h.col
                                                              and n.row in (h.row, h.row - 1, h.row + 1)
                                                              and rng.random() < 0.9)
            if river or road:
                key = format_hexside(grid, grid.hexside(h, d), scheme)
                m.map.hexsides[key] = HexsideData(features=["river"] if river else [],
                                                  connections=["road"] if road else [])
    for r in range(0, size, 10):
        for i, side in ((r, "blue"), ((size - 1) * size + r, "red")):  # hex data is replaced, never changed
            label = scheme.format(grid.hex_at(i), grid)
            m.map.hexes[label] = m.map.hexes[label].model_copy(
                update={"features": [HexFeature(type="source", side=side)]})
    m.tables.terrain_effects = TerrainEffects(
        terrain={"clear": {"*": "1"}, "woods": {"*": "2"}, "rough": {"*": "3"}},
        hexsides={"river": {"*": "+2"}}, connections={"road": {"*": "1/2", "foot": "1"}})
    m.pieces.sides = {"blue": Side(name="Blue", color="#0000ff"), "red": Side(name="Red", color="#ff0000")}
    m.pieces.unit_types = {"inf": UnitType(name="Inf", movement_class="foot"),
                           "arm": UnitType(name="Arm", movement_class="motor", armored=True)}
    occupancy = {}
    for k, h in enumerate(rng.sample(grid.hexes(), units)):
        side = "blue" if h.col < size // 2 else "red"
        pid = f"u{k:0{id_digits}d}"
        m.pieces.pieces[pid] = Piece(side=side, designation=pid, unit_type="arm" if k % 3 == 0 else "inf",
                                     steps=[StepValues(combat=4, movement=12 if k % 3 == 0 else 6)])
        occupancy[pid] = scheme.format(h, grid)
    m.rules = RulesConfig(zoc=ZocRules(stop_on_enter=True, can_leave=True),
                          supply=SupplyRules(blocked_by_hexsides=["river"]), los=LosRules())
    return m, occupancy


def main() -> None:
    """``python benchmarks/random_maps.py SIZE FOLDER``: write bench_scale's map of ``SIZE``² hexes
    (500 units per 10,000 hexes, placed by a scenario) as a module folder, to time whole
    commands on it (``/usr/bin/time -v hexwright validate FOLDER``)."""
    import argparse
    from pathlib import Path

    from hexwright.runtime.model import Placement, Scenario
    from hexwright.runtime.storage import save_module

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("size", type=int)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    m, occupancy = random_map(args.size, args.size * args.size * 500 // 10_000, args.seed)
    m.scenarios["bench"] = Scenario(name="Bench", last_turn=1,
                                    setup=[Placement(piece=p, hex=h) for p, h in sorted(occupancy.items())])
    save_module(m, args.folder)
    print(f"{args.folder}: {args.size}×{args.size} hexes, {len(occupancy)} units")


if __name__ == "__main__":
    main()
