"""From what a player does on the board to an engine action (pure, for the play window).

A counter dropped on a hex is a move, a retreat or an advance depending on the procedure
running, or an air drop when it comes from its drop box (DoM §8.2); dropped on the exited
pile it leaves the map by its cheapest exit; a click on a highlighted hex chooses a
retreat or an advance ending there. ``reach_of`` gives what the window shades while a
unit is carried (the landing hexes of a drop).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction

from hexwright.runtime.model import Module
from hexwright.runtime.rules import ReachedHex, drop_zone
from hexwright.runtime.state import ActionError, GameState, Location

from .actions import Advance, Drop, EngineAction, Enter, ExitMap, Move, Retreat
from .arrivals import legal_entries
from .context import is_mover, unit_reach
from .core import check_and_apply
from .data import engine_state, rules_of
from .drops import drop_of, droppers
from .relocation import legal_relocations
from .sequence import advance_options, retreat_options
from .transaction import Tx

Shown = tuple[Fraction, tuple[str, ...], bool]
"""A hex of a reach as the window shows it: cost, path, must stop there."""


class ReachHexes(Mapping[str, Shown]):
    """The hexes of a reach the unit may end in, each :data:`Shown` when read: the window
    shades every hex and shows the path of the one under the pointer, so a path is named
    only for a hex read (naming all of them up front was most of a move at 400×400)."""

    def __init__(self, hexes: Mapping[str, ReachedHex], strict: bool) -> None:
        self._hexes = hexes
        self._keys = [h for h, x in hexes.items() if x.can_end] if strict else list(hexes)
        self._in = frozenset(self._keys)

    def __getitem__(self, label: str) -> Shown:
        if label not in self._in:
            raise KeyError(label)
        x = self._hexes[label]
        return x.cost, x.path, x.stop

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, label: object) -> bool:
        return label in self._in

    def stops(self) -> dict[str, bool]:
        """Hex → must stop there, naming no path."""
        return {h: self._hexes[h].stop for h in self._keys}


@dataclass(frozen=True)
class ReachView:
    """Hexes a unit may move to now: cost, path and whether it must stop there."""

    unit: str
    allowance: Fraction
    hexes: Mapping[str, Shown]
    exits: tuple[tuple[str, str, Fraction], ...]
    drop: bool = False
    """An air drop (DoM §8.2): ``hexes`` are the landing hexes, each a stop, no MF spent."""

    def stops(self) -> dict[str, bool]:
        """Hex → must stop there: what the window shades, without naming the paths."""
        if isinstance(self.hexes, ReachHexes):
            return self.hexes.stops()
        return {h: stop for h, (_cost, _path, stop) in self.hexes.items()}


def _tx(module: Module, state: GameState) -> Tx:
    return Tx(module, state, engine_state(state), rules_of(module, state))


def reach_of(module: Module, state: GameState, unit: str, mode: str | None = None) -> ReachView | None:
    """The reach of ``unit`` if it may move now (movement phase, its side, not moved yet), in
    movement ``mode`` ("" normal; None: the step's, :func:`step_mode`)."""
    data = engine_state(state)
    from .runner import allows_now

    if data.over or data.frames or not allows_now(module, state, data.seq, "move"):
        return None
    rules = rules_of(module, state)
    if unit in droppers(module, state, data, rules):
        drop = drop_of(module, state, unit, rules)
        assert drop is not None
        zone = drop_zone(module, state.occupancy(), unit, drop, rules)
        return ReachView(unit, Fraction(0), {h: (Fraction(0), (h,), True) for h in zone}, (), drop=True)
    if not is_mover(module, state, unit, data):
        return None
    if mode and rules.enforcement_of("movement") == "enforce":
        from .moves import mode_problem

        if mode not in rules.movement.modes or mode_problem(_tx(module, state), unit, mode):
            return None  # ToV 11.2: rail or double only on the turn the unit appears
    r = unit_reach(module, state, unit, rules, mode=(step_mode(module, state) if mode is None else mode) or None)
    strict = rules.stacking.check_at == "end_of_move" and rules.enforcement_of("stacking") == "enforce"
    return ReachView(unit, r.allowance, ReachHexes(r.hexes, strict), tuple((e.hex, e.edge, e.cost) for e in r.exits))


def choices(module: Module, state: GameState) -> dict[str, EngineAction]:
    """Hex → the retreat or advance ending there, the HQ relocation to it (ToV 2.3) or the
    arriving unit placed there (ToV 11.2), that a click chooses (first by sort order)."""
    tx = _tx(module, state)
    top = tx.data.top
    out: dict[str, EngineAction] = {}
    if top is None:
        return out
    if top.proc == "retreat":
        unit, opts = retreat_options(tx, top)
        for p in opts.paths:
            out.setdefault(p.hexes[-1], Retreat(unit=unit, path=p.hexes))
    elif top.proc == "advance":
        for a in advance_options(tx, top):
            out.setdefault(a.path[-1], a)
    elif top.proc == "relocate":
        for r in legal_relocations(tx):
            out[r.to] = r
    elif top.proc == "enter":
        for e in legal_entries(tx, top):
            out[e.to] = e
    return out


def step_mode(module: Module, state: GameState) -> str:
    """The movement mode a unit dropped on the board moves in: the first of the actions
    step's modes when it allows only those (``modes_only``: St-Lô 8.1, 8.2, a Movement or a
    Strategic Movement action), else the normal one ("")."""
    from .runner import actions_step

    step = actions_step(module, engine_state(state).seq)
    return step.modes[0] if step is not None and step.modes_only and step.modes else ""


def offered_modes(module: Module, state: GameState) -> list[tuple[str, str]]:
    """``(mode, name)`` of each movement mode a move may name now besides normal movement: the
    modes of an actions step that allows moves and not only in those modes (ToV 11.2: rail or
    double, on the turn the reinforcements appear); [] when there is no such choice."""
    from .runner import actions_step

    data = engine_state(state)
    step = actions_step(module, data.seq)
    if data.over or data.frames or step is None or "move" not in step.allow or step.modes_only:
        return []
    modes = rules_of(module, state).movement.modes
    return [(x, modes[x].name) for x in step.modes if x in modes]


def action_for_drop(module: Module, state: GameState, unit: str, at: Location,
                    mode: str | None = None) -> EngineAction | None:
    """The engine action a drop of ``unit`` on ``at`` asks for, a move made in ``mode`` ("" normal;
    None: the step's, :func:`step_mode`); None: not the engine's business."""
    data = engine_state(state)
    top = data.top
    if top is not None and at.kind == "hex" and top.proc in ("retreat", "advance") and unit in top.units:
        found = choices(module, state).get(at.id)
        if found is not None and getattr(found, "unit", "") == unit:
            return found
        return (Retreat if top.proc == "retreat" else Advance)(unit=unit, path=(at.id,))
    if top is not None and at.kind == "hex" and top.proc == "enter" and unit in top.units:
        return Enter(unit=unit, to=at.id)
    if at.kind == "hex":
        if drop_of(module, state, unit, rules_of(module, state)) is not None:
            return Drop(unit=unit, to=at.id)
        return Move(unit=unit, to=at.id, mode=step_mode(module, state) if mode is None else mode)
    exited = at.kind == "exited" or (at.kind == "box" and at.id in module.map.boxes
                                     and module.map.boxes[at.id].kind == "exited")
    if exited:
        view = reach_of(module, state, unit)
        if view is not None and view.exits:
            # the first of the cheapest: reach gives the exits by hex label, then edge name
            hex, edge, _ = min(view.exits, key=lambda e: e[2])
            return ExitMap(unit=unit, hex=hex, edge=edge)
        where = state.hex_of(unit)
        return ExitMap(unit=unit, hex=where, edge="") if where else None  # refused: no edge in reach
    return None


def refusal(module: Module, state: GameState, action: EngineAction) -> str | None:
    """Why ``action`` would be refused now (the ruling's text with its section), or None if it would be done."""
    try:
        check_and_apply(module, state, action)
    except ActionError as exc:
        return str(exc)
    return None
