"""Comparing rendered images with a tolerance (golden images, local repaints)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

CHANNEL_TOLERANCE = 40
"""A pixel differs when one of its channels moved more than this (antialiasing noise stays under)."""
PIXEL_TOLERANCE = 0.002
"""At most this fraction of the pixels may differ."""


def compare(new: QImage, old: QImage) -> tuple[float, QImage]:
    """Fraction of differing pixels, and a mask showing them in magenta."""
    new = new.convertToFormat(QImage.Format.Format_RGB32)
    old = old.convertToFormat(QImage.Format.Format_RGB32)
    mask = new.copy()
    bad = 0
    for y in range(new.height()):
        for x in range(new.width()):
            a, b = new.pixel(x, y), old.pixel(x, y)
            if a == b:
                continue
            if max(abs(((a >> s) & 255) - ((b >> s) & 255)) for s in (0, 8, 16)) > CHANNEL_TOLERANCE:
                bad += 1
                mask.setPixelColor(x, y, QColor("#ff00ff"))
    return bad / (new.width() * new.height()), mask
