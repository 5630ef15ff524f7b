"""Where a scenario's units are drawn on the editor's map (Qt-free).

Units set up on a hex stand in a stack on it, offset up and right as in play; units set
up in an off-map box, and the reinforcements due in one, stand in rows inside the box's
rectangle when it is drawn beside the map. :func:`spot_at` finds the top counter under
the pointer, and :func:`drop_target` the hex or box a dragged counter lands in.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import Module, Scenario
from hexwright.runtime.ui.play.board_layout import HEADER

from .naming import GridNames

COUNTER = 1.15
"""A counter's side in hex sizes (centre to corner)."""
STACK = 0.14
"""How far each unit of a stack stands from the one below, in counter sides."""


@dataclass(frozen=True)
class Spot:
    piece: str
    x: float
    """Left edge, map pixels."""
    y: float
    """Top edge."""
    size: float
    hex: str | None = None
    box: str | None = None
    step: int = 0
    reinforcement: int | None = None
    """The turn it arrives, for a reinforcement."""

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.size and self.y <= y <= self.y + self.size


def setup_spots(module: Module, scenario: Scenario | None, names: GridNames) -> list[Spot]:
    """Every counter of ``scenario`` as drawn, bottom of each stack first."""
    if scenario is None:
        return []
    size = names.layout.size * COUNTER
    out: list[Spot] = []
    stacks: dict[str, int] = {}
    in_box: dict[str, list[tuple[str, int, int | None]]] = {}
    for p in scenario.setup:
        if p.piece not in module.pieces.pieces:
            continue
        if p.hex is not None:
            try:
                h = names.hex_of(p.hex)
            except ValueError:
                continue
            if not names.contains(h):
                continue
            cx, cy = names.layout.center(h)
            n = stacks.get(p.hex, 0)
            stacks[p.hex] = n + 1
            off = n * STACK * size
            out.append(Spot(p.piece, cx - size / 2 + off, cy - size / 2 - off, size, hex=p.hex, step=p.step))
        elif p.box is not None:
            in_box.setdefault(p.box, []).append((p.piece, p.step, None))
    for r in scenario.reinforcements:
        if r.box is not None and r.piece in module.pieces.pieces:
            in_box.setdefault(r.box, []).append((r.piece, 0, r.turn))
    for box_id, pieces in in_box.items():
        box = module.map.boxes.get(box_id)
        if box is None or box.rect is None:
            continue
        rect = box.rect
        top = HEADER if rect.height > 2 * HEADER else 0.0  # under the box's title, as in play
        cell = min(size, (rect.height - top) * 0.8) * 1.08
        per_row = max(1, int((rect.width - 4) // cell))
        for i, (pid, step, turn) in enumerate(pieces):
            row, col = divmod(i, per_row)
            out.append(Spot(pid, rect.x + 4 + col * cell, rect.y + top + row * cell, cell * 0.92, box=box_id,
                            step=step, reinforcement=turn))
    return out


def spot_at(spots: list[Spot], x: float, y: float) -> Spot | None:
    """The counter drawn on top at ``(x, y)`` (the last one drawn there)."""
    return next((s for s in reversed(spots) if s.contains(x, y)), None)


def drop_target(module: Module, names: GridNames, x: float, y: float) -> tuple[str | None, str | None]:
    """(hex label, box id) where a counter dropped at ``(x, y)`` lands; (None, None): nowhere."""
    for key, box in module.map.boxes.items():
        r = box.rect
        if r is not None and r.x <= x <= r.x + r.width and r.y <= y <= r.y + r.height:
            return None, key
    h = Hex(*names.layout.hex_at(x, y))
    if names.contains(h):
        return names.label(h), None
    return None, None
