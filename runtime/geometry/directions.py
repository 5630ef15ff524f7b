"""The six directions out of a hex, by orientation.

Directions are numbered 0..5 clockwise.  Flat-top hexes have a north side, so
direction 0 is ``"N"``; pointy-top hexes have a north-east side first.  The
opposite of direction ``d`` is always ``(d + 3) % 6``.
"""

from __future__ import annotations

from .coords import Axial, Orientation

FLAT_DIRECTIONS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
POINTY_DIRECTIONS: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")

# Axial (q, r) step for each direction index.
_FLAT_VECTORS: tuple[Axial, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_POINTY_VECTORS: tuple[Axial, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

DirectionLike = int | str
"""A direction given either as its index 0..5 or by name (case-insensitive)."""


def direction_names(orientation: Orientation) -> tuple[str, ...]:
    """Names of the six directions, in index order, for ``orientation``."""
    return FLAT_DIRECTIONS if orientation == "flat" else POINTY_DIRECTIONS


def direction_vectors(orientation: Orientation) -> tuple[Axial, ...]:
    """Axial step ``(dq, dr)`` for each direction index of ``orientation``."""
    return _FLAT_VECTORS if orientation == "flat" else _POINTY_VECTORS


def opposite(d: int) -> int:
    """The direction index pointing back the other way."""
    return (d + 3) % 6


def direction_index(d: DirectionLike, orientation: Orientation) -> int:
    """Normalise a direction index or name to an index 0..5.

    Raises :class:`ValueError` for an unknown name or an index outside 0..5
    (``bool`` is rejected too, being an accident rather than a direction).
    """
    if isinstance(d, bool):
        raise ValueError(f"not a direction: {d!r}")
    if isinstance(d, int):
        if 0 <= d < 6:
            return d
        raise ValueError(f"direction index must be 0..5, not {d}")
    if isinstance(d, str):
        names = direction_names(orientation)
        key = d.strip().upper()
        if key in names:
            return names.index(key)
        raise ValueError(f"unknown direction {d!r} for {orientation}-top hexes; expected one of {names}")
    raise ValueError(f"not a direction: {d!r}")


def direction_of_step(dq: int, dr: int, orientation: Orientation) -> int | None:
    """Index of the direction whose axial step is ``(dq, dr)``, else ``None``."""
    try:
        return direction_vectors(orientation).index((dq, dr))
    except ValueError:
        return None
