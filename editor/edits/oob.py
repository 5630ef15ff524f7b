"""Order of battle edits as plain functions: one cell of the unit grid as typed.

The grid's columns are the CSV columns (:mod:`runtime.interchange.oob_csv`); a cell is
parsed the way an imported spreadsheet cell is.
"""

from __future__ import annotations

from hexwright.runtime.interchange.oob_csv import CellError, piece_from_cells
from hexwright.runtime.model import Module, Piece

from .outcome import Edit, EditRefused


def with_cell(module: Module, piece_id: str, column: str, text: str) -> Edit[Piece]:
    """Unit ``piece_id`` with one column set as typed; refused naming the unit, column and value."""
    existing = module.pieces.pieces[piece_id]
    try:
        after = piece_from_cells({column: text.strip()}, module, existing)
    except CellError as exc:
        raise EditRefused(f"{piece_id}, {exc.column}: {exc.message}" + (f" ({exc.value!r})" if exc.value else "")) \
            from exc
    return Edit(after, f"Change {column} of {piece_id}")
