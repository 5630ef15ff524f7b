"""Command radius and command range: which hexes a unit or HQ commands.

* St-Lô 7.4.1: a hex is within a unit's command radius if a path of at most ``radius``
  hexes (the unit's own hex not counted) reaches it without entering an enemy-occupied
  hex or an enemy-controlled one (in enemy ZOC) unless a friendly unit is there; the unit's
  own hex always is (7.4.1 B).
* ToV 2.3: command range is a plain distance; terrain, supply, enemy units and EZOCs do
  not affect it (``blocked=False``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import RulesConfig, SupplyRules

from .board import make_board
from .supply import passable_hexes


def command_radius(module: Module, occupancy: Mapping[str, str], unit: str, radius: int, *,
                   blocked: bool = True, control: Mapping[str, str] | None = None,
                   rules: RulesConfig | None = None) -> list[str]:
    """Hexes within ``radius`` of ``unit`` by St-Lô 7.4.1 (or plain distance), sorted."""
    rules = rules or module.rules
    board = make_board(module, occupancy)
    if unit not in board.units:
        raise ValueError(f"piece {unit!r} is not on the map")
    me = board.units[unit]
    hm = board.hm
    if not blocked:
        return sorted(hm.labels[hm.grid.index(h)] for h in hm.grid.within(hm.grid.hex_at(me.hex), radius))
    ok = passable_hexes(board, SupplyRules(blocked_by_enemy_control=control is not None), rules.zoc, me.side, control)
    dist = {me.hex: 0}
    queue = deque([me.hex])
    while queue:
        i = queue.popleft()
        if dist[i] == radius:
            continue
        for _d, j in hm.neighbors[i]:
            if j not in dist and ok[j]:
                dist[j] = dist[i] + 1
                queue.append(j)
    return sorted(hm.labels[i] for i in dist)
