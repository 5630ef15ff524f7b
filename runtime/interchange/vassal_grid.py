"""VASSAL's hex grid and its numbering, and how our grid maps onto them and back.

VASSAL describes a hex grid by an origin (``x0``, ``y0``, whole pixels), the distance
between columns (``dx``) and between hexes of one column (``dy``), and ``sideways`` for
pointy-top hexes. Its raw columns stand at ``x0 + n*dx`` and every odd raw column is half a
hex lower. A sideways grid is the same grid with x and y swapped, origin included, so its
"columns" are our rows. Names come from a :class:`VassalNumbering`: column and row numbers
plus offsets (``hOff``, ``vOff``), leading zeros (``hLeading`` = digits - 1), letters or
digits (``hType``/``vType``), which part is written first, a separator, and ``stagger``
(rows numbered along the zig-zag, which our labels cannot say).

The point <-> name formulas below follow VASSAL's documented behaviour (HexGrid and
HexGridNumbering): integer points, ``round`` as ``floor(x + 0.5)``, centres truncated to
whole pixels. Two facts make our grids map exactly: an even-shifted grid puts VASSAL's
origin one column before our first, and a pointy grid swaps columns and rows.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Literal

from hexwright.runtime.geometry import Hex, Layout
from hexwright.runtime.model import Grid, Labels

SQRT3 = math.sqrt(3.0)
Point = tuple[int, int]
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALPHA_MATCH = "-?(?:" + "|".join(f"{c}+" for c in _ALPHABET) + ")"


def java_round(x: float) -> int:
    """Java's ``Math.round``: ``floor(x + 0.5)``."""
    return math.floor(x + 0.5)


@dataclass(frozen=True)
class VassalHexGrid:
    """The attributes of a VASSAL ``HexGrid`` (origin in the swapped frame when sideways)."""

    x0: int
    y0: int
    dx: float
    dy: float
    sideways: bool = False

    def _rotate(self, p: tuple[float, float]) -> tuple[float, float]:
        return (p[1], p[0]) if self.sideways else p

    def raw_column(self, p: Point) -> int:
        x, _ = self._rotate(p)
        return math.floor((x - self.x0) / self.dx + 0.5)

    def raw_row(self, p: Point) -> int:
        x, y = self._rotate(p)
        nx = java_round((x - self.x0) / self.dx)
        if nx % 2 == 0:
            return java_round((y - self.y0) / self.dy)
        return java_round((y - self.y0 - self.dy / 2) / self.dy)

    def raw_center(self, col: int, row: int) -> tuple[float, float]:
        """Exact (unrounded) centre of raw column ``col``, row ``row``, in board pixels."""
        x = self.x0 + col * self.dx
        y = self.y0 + row * self.dy + (self.dy / 2 if col % 2 else 0.0)
        return (y, x) if self.sideways else (x, y)


@dataclass(frozen=True)
class VassalNumbering:
    """The attributes of a VASSAL ``HexGridNumbering``."""

    first: Literal["H", "V"] = "H"
    sep: str = ""
    h_type: Literal["N", "A"] = "N"
    v_type: Literal["N", "A"] = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    stagger: bool = False
    h_descend: bool = False
    v_descend: bool = False

    # -- names -----------------------------------------------------------------------

    @staticmethod
    def part_name(n: int, kind: str, leading: int) -> str:
        """A column or row number as VASSAL writes it (letters repeat: A..Z, AA, BB…)."""
        sign = "-" if n < 0 else ""
        n = abs(n)
        if kind == "A":
            letters = ""
            while True:
                letters += _ALPHABET[n % 26]
                n -= 26
                if n < 0:
                    return sign + letters
        zeros = ""
        while leading > 0 and n < 10 ** leading:
            zeros += "0"
            leading -= 1
        return sign + zeros + str(n)

    @staticmethod
    def part_value(text: str, kind: str) -> int:
        if kind == "A":
            negative = text.startswith("-")
            letters = text[1:] if negative else text
            value = 26 * (len(letters) - 1) + _ALPHABET.index(letters[-1])
            return -value if negative else value
        return int(text)

    def name(self, row: int, col: int) -> str:
        row_name = self.part_name(row + self.v_off, self.v_type, self.v_leading)
        col_name = self.part_name(col + self.h_off, self.h_type, self.h_leading)
        return col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name

    def _pattern(self, kind: str, leading: int) -> str:
        return _ALPHA_MATCH if kind == "A" else "-?[0-9]{%d,}" % (leading + 1)

    def parse(self, name: str) -> tuple[int, int]:
        """``(col, row)`` numbered by VASSAL (before offsets are taken off) from a location name."""
        col_p, row_p = self._pattern(self.h_type, self.h_leading), self._pattern(self.v_type, self.v_leading)
        sep = re.escape(self.sep)
        if self.first == "H":
            m = re.fullmatch(f"({col_p}){sep}({row_p})", name)
            if m is None:
                raise ValueError(f"{name!r} is not a location of this grid")
            col_text, row_text = m.group(1), m.group(2)
        else:
            m = re.fullmatch(f"({row_p}){sep}({col_p})", name)
            if m is None:
                raise ValueError(f"{name!r} is not a location of this grid")
            row_text, col_text = m.group(1), m.group(2)
        return (self.part_value(col_text, self.h_type) - self.h_off,
                self.part_value(row_text, self.v_type) - self.v_off)


@dataclass(frozen=True)
class VassalGrid:
    """A VASSAL hex grid with its numbering: point -> location name and back."""

    grid: VassalHexGrid
    numbering: VassalNumbering = field(default_factory=VassalNumbering)

    def column(self, p: Point) -> int:
        return self.grid.raw_column(p)

    def row(self, p: Point) -> int:
        ny = self.grid.raw_row(p)
        if self.numbering.stagger and self.grid.raw_column(p) % 2 != 0:
            ny += 1
        return ny

    def location_name(self, p: Point) -> str:
        """The name VASSAL gives the hex under board point ``p``."""
        return self.numbering.name(self.row(p), self.column(p))

    def center_point(self, col: int, row: int) -> Point:
        """VASSAL's (whole-pixel) centre of numbered column ``col``, row ``row``."""
        g = self.grid
        if self.numbering.stagger and col % 2 != 0:
            row -= 1
        x = int(col * g.dx) + g.x0
        y = int(row * g.dy + (g.dy / 2 if col % 2 != 0 else 0.0)) + g.y0
        return (y, x) if g.sideways else (x, y)

    def location(self, name: str) -> Point:
        """The board point of location ``name`` (VASSAL's ``getLocation``)."""
        col, row = self.numbering.parse(name)
        return self.center_point(col, row)


# -- our grid -> VASSAL --------------------------------------------------------------


@dataclass(frozen=True)
class BoardTransform:
    """Map pixels to board pixels: ``board = map * scale + offset``."""

    scale: float = 1.0
    offset_x: float = 0.0
    offset_y: float = 0.0

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale + self.offset_x, y * self.scale + self.offset_y


def _major_shift(grid: Grid) -> int:
    """1 when our first column (row, pointy) is the shifted one: VASSAL counts one before it."""
    return 1 if grid.shifted == "even" else 0


def reference_center(grid: Grid) -> tuple[float, float]:
    """Map-pixel centre of the hex that is VASSAL's raw column 0, row 0."""
    k = _major_shift(grid)
    ref = Hex(-k, 0) if grid.orientation == "flat" else Hex(0, -k)
    return grid.layout().center(ref)


def aligned_transform(grid: Grid, scale: float, left: float, top: float) -> BoardTransform:
    """A transform close to ``map*scale + (left, top)`` that puts VASSAL's origin on a whole pixel."""
    rx, ry = reference_center(grid)
    bx, by = rx * scale + left, ry * scale + top
    return BoardTransform(scale, left + round(bx) - bx, top + round(by) - by)


def vassal_grid(grid: Grid, transform: BoardTransform) -> VassalGrid:
    """The VASSAL grid and numbering that name every hex of ``grid`` as we do."""
    s = grid.hex_size * transform.scale
    k = _major_shift(grid)
    rx, ry = transform.apply(*reference_center(grid))
    x0, y0 = round(rx), round(ry)
    sideways = grid.orientation == "pointy"
    hex_grid = VassalHexGrid(x0=y0 if sideways else x0, y0=x0 if sideways else y0, dx=1.5 * s, dy=SQRT3 * s,
                             sideways=sideways)
    labels = grid.labels
    scheme = labels.scheme()
    hg = grid.hex_grid()
    col_kind: Literal["N", "A"] = "A" if labels.kind == "alpha" else "N"
    col_off = labels.first_col - (1 if labels.kind == "alpha" else 0)
    col_leading = scheme.col_width(hg) - 1
    row_leading = scheme.row_width(hg) - 1
    col_first = labels.order == "col_row"
    if not sideways:  # VASSAL columns are our columns
        numbering = VassalNumbering(first="H" if col_first else "V", sep=labels.separator, h_type=col_kind,
                                    v_type="N", h_leading=col_leading, v_leading=row_leading, h_off=col_off - k,
                                    v_off=labels.first_row)
    else:  # VASSAL columns are our rows
        numbering = VassalNumbering(first="V" if col_first else "H", sep=labels.separator, h_type="N",
                                    v_type=col_kind, h_leading=row_leading, v_leading=col_leading,
                                    h_off=labels.first_row - k, v_off=col_off)
    return VassalGrid(hex_grid, numbering)


def export_problems(grid: Grid) -> list[str]:
    """What VASSAL's numbering cannot say about ``grid`` (empty when every label matches)."""
    if grid.labels.kind == "alpha" and grid.labels.first_col + grid.cols - 1 > 27:
        return [f"map.json grid.labels: VASSAL letters run A..Z, AA, BB…; columns past AA "
                f"({grid.labels.first_col + grid.cols - 1} columns) get other names in VASSAL"]
    return []


def board_centers(grid: Grid, transform: BoardTransform) -> dict[str, tuple[float, float]]:
    """Every hex label of ``grid`` with its exact centre in board pixels."""
    layout: Layout = grid.layout()
    scheme, hg = grid.labels.scheme(), grid.hex_grid()
    return {scheme.format(h, hg): transform.apply(*layout.center(h)) for h in hg.hexes()}


# -- VASSAL -> our grid --------------------------------------------------------------


@dataclass
class GridImport:
    """A grid rebuilt from a VASSAL grid, and what could not be carried."""

    grid: Grid
    problems: list[str]


def _count_range(lo: float, hi: float, start: float, step: float) -> tuple[int, int]:
    """Indices n with ``lo <= start + n*step <= hi``."""
    return math.ceil((lo - start) / step - 1e-9), math.floor((hi - start) / step + 1e-9)


def grid_from_vassal(vg: VassalGrid, area: tuple[float, float, float, float], where: str) -> GridImport:
    """Our grid for the hexes of ``vg`` whose centres lie well inside ``area`` (left, top, right, bottom).

    ``where`` names the file and element for messages. Raises ValueError when no grid of
    ours fits (no hex inside, too many hexes); returns problems for what was approximated.
    """
    g, num = vg.grid, vg.numbering
    problems: list[str] = []
    if not (math.isfinite(g.dx) and math.isfinite(g.dy) and g.dx > 0 and g.dy > 0):
        raise ValueError(f"{where}: hex grid dx/dy must be positive numbers, not {g.dx}/{g.dy}")
    size = g.dy / SQRT3
    if abs(g.dx - 1.5 * size) > 0.01 * g.dx:
        problems.append(f"{where}: irregular hexes (dx {g.dx:g} is not {1.5 * size:.4g} = dy*sqrt(3)/2); "
                        f"hex size taken from dy, hexes far from the origin drift off the board art")
    inset = size / 2  # a centre this close to the edge is a cut hex (or the next one's edge)
    left, top, right, bottom = area[0] + inset, area[1] + inset, area[2] - inset, area[3] - inset
    if g.sideways:  # work in VASSAL's frame: swap the area
        left, top, right, bottom = top, left, bottom, right
    c0, c1 = _count_range(left, right, g.x0, g.dx)
    even_r = _count_range(top, bottom, g.y0, g.dy)
    odd_r = _count_range(top, bottom, g.y0 + g.dy / 2, g.dy)
    r0, r1 = max(even_r[0], odd_r[0]), min(even_r[1], odd_r[1])
    cols, rows = c1 - c0 + 1, r1 - r0 + 1
    if cols < 1 or rows < 1:
        raise ValueError(f"{where}: no whole hex centre of the grid lies on the board")
    if cols > 400 or rows > 400:
        raise ValueError(f"{where}: {cols}x{rows} hexes is more than the 400x400 a module holds")
    shifted: Literal["odd", "even"] = "even" if c0 % 2 else "odd"
    if num.stagger:
        problems.append(f"{where}: staggered numbering (rows counted along the zig-zag) has no equivalent; "
                        f"hexes are numbered by straight rows")
    if num.h_descend or num.v_descend:
        problems.append(f"{where}: descending numbering has no equivalent; hexes are numbered ascending")
    # Numbers of our first column and row, as VASSAL names them.
    col_kind, row_kind = (num.h_type, num.v_type) if not g.sideways else (num.v_type, num.h_type)
    col_lead, row_lead = (num.h_leading, num.v_leading) if not g.sideways else (num.v_leading, num.h_leading)
    col_off, row_off = (num.h_off, num.v_off) if not g.sideways else (num.v_off, num.h_off)
    col_start = (c0 if not g.sideways else r0) + col_off
    row_start = (r0 if not g.sideways else c0) + row_off
    if row_kind == "A":
        problems.append(f"{where}: rows numbered by letters have no equivalent; rows numbered from 1")
        row_start = 1
    kind: Literal["numeric", "alpha"] = "alpha" if col_kind == "A" else "numeric"
    if kind == "alpha":
        col_start += 1
        if col_start + (cols if not g.sideways else rows) - 1 > 27:
            problems.append(f"{where}: VASSAL letters past AA (BB, CC…) are named AB, AC… here")
    lowest = 1 if kind == "alpha" else 0
    if col_start < lowest or row_start < 0:
        problems.append(f"{where}: numbering starts below zero ({col_start}, {row_start}); numbered from 1")
        col_start, row_start = max(col_start, 1), max(row_start, 1)
    col_first = (num.first == "H") != g.sideways
    sep = num.sep
    if len(sep) > 2 or any(ch.isalnum() for ch in sep):
        problems.append(f"{where}: separator {sep!r} cannot be kept (at most two signs); none used")
        sep = ""
    order: Literal["col_row", "row_col"] = "col_row" if col_first else "row_col"
    orientation: Literal["flat", "pointy"] = "pointy" if g.sideways else "flat"
    our_cols, our_rows = (cols, rows) if not g.sideways else (rows, cols)
    cx, cy = g.raw_center(c0, r0)
    # Our origin is the top-left of the hex box; hex (0, 0) sits s (or s*sqrt3/2) in from it.
    extra = SQRT3 * size / 2 if shifted == "even" else 0.0
    if orientation == "flat":
        origin_x, origin_y = cx - size, cy - SQRT3 * size / 2 - extra
    else:
        origin_x, origin_y = cx - SQRT3 * size / 2 - extra, cy - size

    def make(col_digits: int | None, row_digits: int | None) -> Grid:
        labels = Labels(kind=kind, first_col=col_start, first_row=row_start, order=order, separator=sep,
                        col_digits=col_digits, row_digits=row_digits)
        return Grid(orientation=orientation, cols=our_cols, rows=our_rows, shifted=shifted, labels=labels,
                    hex_size=size, origin_x=origin_x, origin_y=origin_y)

    grid = make(None, None)  # automatic widths, unless VASSAL writes other ones
    auto = grid.labels.scheme()
    want_col, want_row = min(max(col_lead + 1, 1), 4), min(max(row_lead + 1, 1), 4)
    col_digits = None if kind == "alpha" or want_col == auto.col_width(grid.hex_grid()) else want_col
    row_digits = None if want_row == auto.row_width(grid.hex_grid()) else want_row
    if col_digits is not None or row_digits is not None:
        try:
            grid = make(col_digits, row_digits)
        except ValueError:
            problems.append(f"{where}: label widths do not fit this map; widths chosen automatically")
    return GridImport(grid, problems)
