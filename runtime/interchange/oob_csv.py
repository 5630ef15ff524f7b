"""The order of battle as CSV, for designers who keep it in a spreadsheet.

One row per unit, one column per field: ``id, side, designation, unit_type, size,
formation, hq, setup, optional_rule, restrictions, note``, then ``step1_attack``,
``step1_defense``, … ``step2_attack``… for every step value any unit uses. Empty cells are
absent values. ``restrictions`` reads ``no_move_before_turn=3; must_stay_in_area=metz``;
a step's ``extra`` reads ``name=value; name=value``; a step's ``provenance`` is the clue
of a reconstructed step (empty: as printed).

Import is all-or-nothing per row: a row with any problem is left out whole and reported
with its row number (the header is row 1, as in a spreadsheet), column and value. A row
whose id exists updates that unit; columns missing from the file leave the unit's values
as they were. A header with an unknown or repeated column imports nothing. The CSV is
untrusted text: it is parsed, never evaluated.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter
from typing import Any, get_args

from pydantic import TypeAdapter, ValidationError

from hexwright.runtime.model import Module, Piece, PiecesData, Restriction, StepValues
from hexwright.runtime.model.common import Id
from hexwright.runtime.model.pieces import UnitSize

PIECE_COLUMNS = ("id", "side", "designation", "unit_type", "size", "formation", "hq", "setup", "optional_rule",
                 "restrictions", "note")
STEP_FIELDS = ("label", "combat", "attack", "defense", "movement", "command_range", "morale", "anti_tank", "armor",
               "support", "defensive", "long_range", "fire_missions", "action_points", "extra", "image",
               "provenance")
INT_FIELDS = frozenset(STEP_FIELDS) - {"label", "extra", "image", "provenance"}
STEP_COLUMN = re.compile(r"^step([1-9][0-9]?)_([a-z_]+)$")
INTEGER = re.compile(r"^[+-]?[0-9]{1,6}$")
SIZES = tuple(get_args(UnitSize))
SIZE_ALIASES = {".": "•", "..": "••", "...": "•••", "o": "•", "oo": "••", "ooo": "•••"}
RESTRICTION_KINDS = ("no_move_before_turn", "must_stay_in_area", "cannot_leave_box", "other")
MAX_ROWS = 20000
_ID = TypeAdapter(Id)


@dataclass(frozen=True, order=True)
class RowProblem:
    """Why a row (or the header, row 1) did not import."""

    row: int
    column: str
    value: str
    message: str

    def __str__(self) -> str:
        where = f"row {self.row}" + (f", column {self.column!r}" if self.column else "")
        value = f" (value {self.value!r})" if self.value else ""
        return f"{where}: {self.message}{value}"


@dataclass
class ImportReport:
    """What an import would do: pieces to create or update, and the rows left out."""

    pieces: dict[str, Piece] = field(default_factory=dict)
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    problems: list[RowProblem] = field(default_factory=list)
    rows_read: int = 0

    @property
    def rejected_rows(self) -> list[int]:
        return sorted({p.row for p in self.problems if p.row > 1})

    def summary(self) -> str:
        lines = [f"{self.rows_read} rows read: {len(self.created)} new units, {len(self.updated)} updated, "
                 f"{len(self.rejected_rows)} rows not imported."]
        lines += [str(p) for p in sorted(self.problems)]
        return "\n".join(lines)


# --------------------------------------------------------------------------- cell formats


def format_restrictions(restrictions: list[Restriction]) -> str:
    parts = []
    for r in restrictions:
        value = r.turn if r.kind == "no_move_before_turn" else r.area
        parts.append(r.kind if value is None else f"{r.kind}={value}")
    return "; ".join(parts)


def parse_restrictions(text: str) -> list[Restriction]:
    """``no_move_before_turn=3; must_stay_in_area=metz`` → restrictions. Raises ValueError."""
    out = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        kind, _, value = (s.strip() for s in part.partition("="))
        if kind not in RESTRICTION_KINDS:
            raise ValueError(f"unknown restriction {kind!r} (expected one of {', '.join(RESTRICTION_KINDS)})")
        if kind == "no_move_before_turn":
            if not INTEGER.match(value):
                raise ValueError("no_move_before_turn needs a turn number, e.g. no_move_before_turn=3")
            out.append(Restriction(kind=kind, turn=int(value)))
        elif kind == "must_stay_in_area":
            if not value:
                raise ValueError("must_stay_in_area needs an area id, e.g. must_stay_in_area=metz")
            out.append(Restriction(kind=kind, area=_ID.validate_python(value)))
        else:
            out.append(Restriction(kind=kind, area=_ID.validate_python(value) if value else None))
    return out


def format_extra(extra: dict[str, int | str]) -> str:
    return "; ".join(f"{k}={v}" for k, v in extra.items())


def parse_extra(text: str) -> dict[str, int | str]:
    out: dict[str, int | str] = {}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        name, eq, value = (s.strip() for s in part.partition("="))
        if not eq:
            raise ValueError(f"{part!r} is not name=value")
        _ID.validate_python(name)
        out[name] = int(value) if INTEGER.match(value) else value
    return out


def parse_int(text: str) -> int:
    if not INTEGER.match(text):
        raise ValueError("not a whole number")
    return int(text)


def parse_size(text: str) -> str:
    size = SIZE_ALIASES.get(text, text)
    if size not in SIZES:
        raise ValueError(f"not a unit size (expected one of {' '.join(s for s in SIZES if s)})")
    return size


def step_cell(values: StepValues, name: str) -> str:
    value = getattr(values, name)
    if name == "extra":
        return format_extra(value)
    if name == "provenance":
        return value.clue if value is not None else ""
    return "" if value is None else str(value)


# --------------------------------------------------------------------------- export


def step_columns(pieces: Mapping[str, Piece]) -> list[str]:
    """``stepN_field`` columns for every step value some piece uses, steps in order."""
    steps = max(map(len, map(_STEPS, pieces.values())), default=1)
    every = list(chain.from_iterable(map(_STEPS, pieces.values())))
    given = set().union(*map(_GIVEN, every))  # a field never given holds its default: an empty cell
    names = [n for n in STEP_FIELDS if n in given and _used(every, n)] or ["combat", "movement"]
    return [f"step{i}_{n}" for i in range(1, steps + 1) for n in names]


_STEPS, _GIVEN = attrgetter("steps"), attrgetter("model_fields_set")


def _used(steps: list[StepValues], name: str) -> bool:
    """Whether some step's :func:`step_cell` for ``name`` is not empty: read from the distinct
    values, so 8,000 units of four steps cost no Python step per cell."""
    values = map(attrgetter(name), steps)
    if name == "extra":
        return any(values)  # format_extra writes every pair of a dict
    if name == "provenance":
        return any(p.clue for p in values if p is not None)
    return any(v is not None and str(v) for v in set(values))


def piece_row(piece_id: str, piece: Piece) -> dict[str, str]:
    """One piece as CSV cells, keyed by column name (every step column it has)."""
    row = {
        "id": piece_id, "side": piece.side, "designation": piece.designation, "unit_type": piece.unit_type,
        "size": piece.size, "formation": piece.formation or "", "hq": piece.hq or "", "setup": piece.setup,
        "optional_rule": piece.optional_rule or "", "restrictions": format_restrictions(piece.restrictions),
        "note": piece.note,
    }
    for i, values in enumerate(piece.steps, start=1):
        for name in STEP_FIELDS:
            row[f"step{i}_{name}"] = step_cell(values, name)
    return row


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting with one of these is a formula to a spreadsheet (``=cmd|' /C calc'!A0``)."""
PLAIN_NUMBER = re.compile(r"^[+-]?[0-9]+(\.[0-9]+)?$")


def spreadsheet_safe(cell: str) -> str:
    """``cell`` as a spreadsheet shows it as text: a leading ``'`` before what it would run.

    Plain numbers (``-2``) are left alone; a cell that already starts with ``'`` gets one
    more, so that :func:`from_spreadsheet_safe` gives back exactly ``cell``."""
    if cell.lstrip("'").startswith(FORMULA_START) and not PLAIN_NUMBER.match(cell):
        return "'" + cell
    return cell


def from_spreadsheet_safe(cell: str) -> str:
    """The inverse of :func:`spreadsheet_safe` (and what a spreadsheet's ``'`` prefix means)."""
    if cell.startswith("'") and cell.lstrip("'").startswith(FORMULA_START):
        return cell[1:]
    return cell


def export_csv(pieces: PiecesData | dict[str, Piece]) -> str:
    """All pieces as CSV text (``\\r\\n`` line ends, as spreadsheets write); cells a
    spreadsheet would run as formulas are written as text (:func:`spreadsheet_safe`)."""
    table = pieces.pieces if isinstance(pieces, PiecesData) else pieces
    columns = list(PIECE_COLUMNS) + step_columns(table)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", restval="")
    writer.writeheader()
    for piece_id, piece in table.items():
        writer.writerow({name: spreadsheet_safe(value) for name, value in piece_row(piece_id, piece).items()})
    return out.getvalue()


# --------------------------------------------------------------------------- import


class CellError(Exception):
    """A cell that cannot be read: its column, its text and why."""

    def __init__(self, column: str, value: str, message: str) -> None:
        super().__init__(message)
        self.column, self.value, self.message = column, value, message


def check_header(header: list[str]) -> list[RowProblem]:
    problems = []
    seen: set[str] = set()
    for name in header:
        m = STEP_COLUMN.match(name)
        if name in seen:
            problems.append(RowProblem(1, name, "", "column appears twice"))
        elif name not in PIECE_COLUMNS and not (m and m.group(2) in STEP_FIELDS):
            problems.append(RowProblem(1, name, "", "unknown column"))
        seen.add(name)
    if "id" not in seen:
        problems.append(RowProblem(1, "id", "", "the header has no 'id' column"))
    return problems


def _steps_from_row(cells: dict[str, str], existing: Piece | None) -> list[StepValues] | None:
    by_step: dict[int, dict[str, str]] = {}
    for column, text in cells.items():
        m = STEP_COLUMN.match(column)
        if m:
            by_step.setdefault(int(m.group(1)), {})[m.group(2)] = text
    if not by_step:
        return None
    # A step's clue is not one of its values: a step with only a clue cell counts as not given.
    mentioned = {n for n, values in by_step.items() if any(k != "provenance" for k in values)}
    filled = [n for n, values in by_step.items() if any(v for k, v in values.items() if k != "provenance")]
    if existing is not None:  # steps the file has no columns for stay as they were
        filled += [n for n in range(1, len(existing.steps) + 1) if n not in mentioned]
    count = max(filled, default=0)
    for n, values in by_step.items():
        if n > count and values.get("provenance"):
            raise CellError(f"step{n}_provenance", values["provenance"], f"step {n} has a clue but no values")
    for n in range(1, count + 1):
        if n not in filled:
            raise CellError(f"step{n}_…", "", f"step {n} is empty but step {count} has values")
    if count == 0:
        raise CellError("step1_…", "", "the unit has no step values")
    steps = []
    for n in range(1, count + 1):
        old = existing.steps[n - 1] if existing is not None and n - 1 < len(existing.steps) else StepValues()
        data = old.model_dump()
        for name, text in by_step.get(n, {}).items():
            column = f"step{n}_{name}"
            try:
                if name in INT_FIELDS:
                    data[name] = parse_int(text) if text else None
                elif name == "extra":
                    if text != format_extra(old.extra):
                        data[name] = parse_extra(text)
                elif name == "provenance":  # the clue; the mark's other fields are kept
                    if text.strip() != (old.provenance.clue if old.provenance is not None else ""):
                        data[name] = {**(data[name] or {}), "clue": text.strip()} if text.strip() else None
                else:
                    data[name] = (text or None) if name == "image" else text
            except (ValueError, ValidationError) as exc:
                raise CellError(column, text, _message(exc)) from None
        try:
            steps.append(StepValues.model_validate(data))
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            bad = str(err["loc"][0])
            raise CellError(f"step{n}_{bad}", str(data.get(bad, "")), err["msg"]) from None
    return steps


def _message(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return exc.errors(include_url=False)[0]["msg"]
    return str(exc)


def piece_from_cells(cells: dict[str, str], module: Module, existing: Piece | None) -> Piece:
    """A piece from CSV cells by column name; missing columns keep ``existing``'s values.
    Raises :class:`CellError` naming the column."""
    p = module.pieces
    data: dict[str, Any] = (existing.model_dump() if existing is not None
                            else {"side": "", "designation": "", "unit_type": ""})
    refs: dict[str, tuple[Mapping[str, object], str]] = {"side": (p.sides, "side"), "unit_type": (p.unit_types, "unit type"),
            "formation": (p.formations, "formation"), "optional_rule": (module.meta.optional_rules, "optional rule")}
    for column in PIECE_COLUMNS[1:]:
        if column not in cells:
            continue
        text = cells[column]
        if column in refs:
            known, what = refs[column]
            if text and text not in known:
                raise CellError(column, text, f"unknown {what}")
            if not text and column in ("side", "unit_type"):
                raise CellError(column, text, f"a unit needs a {what}")
            data[column] = (text or None) if column in ("formation", "optional_rule") else text
        elif column == "size":
            try:
                data["size"] = parse_size(text)
            except ValueError as exc:
                raise CellError(column, text, str(exc)) from None
        elif column == "restrictions":
            old = existing.restrictions if existing is not None else []
            if text != format_restrictions(old):
                try:
                    data["restrictions"] = [r.model_dump() for r in parse_restrictions(text)]
                except (ValueError, ValidationError) as exc:
                    raise CellError(column, text, _message(exc)) from None
        elif column == "hq":
            data["hq"] = text or None
        else:
            data[column] = text
    for column in ("side", "unit_type"):
        if not data.get(column):
            raise CellError(column, "", f"a new unit needs a {column.replace('_', ' ')}")
    steps = _steps_from_row(cells, existing)
    if steps is not None:
        data["steps"] = [s.model_dump() for s in steps]
    elif existing is None:
        raise CellError("step1_…", "", "a new unit needs step values")
    try:
        return Piece.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        column = str(err["loc"][0])
        raise CellError(column, cells.get(column, ""), err["msg"]) from None


def decode_csv(raw: bytes) -> str:
    """The text of a CSV file as spreadsheets save it: UTF-8 (with or without a BOM), UTF-16
    with its BOM ("Unicode text"), else Windows-1252."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16", errors="replace")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _delimiter(text: str) -> str:
    """``,``, or the ``;`` (European spreadsheets) or tab the header row is separated by."""
    header = text.split("\n", 1)[0]
    if "," not in header:
        if ";" in header:
            return ";"
        if "\t" in header:
            return "\t"
    return ","


def import_csv(text: str, module: Module) -> ImportReport:
    """Read CSV ``text`` against ``module`` (whose sides, types, formations rows must name).

    Nothing is changed: apply the result with :func:`apply_import`.
    """
    report = ImportReport()
    text = text.lstrip("\ufeff")
    try:
        reader = csv.reader(io.StringIO(text, newline=""), strict=True, delimiter=_delimiter(text))
        header = [h.strip() for h in next(reader, [])]
    except csv.Error as exc:
        report.problems.append(RowProblem(1, "", "", f"not readable as CSV: {exc}"))
        return report
    if not header:
        report.problems.append(RowProblem(1, "", "", "the file is empty"))
        return report
    report.problems += check_header(header)
    if report.problems:
        return report
    candidates: dict[str, tuple[int, Piece]] = {}
    line = reader.line_num
    while True:
        start = line + 1
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            report.problems.append(RowProblem(start, "", "", f"not readable as CSV: {exc}"))
            break
        line = reader.line_num
        if not any(cell.strip() for cell in record):
            continue
        report.rows_read += 1
        if report.rows_read > MAX_ROWS:
            report.problems.append(RowProblem(start, "", "", f"more than {MAX_ROWS} rows; the rest are not read"))
            break
        if len(record) != len(header):
            report.problems.append(RowProblem(start, "", "", f"row has {len(record)} cells, the header {len(header)}"))
            continue
        cells = {name: from_spreadsheet_safe(value.strip()) for name, value in zip(header, record)}
        piece_id = cells["id"]
        try:
            _ID.validate_python(piece_id)
        except ValidationError:
            report.problems.append(RowProblem(start, "id", piece_id, "not a valid id (letters, digits, _ . -)"))
            continue
        if piece_id in candidates:
            report.problems.append(RowProblem(start, "id", piece_id, f"id already used on row {candidates[piece_id][0]}"))
            continue
        try:
            piece = piece_from_cells(cells, module, module.pieces.pieces.get(piece_id))
        except CellError as exc:
            report.problems.append(RowProblem(start, exc.column, exc.value, exc.message))
            continue
        candidates[piece_id] = (start, piece)
    _drop_unknown_hqs(candidates, module, report)
    for piece_id, (_, piece) in candidates.items():
        report.pieces[piece_id] = piece
        (report.updated if piece_id in module.pieces.pieces else report.created).append(piece_id)
    report.problems.sort()
    return report


def _drop_unknown_hqs(candidates: dict[str, tuple[int, Piece]], module: Module, report: ImportReport) -> None:
    """An ``hq`` must name a unit already in the module or on a row that imports."""
    changed = True
    while changed:
        changed = False
        for piece_id, (row, piece) in list(candidates.items()):
            if piece.hq and piece.hq not in candidates and piece.hq not in module.pieces.pieces:
                report.problems.append(RowProblem(row, "hq", piece.hq, "unknown unit"))
                del candidates[piece_id]
                changed = True


def apply_import(pieces: PiecesData, report: ImportReport) -> PiecesData:
    """A copy of ``pieces`` with the report's units created or replaced (order kept, new ones last)."""
    out = pieces.model_copy(deep=True)
    for piece_id, piece in report.pieces.items():
        out.pieces[piece_id] = piece.model_copy(deep=True)
    return out
