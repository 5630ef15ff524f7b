"""Benchmark: the rules engine on a 100×100-hex map (10,000 hexes) with 500 units.

Run: ``.venv/bin/python benchmarks/bench_rules.py``

Measures, after one warm-up call (graphs and lines are built once per module and cached):

* ``reach``: every reachable hex of one unit, with costs and paths (target ≤ 10 ms);
* ``supply``: supply of every hex and unit of one side, one multi-source search (≤ 50 ms);
* ``observe``: one observation check at 3–12 hexes (≤ 0.2 ms).

As a reference, the same searches run on the same graph with scipy's compiled
``csgraph.dijkstra`` when scipy is installed. scipy is NOT a dependency of Hexwright;
install it for this benchmark only: ``.venv/bin/pip install scipy``.

Not a test: speed is measured here, never asserted in the test suite.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from random_maps import random_map  # noqa: I001 (this folder, on sys.path when run as a script)
from hexwright.runtime.rules import enemy_zoc, make_board, movement_graph, observe, reach, supply
from hexwright.runtime.rules.hexmap import hex_map

SIZE = 100
UNITS = 500


def build(seed: int = 1):
    return random_map(SIZE, UNITS, seed, levels=15, id_digits=3)


def timed(fn, repeat: int = 30) -> tuple[float, float]:
    fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000, min(samples) * 1000


def scipy_reference(m, occupancy, unit_id: str):
    try:
        import numpy as np
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import dijkstra
    except ImportError:
        return None
    piece = m.pieces.pieces[unit_id]
    mg = movement_graph(m, m.pieces.unit_types[piece.unit_type].movement_class)
    hm = hex_map(m)
    board = make_board(m, occupancy)
    enemy = board.enemy_hexes(piece.side)
    n = len(hm.labels)
    rows, cols, vals = [], [], []
    for i, nbrs in enumerate(hm.neighbors):
        for _d, j in nbrs:
            w = mg.step(i, j)
            if j in enemy or w is None or w < 0:
                continue
            rows.append(i)
            cols.append(j)
            vals.append(w / mg.scale)
    graph = csr_matrix((np.array(vals), (np.array(rows), np.array(cols))), shape=(n, n))
    start = hm.idx(occupancy[unit_id])
    limit = piece.steps[0].movement

    def reach_ref():
        return dijkstra(graph, indices=start, limit=limit)

    # supply reference: unweighted multi-source search on the hexes a line may use
    ezoc = enemy_zoc(board, m.rules.zoc, "blue") - board.friendly_hexes("blue")
    blocked = board.enemy_hexes("blue") | ezoc
    srows, scols = [], []
    for i in range(n):
        if i in blocked:
            continue
        for _d, j in hm.neighbors[i]:
            if j not in blocked and not ({"river"} & hm.side_features.get((i, j), frozenset())
                                         and (i, j) not in hm.side_connections):
                srows.append(i)
                scols.append(j)
    sgraph = csr_matrix((np.ones(len(srows)), (np.array(srows), np.array(scols))), shape=(n, n))
    sources = [hm.idx(s) for s in supply(m, occupancy, "blue").sources]

    def supply_ref():
        return dijkstra(sgraph, indices=sources, min_only=True, unweighted=True)

    return reach_ref, supply_ref


def main() -> None:
    t0 = time.perf_counter()
    m, occupancy = build()
    print(f"built 100×100 module with {len(occupancy)} units in {(time.perf_counter() - t0) * 1000:.0f} ms")
    t0 = time.perf_counter()
    movement_graph(m, "foot")
    movement_graph(m, "motor")
    print(f"movement graphs (2 classes, one shared networkx Graph): {(time.perf_counter() - t0) * 1000:.0f} ms, once per module")

    foot = next(p for p, pc in sorted(m.pieces.pieces.items()) if pc.unit_type == "inf")
    motor = next(p for p, pc in sorted(m.pieces.pieces.items()) if pc.unit_type == "arm")
    for label, uid in (("reach, foot MA 6", foot), ("reach, motor MA 12 (roads 1/2)", motor)):
        res = reach(m, occupancy, uid)
        med, best = timed(lambda uid=uid: reach(m, occupancy, uid))
        print(f"{label:34s} {len(res.hexes):5d} hexes  median {med:7.2f} ms  best {best:7.2f} ms  (target ≤ 10)")
    res = supply(m, occupancy, "blue")
    med, best = timed(lambda: supply(m, occupancy, "blue"), repeat=15)
    print(f"{'supply, whole side (blue)':34s} {len(res.length):5d} hexes  median {med:7.2f} ms  best {best:7.2f} ms  "
          "(target ≤ 50)")
    rng = random.Random(7)
    grid = m.map.grid.hex_grid()
    scheme = m.map.grid.labels.scheme()
    pairs = []
    while len(pairs) < 200:
        a, b = rng.choice(grid.hexes()), rng.choice(grid.hexes())
        if 3 <= grid.distance(a, b) <= 12:
            pairs.append((scheme.format(a, grid), scheme.format(b, grid)))
    for a, b in pairs:
        observe(m, a, b)
    t0 = time.perf_counter()
    rounds = 20
    for _ in range(rounds):
        for a, b in pairs:
            observe(m, a, b)
    per = (time.perf_counter() - t0) / (rounds * len(pairs)) * 1000
    print(f"{'observe, 3-12 hexes (mean of 4000)':34s}        mean   {per:7.4f} ms                 (target ≤ 0.2)")

    ref = scipy_reference(m, occupancy, motor)
    if ref is None:
        print("scipy not installed: no reference (pip install scipy, for this benchmark only)")
        return
    reach_ref, supply_ref = ref
    med, best = timed(reach_ref)
    print(f"{'scipy dijkstra, reach (no ZOC)':34s}        median {med:7.2f} ms  best {best:7.2f} ms")
    med, best = timed(supply_ref, repeat=15)
    print(f"{'scipy dijkstra, side supply':34s}        median {med:7.2f} ms  best {best:7.2f} ms  (graph prebuilt)")


if __name__ == "__main__":
    main()
