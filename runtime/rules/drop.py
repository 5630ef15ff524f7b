"""Air drops: where a unit waiting in a drop box may land (DoM §2.3, §8.2).

The module says it in ``rules.json`` ``drops`` (:class:`~runtime.model.rules_config.AirDrop`):
the box, the terrain a unit may land in, whether the hex must be empty of every unit and
whether it may be in enemy ZOC. :func:`drop_zone` gives every legal landing hex with the
rulings that go with it ("lands in enemy ZOC", "cannot move further this turn");
:func:`drop_problems` says why one hex is not a legal landing hex, each reason with the
rule id ``drop`` (or ``sequence`` for an enemy-held hex, which is never allowed) and the
drop's section. Pure and sorted like every rule here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import AirDrop, RulesConfig

from .board import make_board
from .rulings import Ruling
from .zoc import enemy_zoc


@dataclass(frozen=True)
class DropHex:
    hex: str
    rulings: tuple[Ruling, ...] = ()


def drop_problems(module: Module, occupancy: Mapping[str, str], unit: str, hex: str, drop: AirDrop,
                  rules: RulesConfig | None = None) -> list[Ruling]:
    """Why ``unit`` may not land in ``hex`` ([] if it may), each reason citing the drop's section."""
    rules = rules or module.rules
    occ = {k: v for k, v in occupancy.items() if k != unit}
    board = make_board(module, occ)
    i = board.hm.idx(hex)
    side = module.pieces.pieces[unit].side
    sec = drop.section
    out: list[Ruling] = []
    if i in board.enemy_hexes(side):
        out.append(Ruling("sequence", "an enemy unit holds the hex: opposing units never share a hex", sec, hex))
    elif drop.empty_hex and i in board.by_hex:
        out.append(Ruling("drop", "a unit is already there: drops only on a hex with no unit in it", sec, hex))
    terrain = module.map.terrain_of(hex)
    if drop.terrain and terrain not in drop.terrain:
        name = module.map.terrain_types[terrain].name if terrain in module.map.terrain_types else terrain
        allowed = ", ".join(module.map.terrain_types[t].name if t in module.map.terrain_types else t
                            for t in drop.terrain)
        out.append(Ruling("drop", f"{name.lower()} hex: drops only on {allowed.lower()} hexes", sec, hex))
    if not drop.into_ezoc and rules.enforcement_of("zoc") != "off" and i in enemy_zoc(board, rules.zoc, side):
        out.append(Ruling("drop", "in enemy ZOC: no drop there", sec, hex))
    return out


def drop_zone(module: Module, occupancy: Mapping[str, str], unit: str, drop: AirDrop,
              rules: RulesConfig | None = None) -> dict[str, DropHex]:
    """Every hex ``unit`` may land in, sorted by label, with the rulings of landing there."""
    rules = rules or module.rules
    occ = {k: v for k, v in occupancy.items() if k != unit}
    board = make_board(module, occ)
    hm = board.hm
    side = module.pieces.pieces[unit].side
    z = enemy_zoc(board, rules.zoc, side) if rules.enforcement_of("zoc") != "off" else set()
    enemy = board.enemy_hexes(side)
    allowed = set(drop.terrain)
    out: dict[str, DropHex] = {}
    for i in sorted(range(len(hm.labels)), key=lambda k: hm.labels[k]):
        label = hm.labels[i]
        if i in enemy or (drop.empty_hex and i in board.by_hex):
            continue
        if allowed and module.map.terrain_of(label) not in allowed:
            continue
        if i in z and not drop.into_ezoc:
            continue
        rulings: list[Ruling] = []
        if i in z:
            rulings.append(Ruling("zoc", "lands in enemy ZOC", drop.section, label))
        if drop.stop_on_landing:
            rulings.append(Ruling("drop", "landed: cannot move further this turn", drop.section, label))
        out[label] = DropHex(label, tuple(rulings))
    return out
