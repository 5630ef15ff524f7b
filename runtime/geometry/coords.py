"""Hex coordinates: the public offset form and the internal axial/cube form.

Maps are addressed by zero-based *offset* coordinates (:class:`Hex`): ``col`` 0
is the westernmost column and ``row`` 0 the northernmost row.  Arithmetic
(distance, directions, lines) is easier in *axial* coordinates ``(q, r)`` with
the implied third cube coordinate ``s = -q - r``; this module converts between
the two.

Conventions (after the usual "offset coordinates" catalogue for hex grids):

* flat-top: ``q`` is the column; columns whose index parity equals ``shifted``
  sit half a hex lower.  ``shifted="odd"`` is "odd-q", ``"even"`` is "even-q".
* pointy-top: ``r`` is the row; rows whose index parity equals ``shifted`` sit
  half a hex further east.  ``shifted="odd"`` is "odd-r", ``"even"`` is "even-r".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, NamedTuple

Orientation = Literal["flat", "pointy"]
Shift = Literal["odd", "even"]

ORIENTATIONS: tuple[Orientation, ...] = ("flat", "pointy")
SHIFTS: tuple[Shift, ...] = ("odd", "even")

Axial = tuple[int, int]
"""Axial coordinates ``(q, r)``; the cube coordinate ``s`` is ``-q - r``."""


class Hex(NamedTuple):
    """A hex in zero-based offset coordinates (may lie off the map)."""

    col: int
    row: int


def to_axial(h: Hex, orientation: Orientation, shifted: Shift) -> Axial:
    """Convert an offset hex to axial ``(q, r)`` for the given grid shape."""
    col, row = h
    if orientation == "flat":
        if shifted == "odd":
            return col, row - (col - (col & 1)) // 2
        return col, row - (col + (col & 1)) // 2
    if shifted == "odd":
        return col - (row - (row & 1)) // 2, row
    return col - (row + (row & 1)) // 2, row


def from_axial(q: int, r: int, orientation: Orientation, shifted: Shift) -> Hex:
    """Convert axial ``(q, r)`` back to an offset :class:`Hex`."""
    if orientation == "flat":
        if shifted == "odd":
            return Hex(q, r + (q - (q & 1)) // 2)
        return Hex(q, r + (q + (q & 1)) // 2)
    if shifted == "odd":
        return Hex(q + (r - (r & 1)) // 2, r)
    return Hex(q + (r + (r & 1)) // 2, r)


def axial_distance(a: Axial, b: Axial) -> int:
    """Number of steps between two axial positions on the infinite hex plane."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def round_axial(q: float | Fraction, r: float | Fraction) -> Axial:
    """Round fractional axial coordinates to the hex containing that point.

    Standard cube rounding: round all three cube coordinates and recompute the
    one that moved furthest so that ``q + r + s == 0`` holds again.  Works for
    ``float`` and :class:`fractions.Fraction` inputs alike.
    """
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def check_shape(orientation: str, shifted: str) -> None:
    """Raise :class:`ValueError` unless ``orientation``/``shifted`` are known values."""
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation must be one of {ORIENTATIONS}, not {orientation!r}")
    if shifted not in SHIFTS:
        raise ValueError(f"shifted must be one of {SHIFTS}, not {shifted!r}")
