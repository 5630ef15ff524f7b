"""Merge ids of the commands that merge while a drag goes on (one enum, as in Tiled)."""

from enum import IntEnum


class MergeId(IntEnum):
    PAINT_TERRAIN = 1
    ERASE_HEXES = 2
    SET_LEVEL = 3
    SHIFT_LEVEL = 4
    TOGGLE_HEXSIDE_FEATURE = 5
    LAY_CONNECTION = 6
    CHANGE_PALETTE_TYPE = 7
    """Consecutive changes of one field of one type (arrow keys through a drop-down)."""
