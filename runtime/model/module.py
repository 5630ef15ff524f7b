"""The whole module in memory: one object per file of the module folder."""

from __future__ import annotations

from pydantic import PrivateAttr

from .common import Id, Model
from .map import MapData
from .meta import ModuleMeta
from .pieces import PiecesData
from .rules_config import RulesConfig
from .scenario import Scenario
from .tables import TablesData
from .variant import LayerRef


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

    def mark_edited(self) -> None:
        """Say that this module was changed in place (the editor's document does, on every change)."""
        self._revision += 1
