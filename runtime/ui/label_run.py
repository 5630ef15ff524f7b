"""Many short texts in one font drawn as one glyph run: hex labels.

``QPainter.drawText`` lays out every string on its own (shaping, a text engine, a glyph
run) — for the 40,000 labels of a 200×200 map that was a tenth of the render. Labels made
of digits (and a few signs) need no shaping: each character is one glyph with a fixed
advance, so the glyphs of every label can be placed by addition and drawn in one call, the
very pixels ``drawText`` gives. A text with any other character is left to ``drawText``.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF
from PySide6.QtGui import QFont, QGlyphRun, QPainter, QRawFont

PLAIN = frozenset("0123456789-.,:/ ")
"""Characters that no font kerns or joins with their neighbours."""


class LabelRun:
    """Places texts of one font, centred on points, and draws them together."""

    def __init__(self, font: QFont) -> None:
        self._raw = QRawFont.fromFont(font)
        self._glyphs: dict[str, tuple[int, float] | None] = {}
        self._indexes: list[int] = []
        self._positions: list[QPointF] = []

    def _glyph(self, ch: str) -> tuple[int, float] | None:
        if ch not in self._glyphs:
            found = None
            if ch in PLAIN and self._raw.isValid():
                index = self._raw.glyphIndexesForString(ch)
                if len(index) == 1 and index[0] != 0:  # 0: the font lacks it (drawText would fall back)
                    found = (index[0], self._raw.advancesForGlyphIndexes(index)[0].x())
            self._glyphs[ch] = found
        return self._glyphs[ch]

    def _placing(self, text: str) -> tuple[list[int], list[float]] | None:
        """The glyphs of ``text`` and their offsets from its centre, or None (it needs ``drawText``)."""
        glyphs = []
        for ch in text:
            g = self._glyphs[ch] if ch in self._glyphs else self._glyph(ch)
            if g is None:
                return None
            glyphs.append(g)
        x = -sum(g[1] for g in glyphs) / 2
        offsets = []
        for _index, advance in glyphs:
            offsets.append(x)
            x += advance
        return [g[0] for g in glyphs], offsets

    def add(self, text: str, x: float, baseline: float) -> bool:
        """Place ``text`` centred on ``x`` with its baseline at ``baseline``; False (nothing
        placed) when it needs ``drawText``."""
        placing = self._placing(text)
        if placing is None:
            return False
        indexes, offsets = placing
        self._indexes += indexes
        self._positions += [QPointF(x + dx, baseline) for dx in offsets]
        return True

    def draw(self, painter: QPainter) -> None:
        """Draw every placed text with the painter's pen, and forget them."""
        if not self._indexes:
            return
        run = QGlyphRun()
        run.setRawFont(self._raw)
        run.setGlyphIndexes(self._indexes)
        run.setPositions(self._positions)
        painter.drawGlyphRun(QPointF(0, 0), run)
        self._indexes, self._positions = [], []


def draw_labels(painter: QPainter, font: QFont, labels: Iterable[tuple[str, float, float]]) -> list[tuple[str, float, float]]:
    """Draw the ``(text, x, baseline)`` labels that :class:`LabelRun` can place, in one run;
    returns the others, for ``drawText``."""
    run, others = LabelRun(font), []
    for item in labels:
        if not run.add(*item):
            others.append(item)
    run.draw(painter)
    return others
