"""Interdiction markers (``rules.json`` ``interdiction``, ToV 7.2): the side that owns the pool
places markers in an actions step that allows ``interdict``, one pool point each, at most
``max_per_hex`` a hex; units of ``affects_sides`` pay ``enter_cost`` to enter and ``leave_cost``
to leave a hex within ``radius`` of a marker, once per marker in range (two overlapping: double).
The markers are held in the sequence state (``seq.interdicted``) and go at the end of the turn.
Retreats and advances are not movement: they pay nothing; nor does a step across a
``free_across`` hexside (7.2: river crossings). The legal actions offer, with ``offer_within``,
only the hexes near a unit that pays (a list a player or a bot can use); a marker is accepted
anywhere on the map ("placed anywhere on the map")."""

from __future__ import annotations

from fractions import Fraction

from hexwright.runtime.model import Module
from hexwright.runtime.model.common import parse_fraction
from hexwright.runtime.rules.hexmap import hex_map
from hexwright.runtime.state import GameState, check_hex

from . import runner
from .actions import Interdict
from .context import phase_side, side_of
from .data import engine_state
from .transaction import Tx


def _hexes_within(module: Module, hex: str, radius: int) -> list[str]:
    hm = hex_map(module)
    centre = hm.grid.hex_at(hm.idx(hex))
    return [hm.labels[hm.grid.index(h)] for h in hm.grid.within(centre, radius)]


def surcharges(module: Module, state: GameState, unit: str) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """MP to enter and to leave each hex for ``unit`` under the markers in play ({} when none)."""
    rule = module.rules.interdiction
    markers = engine_state(state).seq.interdicted
    if rule is None or not markers or side_of(module, unit) not in rule.affects_sides:
        return {}, {}
    enter: dict[str, Fraction] = {}
    leave: dict[str, Fraction] = {}
    on, off = parse_fraction(rule.enter_cost), parse_fraction(rule.leave_cost)
    for marker in markers:
        for label in _hexes_within(module, marker, rule.radius):
            if on:
                enter[label] = enter.get(label, Fraction(0)) + on
            if off:
                leave[label] = leave.get(label, Fraction(0)) + off
    return enter, leave


def _side_may(tx: Tx) -> str:
    """Why the acting side may place no marker now ("" if it may)."""
    rule = tx.rules.interdiction
    if rule is None:
        return "this game has no interdiction"
    side = phase_side(tx.module, tx.state) or ""
    if side != rule.side:
        return f"only {tx.module.pieces.sides[rule.side].name} places interdiction markers"
    if tx.data.seq.pools.get(rule.pool, {}).get(side, 0) <= 0:
        return "no air point left this turn"
    return ""


def _hex_may(tx: Tx, hex: str) -> str:
    rule = tx.rules.interdiction
    if rule is not None and tx.data.seq.interdicted.count(hex) >= rule.max_per_hex:
        return f"at most {rule.max_per_hex} marker(s) per hex"
    return ""


def offered_hexes(module: Module, state: GameState) -> list[str]:
    """The hexes the legal actions offer a marker (sorted): every hex, or with ``offer_within``
    those near a unit of the affected sides, in play (where a marker makes a unit pay)."""
    rule = module.rules.interdiction
    hm = hex_map(module)
    if rule is None or rule.offer_within is None:
        return sorted(hm.labels)
    from .context import in_play

    near: set[str] = set()
    for label, stack in state.stacks_on_map().items():
        if any(side_of(module, p) in rule.affects_sides for p in stack):
            near.update(_hexes_within(module, label, rule.offer_within))
    limits = in_play(module, state)
    return sorted(near if limits is None else near & limits)


def legal_interdicts(tx: Tx) -> list[Interdict]:
    if _side_may(tx):
        return []
    return [Interdict(hex=label) for label in offered_hexes(tx.module, tx.state) if not _hex_may(tx, label)]


def apply_interdict(tx: Tx, act: Interdict) -> None:
    rule = tx.rules.interdiction
    sec = rule.section if rule is not None else ""
    runner.require(tx, "interdict", "placing interdiction markers")
    check_hex(tx.module, act.hex)
    why = _side_may(tx) or _hex_may(tx, act.hex)
    if why:
        tx.refuse(why, sec, act.hex)
    assert rule is not None
    from .steps import set_pool_value

    side = phase_side(tx.module, tx.state) or ""
    set_pool_value(tx, rule.pool, side, tx.data.seq.pools[rule.pool][side] - 1)
    runner.seq_set(tx, interdicted=tuple(sorted(tx.data.seq.interdicted + (act.hex,))))
    tx.say(f"interdiction marker placed at {act.hex}" + (f" — {sec}" if sec else ""))
