"""Hex labels drawn as one glyph run (issue 18): the pixels ``drawText`` gives, and any text
that needs shaping left to ``drawText``."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from hexwright.runtime.ui.label_run import draw_labels


def canvas() -> tuple[QImage, QPainter]:
    image = QImage(220, 90, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.setPen(QColor(40, 30, 20))
    return image, painter


def test_labels_of_digits_are_the_pixels_of_draw_text_centred(qapp):
    font = QFont()
    font.setPixelSize(11)
    labels = [("0101", 30.25, 20.5), ("1907", 100.7, 20.0), ("012.3", 60.0, 60.33), ("20-11", 170.5, 75.0)]
    run_image, painter = canvas()
    painter.setFont(font)
    assert draw_labels(painter, font, labels) == []
    painter.end()
    text_image, painter = canvas()
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    for text, x, baseline in labels:
        painter.drawText(QPointF(x - metrics.horizontalAdvance(text) / 2, baseline), text)
    painter.end()
    assert bytes(run_image.constBits()) == bytes(text_image.constBits())
    blank, painter = canvas()
    painter.end()
    assert bytes(run_image.constBits()) != bytes(blank.constBits())  # something was drawn


def test_texts_with_letters_are_left_for_draw_text(qapp):
    font = QFont()
    font.setPixelSize(11)
    _image, painter = canvas()
    others = draw_labels(painter, font, [("0101", 20.0, 20.0), ("AV12", 60.0, 20.0), ("Metz", 90.0, 40.0)])
    painter.end()
    assert others == [("AV12", 60.0, 20.0), ("Metz", 90.0, 40.0)]
