"""Movement costs as printed in the terrain effects chart, parsed exactly.

A cost is ``"2"`` or ``"1/2"`` (the hex costs that much), ``"+1"`` (added to the rest),
``"all"`` (all of the unit's movement, and only as its first step), ``"prohibited"``,
``"other"`` (no cost of its own; the hex's terrain decides) or, for a road or rail only,
``"bridge"`` (no rate of its own, but it bridges the hexside it crosses: a step along it pays
the hex entered and nothing for the hexside, not even a prohibition; ToV 9.1 railroads).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Literal

from hexwright.runtime.model import TerrainEffects
from hexwright.runtime.model.common import parse_fraction

CostKind = Literal["set", "add", "all", "prohibited", "other", "bridge"]


@dataclass(frozen=True)
class Cost:
    kind: CostKind
    value: Fraction = Fraction(0)


OTHER = Cost("other")
_WHOLE: dict[str, CostKind] = {"all": "all", "prohibited": "prohibited", "other": "other", "bridge": "bridge"}


def parse_cost(text: str) -> Cost:
    """Parse one chart entry; ValueError naming it if it is not a cost."""
    t = text.strip()
    whole = _WHOLE.get(t)
    if whole is not None:
        return Cost(whole)
    if t.startswith("+"):
        return Cost("add", parse_fraction(t[1:]))
    return Cost("set", parse_fraction(t))


def lookup(table: dict[str, dict[str, str]], key: str, movement_class: str,
           weather: dict[str, dict[str, str]] | None = None) -> Cost | None:
    """Cost of ``key`` for ``movement_class``: the weather's entry first, then the normal one.

    Within each, the class's own column wins over ``*``. ``None``: the chart says nothing.
    """
    for source in (weather, table):
        if source is None:
            continue
        row = source.get(key)
        if row is None:
            continue
        text = row.get(movement_class, row.get("*"))
        if text is not None:
            return parse_cost(text)
    return None


def chart_scale(te: TerrainEffects, extra: tuple[Fraction, ...] = ()) -> int:
    """Least common denominator of every cost in the chart (and ``extra``), for integer sums."""
    den = 1
    tables = [te.terrain, te.features, te.hexsides, te.connections]
    for w in te.weather.values():
        tables += [w.terrain, w.hexsides, w.connections]
    for table in tables:
        for row in table.values():
            for text in row.values():
                c = parse_cost(text)
                den = lcm(den, c.value.denominator)
    for f in extra:
        den = lcm(den, f.denominator)
    return den
