"""The whole module in memory: one object per file of the module folder."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pydantic import PrivateAttr

from .common import Id, Model
from .map import MapData
from .meta import ModuleMeta
from .pieces import PiecesData
from .rules_config import RulesConfig
from .scenario import Scenario
from .tables import TablesData
from .variant import LayerRef

MAP_EDITS_KEPT = 256
"""How many edits a module remembers for :meth:`Module.map_edits_since`."""


@dataclass(frozen=True)
class MapEdit:
    """Which map hexes (labels) and hexsides (ids) an edit changed in place, and nothing else."""

    hexes: frozenset[str]
    hexsides: frozenset[str]


class Module(Model):
    """A module. ``revision`` is its explicit in-memory version (never saved): whoever edits a
    module in place calls :meth:`mark_edited`, so data derived from it is rebuilt."""

    meta: ModuleMeta
    map: MapData
    pieces: PiecesData = PiecesData()
    tables: TablesData = TablesData()
    scenarios: dict[Id, Scenario] = {}
    rules: RulesConfig = RulesConfig()

    _revision: int = PrivateAttr(0)
    _layers: tuple[LayerRef, ...] = PrivateAttr(())
    _map_edits: dict[int, MapEdit | None] = PrivateAttr(default_factory=dict)

    def __eq__(self, other: object) -> bool:
        """Equal content: the revision counts edits of this object, it is not content."""
        if not isinstance(other, Module):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        raise TypeError("a Module is mutable, so it is not hashable")

    @property
    def revision(self) -> int:
        """Goes up on every :meth:`mark_edited`; the rules cache is keyed on it."""
        return self._revision

    @property
    def layers(self) -> tuple[LayerRef, ...]:
        """What a composed module was built from: its base, then each variant (empty for a plain module)."""
        return self._layers

    def set_layers(self, layers: tuple[LayerRef, ...]) -> None:
        """Record the composition this module came from (:mod:`runtime.storage.compose` does)."""
        self._layers = tuple(layers)

    def mark_edited(self, hexes: Iterable[str] | None = None, hexsides: Iterable[str] | None = None) -> None:
        """Say that this module was changed in place (the editor's document does, on every change).

        With ``hexes`` and ``hexsides`` (labels and hexside ids, either may be empty) the edit
        says it changed only those of the map's hexes and hexsides, in place, and nothing
        else: data derived from the map may then be updated where they are instead of being
        rebuilt (:meth:`map_edits_since`). Without them, anything may have changed."""
        self._revision += 1
        edits = self._map_edits
        edits[self._revision] = None if hexes is None or hexsides is None else MapEdit(frozenset(hexes),
                                                                                      frozenset(hexsides))
        edits.pop(self._revision - MAP_EDITS_KEPT, None)

    def map_edits_since(self, revision: int) -> MapEdit | None:
        """The hexes and hexsides changed by every edit after ``revision`` up to now, when each of
        those edits named them; None when one did not (or is too old to be remembered)."""
        if revision > self._revision:
            return None
        hexes: set[str] = set()
        sides: set[str] = set()
        for r in range(revision + 1, self._revision + 1):
            if r not in self._map_edits:
                return None
            edit = self._map_edits[r]
            if edit is None:
                return None
            hexes |= edit.hexes
            sides |= edit.hexsides
        return MapEdit(frozenset(hexes), frozenset(sides))
