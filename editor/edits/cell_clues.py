"""Clues of reconstructed table cells (``reconstructed_cells`` of a CRT or lookup table).

A CRT's cell is named by its die roll and column label, a lookup table's by its row index and
column label, as ``runtime.model`` stores them. Plain Python; the order of the list is kept
(a new clue goes last, a cleared one is taken out).
"""

from __future__ import annotations

from hexwright.runtime.model import CellProvenance


def cell_clue(cells: list[CellProvenance], row: int, column: str) -> str:
    return next((c.clue for c in cells if (c.row, c.column) == (row, column)), "")


def with_cell_clue(cells: list[CellProvenance], row: int, column: str, clue: str) -> list[CellProvenance]:
    """``cells`` with the clue of cell (``row``, ``column``) set to ``clue`` (blank: removed)."""
    clue = clue.strip()
    out, found = [], False
    for c in cells:
        if (c.row, c.column) == (row, column):
            found = True
            if clue:
                out.append(c.model_copy(update={"clue": clue}))
        else:
            out.append(c)
    if clue and not found:
        out.append(CellProvenance(row=row, column=column, clue=clue))
    return out
