"""What one edit changed: the record every undo command returns and the document sends out.

Every edit of a module — map, pieces, tables, scenarios, module properties — reaches the
views as one :class:`Changes` (after Anki's ``OpChanges``): the hexes and hexsides it
touched, the entries it touched by kind, or a reset of the map state. Views refresh only
what the record names. Qt-free, so edit logic and its tests need no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """The kinds of module entries an edit can touch (each a keyed collection or one table)."""

    PIECES = "pieces"
    SIDES = "sides"
    FORMATIONS = "formations"
    UNIT_TYPES = "unit_types"
    MARKERS = "markers"
    CHITS = "chits"
    MOVEMENT_CLASSES = "movement_classes"
    CRTS = "crts"
    LOOKUPS = "lookups"
    TERRAIN_EFFECTS = "terrain_effects"
    TERRAIN_TYPES = "terrain_types"
    """The map's terrain types (the palette): a rename names them."""
    TURN_TRACK = "turn_track"
    VICTORY = "victory"
    SCENARIOS = "scenarios"
    AREAS = "areas"
    BOXES = "boxes"
    TRACKS = "tracks"
    META = "meta"
    """``module.json``: title, dice, optional rules, sequence of play."""
    RULES = "rules"
    """``rules.json``: the rules the engine computes, the sequence's steps, enforcement."""
    MAP_STYLE = "map_style"
    """How the map is printed: ``map.style``, ``map.furniture`` and ``map.place_names``."""


ALL = "*"
"""The key that stands for every entry of a kind (or a kind that is one table)."""

MAP_STATE: frozenset[Kind] = frozenset({Kind.AREAS, Kind.BOXES, Kind.TRACKS, Kind.SCENARIOS})
"""The entries a reset of the map state puts back besides the map itself (see
:meth:`editor.document.MapDocument.map_state`)."""


@dataclass(frozen=True)
class Changes:
    """Which hexes (labels), hexsides (ids) and entries (kind, key) one edit changed.

    ``reset``: the grid, the palette, the levels or much of the map changed, so every hex
    and hexside may have, and so may the entries of :data:`MAP_STATE`."""

    hexes: frozenset[str] = frozenset()
    hexsides: frozenset[str] = frozenset()
    entries: frozenset[tuple[Kind, str]] = frozenset()
    reset: bool = False
    renamed: tuple[tuple[Kind, str, str], ...] = ()
    """Ids this edit renamed, (kind, old, new) in the direction it was applied (an undo names
    new → old), so a view showing one entry goes on showing it under its other id."""

    @classmethod
    def of(cls, kind: Kind, *keys: str) -> Changes:
        """Entries of one kind (no key: all of them)."""
        return cls(entries=frozenset((kind, key) for key in (keys or (ALL,))))

    @classmethod
    def of_map(cls, hexes: Iterable[str] = (), hexsides: Iterable[str] = ()) -> Changes:
        return cls(hexes=frozenset(hexes), hexsides=frozenset(hexsides))

    def __or__(self, other: Changes) -> Changes:
        return Changes(self.hexes | other.hexes, self.hexsides | other.hexsides, self.entries | other.entries,
                       self.reset or other.reset, self.renamed + other.renamed)

    def __bool__(self) -> bool:
        return bool(self.hexes or self.hexsides or self.entries or self.reset)

    @property
    def touches_map(self) -> bool:
        """Anything drawn on the map: hexes, hexsides, or a reset."""
        return self.reset or bool(self.hexes or self.hexsides)

    def keys(self, kind: Kind) -> frozenset[str]:
        """The keys of ``kind`` that changed; :data:`ALL` among them when any may have."""
        keys = {key for k, key in self.entries if k == kind}
        if self.reset and kind in MAP_STATE:
            keys.add(ALL)
        return frozenset(keys)

    def touches(self, *kinds: Kind) -> bool:
        """Did any entry of these kinds change?"""
        return any(self.keys(kind) for kind in kinds)

    def new_id(self, kind: Kind, key: str | None) -> str | None:
        """The id entry ``key`` of ``kind`` has after this edit, when the edit renamed it (else None)."""
        now = key
        for renamed_kind, old, new in self.renamed:
            if renamed_kind == kind and now == old:
                now = new
        return now if now != key else None

    def touches_entry(self, kind: Kind, key: str | None) -> bool:
        """Did entry ``key`` of ``kind`` change (it, or possibly every entry of the kind)?"""
        keys = self.keys(kind)
        return ALL in keys or (key is not None and key in keys)
