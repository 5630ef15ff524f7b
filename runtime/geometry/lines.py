"""Hexes crossed by a straight line between two hex centres (line of sight).

The computation is exact (integer arithmetic) and therefore deterministic.
In cube coordinates ``(q, r, s)`` the hexagon of the hex ``h`` is the set of
points ``p`` with ``|dq - dr|``, ``|dr - ds|`` and ``|ds - dq|`` all ``<= 1``,
where ``d = p - h``; every hexside therefore lies on a line where one of
``q - r``, ``r - s``, ``s - q`` is an integer.  Along the segment from ``a`` to
``b`` those differences change linearly, so the parameter values where any of
them crosses an integer split the segment into pieces that each lie inside one
hex, or run exactly along one hexside (the difference is then a constant
integer and the piece touches the two hexes either side).

Touching a hex only at a corner point does not count as passing through it.
"""

from __future__ import annotations

from math import lcm

from .coords import Axial, Hex, round_axial
from .directions import direction_vectors
from .grid import HexGrid

_STEPS: tuple[Axial, ...] = direction_vectors("flat")  # any orientation: the same six axial steps


def _cells_containing(q: int, r: int, unit: int) -> list[Axial]:
    """Axial hexes whose closed hexagon contains the point ``(q / unit, r / unit)``.

    Exact in integers: the point's coordinates are whole multiples of ``1 / unit``. The
    nearest centre is found in floating point (it only picks which seven hexes to test)."""
    cq, cr = round_axial(q / unit, r / unit)
    found: list[Axial] = []
    for hq, hr in [(cq, cr)] + [(cq + dq, cr + dr) for dq, dr in _STEPS]:
        dq, dr = q - hq * unit, r - hr * unit
        ds = -dq - dr
        if abs(dq - dr) <= unit and abs(dr - ds) <= unit and abs(ds - dq) <= unit:
            found.append((hq, hr))
    return found


def line_of_hexes(grid: HexGrid, a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """Hexes a straight line from the centre of ``a`` to the centre of ``b`` passes through.

    Returns the hexes in order from ``a`` to ``b``.  Each entry is a 1-tuple,
    or a sorted 2-tuple where the line runs exactly along the hexside between
    those two hexes so that rules may treat either as the one crossed.  The
    first and last entries are ``(a,)`` and ``(b,)``.

    The list has ``distance(a, b) + 1`` entries for most lines, including
    lines along a row and lines along hexsides; a line that crosses a hexside
    exactly at its midpoint on the way (for example from axial ``(0, 0)`` to
    ``(4, -1)``) genuinely passes through both hexes there and so has more.
    Entries may name off-map hexes when the line runs along the map edge.

    The parameter ``t`` runs over whole multiples of ``1 / span`` (``span`` the least common
    multiple of the three rates), and the midpoints of the pieces over multiples of
    ``1 / (2 span)``, so every coordinate is an integer count of ``1 / (2 span)``.
    """
    a, b = Hex(*a), Hex(*b)
    if a == b:
        return [(a,)]
    qa, ra = grid.to_axial(a)
    qb, rb = grid.to_axial(b)
    dq, dr = qb - qa, rb - ra
    ds = -dq - dr
    rates = [k for k in (abs(dq - dr), abs(dr - ds), abs(ds - dq)) if k]
    span = lcm(*rates)
    cuts = {0, span}
    for k in rates:
        step = span // k
        cuts.update(range(step, span, step))
    ts = sorted(cuts)
    unit = 2 * span
    entries: list[tuple[Hex, ...]] = []
    for t0, t1 in zip(ts, ts[1:]):
        tm = t0 + t1  # the midpoint, in units of 1 / (2 span)
        cells = _cells_containing(qa * unit + dq * tm, ra * unit + dr * tm, unit)
        entry = tuple(sorted(grid.from_axial(q, r) for q, r in cells))
        if not entries or entries[-1] != entry:
            entries.append(entry)
    return entries
