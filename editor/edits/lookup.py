"""Lookup table edits as plain functions: columns, cells, rows and cell clues.

Each takes the table as it is and returns an :class:`~.outcome.Edit` — the new table,
validated, and its undo text — or raises :class:`~.outcome.EditRefused`. The lookup
table editor pushes the result as one ``SetEntry`` command.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from hexwright.runtime.model import LookupRow, LookupTable
from hexwright.runtime.model.common import Id

from .cell_clues import with_cell_clue
from .outcome import Edit, EditRefused, validated

_ID = TypeAdapter(Id)


def _edit(data: dict[str, Any], text: str) -> Edit[LookupTable]:
    return Edit(validated(LookupTable, data), text)


def new_lookup(lookup_id: str | None = None) -> LookupTable:
    """A 1d6 table with one result column; refused when ``lookup_id`` is not a valid id."""
    if lookup_id is not None:
        try:
            _ID.validate_python(lookup_id)
        except ValidationError as exc:
            raise EditRefused(f"{lookup_id!r} is not a valid id") from exc
    return LookupTable(name="New table", dice="1d6", key_label="Die", columns=["Result"],
                       rows=[LookupRow(key=str(i), cells=[""]) for i in range(1, 7)])


def with_columns(lookup_id: str, table: LookupTable, text: str) -> Edit[LookupTable]:
    """Column headings typed as ``a | b | c``; every row's cells cut or padded to match."""
    columns = [c.strip() for c in text.split("|") if c.strip()]
    data = table.model_dump()
    data["columns"] = columns
    for row in data["rows"]:
        row["cells"] = (row["cells"] + [""] * len(columns))[:len(columns)]
    return _edit(data, f"Change columns of {lookup_id}")


def with_cell(lookup_id: str, table: LookupTable, row: int, column: int, text: str) -> Edit[LookupTable]:
    """Column 0 is the row key; 1… the cells (a short row is padded)."""
    data = table.model_dump()
    if column == 0:
        data["rows"][row]["key"] = text.strip()
    else:
        cells = data["rows"][row]["cells"]
        while len(cells) < column:
            cells.append("")
        cells[column - 1] = text.strip()
    return _edit(data, f"Set cell of {lookup_id}")


def with_cell_clue_of(lookup_id: str, table: LookupTable, row: int, column: str, clue: str) -> Edit[LookupTable]:
    """Cell (row index ``row``, column ``column``) marked reconstructed with ``clue`` (blank: as printed)."""
    data = table.model_dump()
    data["reconstructed_cells"] = [c.model_dump() for c in with_cell_clue(table.reconstructed_cells, row, column, clue)]
    verb = "Set clue of" if clue.strip() else "Clear clue of"
    return _edit(data, f"{verb} cell {row + 1}/{column} of {lookup_id}")


def with_row_added(lookup_id: str, table: LookupTable) -> Edit[LookupTable]:
    """A row keyed by its number, with empty cells."""
    data = table.model_dump()
    data["rows"].append(LookupRow(key=str(len(data["rows"]) + 1), cells=[""] * len(data["columns"])).model_dump())
    return _edit(data, f"Add row to {lookup_id}")


def without_last_row(lookup_id: str, table: LookupTable) -> Edit[LookupTable] | None:
    if not table.rows:
        return None
    data = table.model_dump()
    data["rows"].pop()
    return _edit(data, f"Remove row of {lookup_id}")
