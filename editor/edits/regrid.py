"""Changing the grid under a map: resize on any side, orientation, shift, labels, hex size.

Everything keyed by hex (hexes, hexsides, areas, box entry hexes, scenario placements)
moves with its hex to the new grid. Resizing keeps each hex where it was drawn: adding an
odd number of columns on the west of a flat-top map flips which columns are shifted, and
the origin moves so the content (and an aligned underlay) stays put.
"""

from __future__ import annotations

from collections.abc import Callable

from runtime.geometry import Hex, Layout
from runtime.model import Grid, Module

from .naming import GridNames

HexMap = Callable[[Hex], Hex]


def regrid_module(module: Module, new_grid: Grid, move: HexMap) -> Module:
    """A copy of ``module`` on ``new_grid``, each hex's data moved to ``move(hex)``.

    Data whose hex leaves the map is dropped (hexes, hexsides, area and entry hexes);
    scenario placements on such hexes keep their old label so validation points them out.
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
        try:
            canon = new.grid.hexside(h, side.direction)
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


def regridded_settings(module: Module, **changes: object) -> Module:
    """The module with grid settings changed (orientation, shifted, labels, hex size, origin).

    Hexes keep their column and row; hexsides keep their hex and direction index.
    """
    new_grid = Grid.model_validate({**module.map.grid.model_dump(), **changes})
    return regrid_module(module, new_grid, lambda h: h)
