"""The order-of-battle grid and CSV import/export with the report dialog."""

from __future__ import annotations

import csv
import io

import pytest
from builders import counters_module, oob_module
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

from hexwright.editor.document import MapDocument
from hexwright.editor.pieces.csv_actions import export_oob, import_with_report
from hexwright.editor.pieces.oob_table import PIECE_MIME, OobTable, piece_ids_from_mime
from hexwright.runtime.interchange.oob_csv import export_csv
from hexwright.runtime.storage import load_module

pytestmark = pytest.mark.gui


@pytest.fixture
def table(qtbot):
    doc = MapDocument(oob_module(20))
    widget = OobTable(doc)
    widget.doc = doc
    qtbot.addWidget(widget)
    widget.resize(900, 500)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _edit(qtbot, table: OobTable, piece_id: str, column: str, text: str) -> None:
    view = table.view
    row = table.visible_ids().index(piece_id)
    index = table.proxy.index(row, table.column_of(column))
    view.scrollTo(index)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = [w for w in view.viewport().findChildren(QLineEdit) if w.isVisible()][0]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key_Return)
    qtbot.waitUntil(lambda: view.state() != view.State.EditingState)


def test_every_unit_is_a_row_with_csv_columns(table):
    assert table.model.rowCount() == len(table.doc.module.pieces.pieces)
    assert table.model.columns[:3] == ["id", "side", "designation"]
    assert "step2_attack" in table.model.columns


def test_edit_in_place_is_undoable(table, qtbot):
    _edit(qtbot, table, "inf-05", "step1_attack", "9")
    _edit(qtbot, table, "inf-05", "designation", "5/9 Gren")
    piece = table.doc.module.pieces.pieces["inf-05"]
    assert piece.steps[0].attack == 9 and piece.designation == "5/9 Gren"
    table.doc.undo_stack.undo()
    assert table.doc.module.pieces.pieces["inf-05"].designation == "5/9"
    table.doc.undo_stack.undo()
    assert table.doc.module.pieces.pieces["inf-05"].steps[0].attack == 6
    row = table.visible_ids().index("inf-05")
    assert table.proxy.index(row, table.column_of("step1_attack")).data() == "6"


def test_bad_cell_is_refused_with_a_message(table, qtbot):
    count = table.doc.undo_stack.count()
    _edit(qtbot, table, "inf-02", "step1_attack", "lots")
    assert table.doc.undo_stack.count() == count
    assert "step1_attack" in table.status.text() and "inf-02" in table.status.text()
    # an id cell only offers ids that exist; a value that gets past it anyway is refused too
    row = table.visible_ids().index("inf-02")
    assert not table.proxy.setData(table.proxy.index(row, table.column_of("side")), "martians")
    assert "unknown side" in table.status.text()
    assert table.doc.undo_stack.count() == count


def _combo_for(qtbot, table: OobTable, piece_id: str, column: str):
    from PySide6.QtWidgets import QComboBox

    view = table.view
    index = table.proxy.index(table.visible_ids().index(piece_id), table.column_of(column))
    view.scrollTo(index)
    view.setCurrentIndex(index)
    view.edit(index)
    [combo] = [w for w in view.viewport().findChildren(QComboBox) if w.isVisible()]
    return combo


@pytest.mark.parametrize("column,field", [("side", "sides"), ("unit_type", "unit_types"),
                                          ("formation", "formations")])
def test_id_cells_edit_with_a_drop_down_of_valid_ids(table, qtbot, column, field):
    pieces = table.doc.module.pieces
    combo = _combo_for(qtbot, table, "inf-02", column)
    ids = [combo.itemData(i) for i in range(combo.count())]
    assert [i for i in ids if i] == list(getattr(pieces, field))  # exactly the ids that exist
    current = getattr(pieces.pieces["inf-02"], column) or ""
    assert combo.currentData() == current
    other = next(i for i in ids if i != current)
    qtbot.keyClick(combo, Qt.Key_Down if ids.index(other) > ids.index(current) else Qt.Key_Up)
    while combo.currentData() != other:
        qtbot.keyClick(combo, Qt.Key_Down)
    qtbot.keyClick(combo, Qt.Key_Return)
    qtbot.waitUntil(lambda: table.view.state() != table.view.State.EditingState)
    assert (getattr(table.doc.module.pieces.pieces["inf-02"], column) or "") == other
    assert table.doc.undo_stack.undoText() == f"Change {column} of inf-02"
    table.doc.undo_stack.undo()
    assert (getattr(table.doc.module.pieces.pieces["inf-02"], column) or "") == current


def test_hq_drop_down_lists_the_other_units(table, qtbot):
    combo = _combo_for(qtbot, table, "inf-02", "hq")
    ids = [combo.itemData(i) for i in range(combo.count())]
    assert ids[0] == "" and "inf-02" not in ids and "inf-01" in ids


def test_filter_and_numeric_sort(table, qtbot):
    table.filter.setFocus()
    qtbot.keyClicks(table.filter, "1/9")
    assert set(table.visible_ids()) == {"inf-01", "inf-11"}
    table.filter.clear()
    table.view.sortByColumn(table.column_of("step1_attack"), Qt.DescendingOrder)
    attacks = [table.doc.module.pieces.pieces[i].steps[0].attack or -1 for i in table.visible_ids()]
    assert attacks == sorted(attacks, reverse=True)


def test_selection_names_the_unit_and_rows_drag_as_unit_ids(table, qtbot):
    seen = []
    table.pieceSelected.connect(seen.append)
    table.view.setCurrentIndex(table.proxy.index(2, 0))
    assert seen == [table.visible_ids()[2]]
    mime = table.model.mimeData([table.model.index(0, 0), table.model.index(0, 3), table.model.index(1, 0)])
    assert mime.hasFormat(PIECE_MIME)
    assert piece_ids_from_mime(mime) == [table.model.piece_id(0), table.model.piece_id(1)]


def test_csv_of_20_units_imports_and_malformed_row_is_reported_not_imported(qtbot, tmp_path):
    source = oob_module(20)
    rows = list(csv.DictReader(io.StringIO(export_csv({k: v for k, v in source.pieces.pieces.items()
                                                        if k.startswith("inf-")}))))
    rows.insert(7, dict(rows[0], id="inf-broken", side="martians"))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    path = tmp_path / "oob.csv"
    path.write_text(out.getvalue(), encoding="utf-8")

    doc = MapDocument(counters_module())
    table = OobTable(doc)
    qtbot.addWidget(table)
    before = table.model.rowCount()
    dialog = import_with_report(table.doc, path, table)
    qtbot.addWidget(dialog)
    assert "20 new units" in dialog.summary.text() and "1 rows will not import" in dialog.summary.text()
    assert [dialog.problems.item(0, c).text() for c in range(4)] == ["9", "side", "martians", "unknown side"]
    assert "inf-broken" not in doc.module.pieces.pieces  # nothing applied before OK
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert table.model.rowCount() == before + 20
    assert "inf-broken" not in doc.module.pieces.pieces
    assert doc.module.pieces.pieces["inf-07"] == source.pieces.pieces["inf-07"]
    doc.save(tmp_path / "mod")
    assert len(load_module(tmp_path / "mod").module.pieces.pieces) == before + 20
    doc.undo_stack.undo()  # the whole import is one step
    assert table.model.rowCount() == before


def test_export_writes_the_csv_file(table, tmp_path):
    target = tmp_path / "out.csv"
    export_oob(table.doc, target)
    assert target.read_bytes() == export_csv(table.doc.module.pieces).encode("utf-8")


def test_a_utf16_csv_from_a_spreadsheet_reads_like_utf8(tmp_path):
    """Spreadsheets save "Unicode text" as UTF-16 with a BOM; the editor reads it as the runtime does."""
    from builders import oob_module

    from hexwright.editor.pieces.csv_actions import read_oob
    from hexwright.runtime.interchange.oob_csv import export_csv

    module = oob_module()
    text = export_csv(module.pieces)
    (tmp_path / "u8.csv").write_bytes(text.encode("utf-8"))
    (tmp_path / "u16.csv").write_bytes(text.encode("utf-16"))

    doc = MapDocument(module)
    u8, u16 = read_oob(doc, tmp_path / "u8.csv"), read_oob(doc, tmp_path / "u16.csv")
    assert not u16.problems and u16.pieces == u8.pieces and u8.pieces
