"""The affine transform that puts a scanned map under the grid, from three matched points."""

from __future__ import annotations

Point = tuple[float, float]
Affine = tuple[float, float, float, float, float, float]
"""``(a, b, c, d, e, f)``: ``x' = a*x + b*y + c``, ``y' = d*x + e*y + f`` (as in the module's Underlay)."""


def apply(t: Affine, p: Point) -> Point:
    a, b, c, d, e, f = t
    return a * p[0] + b * p[1] + c, d * p[0] + e * p[1] + f


def invert(t: Affine) -> Affine:
    a, b, c, d, e, f = t
    det = a * e - b * d
    if abs(det) < 1e-12:
        raise ValueError("the underlay transform is degenerate")
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    return ia, ib, -(ia * c + ib * f), id_, ie, -(id_ * c + ie * f)


def solve_affine(src: list[Point], dst: list[Point]) -> Affine:
    """The transform taking each of three ``src`` points to its ``dst`` point.

    Raises ValueError when the three source points are (nearly) in a line.
    """
    if len(src) != 3 or len(dst) != 3:
        raise ValueError("need exactly three point pairs")
    (x1, y1), (x2, y2), (x3, y3) = src
    det = x1 * (y2 - y3) - y1 * (x2 - x3) + (x2 * y3 - x3 * y2)
    if abs(det) < 1e-9:
        raise ValueError("the three points lie on one line; pick hexes that form a triangle")

    def solve(v1: float, v2: float, v3: float) -> tuple[float, float, float]:
        p = (v1 * (y2 - y3) - y1 * (v2 - v3) + (v2 * y3 - v3 * y2)) / det
        q = (x1 * (v2 - v3) - v1 * (x2 - x3) + (x2 * v3 - x3 * v2)) / det
        r = (x1 * (y2 * v3 - y3 * v2) - y1 * (x2 * v3 - x3 * v2) + v1 * (x2 * y3 - x3 * y2)) / det
        return p, q, r

    a, b, c = solve(dst[0][0], dst[1][0], dst[2][0])
    d, e, f = solve(dst[0][1], dst[1][1], dst[2][1])
    return a, b, c, d, e, f
