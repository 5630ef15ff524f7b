"""The whole module in memory: one object per file of the module folder."""

from __future__ import annotations

from .common import Id, Model
from .map import MapData
from .meta import ModuleMeta
from .pieces import PiecesData
from .rules import RulesConfig
from .scenario import Scenario
from .tables import TablesData


class Module(Model):
    meta: ModuleMeta
    map: MapData
    pieces: PiecesData = PiecesData()
    tables: TablesData = TablesData()
    scenarios: dict[Id, Scenario] = {}
    rules: RulesConfig = RulesConfig()
