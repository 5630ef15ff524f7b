"""Counter sheets and charts to PDF: layout, duplex mirroring, pages, atomic files."""

from __future__ import annotations

import re

import pytest
from builders import oob_module, tables_module
from PySide6.QtGui import QColor

from hexwright.runtime.ui.chart_painter import chart_refs
from hexwright.runtime.ui.print_sheets import (
    charts_pdf,
    counter_sheet_image,
    counter_sheets_pdf,
    page_count,
    sheet_items,
    sheet_layout,
    write_counter_sheets_pdf,
)


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_layout_fits_counters_of_the_chosen_size_centred_on_the_page():
    half = sheet_layout(0.5, "letter")
    assert (half.cols, half.rows) == (15, 19)
    five_eighths = sheet_layout(0.625, "letter")
    assert (five_eighths.cols, five_eighths.rows) == (12, 15)
    right = five_eighths.page_w_in - five_eighths.left_in - five_eighths.cols * five_eighths.counter_in
    assert right == pytest.approx(five_eighths.left_in)
    assert (sheet_layout(0.5, "a4").cols, sheet_layout(0.5, "a4").rows) == (14, 20)
    with pytest.raises(ValueError, match="page size"):
        sheet_layout(0.5, "tabloid")


def test_backs_are_mirrored_left_right_so_duplex_printing_lines_up():
    layout = sheet_layout(0.5)
    dpi = 100
    page_w = layout.page_w_in * dpi
    for index in (0, 3, 14, 15, 40):
        front, back = layout.slot(index, False, dpi), layout.slot(index, True, dpi)
        assert front.top() == back.top()
        assert front.left() + back.right() == pytest.approx(page_w)  # a reflection about the page's middle


def test_sheet_items_units_then_each_marker_copy_then_chits():
    module = tables_module()
    module.pieces.markers["pin"].count = 3
    items = sheet_items(module)
    kinds = [i.kind for i in items]
    assert kinds == sorted(kinds, key=["piece", "marker", "chit"].index)
    assert sum(1 for i in items if i.id == "pin") == 3


@pytest.mark.gui
def test_front_and_back_pages_alternate_in_the_pdf(qapp):
    module = oob_module(300)
    layout = sheet_layout(0.5)
    sheets = page_count(module, layout)
    assert sheets == 2
    pdf = counter_sheets_pdf(module, 0.5, dpi=150)
    assert pdf.startswith(b"%PDF")
    assert _pages(pdf) == 2 * sheets


@pytest.mark.gui
def test_back_page_shows_each_units_back_behind_its_front(qapp):
    module = tables_module()
    first = next(iter(module.pieces.pieces))
    dpi = 100
    layout = sheet_layout(0.625)
    front = counter_sheet_image(module, 0, False, 0.625, dpi=dpi)
    back = counter_sheet_image(module, 0, True, 0.625, dpi=dpi)
    f_rect, b_rect = layout.slot(0, False, dpi), layout.slot(0, True, dpi)
    colour = QColor(module.pieces.sides[module.pieces.pieces[first].side].color)
    spot = (f_rect.left() + 3, f_rect.top() + f_rect.height() * 0.6)
    assert front.pixelColor(round(spot[0]), round(spot[1])).name() == colour.name()
    stripe_y = round(b_rect.top() + b_rect.height() * 0.615)
    stripe = back.pixelColor(round(b_rect.left() + 3), stripe_y)
    assert stripe.red() > 170 and stripe.green() < 60 and stripe.blue() < 80  # the red reduced-strength stripe
    on_front = front.pixelColor(round(b_rect.left() + 3), stripe_y)  # a front there: no stripe
    assert not (on_front.red() > 170 and on_front.green() < 60)


@pytest.mark.gui
def test_pdf_files_are_written_whole(qapp, tmp_path):
    target = tmp_path / "counters.pdf"
    write_counter_sheets_pdf(tables_module(), target, 0.625)
    assert target.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["counters.pdf"]


@pytest.mark.gui
def test_charts_pdf_has_a_page_per_chart(qapp):
    module = tables_module()
    pdf = charts_pdf(module, dpi=100)
    assert _pages(pdf) == len(chart_refs(module))
    assert _pages(charts_pdf(module, ["crt:dom"], dpi=100)) == 1


@pytest.mark.gui
@pytest.mark.parametrize("steps,expected", [
    (1, [(0, "blank-1")]),                          # front, blank back
    (2, [(0, 1)]),                                  # step 1 | step 2
    (3, [(0, 1), (2, "blank")]),                    # a second counter: step 3 | blank back
    (4, [(0, 1), (2, 3)]),                          # step 3 | step 4
])
def test_every_step_of_a_unit_is_printed_with_its_pair_behind_it(qapp, monkeypatch, steps, expected):
    """Each unit prints one counter per two steps, side by side on the fronts page; the back
    page puts the next step exactly behind each front (the blank back after an odd last step)."""
    from hexwright.runtime.model import StepValues
    from hexwright.runtime.ui import print_sheets
    from hexwright.runtime.ui.counter_painter import counter_face

    module = tables_module()
    module.pieces.markers, module.pieces.chits = {}, {}
    pid = next(iter(module.pieces.pieces))
    module.pieces.pieces = {pid: module.pieces.pieces[pid]}
    module.pieces.pieces[pid].steps = [StepValues(attack=9 - i, defense=5, movement=4) for i in range(steps)]
    assert [i.step for i in sheet_items(module)] == [front for front, _ in expected]
    layout = sheet_layout(0.5)
    for back in (False, True):  # the real painters draw every slot (the blank back included)
        image = counter_sheet_image(module, 0, back, 0.5, dpi=72)
        for i in range(len(expected)):
            centre = layout.slot(i, back, 72).center().toPoint()
            assert image.pixelColor(centre) != QColor("#ffffff")
    painted = {}

    def counter(painter, rect, module_, piece_id, step=0, assets=None):
        painted[(False, rect.left(), rect.top())] = step

    def face(painter, rect, face_, assets=None):  # backs: the step's values, or "blank"
        painted[(True, rect.left(), rect.top())] = ("blank" if face_.blank_back and steps > 1 else
                                                    "blank-1" if face_.blank_back else
                                                    next(i for i in range(steps) if
                                                         counter_face(module, pid, i) == face_))

    monkeypatch.setattr(print_sheets, "paint_counter", counter)
    monkeypatch.setattr(print_sheets, "paint_face", face)
    for back in (False, True):
        assert not counter_sheet_image(module, 0, back, 0.5, dpi=72).isNull()
    for i, (front, back_face) in enumerate(expected):
        f, b = layout.slot(i, False, 72), layout.slot(i, True, 72)
        assert painted[(False, f.left(), f.top())] == front
        assert painted[(True, b.left(), b.top())] == back_face
    assert len(painted) == 2 * len(expected)
