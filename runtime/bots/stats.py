"""Small statistics for balance studies, in the standard library (no scipy needed)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(max(0.0, centre - half), 9), round(min(1.0, centre + half), 9)


def quantiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile) by linear interpolation; zeros when empty."""
    if not values:
        return 0.0, 0.0, 0.0
    xs = sorted(values)

    def at(q: float) -> float:
        pos = q * (len(xs) - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, len(xs) - 1)
        return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)

    return at(0.25), at(0.5), at(0.75)


def two_proportions(a: int, n_a: int, b: int, n_b: int) -> tuple[float, float]:
    """Difference of two proportions a/n_a − b/n_b and the two-sided p-value of a z-test."""
    if n_a == 0 or n_b == 0:
        return 0.0, 1.0
    pa, pb = a / n_a, b / n_b
    pooled = (a + b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        return pa - pb, 1.0 if pa == pb else 0.0
    z = (pa - pb) / se
    return pa - pb, math.erfc(abs(z) / math.sqrt(2))


def mean_difference(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Difference of means and the two-sided p-value of Welch's test (normal approximation)."""
    if len(xs) < 2 or len(ys) < 2:
        return (sum(xs) / len(xs) if xs else 0.0) - (sum(ys) / len(ys) if ys else 0.0), 1.0
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    vx = sum((x - mx) ** 2 for x in xs) / (len(xs) - 1)
    vy = sum((y - my) ** 2 for y in ys) / (len(ys) - 1)
    se = math.sqrt(vx / len(xs) + vy / len(ys))
    if se == 0:
        return mx - my, 1.0 if mx == my else 0.0
    return mx - my, math.erfc(abs((mx - my) / se) / math.sqrt(2))


__all__ = ["Z95", "mean_difference", "quantiles", "two_proportions", "wilson"]
