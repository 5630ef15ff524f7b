"""Track spaces label themselves inside their cell (the Traces of Victory weather track)."""

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

from hexwright.runtime.model.map_style import BUILTIN_STYLES
from hexwright.runtime.ui.furniture import style_font
from hexwright.runtime.ui.region_painter import paint_region_box, track_label_fit

MODERN = BUILTIN_STYLES["modern"]


def _metrics(size: float) -> QFontMetricsF:
    return QFontMetricsF(style_font(MODERN, size, serif=True, bold=True))


def test_a_number_keeps_its_large_size_and_words_shrink_or_wrap_to_fit_the_cell(qapp):
    cell = QRectF(0, 0, 60, 30)
    size, text = track_label_fit("7", cell, _metrics)
    assert (size, text) == (min(30 * 0.42, 60 * 0.5), "7")
    size, text = track_label_fit("Light overcast", cell, _metrics)
    assert text == "Light\novercast"  # two lines let it be larger than one
    assert all(_metrics(size).horizontalAdvance(line) <= cell.width() * 0.9 + 0.5 for line in text.split("\n"))
    assert 2 * _metrics(size).height() <= cell.height() * 1.0 + 0.5
    size, text = track_label_fit("Overcast", QRectF(0, 0, 30, 30), _metrics)
    assert text == "Overcast" and _metrics(size).horizontalAdvance(text) <= 27.5


def test_a_long_label_is_drawn_inside_its_cell_not_past_its_edges(qapp):
    image = QImage(200, 60, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_region_box(painter, QRectF(50, 10, 60, 30), "Heavy overcast", "track", MODERN)
    painter.end()
    inked = [x for x in range(200) for y in range(60) if image.pixelColor(x, y).name() != "#ffffff"]
    assert min(inked) >= 49 and max(inked) <= 111  # the frame and everything in it, nothing beyond
    inside = {image.pixelColor(x, y).name() for x in range(54, 106) for y in range(14, 36)}
    assert len(inside) > 3  # the label is drawn
