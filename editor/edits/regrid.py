"""Changing the grid under a map: resize on any side, orientation, shift, labels, hex size.

Everything keyed by hex (hexes, hexsides, areas, box entry hexes, scenario placements)
moves with its hex to the new grid. Resizing keeps each hex where it was drawn: adding an
odd number of columns on the west of a flat-top map flips which columns are shifted, and
the origin moves so the content (and an aligned underlay) stays put.
"""

from __future__ import annotations

from collections.abc import Callable

from hexwright.runtime.geometry import Hex, Layout
from hexwright.runtime.model import Grid, Module

from .naming import GridNames

HexMap = Callable[[Hex], Hex]


def regrid_module(module: Module, new_grid: Grid, move: HexMap, keep_adjacency: bool = False) -> Module:
    """A copy of ``module`` on ``new_grid``, each hex's data moved to ``move(hex)``.

    Data whose hex leaves the map is dropped (hexes, hexsides, area and entry hexes);
    scenario placements on such hexes keep their old label so validation points them out.
    A hexside keeps its hex and direction index, or with ``keep_adjacency`` it goes
    between the moved images of its two hexes (for a move that is not a translation).
    """
    old = GridNames(module.map.grid)
    new = GridNames(new_grid)
    out = module.model_copy(deep=True)
    m = out.map
    m.grid = new_grid

    def relabel(label: str) -> str | None:
        try:
            h = move(old.hex_of(label))
        except ValueError:
            return None
        return new.label(h) if new.contains(h) else None

    m.hexes = {nl: data for label, data in m.hexes.items() if (nl := relabel(label)) is not None}
    sides = {}
    for key, data in m.hexsides.items():
        try:
            side = old.side_of(key)
        except ValueError:
            continue
        h = move(side.hex)
        direction = side.direction
        if keep_adjacency:
            beyond = move(old.grid.neighbor(side.hex, side.direction))
            direction = new.grid.direction_between(h, beyond)
            if direction is None:  # the move did not keep the two hexes adjacent
                continue
        try:
            canon = new.grid.hexside(h, direction)
        except ValueError:
            continue
        sides[new.side_id(canon)] = data
    m.hexsides = sides
    for area in m.areas.values():
        area.hexes = sorted(nl for label in area.hexes if (nl := relabel(label)) is not None)
    for box in m.boxes.values():
        box.entry_hexes = [nl for label in box.entry_hexes if (nl := relabel(label)) is not None]
    for scenario in out.scenarios.values():
        for item in [*scenario.setup, *scenario.markers, *scenario.reinforcements]:
            if item.hex is not None:
                item.hex = relabel(item.hex) or item.hex
    return out


def resized_module(module: Module, west: int = 0, east: int = 0, north: int = 0, south: int = 0) -> Module:
    """Add (positive) or remove (negative) columns/rows on each side, keeping content in place."""
    g = module.map.grid
    cols, rows = g.cols + west + east, g.rows + north + south
    if cols < 1 or rows < 1:
        raise ValueError(f"the map would have {cols}×{rows} hexes; it needs at least 1×1")
    flip = (west if g.orientation == "flat" else north) % 2 == 1
    shifted = ({"odd": "even", "even": "odd"}[g.shifted]) if flip else g.shifted
    new_grid = g.model_copy(update={"cols": cols, "rows": rows, "shifted": shifted})
    old_layout = g.layout()
    probe = Layout(new_grid.hex_grid(), g.hex_size)
    ox, oy = old_layout.center(Hex(0, 0))
    nx, ny = probe.center(Hex(west, north))
    new_grid = new_grid.model_copy(update={"origin_x": round(ox - nx, 6), "origin_y": round(oy - ny, 6)})
    Grid.model_validate(new_grid.model_dump())  # raises on limits (e.g. more than 400 columns)
    return regrid_module(module, new_grid, lambda h: Hex(h[0] + west, h[1] + north))


def transposed_module(module: Module) -> Module:
    """The map mirrored across its diagonal: flat-top hexes become pointy-top and back.

    Column c, row r goes to column r, row c, and shifted columns become shifted rows, so
    every pair of neighbouring hexes stays neighbours: rivers and roads stay between the
    same two hexes (their direction names change, e.g. a flat N side becomes a pointy W
    side) and nothing is lost. The map is ``rows × cols`` afterwards.
    """
    g = module.map.grid
    new_grid = g.model_copy(update={
        "orientation": "pointy" if g.orientation == "flat" else "flat",
        "cols": g.rows, "rows": g.cols, "origin_x": g.origin_y, "origin_y": g.origin_x})
    Grid.model_validate(new_grid.model_dump())
    return regrid_module(module, new_grid, lambda h: Hex(h[1], h[0]), keep_adjacency=True)


def orientation_loss(module: Module) -> str | None:
    """Why changing orientation in place (columns and rows kept) would spoil the map, if it would.

    Hex data stays right (it is per hex), but a hexside is a direction between two hexes,
    and the neighbours of a hex are not the same on the other orientation."""
    n = len(module.map.hexsides)
    if not n:
        return None
    return (f"{n} hexside{'s' if n != 1 else ''} (rivers, roads…) would no longer lie between the same "
            "hexes if the orientation changed with columns and rows kept. Transpose the map instead "
            "(columns become rows, and every hexside stays between its two hexes).")


def regridded_settings(module: Module, transpose: bool = False, **changes: object) -> Module:
    """The module with grid settings changed (orientation, shifted, labels, hex size, origin).

    Hexes keep their column and row; hexsides keep their hex and direction index. An
    orientation change either transposes the map (``transpose``, see
    :func:`transposed_module`) or, columns and rows kept, is refused with a ValueError
    when the map has hexsides that would end up between other hexes; so is a change of the
    shifted columns/rows (resizing by one on the west/north edge flips them faithfully).
    """
    g = module.map.grid
    if changes.get("orientation", g.orientation) != g.orientation:
        if transpose:
            module = transposed_module(module)
            changes = {k: v for k, v in changes.items() if k not in ("orientation", "origin_x", "origin_y")}
            if not changes:
                return module
        elif (why := orientation_loss(module)) is not None:
            raise ValueError(why)
    if changes.get("shifted", g.shifted) != g.shifted and module.map.hexsides:
        n = len(module.map.hexsides)
        raise ValueError(f"{n} hexside{'s' if n != 1 else ''} (rivers, roads…) would no longer lie between the "
                         "same hexes if the shifted columns/rows changed in place. Add or remove one column "
                         "(flat) or row (pointy) on the west/north edge instead: that flips which are shifted "
                         "and keeps every hexside.")
    new_grid = Grid.model_validate({**module.map.grid.model_dump(), **changes})
    return regrid_module(module, new_grid, lambda h: h)
