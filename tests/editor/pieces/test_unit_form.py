"""The unit form: create a unit with the mouse and keyboard, watch the preview, flip, save, reload."""

from __future__ import annotations

import pytest
from builders import counters_module
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLineEdit

from hexwright.editor.document import MapDocument
from hexwright.editor.pieces.unit_form import UnitForm
from hexwright.runtime.interchange.oob_csv import STEP_FIELDS
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.counter_painter import counter_face

pytestmark = pytest.mark.gui
FORMAT = QImage.Format_ARGB32_Premultiplied


@pytest.fixture
def form(qtbot):
    doc = MapDocument(counters_module())
    widget = UnitForm(doc)
    widget.doc = doc
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _type_into_cell(qtbot, form: UnitForm, field: str, step: int, text: str) -> None:
    table = form.steps
    row = STEP_FIELDS.index(field)
    table.setCurrentCell(row, step)
    table.editItem(table.item(row, step))
    editors = [w for w in table.viewport().findChildren(QLineEdit) if w.isVisible()]
    assert len(editors) == 1
    editor = editors[0]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState)  # the commit is queued


def _choose(qtbot, combo, key: str) -> None:
    combo.setFocus()
    while combo.currentData() != key:
        before = combo.currentIndex()
        qtbot.keyClick(combo, Qt.Key_Down)
        assert combo.currentIndex() != before, f"{key!r} not in the list"


def test_create_two_step_unit_see_it_flip_it_save_and_reload(form, qtbot, tmp_path):
    qtbot.mouseClick(form.new_button, Qt.LeftButton)
    piece_id = form.piece_id
    assert piece_id in form.doc.module.pieces.pieces
    form.designation.setFocus()
    qtbot.keyClicks(form.designation, "CCB/7")
    qtbot.keyClick(form.designation, Qt.Key_Return)
    assert form.piece_id == "ccb-7" and piece_id not in form.doc.module.pieces.pieces  # named after it (issue 17)
    piece_id = form.piece_id
    _choose(qtbot, form.unit_type, "armor")
    _choose(qtbot, form.size_choice, "X")
    before_values = form.preview.grab().toImage()
    renders = form.preview.render_count
    _type_into_cell(qtbot, form, "attack", 0, "6")
    _type_into_cell(qtbot, form, "defense", 0, "4")
    _type_into_cell(qtbot, form, "movement", 0, "8")
    qtbot.mouseClick(form.add_step, Qt.LeftButton)
    _type_into_cell(qtbot, form, "attack", 1, "3")
    _type_into_cell(qtbot, form, "defense", 1, "2")
    qtbot.waitUntil(lambda: form.preview.render_count > renders)

    module = form.doc.module
    piece = module.pieces.pieces[piece_id]
    assert (piece.designation, piece.unit_type, piece.size) == ("CCB/7", "armor", "X")
    assert [(s.attack, s.defense, s.movement) for s in piece.steps] == [(6, 4, 8), (3, 2, 8)]
    assert counter_face(module, piece_id, 0).values == "6-4-8"
    front = form.preview.grab().toImage()
    assert front != before_values  # the preview shows the new values

    qtbot.mouseClick(form.flip_button, Qt.LeftButton)
    assert form.preview.face == 1 and form.face_label.text() == "step 2 (back)"
    back = form.preview.grab().toImage()
    assert back != front
    qtbot.mouseClick(form.flip_button, Qt.LeftButton)
    assert form.preview.face == 0

    form.doc.save(tmp_path / "mod")
    reloaded = load_module(tmp_path / "mod").module.pieces.pieces[piece_id]
    assert reloaded == piece


def test_bad_value_is_refused_with_the_field_named_and_nothing_pushed(form, qtbot):
    form.set_piece("us-cca-7")
    count = form.doc.undo_stack.count()
    _type_into_cell(qtbot, form, "attack", 0, "lots")
    assert "step1_attack" in form.status.text() and "whole number" in form.status.text()
    assert form.doc.undo_stack.count() == count
    assert form.steps.item(STEP_FIELDS.index("attack"), 0).text() == "7"


def test_each_edit_is_one_undo_step(form, qtbot):
    form.set_piece("us-cca-7")
    form.setup.setFocus()
    form.setup.selectAll()
    qtbot.keyClicks(form.setup, "C")
    qtbot.keyClick(form.setup, Qt.Key_Return)
    _type_into_cell(qtbot, form, "movement", 1, "6")
    pieces = form.doc.module.pieces.pieces
    assert pieces["us-cca-7"].setup == "C" and pieces["us-cca-7"].steps[1].movement == 6
    form.doc.undo_stack.undo()
    assert pieces["us-cca-7"].steps[1].movement == 8 and pieces["us-cca-7"].setup == "C"
    assert form.steps.item(STEP_FIELDS.index("movement"), 1).text() == "8"
    form.doc.undo_stack.undo()
    assert pieces["us-cca-7"].setup == "B" and form.setup.text() == "B"


def test_one_step_unit_flips_to_its_blank_back_and_delete_is_undoable(form, qtbot):
    form.set_piece("us-357-90")
    qtbot.mouseClick(form.flip_button, Qt.LeftButton)
    assert form.face_label.text() == "back (blank)"
    pieces = form.doc.module.pieces.pieces
    order = list(pieces)
    qtbot.mouseClick(form.delete_button, Qt.LeftButton)
    assert "us-357-90" not in pieces and form.piece_id is None
    form.doc.undo_stack.undo()
    assert list(pieces) == order  # back in its place in pieces.json


def test_designer_art_for_the_back_face_is_shown_saved_and_undoable(form, qtbot, tmp_path):
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    image = QImage(16, 16, QImage.Format_RGB32)
    image.fill(QColor("#ff00ff"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    image.save(buffer, "PNG")
    form.set_piece("us-cca-7")
    qtbot.mouseClick(form.flip_button, Qt.LeftButton)
    assert form.set_art(form.preview.face, "/somewhere/CCA back.png", bytes(data))
    piece = form.doc.module.pieces.pieces["us-cca-7"]
    assert piece.steps[1].image == "images/counters/CCA-back.png"
    assert form.doc.assets["images/counters/CCA-back.png"] == bytes(data)
    shown = form.preview.grab().toImage()
    centre = shown.pixelColor(form.preview.face_rect(1).center().toPoint())  # the back, on the right
    assert (centre.red(), centre.green(), centre.blue()) == (255, 0, 255)
    form.doc.save(tmp_path / "mod")
    loaded = load_module(tmp_path / "mod")
    assert loaded.assets["images/counters/CCA-back.png"] == bytes(data)
    assert loaded.module.pieces.pieces["us-cca-7"].steps[1].image == "images/counters/CCA-back.png"
    form.doc.undo_stack.undo()
    assert form.doc.module.pieces.pieces["us-cca-7"].steps[1].image is None
    assert "images/counters/CCA-back.png" not in form.doc.assets
    assert not form.set_art(0, "x.gif", b"GIF89a")


def _face_picture(form, face, painter_fn):
    """``face`` drawn alone by ``painter_fn`` on the preview's background, as big as in the preview."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    rect = form.preview.face_rect(face)
    image = QImage(int(rect.width()), int(rect.height()), FORMAT)
    image.fill(form.preview.palette().window().color())
    p = QPainter(image)
    painter_fn(p, QRectF(0, 0, rect.width(), rect.height()))
    p.end()
    return image


def _shown(form, face):
    rect = form.preview.face_rect(face).toRect()
    return form.preview.grab().toImage().copy(rect).convertToFormat(FORMAT)


@pytest.mark.parametrize("piece_id,steps", [("us-cca-7", 2), ("us-357-90", 1)])
def test_preview_shows_front_and_back_side_by_side(form, qtbot, piece_id, steps):
    """Front on the left, the back the counter sheet prints behind it on the right; Flip frames the other."""
    from hexwright.runtime.ui.counter_painter import back_face, paint_counter, paint_face

    form.set_piece(piece_id)
    module, assets = form.doc.module, form.doc.assets
    front = _face_picture(form, 0, lambda p, r: paint_counter(p, r, module, piece_id, 0, assets))
    back = _face_picture(form, 1, lambda p, r: paint_face(p, r, back_face(module, piece_id, 0), assets))
    assert front != back
    assert _shown(form, 0) == front.convertToFormat(FORMAT)
    assert _shown(form, 1) == back.convertToFormat(FORMAT)
    assert form.preview.shown_faces() == (0, 1)
    qtbot.mouseClick(form.flip_button, Qt.LeftButton)
    assert form.preview.face == 1 and form.preview.shown_faces() == (0, 1)  # same counter, the back framed
    assert _shown(form, 1) == back.convertToFormat(FORMAT)


def test_a_three_step_unit_previews_its_second_counter_after_two_flips(form, qtbot):
    form.set_piece("us-cca-7")
    qtbot.mouseClick(form.add_step, Qt.LeftButton)
    assert len(form.doc.module.pieces.pieces["us-cca-7"].steps) == 3
    qtbot.mouseClick(form.flip_button, Qt.LeftButton)
    qtbot.mouseClick(form.flip_button, Qt.LeftButton)
    assert form.preview.face == 2 and form.preview.shown_faces() == (2, 3)  # step 3 | blank back
    qtbot.mouseClick(form.flip_button, Qt.LeftButton)
    assert form.preview.face == 0


def test_a_step_clue_typed_into_the_form_marks_it_reconstructed_one_undo_step(form, qtbot):
    form.set_piece("us-cca-7")
    pieces = form.doc.module.pieces.pieces
    assert form.steps.verticalHeaderItem(STEP_FIELDS.index("provenance")).text() == "Clue (reconstructed)"
    _type_into_cell(qtbot, form, "provenance", 1, "Figure 4: MF 8")
    assert pieces["us-cca-7"].steps[1].provenance.clue == "Figure 4: MF 8"
    assert pieces["us-cca-7"].steps[0].provenance is None
    table, row = form.steps, STEP_FIELDS.index("provenance")
    table.setCurrentCell(row, 1)
    table.editItem(table.item(row, 1))
    [editor] = [w for w in table.viewport().findChildren(QLineEdit) if w.isVisible()]
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key_Delete)
    qtbot.keyClick(editor, Qt.Key_Return)
    qtbot.waitUntil(lambda: pieces["us-cca-7"].steps[1].provenance is None)
    form.doc.undo_stack.undo()
    assert pieces["us-cca-7"].steps[1].provenance.clue == "Figure 4: MF 8"
