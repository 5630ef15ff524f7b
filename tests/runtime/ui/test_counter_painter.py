"""Unit counters, markers and chits: what each face shows, and that it is painted so."""

from __future__ import annotations

import pytest
from builders import COUNTER_SYMBOLS, counters_module
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from hexwright.runtime.model import Piece, StepValues
from hexwright.runtime.ui.counter_painter import (
    chit_image,
    clear_cache,
    counter_face,
    counter_image,
    counter_pixmap,
    face_colors,
    marker_image,
    paint_counter,
    paint_small_face,
    values_text,
)

SIZE = 120


def _close(color: QColor, hex_color: str, tolerance: int = 12) -> bool:
    want = QColor(hex_color)
    return all(abs(a - b) <= tolerance for a, b in
               ((color.red(), want.red()), (color.green(), want.green()), (color.blue(), want.blue())))


def _png(color: str) -> bytes:
    image = QImage(32, 32, QImage.Format_RGB32)
    image.fill(QColor(color))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data)


# ---------------------------------------------------------------- what goes on a face (no painting)


def test_dom_figure_1_combat_and_movement_factors_along_the_bottom():
    face = counter_face(counters_module(), "us-357-90")
    assert face.values == "4-5"
    assert (face.unit_id, face.parent_id, face.size, face.symbol) == ("357", "90", "III", "infantry")


def test_tov_2_2_mechanized_units_show_attack_defense_movement():
    module = counters_module()
    assert counter_face(module, "us-cca-7", 0).values == "7-5-8"
    assert counter_face(module, "us-cca-7", 1).values == "4-3-8"


def test_tov_2_2_reduced_side_shows_setup_and_stripe():
    module = counters_module()
    front, back = counter_face(module, "us-cca-7", 0), counter_face(module, "us-cca-7", 1)
    assert not front.reduced and back.reduced
    assert "B" not in [t.text for t in front.tags] and "B" in [t.text for t in back.tags]


def test_tov_2_3_hq_command_range_is_boxed_and_corps_colour_bar_is_inherited():
    module = counters_module()
    face = counter_face(module, "us-xx-hq")
    assert ("4", "box") in [(t.text, t.shape) for t in face.tags]
    assert counter_face(module, "us-357-90").bar_color == "#d9b23c"  # 90th Division under XX Corps


def test_st_lo_2_2_anti_tank_in_parentheses_and_hq_morale_circled():
    module = counters_module()
    assert counter_face(module, "us-2-115").values == "4(1)"
    assert counter_face(module, "us-m10").values == "(2)(3)"
    hq = counter_face(module, "us-hq-1-115")
    assert ("5", "circle") in [(t.text, t.shape) for t in hq.tags]
    assert "IA" in [t.text for t in hq.tags]


def test_st_lo_2_2_5_artillery_support_defensive_long_range():
    assert values_text(StepValues(support=6, defensive=4, long_range=2)) == "6-4-2"


def test_one_step_unit_has_a_blank_back_with_its_setup_code():
    module = counters_module()
    back = counter_face(module, "de-fhnjkr", 1)
    assert back.blank_back and back.setup == "0807"
    with pytest.raises(ValueError, match="no face 2"):
        counter_face(module, "de-fhnjkr", 2)
    with pytest.raises(ValueError, match="no face 2"):
        counter_face(module, "us-cca-7", 2)


# ---------------------------------------------------------------- painting


@pytest.mark.gui
def test_counter_is_filled_with_its_side_colour_and_formation_bar(qapp):
    module = counters_module()
    image = counter_image(module, "us-cca-7", 0, SIZE)
    assert _close(image.pixelColor(4, round(SIZE * 0.6)), "#9fb36a")
    assert _close(image.pixelColor(SIZE // 2, 6), "#c8553d")  # 7th Armored's colour bar


@pytest.mark.gui
def test_a_counter_too_small_to_read_keeps_its_side_colour_and_formation_bar(qapp):
    """A fitted view of a large map draws thousands of counters a few pixels wide: each is its
    square in the colours the full face has (its side's, its formation's bar, inherited)."""
    module = counters_module()
    background, bar = face_colors(module, "us-357-90")
    assert (background, bar) == (counter_face(module, "us-357-90").background, "#d9b23c")
    image = QImage(SIZE, SIZE, QImage.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    paint_small_face(painter, QRectF(0, 0, SIZE, SIZE), QColor(background), QColor(bar))
    painter.end()
    assert _close(image.pixelColor(SIZE // 2, SIZE // 2), background)
    assert _close(image.pixelColor(SIZE // 2, 3), "#d9b23c")


@pytest.mark.gui
def test_reduced_side_carries_the_red_stripe(qapp):
    module = counters_module()
    row = round(SIZE * 0.615)
    front = counter_image(module, "us-cca-7", 0, SIZE)
    back = counter_image(module, "us-cca-7", 1, SIZE)
    assert _close(back.pixelColor(6, row), "#c8102e")
    assert not _close(front.pixelColor(6, row), "#c8102e")


@pytest.mark.gui
def test_every_nato_symbol_but_cavalry_recon_draws_a_different_box(qapp):
    module = counters_module()
    module.pieces.pieces = {
        sym: Piece(side="us", designation="1/2", unit_type=sym, size="II", steps=[StepValues(combat=3, movement=4)])
        for sym in COUNTER_SYMBOLS
    }
    boxes = {}
    for sym in COUNTER_SYMBOLS:
        image = counter_image(module, sym, 0, SIZE)
        box = image.copy(round(SIZE * 0.27), round(SIZE * 0.27), round(SIZE * 0.46), round(SIZE * 0.3))
        boxes[sym] = bytes(box.constBits())
    assert boxes["cavalry"] == boxes["recon"]  # one symbol, the slash
    assert len(set(boxes.values())) == len(COUNTER_SYMBOLS) - 1


@pytest.mark.gui
def test_values_are_drawn_in_the_text_colour(qapp):
    module = counters_module()
    image = counter_image(module, "de-fhnjkr", 0, SIZE)  # white text on German grey
    strip = [image.pixelColor(x, y) for x in range(SIZE // 4, 3 * SIZE // 4) for y in range(int(SIZE * 0.7), int(SIZE * 0.9))]
    assert sum(_close(c, "#ffffff", 30) for c in strip) > 150


@pytest.mark.gui
def test_designer_png_art_replaces_the_drawn_face(qapp):
    module = counters_module()
    module.pieces.pieces["us-cca-7"].steps[1].image = "images/cca-back.png"
    assets = {"images/cca-back.png": _png("#ff00ff")}
    back = counter_image(module, "us-cca-7", 1, SIZE, assets)
    front = counter_image(module, "us-cca-7", 0, SIZE, assets)
    assert _close(back.pixelColor(SIZE // 2, SIZE // 2), "#ff00ff")
    assert not _close(front.pixelColor(SIZE // 2, SIZE // 2), "#ff00ff")


@pytest.mark.gui
def test_designer_svg_art_and_missing_art_falls_back(qapp):
    module = counters_module()
    module.pieces.pieces["us-357-90"].steps[0].image = "images/a.svg"
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#00ff00"/></svg>'
    image = counter_image(module, "us-357-90", 0, SIZE, {"images/a.svg": svg})
    assert _close(image.pixelColor(SIZE // 2, SIZE // 2), "#00ff00")
    fallback = counter_image(module, "us-357-90", 0, SIZE, {})
    assert _close(fallback.pixelColor(4, round(SIZE * 0.6)), "#9fb36a")


@pytest.mark.gui
def test_counter_pixmap_is_cached_until_the_piece_changes(qapp):
    clear_cache()
    module = counters_module()
    first = counter_pixmap(module, "us-cca-7", 0, 64)
    assert counter_pixmap(module, "us-cca-7", 0, 64) is first
    module.pieces.pieces["us-cca-7"].steps[0].attack = 9
    changed = counter_pixmap(module, "us-cca-7", 0, 64)
    assert changed is not first
    assert changed.toImage() != first.toImage()
    module.pieces.sides["us"].color = "#ffffff"
    assert counter_pixmap(module, "us-cca-7", 0, 64) is not changed


@pytest.mark.gui
def test_paint_counter_stays_inside_its_rect(qapp):
    module = counters_module()
    image = QImage(200, 100, QImage.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    paint_counter(painter, QRectF(100, 0, 100, 100), module, "us-cca-7", 0)
    painter.end()
    assert all(image.pixelColor(x, y) == QColor("#ffffff") for x in range(0, 98, 7) for y in range(0, 100, 7))


@pytest.mark.gui
def test_markers_and_chits_paint_their_faces(qapp):
    module = counters_module()
    pin = marker_image(module, "pin", 1, SIZE)
    assert _close(pin.pixelColor(8, 8), "#d04040")
    improved = marker_image(module, "pin", 0, SIZE)
    assert _close(improved.pixelColor(8, 8), "#e8d9a0")
    with pytest.raises(ValueError):
        marker_image(module, "turn", 1, SIZE)
    chit = chit_image(module, "xx-chit", SIZE)
    assert _close(chit.pixelColor(SIZE // 2, 4), "#9fb36a")  # side-coloured ring


def test_dom_1_2_shipped_module_counters_read_cf_mf():
    from pathlib import Path

    from hexwright.runtime.storage import load_module

    folder = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"
    module = load_module(folder).module
    assert len(module.pieces.pieces) == 21  # 20 units and the optional US 502/101 (DoM §1, §2.3)
    for piece_id, piece in module.pieces.pieces.items():
        face = counter_face(module, piece_id)
        front = piece.steps[0]
        if front.combat is not None and front.movement is not None:
            assert face.values == f"{front.combat}-{front.movement}", piece_id
        assert "/" not in face.unit_id and " " not in face.parent_id, piece.designation


def test_shorthand_designations_lose_command_and_type():
    from hexwright.runtime.ui.counter_painter import short_designation

    assert short_designation("US 357/90 iregt") == "357/90"
    assert short_designation("SS 38/17 airegt") == "38/17"
    assert short_designation("DE 106 aregt") == "106"
    assert short_designation("CCA/7") == "CCA/7"
    assert short_designation("1/115") == "1/115"
