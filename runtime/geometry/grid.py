"""The rectangular hex map: which hexes exist and how they connect."""

from __future__ import annotations

from dataclasses import dataclass

from . import hexsides as _hexsides
from .coords import Hex, Orientation, Shift, axial_distance, check_shape, from_axial, to_axial
from .directions import DirectionLike, direction_index, direction_names, direction_of_step, direction_vectors
from .hexsides import Hexside


@dataclass(frozen=True)
class HexGrid:
    """A ``cols`` x ``rows`` map of hexes in zero-based offset coordinates.

    Flat-top (``orientation="flat"``): hexes stand in vertical columns; the
    columns whose zero-based index has parity ``shifted`` are drawn half a hex
    lower (south).  Pointy-top: hexes stand in horizontal rows; rows whose
    index has parity ``shifted`` are drawn half a hex further right (east).

    Methods taking hexes accept off-map hexes unless they say otherwise;
    :meth:`neighbor` and :meth:`distance` work on the infinite hex plane.
    """

    cols: int
    rows: int
    orientation: Orientation = "flat"
    shifted: Shift = "odd"

    def __post_init__(self) -> None:
        if self.cols < 1 or self.rows < 1:
            raise ValueError(f"a hex grid needs at least one column and row, not {self.cols}x{self.rows}")
        check_shape(self.orientation, self.shifted)

    # -- membership and enumeration -------------------------------------------------

    def contains(self, h: Hex) -> bool:
        """True if ``h`` is on the map."""
        return 0 <= h[0] < self.cols and 0 <= h[1] < self.rows

    def hexes(self) -> list[Hex]:
        """All on-map hexes sorted col-major (by column, then row); index order."""
        return [Hex(c, r) for c in range(self.cols) for r in range(self.rows)]

    def index(self, h: Hex) -> int:
        """Dense index ``col * rows + row`` of on-map ``h`` (for array-backed graphs)."""
        if not self.contains(h):
            raise ValueError(f"hex {tuple(h)} is not on the {self.cols}x{self.rows} map")
        return h[0] * self.rows + h[1]

    def hex_at(self, i: int) -> Hex:
        """Inverse of :meth:`index`."""
        if not 0 <= i < self.cols * self.rows:
            raise ValueError(f"hex index {i} out of range 0..{self.cols * self.rows - 1}")
        return Hex(*divmod(i, self.rows))

    # -- directions and adjacency ---------------------------------------------------

    @property
    def directions(self) -> tuple[str, ...]:
        """The six direction names in index order (e.g. ``N NE SE S SW NW``)."""
        return direction_names(self.orientation)

    def direction_index(self, d: DirectionLike) -> int:
        """Normalise a direction index or (case-insensitive) name to 0..5."""
        return direction_index(d, self.orientation)

    def to_axial(self, h: Hex) -> tuple[int, int]:
        """Axial ``(q, r)`` of ``h``; cube ``s`` is ``-q - r``."""
        return to_axial(h, self.orientation, self.shifted)

    def from_axial(self, q: int, r: int) -> Hex:
        """Offset hex at axial ``(q, r)``."""
        return from_axial(q, r, self.orientation, self.shifted)

    def neighbor(self, h: Hex, d: DirectionLike) -> Hex:
        """The hex next to ``h`` in direction ``d``; may be off the map."""
        dq, dr = direction_vectors(self.orientation)[direction_index(d, self.orientation)]
        q, r = to_axial(h, self.orientation, self.shifted)
        return from_axial(q + dq, r + dr, self.orientation, self.shifted)

    def neighbors(self, h: Hex) -> list[tuple[int, Hex]]:
        """On-map neighbours of ``h`` as ``(direction index, hex)`` in direction order."""
        q, r = to_axial(h, self.orientation, self.shifted)
        out: list[tuple[int, Hex]] = []
        for d, (dq, dr) in enumerate(direction_vectors(self.orientation)):
            n = from_axial(q + dq, r + dr, self.orientation, self.shifted)
            if self.contains(n):
                out.append((d, n))
        return out

    def neighbor_table(self) -> list[tuple[int, ...]]:
        """Dense indices of the six neighbours of every hex, in index and direction order;
        -1 for a neighbour off the map.

        On an offset grid the six steps depend only on the parity of the column (flat) or row
        (pointy), so they are read off :meth:`neighbor` once per parity and added."""
        cols, rows = self.cols, self.rows
        flat = self.orientation == "flat"
        steps = []
        for parity in (0, 1):
            h = Hex(2 + parity, 2) if flat else Hex(2, 2 + parity)
            steps.append([(n[0] - h[0], n[1] - h[1]) for n in (self.neighbor(h, d) for d in range(6))])
        inner = [[dc * rows + dr for dc, dr in parity_steps] for parity_steps in steps]
        """Index offsets of the six neighbours of a hex off the map's edges, by parity."""
        out: list[tuple[int, ...]] = []
        for c in range(cols):
            inner_col = 0 < c < cols - 1
            for r in range(rows):
                i = c * rows + r
                parity = (c if flat else r) & 1
                if inner_col and 0 < r < rows - 1:
                    o = inner[parity]
                    out.append((i + o[0], i + o[1], i + o[2], i + o[3], i + o[4], i + o[5]))
                else:
                    out.append(tuple((c + dc) * rows + r + dr if 0 <= c + dc < cols and 0 <= r + dr < rows else -1
                                     for dc, dr in steps[parity]))
        return out

    def direction_between(self, a: Hex, b: Hex) -> int | None:
        """Direction index from ``a`` to adjacent ``b``; ``None`` if not adjacent."""
        qa, ra = to_axial(a, self.orientation, self.shifted)
        qb, rb = to_axial(b, self.orientation, self.shifted)
        return direction_of_step(qb - qa, rb - ra, self.orientation)

    def distance(self, a: Hex, b: Hex) -> int:
        """Hex steps between ``a`` and ``b`` on the infinite plane (map edges ignored)."""
        return axial_distance(
            to_axial(a, self.orientation, self.shifted), to_axial(b, self.orientation, self.shifted)
        )

    def within(self, h: Hex, radius: int) -> list[Hex]:
        """On-map hexes at distance ``<= radius`` from ``h``, sorted col-major."""
        if radius < 0:
            return []
        if (2 * radius + 1) ** 2 >= self.cols * self.rows:
            return [x for x in self.hexes() if self.distance(h, x) <= radius]
        q, r = to_axial(h, self.orientation, self.shifted)
        found: list[Hex] = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                x = from_axial(q + dq, r + dr, self.orientation, self.shifted)
                if self.contains(x):
                    found.append(x)
        return sorted(found)

    # -- hexsides (see runtime.geometry.hexsides) -----------------------------------

    def hexside(self, h: Hex, d: DirectionLike) -> Hexside:
        """Canonical id of side ``d`` of ``h``; ValueError if no on-map hex borders it."""
        return _hexsides.canonical_hexside(self, h, d)

    def hexside_between(self, a: Hex, b: Hex) -> Hexside | None:
        """Canonical hexside shared by adjacent ``a`` and ``b``, else ``None``."""
        return _hexsides.hexside_between(self, a, b)

    def hexside_hexes(self, side: Hexside) -> tuple[Hex, Hex | None]:
        """The two hexes bordering ``side``: on-map first, ``None`` for off-map."""
        return _hexsides.hexside_hexes(self, side)

    def hexsides_of(self, h: Hex) -> list[Hexside]:
        """The six canonical hexsides of ``h`` in direction order."""
        return _hexsides.hexsides_of(self, h)

    def all_hexsides(self) -> list[Hexside]:
        """Every hexside with at least one on-map hex, canonical and sorted."""
        return _hexsides.all_hexsides(self)

    def is_edge(self, side: Hexside) -> bool:
        """True if ``side`` lies on the map edge (one bordering hex is off-map)."""
        return _hexsides.is_edge(self, side)
