"""The order of battle through CSV: export, import, and the report of rows that did not import."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest
from builders import counters_module, oob_module

from hexwright.runtime.interchange.oob_csv import (
    RowProblem,
    apply_import,
    export_csv,
    import_csv,
    parse_extra,
    parse_restrictions,
    step_columns,
)
from hexwright.runtime.model import Piece, Provenance, Restriction, StepValues

ROOT = Path(__file__).resolve().parents[3]


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _csv(rows: list[dict[str, str]], header: list[str] | None = None) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header or list(rows[0]), restval="")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def test_oob_csv_imports_without_qt():
    code = "import sys, hexwright.runtime.interchange.oob_csv; sys.exit('PySide6' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_export_has_one_column_per_field_and_step():
    text = export_csv(oob_module().pieces)
    header = next(csv.reader(io.StringIO(text)))
    assert header[:4] == ["id", "side", "designation", "unit_type"]
    assert {"step1_attack", "step2_attack", "step1_defense", "step1_movement", "step1_morale",
            "step1_fire_missions", "step2_command_range"} <= set(header)
    row = next(r for r in _rows(text) if r["id"] == "us-cca-7")
    assert (row["step1_attack"], row["step1_defense"], row["step1_movement"]) == ("7", "5", "8")
    assert (row["step2_attack"], row["formation"], row["size"], row["setup"]) == ("4", "7ad", "X", "B")
    assert next(r for r in _rows(text) if r["id"] == "us-502-101")["restrictions"] == "no_move_before_turn=2"


def _unit(*steps: StepValues) -> Piece:
    return Piece(side="a", designation="x", unit_type="inf", steps=list(steps))


def test_a_step_column_is_listed_when_some_unit_prints_a_value_in_it():
    """Values given but empty (a blank label, no extra values, a clue left blank) print nothing:
    no column; a value set after the unit was made does."""
    blank = StepValues(label="", combat=None, extra={}, provenance=Provenance(clue=""))
    later = StepValues()
    later.morale = 0
    pieces = {"u1": _unit(StepValues(attack=3), blank), "u2": _unit(later, StepValues(label="front", extra={"ap": 1})),
              "u3": _unit(StepValues(provenance=Provenance(clue="fig. 4")))}
    names = ["label", "attack", "morale", "extra", "provenance"]
    assert step_columns(pieces) == [f"step{i}_{n}" for i in (1, 2) for n in names]


def test_with_no_step_values_the_columns_are_combat_and_movement_for_each_step():
    assert step_columns({"u1": _unit(StepValues(), StepValues(label=""))}) == [
        "step1_combat", "step1_movement", "step2_combat", "step2_movement"]
    assert step_columns({}) == ["step1_combat", "step1_movement"]


def test_round_trip_into_an_empty_order_of_battle_gives_the_same_pieces():
    source = oob_module()
    target = oob_module()
    target.pieces.pieces = {}
    report = import_csv(export_csv(source.pieces), target)
    assert report.problems == []
    assert len(report.created) == len(source.pieces.pieces) and report.updated == []
    assert apply_import(target.pieces, report).pieces == source.pieces.pieces


def test_csv_of_20_units_imports_and_a_malformed_row_is_reported_not_imported():
    module = oob_module(20)
    rows = [r for r in _rows(export_csv(module.pieces)) if r["id"].startswith("inf-")]
    assert len(rows) == 20
    bad = dict(rows[0], id="inf-bad", step1_attack="four")
    text = _csv(rows[:10] + [bad] + rows[10:])
    target = counters_module()
    report = import_csv(text, target)
    assert sorted(report.created) == sorted(r["id"] for r in rows)
    assert "inf-bad" not in report.pieces
    assert report.problems == [RowProblem(12, "step1_attack", "four", "not a whole number")]
    assert "row 12, column 'step1_attack': not a whole number (value 'four')" in report.summary()
    applied = apply_import(target.pieces, report)
    assert applied.pieces["inf-03"].steps[0].attack == module.pieces.pieces["inf-03"].steps[0].attack
    assert "inf-bad" not in applied.pieces


@pytest.mark.parametrize(("column", "value", "message"), [
    ("side", "martians", "unknown side"),
    ("unit_type", "dragoon", "unknown unit type"),
    ("formation", "99id", "unknown formation"),
    ("size", "XL", "not a unit size"),
    ("restrictions", "never_move", "unknown restriction"),
    ("restrictions", "no_move_before_turn=soon", "needs a turn number"),
    ("step1_movement", "=1+1", "not a whole number"),
    ("step1_movement", "2.5", "not a whole number"),
    ("step1_extra", "broken", "is not name=value"),
    ("id", "-bad", "not a valid id"),
    ("hq", "nobody", "unknown unit"),
])
def test_bad_cells_name_row_column_and_value(column, value, message):
    module = oob_module(2)
    rows = [r for r in _rows(export_csv(module.pieces)) if r["id"].startswith("inf-")]
    for row in rows:
        row.setdefault("step1_extra", "")
    rows[1][column] = value
    target = counters_module()
    report = import_csv(_csv(rows), target)
    assert [(p.row, p.column, p.value) for p in report.problems] == [(3, column, value)]
    assert message in report.problems[0].message
    assert list(report.pieces) == ["inf-01"]


def test_row_with_wrong_cell_count_and_duplicate_id_are_left_out():
    module = oob_module(3)
    text = export_csv({k: v for k, v in module.pieces.pieces.items() if k.startswith("inf-")})
    lines = text.splitlines()
    lines[2] += ",surplus"
    lines.append(lines[3])
    report = import_csv("\r\n".join(lines) + "\r\n", counters_module())
    assert list(report.pieces) == ["inf-01", "inf-03"]
    assert [(p.row, p.column) for p in report.problems] == [(3, ""), (5, "id")]
    assert "row 4" in report.problems[1].message


def test_unknown_header_column_imports_nothing():
    module = oob_module(2)
    text = export_csv(module.pieces).replace("step1_attack", "step1_atack", 1)
    report = import_csv(text, counters_module())
    assert report.pieces == {}
    assert report.problems == [RowProblem(1, "step1_atack", "", "unknown column")]


def test_update_keeps_values_of_columns_the_file_leaves_out():
    module = oob_module(2)
    text = "id,step1_attack\r\nus-cca-7,9\r\n"
    report = import_csv(text, module)
    assert report.updated == ["us-cca-7"] and report.problems == []
    piece = apply_import(module.pieces, report).pieces["us-cca-7"]
    assert piece.steps[0].attack == 9
    assert piece.steps[0].defense == 5 and piece.steps[1].attack == 4 and piece.formation == "7ad"


def test_clearing_a_cell_clears_the_value_and_a_gap_in_steps_is_refused():
    module = oob_module(1)
    report = import_csv("id,formation,step1_combat\r\nus-357-90,,6\r\n", module)
    piece = report.pieces["us-357-90"]
    assert piece.formation is None and piece.steps[0].combat == 6
    gap = import_csv("id,side,unit_type,step1_combat,step3_combat\r\nnew,us,infantry,3,1\r\n", module)
    assert gap.pieces == {} and "step 2 is empty" in gap.problems[0].message


def test_new_unit_needs_side_type_and_steps():
    report = import_csv("id,side,unit_type,designation\r\nx1,us,infantry,1/1\r\n", counters_module())
    assert report.pieces == {} and "needs step values" in report.problems[0].message


def test_hq_may_name_a_unit_on_another_row_but_not_a_rejected_one():
    text = ("id,side,unit_type,hq,step1_combat\r\n"
            "hq-a,us,hq,,1\r\nunit-a,us,infantry,hq-a,3\r\n"
            "hq-b,us,hq,,x\r\nunit-b,us,infantry,hq-b,3\r\n")
    report = import_csv(text, counters_module())
    assert sorted(report.pieces) == ["hq-a", "unit-a"]
    assert [(p.row, p.column) for p in report.problems] == [(4, "step1_combat"), (5, "hq")]


def test_row_numbers_count_lines_of_quoted_multiline_cells_and_a_bom_is_ignored():
    text = ("\ufeffid,side,unit_type,note,step1_combat\r\n"
            'a1,us,infantry,"two\r\nlines",3\r\n'
            "a2,us,infantry,,bad\r\n")
    report = import_csv(text, counters_module())
    assert report.pieces["a1"].note == "two\r\nlines"
    assert report.problems[0].row == 4


def test_restriction_and_extra_cell_formats():
    assert parse_restrictions("no_move_before_turn=3; must_stay_in_area=metz;cannot_leave_box") == [
        Restriction(kind="no_move_before_turn", turn=3), Restriction(kind="must_stay_in_area", area="metz"),
        Restriction(kind="cannot_leave_box")]
    assert parse_extra("weapon=M4; caliber=75") == {"weapon": "M4", "caliber": 75}


def test_empty_or_garbled_file_reports_row_1():
    assert import_csv("", counters_module()).problems[0].message == "the file is empty"
    assert import_csv("side,designation\r\n", counters_module()).problems[0].column == "id"


def test_step_provenance_column_exports_the_clue_and_imports_it_back_and_clears_it():
    from hexwright.runtime.model import Provenance

    source = oob_module(2)
    cca = source.pieces.pieces["us-cca-7"]
    cca.steps[0] = cca.steps[0].model_copy(update={"provenance": Provenance(clue="Figure 4: MF 8")})
    text = export_csv(source.pieces)
    rows = _rows(text)
    assert "step1_provenance" in rows[0] and "step2_provenance" in rows[0]
    row = next(r for r in rows if r["id"] == "us-cca-7")
    assert (row["step1_provenance"], row["step2_provenance"]) == ("Figure 4: MF 8", "")

    target = oob_module(2)
    target.pieces.pieces = {}
    report = import_csv(text, target)
    assert report.problems == []
    assert apply_import(target.pieces, report).pieces == source.pieces.pieces

    # an emptied cell unmarks the step; a file without the column leaves the clue alone
    report = import_csv("id,step1_attack,step1_provenance\r\nus-cca-7,7,\r\n", source)
    assert report.problems == []
    assert apply_import(source.pieces, report).pieces["us-cca-7"].steps[0].provenance is None
    report = import_csv("id,step1_attack\r\nus-cca-7,9\r\n", source)
    assert apply_import(source.pieces, report).pieces["us-cca-7"].steps[0].provenance.clue == "Figure 4: MF 8"


def test_export_without_clues_has_no_provenance_column():
    header = next(csv.reader(io.StringIO(export_csv(oob_module().pieces))))
    assert not [c for c in header if c.endswith("_provenance")]


def _row(text: str, piece_id: str) -> dict[str, str]:
    return next(row for row in _rows(text) if row["id"] == piece_id)


SPREADSHEET_FORMULAS = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


@pytest.mark.parametrize("text", SPREADSHEET_FORMULAS)
def test_export_makes_text_that_a_spreadsheet_would_run_safe_and_import_reads_it_back(text):
    m = oob_module(2)
    m.pieces.pieces["inf-01"].note = text
    m.pieces.pieces["inf-01"].designation = text.strip() or "x"
    exported = export_csv(m.pieces)
    row = _row(exported, "inf-01")
    assert row["note"] == "'" + text and row["designation"][0] == "'"
    report = import_csv(exported, m)
    assert report.problems == []
    assert report.pieces["inf-01"].note == text


def test_export_leaves_negative_numbers_as_numbers():
    m = oob_module(1)
    m.pieces.pieces["inf-01"].steps[0].attack = -2
    assert _row(export_csv(m.pieces), "inf-01")["step1_attack"] == "-2"


def test_formula_like_cell_is_imported_as_text_never_evaluated():
    m = oob_module(1)
    report = import_csv("id,note\r\ninf-01,\"=cmd|' /C calc'!A0\"\r\n", m)
    assert report.problems == [] and report.pieces["inf-01"].note == "=cmd|' /C calc'!A0"


def test_semicolon_separated_file_from_a_european_spreadsheet_imports():
    m = oob_module(2)
    text = "\ufeffid;step1_attack;note\r\ninf-01;6;\"a; b\"\r\ninf-02;2;\r\n"
    report = import_csv(text, m)
    assert report.problems == []
    assert report.pieces["inf-01"].steps[0].attack == 6 and report.pieces["inf-01"].note == "a; b"
    assert report.pieces["inf-02"].steps[0].attack == 2


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1252"])
def test_csv_bytes_in_the_encodings_spreadsheets_write_decode_to_the_same_text(encoding):
    from hexwright.runtime.interchange.oob_csv import decode_csv

    text = "id\tnote\r\ninf-01\tcafé Metz\r\n"
    assert decode_csv(text.encode(encoding)) == text


def test_a_utf16_tab_separated_file_imports():
    from hexwright.runtime.interchange.oob_csv import decode_csv

    m = oob_module(1)
    report = import_csv(decode_csv("id\tstep1_attack\r\ninf-01\t5\r\n".encode("utf-16")), m)
    assert report.problems == [] and report.pieces["inf-01"].steps[0].attack == 5


def test_a_clue_alone_neither_makes_nor_drops_a_step():
    module = oob_module(2)
    # us-cca-7 has two steps: emptying step 2's clue keeps step 2
    report = import_csv("id,step2_provenance\r\nus-cca-7,\r\n", module)
    assert report.problems == [] and len(apply_import(module.pieces, report).pieces["us-cca-7"].steps) == 2
    report = import_csv("id,step3_provenance\r\nus-cca-7,a guess\r\n", module)
    assert [(p.column, p.message) for p in report.problems] == [("step3_provenance", "step 3 has a clue but no values")]
