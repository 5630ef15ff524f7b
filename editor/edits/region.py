"""Regions of hexes: copy to a clip, paste it elsewhere, delete what is inside.

A clip holds hexes and hexsides relative to an anchor in axial coordinates, so pasting
moves the shape rigidly on any grid (shifted columns included). A hexside belongs to a
region when every on-map hex it borders is in the region.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexwright.runtime.geometry import Hex, Hexside
from hexwright.runtime.geometry.directions import direction_of_step, direction_vectors
from hexwright.runtime.model import HexData, HexsideData, MapData

from .naming import GridNames
from .patch import MapPatch

Offset = tuple[int, int]


@dataclass
class Clip:
    """Copied hexes and hexsides, keyed by axial offset from the anchor (the first hex)."""

    hexes: dict[Offset, HexData | None] = field(default_factory=dict)
    sides: dict[tuple[Offset, int], HexsideData | None] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.hexes)


def region_sides(names: GridNames, hexes: list[Hex]) -> list[Hexside]:
    """Canonical hexsides inside the region (both hexes in it, or its edge of the map)."""
    grid = names.grid
    inside = set(map(Hex._make, hexes))
    found: set[Hexside] = set()
    for h in inside:
        for d in range(6):
            side = grid.hexside(h, d)
            a, b = grid.hexside_hexes(side)
            if a in inside and (b is None or b in inside):
                found.add(side)
    return sorted(found)


def copy_region(map_data: MapData, names: GridNames, hexes: list[Hex]) -> Clip:
    clip = Clip()
    if not hexes:
        return clip
    hexes = sorted(map(Hex._make, hexes))
    q0, r0 = names.grid.to_axial(hexes[0])
    for h in hexes:
        q, r = names.grid.to_axial(h)
        clip.hexes[(q - q0, r - r0)] = map_data.hexes.get(names.label(h))
    for side in region_sides(names, hexes):
        q, r = names.grid.to_axial(side.hex)
        clip.sides[((q - q0, r - r0), side.direction)] = map_data.hexsides.get(names.side_id(side))
    return clip


def _rotate(q: int, r: int) -> Offset:
    """Axial ``(q, r)`` turned 60° clockwise about the origin (cube x, y, z → -z, -x, -y)."""
    return -r, q + r


def _mirror(q: int, r: int, orientation: str) -> Offset:
    """Axial ``(q, r)`` mirrored left-right on screen (about the vertical through the origin)."""
    return (-q, q + r) if orientation == "flat" else (-q - r, r)


def transform_clip(clip: Clip, orientation: str, turns: int = 0, mirrored: bool = False) -> Clip:
    """The clip mirrored left-right (first, if asked), then turned ``turns`` × 60° clockwise
    about its anchor. Hexside directions turn with the hexes, so rivers along the stamp
    and roads across it keep their shape; the anchor stays at offset (0, 0)."""
    turns %= 6
    if not turns and not mirrored:
        return clip
    vectors = direction_vectors(orientation)

    def move(q: int, r: int) -> Offset:
        if mirrored:
            q, r = _mirror(q, r, orientation)
        for _ in range(turns):
            q, r = _rotate(q, r)
        return q, r

    def turn_direction(d: int) -> int:
        new = direction_of_step(*move(*vectors[d]), orientation)
        assert new is not None  # a direction step stays a direction step
        return new

    out = Clip()
    for offset, data in clip.hexes.items():
        out.hexes[move(*offset)] = data
    for (offset, d), data in clip.sides.items():
        out.sides[(move(*offset), turn_direction(d))] = data
    return out


def paste_patch(map_data: MapData, names: GridNames, clip: Clip, target: Hex) -> MapPatch:
    """Put the clip with its anchor on ``target``; parts falling off the map are dropped."""
    grid, patch = names.grid, MapPatch()
    tq, tr = grid.to_axial(target)
    for (dq, dr), data in sorted(clip.hexes.items()):
        h = grid.from_axial(tq + dq, tr + dr)
        if grid.contains(h):
            patch.set_hex(map_data, names.label(h), data)
    for ((dq, dr), d), data in sorted(clip.sides.items()):
        h = grid.from_axial(tq + dq, tr + dr)
        if not grid.contains(h):
            continue
        patch.set_side(map_data, names.side_id(grid.hexside(h, d)), data)
    return patch


def pasted_hexes(names: GridNames, clip: Clip, target: Hex) -> list[Hex]:
    """The on-map hexes a paste at ``target`` covers."""
    grid = names.grid
    tq, tr = grid.to_axial(target)
    out = [grid.from_axial(tq + dq, tr + dr) for dq, dr in clip.hexes]
    return sorted(h for h in out if grid.contains(h))


def delete_patch(map_data: MapData, names: GridNames, hexes: list[Hex]) -> MapPatch:
    """Clear the region: default hexes, and no hexside features or roads inside it."""
    patch = MapPatch()
    for h in sorted(map(Hex._make, hexes)):
        patch.set_hex(map_data, names.label(h), None)
    for side in region_sides(names, hexes):
        patch.set_side(map_data, names.side_id(side), None)
    return patch


def rect_hexes(names: GridNames, a: Hex, b: Hex) -> list[Hex]:
    """On-map hexes in the column/row rectangle spanned by ``a`` and ``b``."""
    c0, c1 = sorted((a[0], b[0]))
    r0, r1 = sorted((a[1], b[1]))
    return [Hex(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1) if names.contains(Hex(c, r))]
