"""Hexsides under a drag: the nearest side to the pointer, and a continuous chain between two.

A river is a chain of hexsides meeting end to end. When the pointer jumps from one side
to another that does not touch it, :func:`hexside_chain` fills in the shortest run of
sides between them, so a quick drag still paints a continuous line.
"""

from __future__ import annotations

from collections import deque

from hexwright.runtime.geometry import Hex, Hexside, Layout

MAX_CHAIN = 12
"""Give up filling a gap longer than this many sides (the pointer jumped across the map)."""


def _corner_keys(layout: Layout, side: Hexside) -> tuple[tuple[int, int], tuple[int, int]]:
    (x0, y0), (x1, y1) = layout.hexside_segment(side)
    return (round(x0 * 64), round(y0 * 64)), (round(x1 * 64), round(y1 * 64))


def _sides_of(layout: Layout, h: Hex) -> list[Hexside]:
    grid, out = layout.grid, []
    for d in range(6):
        try:
            out.append(grid.hexside(h, d))
        except ValueError:
            continue  # neither hex on the map
    return out


def touching_sides(layout: Layout, side: Hexside) -> list[Hexside]:
    """Hexsides (with an on-map hex) that share a corner with ``side``, sorted."""
    grid = layout.grid
    a = Hex(*side[0])
    b = grid.neighbor(a, side[1])
    corners = set(_corner_keys(layout, side))
    canon = grid.hexside(a, side[1])
    found = set()
    for h in (a, b):
        for s in _sides_of(layout, h):
            if s != canon and corners & set(_corner_keys(layout, s)):
                found.add(s)
    return sorted(found)


def hexside_chain(layout: Layout, start: Hexside, goal: Hexside, limit: int = MAX_CHAIN) -> list[Hexside]:
    """Sides after ``start`` up to and including ``goal`` along the shortest connected run.

    Returns ``[goal]`` when no run of at most ``limit`` sides joins them.
    """
    grid = layout.grid
    start = grid.hexside(start[0], start[1])
    goal = grid.hexside(goal[0], goal[1])
    if start == goal:
        return []
    parent: dict[Hexside, Hexside | None] = {start: None}
    queue = deque([(start, 0)])
    while queue:
        side, depth = queue.popleft()
        if depth >= limit:
            continue
        for nxt in touching_sides(layout, side):
            if nxt in parent:
                continue
            parent[nxt] = side
            if nxt == goal:
                path = [goal]
                while parent[path[-1]] != start:
                    path.append(parent[path[-1]])  # type: ignore[arg-type]
                return path[::-1]
            queue.append((nxt, depth + 1))
    return [goal]


def side_near(layout: Layout, x: float, y: float, tolerance: float) -> Hexside | None:
    """The canonical hexside nearest ``(x, y)`` if within ``tolerance`` map pixels, else None."""
    try:
        side, dist = layout.nearest_hexside(x, y)
    except ValueError:
        return None
    return side if dist <= tolerance else None
