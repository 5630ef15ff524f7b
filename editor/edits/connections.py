"""Road and rail crossings: which hexsides a connection crosses between hexes under a drag."""

from __future__ import annotations

from hexwright.runtime.geometry import Hex, HexGrid, Hexside, line_of_hexes


def hex_steps(grid: HexGrid, a: Hex, b: Hex) -> list[Hex]:
    """Hexes from ``a`` to ``b`` inclusive, each adjacent to the one before.

    Adjacent or equal hexes give themselves; farther ones follow the straight line
    between centres (where it runs along a hexside, the hex nearer the previous one).
    """
    a, b = Hex(*a), Hex(*b)
    if a == b:
        return [a]
    if grid.distance(a, b) == 1:
        return [a, b]
    path = [a]
    for entry in line_of_hexes(grid, a, b)[1:]:
        options = [h for h in entry if grid.distance(path[-1], h) == 1]
        if options:
            path.append(min(options))
    if path[-1] != b:
        path.append(b)
    return path


def crossings(grid: HexGrid, a: Hex, b: Hex) -> list[Hexside]:
    """Canonical hexsides crossed going from hex ``a`` to hex ``b``.

    A step from an on-map hex to an off-map one crosses the map edge (a road that
    leaves the map); steps between two off-map hexes cross nothing.
    """
    path = hex_steps(grid, a, b)
    out: list[Hexside] = []
    for x, y in zip(path, path[1:]):
        if not (grid.contains(x) or grid.contains(y)):
            continue
        side = grid.hexside_between(x, y)
        if side is not None and side not in out:
            out.append(side)
    return out
