"""Combat results table edits as plain functions: cells, die rows, columns, result codes
and cell clues.

Each takes the table as it is and returns an :class:`~.outcome.Edit` — the new table,
validated, and its undo text — or raises :class:`~.outcome.EditRefused` saying why.
The CRT editor pushes the result as one ``SetEntry`` command.
"""

from __future__ import annotations

from typing import Any

from hexwright.runtime.model import CombatResultsTable, CrtColumn, Module, ResultCode
from hexwright.runtime.validation.checks import check_module

from .cell_clues import with_cell_clue
from .outcome import Edit, EditRefused, validated
from .result_text import parse_effects

COLUMN_FIELDS = ("label", "min", "max")
RESULT_FIELDS = ("code", "name", "effects", "description")


def new_crt() -> CombatResultsTable:
    return CombatResultsTable(
        name="Combat Results Table", kind="odds",
        columns=[CrtColumn(label="1:1", min="1", max="1"), CrtColumn(label="2:1", min="2", max="2")],
        rows=[1, 2, 3, 4, 5, 6], cells=[["-", "-"] for _ in range(6)],
        results={"-": ResultCode(name="No effect")})


def parse_rows(text: str) -> list[int]:
    """``1, 2, 3`` or ``0-7`` → die rows. Raises ValueError."""
    rows: list[int] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        if "-" in part[1:]:
            lo, hi = part[0] + part[1:].split("-", 1)[0], part[1:].split("-", 1)[1]
            rows += list(range(int(lo), int(hi) + 1))
        else:
            rows.append(int(part))
    if not rows:
        raise ValueError("give at least one die row")
    return rows


def crt_issues(module: Module, crt_id: str) -> list[str]:
    """The module's problems inside CRT ``crt_id`` (an undefined code names its cell)."""
    prefix = f"crts.{crt_id}"
    return [f"{i.field}: {i.message}" for i in check_module(module)
            if i.file == "tables.json" and (i.field == prefix or i.field.startswith(prefix + "."))]


def _edit(data: dict[str, Any], text: str) -> Edit[CombatResultsTable]:
    return Edit(validated(CombatResultsTable, data), text)


def _filler(crt: CombatResultsTable) -> str:
    """What a new cell holds: the first result code."""
    return next(iter(crt.results), "-")


def with_cell(crt: CombatResultsTable, row: int, column: int, code: str) -> Edit[CombatResultsTable]:
    """One result code set (``row``/``column`` from 0), the grid grown to reach it if needed."""
    data = crt.model_dump()
    while len(data["cells"]) <= row:
        data["cells"].append([])
    cells = data["cells"][row]
    while len(cells) <= column:
        cells.append("")
    cells[column] = code.strip()
    label = crt.columns[column].label if column < len(crt.columns) else str(column)
    roll = crt.rows[row] if row < len(crt.rows) else row
    return _edit(data, f"Set CRT cell {roll}/{label}")


def with_cell_clue_of(crt: CombatResultsTable, roll: int, column: str, clue: str) -> Edit[CombatResultsTable]:
    """The cell at die roll ``roll``, column ``column`` marked reconstructed with ``clue`` (blank: as printed)."""
    data = crt.model_dump()
    data["reconstructed_cells"] = [c.model_dump() for c in with_cell_clue(crt.reconstructed_cells, roll, column, clue)]
    verb = "Set clue of" if clue.strip() else "Clear clue of"
    return _edit(data, f"{verb} CRT cell {roll}/{column}")


def with_rows(crt_id: str, crt: CombatResultsTable, text: str) -> Edit[CombatResultsTable]:
    """The die rows as typed (``1, 2, 3`` or ``1-6``); rows cut off or filled with the first code."""
    try:
        rows = parse_rows(text)
    except ValueError as exc:
        raise EditRefused(f"Die rows: {exc}") from exc
    data = crt.model_dump()
    cells = [list(r) for r in data["cells"]][:len(rows)]
    cells += [[_filler(crt)] * len(crt.columns) for _ in range(len(rows) - len(cells))]
    data.update(rows=rows, cells=cells)
    return _edit(data, f"Change die rows of CRT {crt_id}")


def with_column_field(crt_id: str, crt: CombatResultsTable, row: int, field: str, text: str) -> Edit[CombatResultsTable]:
    """The label, min or max of column ``row`` (a list row of the columns table) as typed."""
    data = crt.model_dump()
    text = text.strip()
    data["columns"][row][field] = text if field == "label" else (text or None)
    return _edit(data, f"Change column {row + 1} of CRT {crt_id}")


def with_column_added(crt_id: str, crt: CombatResultsTable) -> Edit[CombatResultsTable]:
    data = crt.model_dump()
    data["columns"].append({"label": f"col {len(data['columns']) + 1}", "min": None, "max": None})
    data["cells"] = [list(row) + [_filler(crt)] for row in data["cells"]]
    return _edit(data, f"Add column to CRT {crt_id}")


def without_last_column(crt_id: str, crt: CombatResultsTable) -> Edit[CombatResultsTable] | None:
    """None when only one column is left (a table keeps at least one)."""
    if len(crt.columns) < 2:
        return None
    data = crt.model_dump()
    data["columns"].pop()
    data["cells"] = [list(row)[:len(data["columns"])] for row in data["cells"]]
    return _edit(data, f"Remove column from CRT {crt_id}")


def with_result_field(crt_id: str, crt: CombatResultsTable, row: int, field: str,
                      text: str) -> Edit[CombatResultsTable]:
    """One field of result code ``row``: a new code (renamed in every cell too), its name,
    its effects (``retreat 1, step loss``) or its description."""
    old_code = list(crt.results)[row]
    data = crt.model_dump()
    text = text.strip()
    entries = list(data["results"].items())
    code, result = entries[row]
    if field == "code":
        if not text or (text != old_code and text in data["results"]):
            raise EditRefused(f"Result code {text!r} is empty or already defined")
        entries[row] = (text, result)
        data["cells"] = [[text if c == old_code else c for c in cells] for cells in data["cells"]]
    elif field == "effects":
        try:
            result["effects"] = [e.model_dump() for e in parse_effects(text)]
        except ValueError as exc:
            raise EditRefused(f"Effects of {code}: {exc}") from exc
    else:
        result[field] = text
    data["results"] = dict(entries)
    return _edit(data, f"Change result code {code} of CRT {crt_id}")


def with_result_added(crt_id: str, crt: CombatResultsTable) -> Edit[CombatResultsTable]:
    """A new result code ``R<n>`` (the first free n)."""
    data = crt.model_dump()
    n = 1
    while f"R{n}" in data["results"]:
        n += 1
    data["results"][f"R{n}"] = {"name": f"Result {n}"}
    return _edit(data, f"Add result code to CRT {crt_id}")


def without_result(crt_id: str, crt: CombatResultsTable, row: int) -> Edit[CombatResultsTable] | None:
    if not 0 <= row < len(crt.results):
        return None
    data = crt.model_dump()
    data["results"].pop(list(crt.results)[row])
    return _edit(data, f"Remove result code from CRT {crt_id}")
