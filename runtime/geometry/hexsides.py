"""Hexsides: the edges between hexes, with one canonical id each.

A hexside can be named from either hex it borders (``0106/N`` is the same edge
as ``0105/S`` on a flat-top map).  To store rules and terrain against
hexsides we pick one *canonical* representation:

* between two on-map hexes: the representation whose direction index is in
  ``{0, 1, 2}`` (``N``/``NE``/``SE`` for flat-top, ``NE``/``E``/``SE`` for
  pointy-top);
* on the map edge (the other hex is off the map): the representation from the
  on-map hex, whatever its direction.

Hexsides with no on-map hex at all are rejected.  The grid-facing helpers in
this module are also available as :class:`~runtime.geometry.grid.HexGrid`
methods (``grid.hexside(h, d)`` and friends), which is the usual way to call
them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from .coords import Hex
from .directions import DirectionLike, direction_index, opposite

if TYPE_CHECKING:
    from .grid import HexGrid
    from .labels import LabelScheme


class Hexside(NamedTuple):
    """The side of ``hex`` facing direction index ``direction`` (0..5)."""

    hex: Hex
    direction: int


def canonical_hexside(grid: HexGrid, h: Hex, d: DirectionLike) -> Hexside:
    """Canonical :class:`Hexside` for side ``d`` of ``h`` (see module docs).

    Raises :class:`ValueError` if neither hex bordering the side is on the map.
    """
    h = Hex(*h)
    di = direction_index(d, grid.orientation)
    other = grid.neighbor(h, di)
    here_on, other_on = grid.contains(h), grid.contains(other)
    if here_on and (di < 3 or not other_on):
        return Hexside(h, di)
    if other_on:
        return Hexside(other, opposite(di))
    raise ValueError(f"hexside {tuple(h)}/{di} has no hex on the {grid.cols}x{grid.rows} map")


def canonicalise(grid: HexGrid, side: Hexside) -> Hexside:
    """Canonical form of any representation of a hexside."""
    return canonical_hexside(grid, side[0], side[1])


def hexside_hexes(grid: HexGrid, side: Hexside) -> tuple[Hex, Hex | None]:
    """The hexes either side of ``side``: on-map hex first, ``None`` for off-map.

    For a side between two on-map hexes the first is the canonical one.
    """
    canon = canonicalise(grid, side)
    other = grid.neighbor(canon.hex, canon.direction)
    return canon.hex, (other if grid.contains(other) else None)


def hexsides_of(grid: HexGrid, h: Hex) -> list[Hexside]:
    """The six canonical hexsides of on-map hex ``h``, in direction order."""
    return [canonical_hexside(grid, h, d) for d in range(6)]


def all_hexsides(grid: HexGrid) -> list[Hexside]:
    """Every hexside touching the map, canonical and sorted."""
    sides: set[Hexside] = set()
    for h in grid.hexes():
        sides.update(hexsides_of(grid, h))
    return sorted(sides)


def is_edge(grid: HexGrid, side: Hexside) -> bool:
    """True if exactly one of the hexes bordering ``side`` is on the map."""
    return hexside_hexes(grid, side)[1] is None


def hexside_between(grid: HexGrid, a: Hex, b: Hex) -> Hexside | None:
    """Canonical hexside shared by adjacent hexes ``a`` and ``b``, else ``None``.

    Raises :class:`ValueError` if the hexes are adjacent but both off the map.
    """
    d = grid.direction_between(a, b)
    if d is None:
        return None
    return canonical_hexside(grid, a, d)


def format_hexside(grid: HexGrid, side: Hexside, labels: LabelScheme | None = None) -> str:
    """String id of a hexside, e.g. ``"0106/N"``, always in canonical form."""
    from .labels import LabelScheme

    scheme = labels if labels is not None else LabelScheme()
    canon = canonicalise(grid, side)
    return f"{scheme.format(canon.hex, grid)}/{grid.directions[canon.direction]}"


def read_canonical_id(grid: HexGrid, text: str, labels: Mapping[str, int],
                      directions: Mapping[str, int]) -> Hexside | None:
    """The hexside ``text`` names when it is written in its canonical form with its hex spelled
    as the grid's own label, read with two dictionary lookups; else ``None`` (then
    :func:`parse_hexside` reads it, or says what is wrong with it).

    ``labels`` maps every hex label of the grid to its dense index (``col * rows + row``),
    ``directions`` each direction name to its index (``{n: d for d, n in enumerate(grid.directions)}``):
    made once for a map's thousands of hexside ids."""
    label, _slash, name = text.rpartition("/")
    i = labels.get(label)
    d = directions.get(name)
    if i is None or d is None:
        return None
    h = Hex(*divmod(i, grid.rows))
    return Hexside(h, d) if d < 3 or not grid.contains(grid.neighbor(h, d)) else None


def parse_hexside(grid: HexGrid, text: str, labels: LabelScheme | None = None) -> Hexside:
    """Parse ``"<hex label>/<direction>"`` into a canonical :class:`Hexside`.

    Any valid naming is accepted, including one from the off-map side of an
    edge hexside; ``"0107/S"`` parses to the same value as ``"0106/N"`` would
    format.  Raises :class:`ValueError` naming ``text`` when it is malformed.
    """
    from .labels import LabelScheme

    scheme = labels if labels is not None else LabelScheme()
    label, slash, direction = text.strip().rpartition("/")
    if not slash or not label or not direction:
        raise ValueError(f"hexside {text!r} is not of the form '<hex>/<direction>', e.g. '0106/N'")
    try:
        h = scheme.parse(label, grid, allow_off_map=True)
        return canonical_hexside(grid, h, direction)
    except ValueError as exc:
        raise ValueError(f"bad hexside {text!r}: {exc}") from None
