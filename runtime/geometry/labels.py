"""Printed hex labels such as ``0106`` (column 01, row 06) or ``C07``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Literal

from .coords import Hex
from .grid import HexGrid

_DIGITS = re.compile(r"[0-9]+")
_LETTERS = re.compile(r"[A-Za-z]+")


def alpha_column(n: int) -> str:
    """Spreadsheet-style column letters: 1 -> ``A``, 26 -> ``Z``, 27 -> ``AA``."""
    if n < 1:
        raise ValueError(f"column number {n} has no letters (alpha columns start at 1 = A)")
    letters = ""
    while n > 0:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def alpha_number(letters: str) -> int:
    """Inverse of :func:`alpha_column` (case-insensitive)."""
    if not _LETTERS.fullmatch(letters):
        raise ValueError(f"{letters!r} is not a column in letters")
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n


@dataclass(frozen=True)
class LabelScheme:
    """How hexes are labelled on the printed map.

    * ``kind="numeric"``: column and row numbers, zero-padded (``"0106"``).
      ``kind="alpha"``: column letters then row number (``"A06"``; 1 = ``A``,
      26 = ``Z``, 27 = ``AA``); letters are never padded and ``col_digits`` is
      unused.
    * The label number of zero-based column ``c`` is ``c + first_col``; of row
      ``r``, ``r + first_row``.  Numbers below zero (below one for alpha
      columns) cannot be written, so :meth:`format` raises for them.
    * ``col_digits``/``row_digits`` are minimum widths; ``None`` means
      ``max(2, digits of the largest label number on the grid)``.
    * ``order`` says which part comes first; ``separator`` goes between them.
      Without a separator a numeric label's second part must fit its width
      exactly (the first part may be shorter or longer), otherwise it could
      not be split again.
    """

    kind: Literal["numeric", "alpha"] = "numeric"
    first_col: int = 1
    first_row: int = 1
    col_digits: int | None = None
    row_digits: int | None = None
    order: Literal["col_row", "row_col"] = "col_row"
    separator: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("numeric", "alpha"):
            raise ValueError(f"label kind must be 'numeric' or 'alpha', not {self.kind!r}")
        if self.order not in ("col_row", "row_col"):
            raise ValueError(f"label order must be 'col_row' or 'row_col', not {self.order!r}")
        min_col = 1 if self.kind == "alpha" else 0
        if self.first_col < min_col:
            raise ValueError(f"first_col must be at least {min_col} for {self.kind} labels, not {self.first_col}")
        if self.first_row < 0:
            raise ValueError(f"first_row must be at least 0, not {self.first_row}")
        for name in ("col_digits", "row_digits"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1 or None (automatic), not {value}")
        if any(ch.isalnum() for ch in self.separator):
            raise ValueError(f"label separator {self.separator!r} must not contain letters or digits")

    # -- widths -----------------------------------------------------------------------

    def col_width(self, grid: HexGrid) -> int:
        """Minimum digits for column numbers on ``grid`` (numeric labels)."""
        if self.col_digits is not None:
            return self.col_digits
        return max(2, len(str(self.first_col + grid.cols - 1)))

    def row_width(self, grid: HexGrid) -> int:
        """Minimum digits for row numbers on ``grid``."""
        if self.row_digits is not None:
            return self.row_digits
        return max(2, len(str(self.first_row + grid.rows - 1)))

    # -- formatting and parsing ---------------------------------------------------------

    def format(self, h: Hex, grid: HexGrid) -> str:
        """Label of ``h`` (which may be off-map if its numbers are representable)."""
        if h[1] + self.first_row < 0 or h[0] + self.first_col < 0:
            raise ValueError(f"hex {tuple(h)} would need a negative label number")
        return self._join(h, self._col_text(h[0], grid), self._row_text(h[1], grid), grid)

    def format_all(self, grid: HexGrid) -> list[str]:
        """Labels of every hex of ``grid`` in index order (as ``[format(h) for h in grid.hexes()]``,
        each column's and row's text made once)."""
        cols = [self._col_text(c, grid) for c in range(grid.cols)]
        rows = [self._row_text(r, grid) for r in range(grid.rows)]
        if self.order == "col_row":
            first, second, corner = cols, rows, Hex(0, grid.rows - 1)
        else:
            first, second, corner = rows, cols, Hex(grid.cols - 1, 0)
        self._join(corner, cols[corner[0]], rows[corner[1]], grid)  # the widest second part: raises if it overflows
        sep = self.separator
        if self.order == "col_row":
            return [f"{a}{sep}{b}" for a in first for b in second]
        return [f"{b}{sep}{a}" for a in second for b in first]

    def index(self, grid: HexGrid) -> Mapping[str, int]:
        """Every label of ``grid`` with its hex's dense index (``col * rows + row``), read-only;
        made once for a scheme and grid and shared by whoever asks next (the checks on
        reading a module, then its painter: 160,000 labels on a 400×400 map). Raises as
        :meth:`format_all` does."""
        return _label_index(self, grid)

    def _col_text(self, col: int, grid: HexGrid) -> str:
        col_n = col + self.first_col
        return alpha_column(col_n) if self.kind == "alpha" else str(col_n).zfill(self.col_width(grid))

    def _row_text(self, row: int, grid: HexGrid) -> str:
        row_n = row + self.first_row
        return str(row_n).zfill(self.row_width(grid))

    def _join(self, h: Hex, col_text: str, row_text: str, grid: HexGrid) -> str:
        if self.order == "col_row":
            first, second, second_width = col_text, row_text, self.row_width(grid)
        else:
            first, second, second_width = row_text, col_text, self.col_width(grid)
        if not self.separator and self.kind == "numeric" and len(second) > second_width:
            raise ValueError(f"hex {tuple(h)} cannot be labelled: {second!r} overflows {second_width} digits")
        return f"{first}{self.separator}{second}"

    def parse(self, label: str, grid: HexGrid, allow_off_map: bool = False) -> Hex:
        """The hex named by ``label``; raises :class:`ValueError` naming the label.

        Off-map hexes are rejected unless ``allow_off_map`` is true.  Alpha
        column letters are accepted in either case.
        """
        text = label.strip()
        col_text, row_text = self._split(label, text, grid)
        if not _DIGITS.fullmatch(row_text):
            raise ValueError(f"hex label {label!r}: row {row_text!r} is not a number")
        if self.kind == "alpha":
            if not _LETTERS.fullmatch(col_text):
                raise ValueError(f"hex label {label!r}: column {col_text!r} is not in letters")
            col_n = alpha_number(col_text)
        else:
            if not _DIGITS.fullmatch(col_text):
                raise ValueError(f"hex label {label!r}: column {col_text!r} is not a number")
            col_n = int(col_text)
        h = Hex(col_n - self.first_col, int(row_text) - self.first_row)
        if not allow_off_map and not grid.contains(h):
            raise ValueError(f"hex label {label!r} is off the {grid.cols}x{grid.rows} map")
        return h

    def _split(self, label: str, text: str, grid: HexGrid) -> tuple[str, str]:
        """Split ``text`` into (column part, row part)."""
        if self.separator:
            parts = text.split(self.separator)
            if len(parts) != 2 or not all(parts):
                raise ValueError(f"hex label {label!r} is not two parts separated by {self.separator!r}")
            first, second = parts
        elif self.kind == "alpha":
            pattern = r"([A-Za-z]+)([0-9]+)" if self.order == "col_row" else r"([0-9]+)([A-Za-z]+)"
            m = re.fullmatch(pattern, text)
            if m is None:
                shape = "letters then digits" if self.order == "col_row" else "digits then letters"
                raise ValueError(f"hex label {label!r} is not {shape}")
            first, second = m.groups()
        else:
            width = self.row_width(grid) if self.order == "col_row" else self.col_width(grid)
            if not _DIGITS.fullmatch(text) or len(text) <= width:
                raise ValueError(f"hex label {label!r} is not a number of more than {width} digits")
            first, second = text[:-width], text[-width:]
        return (first, second) if self.order == "col_row" else (second, first)


@lru_cache(maxsize=4)
def _label_index(scheme: LabelScheme, grid: HexGrid) -> Mapping[str, int]:
    labels = scheme.format_all(grid)
    return MappingProxyType(dict(zip(labels, range(len(labels)))))
