"""Merge ids of the commands that merge into one undo step (one enum, as in Tiled)."""

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
    SET_ENTRY = 8
    """Consecutive changes of one field of one module entry (typing into a unit's form)."""
    SET_TABLE = 9
    """Consecutive changes of one field of one single table (terrain effects, turn track, victory)."""
    SET_MAP_STYLE = 10
    """Consecutive changes of one setting of the map style (a width stepped with the arrow keys)."""
    SET_RULES = 11
    """Consecutive changes of one field of ``rules.json`` (a limit stepped with the arrow keys)."""
