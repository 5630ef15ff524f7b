"""The answer of a reach query: each hex reached with its cost and a cheapest path.

A query reaches hundreds of hexes (695 for a motorised unit at 400²) and a caller often
reads a few: :class:`ReachedHexes` holds the search's distances and makes a hex's
:class:`ReachedHex` when it is first read (the hexes with something to say — a stop, a
stacking problem — are made by the query), and a path is named by label when first read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from .movement_search import Route
from .rulings import Ruling


class ReachedHex:
    """One hex a reach query found: its cost, a cheapest path, whether the move stops here
    and whether it may end here. The path is named by label when first read (a query reaches
    hundreds of hexes and a caller reads few of their paths); a plain slotted record, as a
    query makes one per hex reached. ``path`` is given, or read off ``route`` at hex index ``at``."""

    __slots__ = ("_at", "_path", "_route", "can_end", "cost", "hex", "rulings", "stop")

    def __init__(self, hex: str, cost: Fraction, path: tuple[str, ...] | None, stop: bool, can_end: bool,
                 rulings: tuple[Ruling, ...], *, route: Route | None = None, at: int = 0) -> None:
        self.hex, self.cost, self.stop, self.can_end, self.rulings = hex, cost, stop, can_end, rulings
        self._path, self._route, self._at = path, route, at

    @classmethod
    def plain(cls, hex: str, cost: Fraction, route: Route, at: int) -> ReachedHex:
        """A hex the unit may end in, no stop: its path read off ``route`` at hex index ``at``
        when asked (the common case, made without the keyword arguments' cost)."""
        self = object.__new__(cls)
        self.hex, self.cost, self.stop, self.can_end, self.rulings = hex, cost, False, True, ()
        self._path, self._route, self._at = None, route, at
        return self

    @property
    def path(self) -> tuple[str, ...]:
        """Hexes entered, in order, ending here (the start hex is not included)."""
        if self._path is None:
            assert self._route is not None, "a ReachedHex needs a path or a route"
            self._path = self._route.to(self._at)
        return self._path

    def _key(self) -> tuple[object, ...]:
        return self.hex, self.cost, self.path, self.stop, self.can_end, self.rulings

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ReachedHex) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"ReachedHex(hex={self.hex!r}, cost={self.cost!r}, path={self.path!r}, stop={self.stop!r}, "
                f"can_end={self.can_end!r}, rulings={self.rulings!r})")

    def __reduce__(self) -> tuple[object, ...]:
        return ReachedHex, (self.hex, self.cost, self.path, self.stop, self.can_end, self.rulings)

    def to_json(self) -> dict[str, Any]:
        return {"hex": self.hex, "cost": str(self.cost), "path": list(self.path), "stop": self.stop,
                "can_end": self.can_end, "rulings": [str(r) for r in self.rulings]}



class ReachedHexes(Mapping[str, ReachedHex]):
    """Label → :class:`ReachedHex` of every hex a query reached, in label order: the records
    with something to say made by the query (``made``), the plain ones (the unit may end
    there, no stop) when first read, from the search's distances in ticks."""

    __slots__ = ("_costs", "_dist", "_index", "_made", "_order", "_route", "_start")

    def __init__(self, order: list[str], index: Mapping[str, int], dist: Mapping[int, int], start: int,
                 costs: Mapping[int, Fraction], route: Route, made: dict[str, ReachedHex]) -> None:
        self._order, self._index, self._dist, self._start = order, index, dist, start
        self._costs, self._route, self._made = costs, route, made

    def __getitem__(self, label: str) -> ReachedHex:
        got = self._made.get(label)
        if got is None:
            j = self._index.get(label)
            ticks = None if j is None or j == self._start else self._dist.get(j)
            if j is None or ticks is None:
                raise KeyError(label)
            got = self._made[label] = ReachedHex.plain(label, self._costs[ticks], self._route, j)
        return got

    def __contains__(self, label: object) -> bool:
        if label in self._made:
            return True
        j = self._index.get(label) if isinstance(label, str) else None
        return j is not None and j != self._start and j in self._dist

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __repr__(self) -> str:
        return f"ReachedHexes({dict(self.items())!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return dict, (dict(self.items()),)
