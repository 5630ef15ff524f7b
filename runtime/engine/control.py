"""Hex control by last passage (DoM §7): a hex belongs to the side that last had a unit in
it or passing through it. A unit in a hex controls it now; ``GameState.control`` keeps
the passages of the units that have moved on (the engine writes every hex a move,
retreat or advance passes through)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from hexwright.runtime.model import Module
from hexwright.runtime.rules.cache import cached
from hexwright.runtime.state import GameState

from .state_position import state_position


def controllable(module: Module) -> frozenset[str] | None:
    """The hexes subject to control (ToV 6.1: cities, towns, supply sources), None: every hex
    (DoM §7); from ``rules.json`` ``control.feature_types``. Found once per revision of the map."""
    types = frozenset(module.rules.control.feature_types)
    if not types:
        return None
    return cached("controllable", module, (module.map,), (types,), lambda: frozenset(
        label for label, h in module.map.hexes.items() if any(f.type in types for f in h.features)))


def control_map(module: Module, state: GameState) -> dict[str, str]:
    """Hex label → controlling side: the occupant's side, else the last side to pass."""
    only = controllable(module)
    out = dict(state.control)
    for pid, p in state.pieces.items():
        if p.at.kind == "hex" and (only is None or p.at.id in only):
            out[p.at.id] = module.pieces.pieces[pid].side
    return dict(sorted(out.items()))


class Control(Mapping[str, str]):
    """:func:`control_map` read hex by hex: the side of the units in a hex, from the engine's
    kept position of ``state``, else the last side to pass. Asking about a few hexes (victory
    points, sudden death, controlled sources) costs a few look-ups, not a walk of every piece;
    going through all of it makes the whole map once."""

    def __init__(self, module: Module, state: GameState) -> None:
        self.module, self.state = module, state
        self._all: dict[str, str] | None = None

    def __getitem__(self, label: str) -> str:
        only = controllable(self.module)
        if only is None or label in only:
            with state_position(self.module, self.state) as (pos, _stamp):
                i = pos.hm.index.get(label)
                here = list(pos.by_hex.get(i, ())) if i is not None else []
            sides = {self.module.pieces.pieces[pid].side for pid in here}
            if len(sides) > 1:  # units of several sides: the last of them in the table, as control_map reads it
                return self.module.pieces.pieces[[pid for pid in self.state.pieces if pid in here][-1]].side
            if sides:
                return sides.pop()
        return self.state.control[label]

    def _whole(self) -> dict[str, str]:
        if self._all is None:
            self._all = control_map(self.module, self.state)
        return self._all

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())


def passed(state: GameState, side: str, hexes: Iterable[str], module: Module | None = None) -> GameState:
    """``side`` passed through ``hexes``: it controls those that can be controlled."""
    only = controllable(module) if module is not None else None
    control = dict(state.control)
    for h in hexes:
        if only is None or h in only:
            control[h] = side
    return state.model_copy(update={"control": dict(sorted(control.items()))})
