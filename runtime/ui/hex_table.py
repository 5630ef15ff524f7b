"""The terrain and level of every hex by dense index, kept up to date edit by edit.

The natural layers ask "what terrain, what level is hex i?" thousands of times a paint
(every tile looks at its six neighbours), and the contours need the set of levels in use.
Reading those through the map's label-keyed dictionaries each time cost more than the
drawing; this table answers from lists and is updated for just the hexes an edit names
(:meth:`update`, fed from the editor's change record).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import attrgetter, setitem
from typing import TypeVar, cast

from hexwright.runtime.model import MapData

from .hex_cache import HexCache

T = TypeVar("T")

_LEVEL = attrgetter("level")


def _fill(column: list[T], at: list[int], cells: Iterable[T]) -> None:
    """``column[at[k]]`` = the k-th of ``cells``, for every k, in one C-level pass."""
    deque(map(setitem, repeat(column), at, cells), maxlen=0)


NOTHING_ELSE: tuple = ("", ())
"""A hex without a name or features, whether the map holds data for it or not (painting a
hex the map did not hold changes its terrain, not what is drawn over it)."""


@dataclass
class TableChange:
    """What an edit changed of the hexes it names."""

    what: set[str] = field(default_factory=set)
    """``terrain``, ``level`` and/or ``other`` (features, names)."""
    terrain_was: dict[int, str] = field(default_factory=dict)
    """The hexes whose terrain changed, with the terrain they had."""
    level_was: dict[int, int] = field(default_factory=dict)
    """The hexes whose level changed, with the level they had."""


class HexTable:
    def __init__(self, map_data: MapData, cache: HexCache):
        self.map_data = map_data
        self.cache = cache
        n = cache.cols * cache.rows
        self.default = map_data.default_terrain
        self.terrain: list[str] = [self.default] * n
        self.level: list[int] = [0] * n
        self.present: list[bool] = [False] * n
        self.other: list[tuple] = [NOTHING_ELSE] * n
        """Name and features of each hex (what else of a hex is drawn), to tell what an edit changed."""
        self.counts: Counter[int] = Counter()
        """How many hexes of the map data have each level (hexes not in it are level 0 but not counted)."""
        # As _read does for each hex, without a Python step per hex (160,000 on a 400×400 map):
        # each hex's index, its values read once per distinct instance (hexes of one value
        # share one), and the lists filled by C-level maps. A label not of this grid is left out.
        hexes = map_data.hexes
        found = list(map(cache.label_index().get, hexes))
        values = list(hexes.values())
        if None in found:
            on_grid = [i is not None for i in found]
            found, values = list(compress(found, on_grid)), list(compress(values, on_grid))
        at = cast(list[int], found)
        ids = list(map(id, values))
        distinct = dict(zip(ids, values))
        terrain = {key: hd.terrain if hd.terrain is not None else self.default for key, hd in distinct.items()}
        other = {key: (hd.name, tuple(repr(f) for f in hd.features) if hd.features else ())
                 for key, hd in distinct.items()}
        levels = list(map(_LEVEL, values))
        _fill(self.present, at, repeat(True))
        _fill(self.terrain, at, map(terrain.__getitem__, ids))
        _fill(self.level, at, levels)
        _fill(self.other, at, map(other.__getitem__, ids))
        self.counts.update(levels)

    def _read(self, i: int, label: str) -> set[str]:
        """Read hex ``i`` again; returns what of it changed (``terrain``, ``level``, ``other``)."""
        before = (self.terrain[i], self.level[i], self.other[i])
        if self.present[i]:
            self.counts[self.level[i]] -= 1
        hd = self.map_data.hexes.get(label)
        self.present[i] = hd is not None
        self.terrain[i] = hd.terrain if hd is not None and hd.terrain is not None else self.default
        self.level[i] = hd.level if hd is not None else 0
        self.other[i] = (hd.name, tuple(repr(f) for f in hd.features)) if hd is not None else NOTHING_ELSE
        if hd is not None:
            self.counts[hd.level] += 1
        after = (self.terrain[i], self.level[i], self.other[i])
        return {what for what, a, b in zip(("terrain", "level", "other"), before, after) if a != b}

    def update(self, labels: Iterable[str]) -> TableChange:
        """Read these hexes again from the map (after an edit changed them); returns what of
        them changed."""
        change = TableChange()
        for label in labels:
            i = self.cache.index_of_label(label)
            if i is not None:
                terrain, level = self.terrain[i], self.level[i]
                what = self._read(i, label)
                change.what |= what
                if "terrain" in what:
                    change.terrain_was.setdefault(i, terrain)
                if "level" in what:
                    change.level_was.setdefault(i, level)
        return change

    def thresholds(self, low: int) -> list[int]:
        """Every level above ``low`` that the map declares or some hex has: one contour each."""
        values = {lv.value for lv in self.map_data.levels} | {v for v, n in self.counts.items() if n > 0}
        return sorted(v for v in values if v > low)
