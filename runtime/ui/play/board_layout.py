"""Where everything of a game is drawn, in map pixels. Plain Python (no Qt), so it is tested alone.

The map's hexes come from the grid's :class:`~runtime.geometry.Layout`. Off-map places
sit beside the map: every box of the module (at its ``rect`` when it has one, otherwise in
a column to the right of the map), then the piles that no box of the module stands for
(eliminated, exited, not in play); tracks run below the map, one square per space.
Pieces and markers in one place form a stack, bottom first in stacking order; a stack on a
hex is drawn with each counter offset up and to the right, or fanned out in a row when it
is expanded. Counters in a box or track space are laid out in a grid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState, Location

COUNTER_SCALE = 1.05
"""Counter side as a fraction of the hex circumradius."""
STACK_OFFSET = 0.12
"""Offset between counters of a stack, as a fraction of the counter side."""
BOX_COLUMNS = 5
HEADER = 18.0
PAD = 6.0
OFF_PILES = (("eliminated", "Eliminated"), ("exited", "Exited the map"), ("unavailable", "Not in play"))


@dataclass(frozen=True)
class Region:
    """An off-map place counters can be dropped on: a box, a pile or a track space; or the
    display of drawn chits (``at`` None: nothing can be dropped there)."""

    at: Location | None
    title: str
    x: float
    y: float
    width: float
    height: float
    kind: str = "box"
    key: str = ""

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.width and self.y <= y <= self.y + self.height

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2


@dataclass(frozen=True)
class Placed:
    """One counter to draw: ``kind`` is ``piece``, ``marker`` or ``chit`` (a drawn chit,
    ``at`` None); x, y is its centre."""

    kind: str
    id: str
    at: Location | None
    x: float
    y: float
    size: float
    z: int
    index: int
    count: int
    region: str = ""


@dataclass
class BoardLayout:
    counter: float
    map_width: float
    map_height: float
    regions: list[Region] = field(default_factory=list)
    placed: list[Placed] = field(default_factory=list)

    def region_at(self, x: float, y: float) -> Region | None:
        for region in reversed(self.regions):
            if region.at is not None and region.contains(x, y):
                return region
        return None

    def region_of(self, at: Location) -> Region | None:
        for region in self.regions:
            if region.at == at:
                return region
        return None

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the map and every region."""
        left, top, right, bottom = 0.0, 0.0, self.map_width, self.map_height
        for r in self.regions:
            left, top = min(left, r.x), min(top, r.y)
            right, bottom = max(right, r.x + r.width), max(bottom, r.y + r.height)
        return left, top, right, bottom


def _stack_entries(state: GameState) -> dict[Location, list[tuple[int, str, str]]]:
    stacks: dict[Location, list[tuple[int, str, str]]] = {}
    for pid, piece in state.pieces.items():
        stacks.setdefault(piece.at, []).append((piece.order, "piece", pid))
    for mid, marker in state.markers.items():
        stacks.setdefault(marker.at, []).append((marker.order, "marker", mid))
    for entries in stacks.values():
        entries.sort()
    return stacks


def hex_center(module: Module, label: str) -> tuple[float, float]:
    grid = module.map.grid
    return grid.layout().center(grid.labels.scheme().parse(label, grid.hex_grid()))


def location_center(module: Module, board: BoardLayout, at: Location) -> tuple[float, float] | None:
    if at.kind == "hex":
        return hex_center(module, at.id)
    region = board.region_of(at)
    return region.center if region is not None else None


def _side_of(module: Module, state: GameState, kind: str, item_id: str) -> str | None:
    if kind == "piece":
        piece = module.pieces.pieces.get(item_id)
        return piece.side if piece is not None else None
    marker = module.pieces.markers.get(state.markers[item_id].marker)
    return marker.side if marker is not None else None


def board_layout(module: Module, state: GameState, expanded: Location | None = None,
                 counter_scale: float = COUNTER_SCALE) -> BoardLayout:
    """Lay out the map's off-map places and every counter of ``state`` (counters ``counter_scale`` of a hex).

    A module box of kind ``eliminated`` or ``exited`` shows that pile for its side (or for
    every side when it has none): dropping a counter on it eliminates it (or exits it).
    """
    grid = module.map.grid
    width, height = grid.layout().bounds()
    counter = grid.hex_size * counter_scale
    cell = counter + PAD
    board = BoardLayout(counter=counter, map_width=grid.origin_x + width, map_height=grid.origin_y + height)
    stacks = _stack_entries(state)

    # Which region each off-map counter is drawn in.
    pile_boxes: dict[tuple[str, str | None], str] = {}
    for bid, box in module.map.boxes.items():
        if box.kind in ("eliminated", "exited"):
            pile_boxes.setdefault((box.kind, box.side), bid)
    contents: dict[str, list[tuple[int, str, str, Location]]] = {}

    def region_key(at: Location, kind: str, item_id: str) -> str:
        if at.kind in ("eliminated", "exited"):
            side = _side_of(module, state, kind, item_id)
            bid = pile_boxes.get((at.kind, side)) or pile_boxes.get((at.kind, None))
            return f"box:{bid}" if bid else f"pile:{at.kind}"
        if at.kind == "unavailable":
            return "pile:unavailable"
        if at.kind == "box":
            return f"box:{at.id}"
        return f"track:{at.id}:{at.space}"

    for at, entries in stacks.items():
        if at.kind == "hex":
            continue
        for order, kind, item_id in entries:
            contents.setdefault(region_key(at, kind, item_id), []).append((order, kind, item_id, at))

    def box_height(key: str) -> float:
        rows = max(1, math.ceil(len(contents.get(key, [])) / BOX_COLUMNS))
        return HEADER + rows * cell + PAD

    rects = [box.rect for box in module.map.boxes.values() if box.rect is not None]
    column_x = max([board.map_width] + [r.x + r.width for r in rects]) + 3 * PAD
    column_y = grid.origin_y
    box_width = BOX_COLUMNS * cell + PAD
    places: list[tuple[str, Location | None, str, str | None]] = []
    for bid, box in module.map.boxes.items():
        at = Location.off(box.kind) if box.kind in ("eliminated", "exited") else Location.box(bid)
        places.append((f"box:{bid}", at, box.name, bid))
    covered = {kind for kind, _ in pile_boxes}
    for kind, title in OFF_PILES:
        key = f"pile:{kind}"
        if kind not in covered or key in contents:
            places.append((key, Location.off(kind), title, None))
    if state.cups or state.drawn:
        contents["chits"] = [(i, "chit", chit, None) for i, chit in enumerate(state.drawn)]
        places.append(("chits", None, "Drawn chits", None))
    region_by_key: dict[str, Region] = {}
    for key, at, title, box_id in places:
        box = module.map.boxes.get(box_id) if box_id is not None else None
        if box is not None and box.rect is not None:
            r = box.rect
            region = Region(at, title, r.x, r.y, r.width, r.height, key=key)
        else:
            h = box_height(key)
            kind = "box" if box else ("chits" if at is None else "pile")
            region = Region(at, title, column_x, column_y, box_width, h, kind=kind, key=key)
            column_y += h + PAD
        board.regions.append(region)
        region_by_key[key] = region

    track_y = board.map_height + 3 * PAD
    per_row = max(1, int(max(board.map_width - grid.origin_x, cell) // cell))
    for tid, track in module.map.tracks.items():
        spaces = track.spaces or []
        if track.rect is not None:
            x0, y0 = track.rect.x, track.rect.y
            step = track.rect.width / max(len(spaces), 1)
        else:
            x0, y0, step = grid.origin_x, track_y + HEADER, cell
        for index, space in enumerate(spaces):
            row, col = divmod(index, per_row) if track.rect is None else (0, index)
            region = Region(Location.track(tid, index), f"{track.name}: {space.label}",
                            x0 + col * step, y0 + row * (cell + HEADER), step, cell + HEADER / 2, kind="track",
                            key=f"track:{tid}:{index}")
            board.regions.append(region)
            region_by_key[f"track:{tid}:{index}"] = region
        if track.rect is None:
            rows = max(1, math.ceil(len(spaces) / per_row))
            track_y += rows * (cell + HEADER) + 2 * PAD

    for at, entries in stacks.items():
        if at.kind != "hex":
            continue
        try:
            cx, cy = hex_center(module, at.id)
        except ValueError:
            continue
        count = len(entries)
        off = counter * STACK_OFFSET
        for i, (order, kind, item_id) in enumerate(entries):
            if at == expanded and count > 1:
                x = cx + (i - (count - 1) / 2) * (counter + 2)
                y = cy - counter * 0.6
            else:
                x = cx + (i - (count - 1) / 2) * off
                y = cy - (i - (count - 1) / 2) * off
            size = counter if kind == "piece" else counter * 0.8
            board.placed.append(Placed(kind, item_id, at, x, y, size, order, i, count))

    for key, entries in contents.items():
        region = region_by_key.get(key)
        if region is None:
            continue
        entries.sort()
        count = len(entries)
        top = region.y + (HEADER if region.kind != "track" else HEADER / 2)
        columns = max(1, int(region.width // cell)) if region.kind != "track" else 1
        for i, (order, kind, item_id, at) in enumerate(entries):
            if region.kind == "track":
                x = region.x + region.width / 2 + i * counter * STACK_OFFSET
                y = top + cell / 2 - i * counter * STACK_OFFSET
            else:
                row, col = divmod(i, columns)
                x = region.x + PAD / 2 + col * cell + cell / 2
                y = top + row * cell + cell / 2
            size = counter if kind != "marker" else counter * 0.8
            board.placed.append(Placed(kind, item_id, at, x, y, size, order, i, count, key))
    return board


def region_contents(board: BoardLayout, region: Region) -> list[Placed]:
    """The counters drawn in ``region``, bottom first."""
    return [p for p in board.placed if p.region == region.key]
