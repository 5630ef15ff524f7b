"""Organic outlines for terrain and elevation drawn as merged natural shapes.

Each hex gets a *tile*: its own hexagon where a neighbour belongs to the same region
(same terrain, or level at or above a contour's level), and a gently meandering curve a
little inside its hexside where the neighbour does not. The tiles of one region, filled
together as one path, make a single shape with no seams; because every curve runs inside
its own hex, a hex's terrain still reads unambiguously, and because a tile depends only on
the hex and its six neighbours, an edit re-shapes a few tiles, never the map.

The meander of a hexside is a deterministic function of a seed (the module's) and the two
hexes it separates, so renders are identical run after run. Two regions facing each other
across a hexside meander in parallel (a constant gap), and their corners are rounded
symmetrically so the tiles of a region meet exactly on their shared hexsides.

Paths are returned as plain operations, ``("M", (x, y))``, ``("L", (x, y))`` and
``("Q", (cx, cy, x, y))`` (quadratic Bézier), for any 2-D backend to draw.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .pixels import Point

PathOp = tuple[str, tuple[float, ...]]
MASK = (1 << 64) - 1
SAMPLES = 10
"""Points per meandering side (the curve is sampled, then drawn as short segments)."""
CORNER = 0.18
"""How far from a corner (in hex sizes) a corner's rounding starts."""


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def hash_ints(*values: int) -> int:
    """A well-mixed 64-bit hash of some integers (stable across runs and platforms)."""
    h = 0x2545F4914F6CDD1D
    for v in values:
        h = _splitmix(h ^ (v & MASK))
    return h


def unit_random(*values: int) -> float:
    """A deterministic number in [0, 1) for the given integers."""
    return (hash_ints(*values) >> 11) / float(1 << 53)


def _envelope(t: float) -> float:
    """0 near both ends of a side (t < 0.2 or t > 0.8), 1 in the middle, smooth between."""
    def step(x: float) -> float:
        x = min(max(x, 0.0), 1.0)
        return x * x * (3 - 2 * x)
    return step((t - 0.2) / 0.18) * step((0.8 - t) / 0.18)


def meander(key: int, t: float) -> float:
    """The meander of the side with ``key`` at ``t`` in [0, 1]: in [-1, 1], 0 near both ends."""
    e = _envelope(t)
    if e == 0.0:
        return 0.0
    p1 = unit_random(key, 1) * 2 * math.pi
    p2 = unit_random(key, 2) * 2 * math.pi
    a1 = 0.55 + 0.25 * unit_random(key, 3)
    value = a1 * math.sin(2 * math.pi * t + p1) + (1 - a1) * math.sin(5 * math.pi * t + p2)
    return e * value


def side_key(seed: int, a: int, b: int, salt: int = 0) -> tuple[int, int]:
    """The meander key of the hexside between hexes ``a`` and ``b``, and its sign seen from ``a``.

    The key is the same from either side; the sign is +1 from the lower-numbered hex and -1
    from the other, so both sides offset their curve the same way (in parallel).
    """
    lo, hi = (a, b) if a < b else (b, a)
    return hash_ints(seed, lo, hi, salt), 1 if a == lo else -1


def _unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def _canonical_forward(p: Point, q: Point) -> bool:
    return (round(p[0], 4), round(p[1], 4)) <= (round(q[0], 4), round(q[1], 4))


@dataclass(frozen=True)
class Tile:
    """One hex's share of a region: ``fill`` is closed, ``edge`` runs along the region's boundary."""

    fill: tuple[PathOp, ...]
    edge: tuple[PathOp, ...]


def organic_tile(corners: Sequence[Point], center: Point, same: Sequence[bool],
                 keys: Sequence[tuple[int, int]], inset: float, amplitude: float) -> Tile:
    """The tile of a hex with ``corners`` (side ``k`` from corner ``k`` to ``k+1``) and ``center``.

    ``same[k]`` says whether the neighbour across side ``k`` is in the region (count an
    off-map neighbour as in it, so shapes run to the map edge); ``keys[k]`` is that side's
    :func:`side_key` (used where ``same[k]`` is false). Boundary curves lie ``inset`` inside
    the hexside, meandering by up to ``amplitude`` (which must be smaller than ``inset``, so
    a curve never reaches the hexside).
    """
    if amplitude >= inset:
        raise ValueError(f"amplitude {amplitude} must be smaller than inset {inset}")
    if all(same):
        pts = [("L", tuple(c)) for c in corners]
        return Tile((("M", tuple(corners[0])), *pts[1:], ("Z", ())), ())
    size = math.dist(corners[0], corners[1])
    r = CORNER * size
    diag = 2 * inset / math.sqrt(3)
    ops: list[tuple[PathOp, bool]] = []  # (operation, whether it runs along the boundary)

    def along(k: int) -> Point:  # unit vector along side k, from corner k to corner k+1
        a, b = corners[k % 6], corners[(k + 1) % 6]
        return _unit(b[0] - a[0], b[1] - a[1])

    befores: list[Point] = []
    for k in range(6):
        c = corners[k]
        prev_out, next_out = not same[(k - 1) % 6], not same[k]
        if not prev_out and not next_out:
            befores.append(c)
            ops.append((("L", c), False))
            continue
        u_prev, u_next = along(k - 1), along(k)
        if prev_out and next_out:  # convex corner: round it inside the hex
            u = _unit(center[0] - c[0], center[1] - c[1])
            v = (c[0] + u[0] * diag, c[1] + u[1] * diag)
            before = (v[0] - u_prev[0] * r, v[1] - u_prev[1] * r)
            after = (v[0] + u_next[0] * r, v[1] + u_next[1] * r)
            befores.append(before)
            ops.append((("L", before), True))
            ops.append((("Q", (*v, *after)), True))
        elif prev_out:  # reflex corner, the region continues across side k
            v = (c[0] + u_next[0] * diag, c[1] + u_next[1] * diag)
            before = (v[0] - u_prev[0] * r, v[1] - u_prev[1] * r)
            m = (v[0] - u_next[0] * r / 4, v[1] - u_next[1] * r / 4)
            befores.append(before)
            ops.append((("L", before), True))
            ops.append((("Q", ((before[0] + v[0]) / 2, (before[1] + v[1]) / 2, *m)), True))
        else:  # reflex corner, the region continues across side k-1
            v = (c[0] - u_prev[0] * diag, c[1] - u_prev[1] * diag)
            m = (v[0] + u_prev[0] * r / 4, v[1] + u_prev[1] * r / 4)
            after = (v[0] + u_next[0] * r, v[1] + u_next[1] * r)
            befores.append(m)
            ops.append((("L", m), False))
            ops.append((("Q", ((v[0] + after[0]) / 2, (v[1] + after[1]) / 2, *after)), True))
        if not same[k]:
            ops.extend(_side_samples(corners, center, k, keys[k], inset, amplitude, diag))
    # Close: the last side runs back to corner 0's first point.
    ops.append((("L", befores[0]), not same[5]))
    fill: list[PathOp] = [("M", befores[0])]
    fill.extend(op for op, _ in ops[1:])
    fill.append(("Z", ()))
    return Tile(tuple(fill), tuple(_edge_of(ops)))


def _side_samples(corners: Sequence[Point], center: Point, k: int, key: tuple[int, int], inset: float,
                  amplitude: float, diag: float) -> list[tuple[PathOp, bool]]:
    """Meandering points strictly inside side ``k`` (the corners' rounding covers its ends)."""
    a, b = corners[k], corners[(k + 1) % 6]
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    n = _unit(center[0] - mx, center[1] - my)
    forward = _canonical_forward(a, b)
    wave_key, sign = key
    out: list[tuple[PathOp, bool]] = []
    length = math.dist(a, b)
    for j in range(1, SAMPLES):
        t = j / SAMPLES
        if min(t, 1 - t) * length < CORNER * length + diag:
            continue  # the corner's rounding covers this part
        w = meander(wave_key, t if forward else 1 - t)
        d = inset + sign * amplitude * w
        x = a[0] + (b[0] - a[0]) * t + n[0] * d
        y = a[1] + (b[1] - a[1]) * t + n[1] * d
        out.append((("L", (x, y)), True))
    return out


def _edge_of(ops: list[tuple[PathOp, bool]]) -> list[PathOp]:
    """The boundary parts of a tile's outline as open subpaths."""
    out: list[PathOp] = []
    prev: Point | None = None
    prev_on = False
    for (kind, args), on in ops:
        end = (args[-2], args[-1])
        if on:
            if not prev_on and prev is not None:
                out.append(("M", prev))
            if prev is not None:
                out.append((kind, args))
        prev, prev_on = end, on and prev is not None
    return out


def tile_bounds(tile: Tile) -> tuple[float, float, float, float]:
    """Bounding box of a tile's outline points (control points included)."""
    xs = [v for _, args in tile.fill for v in args[0::2]]
    ys = [v for _, args in tile.fill for v in args[1::2]]
    return min(xs), min(ys), max(xs), max(ys)
