"""The legend's columns make room for their longest entry: a long movement cost ("others bridge
only, rail 1", ToV 9.1's railroad) pushes the combat column right instead of running into it."""

from __future__ import annotations

from PySide6.QtGui import QFontMetricsF

from hexwright.runtime.model.legend import LegendEntry
from hexwright.runtime.model.map_style import CLASSIC
from hexwright.runtime.ui.furniture import LEGEND_COLUMNS, LEGEND_WIDTH, _legend_columns, legend_size, style_font

SIZE = 40.0


def entry(name: str, movement: str, combat: str = "") -> LegendEntry:
    return LegendEntry("terrain", name.lower(), name, movement, combat)


def test_short_entries_keep_the_printed_columns(qapp):
    cols, width = _legend_columns([entry("Woods", "2", "−1 col")], SIZE, CLASSIC)
    assert cols == tuple(c * SIZE for c in LEGEND_COLUMNS) and width == LEGEND_WIDTH * SIZE


def test_a_long_movement_cost_moves_the_combat_column_and_widens_the_legend(qapp):
    long = "others bridge only, rail 1"
    entries = [entry("Woods", "2", "−1 col"), entry("Railroad", long), entry("Fortified line", "as terrain", "def ×3")]
    cols, width = _legend_columns(entries, SIZE, CLASSIC)
    body = QFontMetricsF(style_font(CLASSIC, 0.24 * SIZE))
    assert cols[2] >= cols[1] + body.horizontalAdvance(long)  # no overlap
    assert cols[1] >= cols[0] + body.horizontalAdvance("Fortified line")
    assert width >= cols[2] + body.horizontalAdvance("def ×3") and width > LEGEND_WIDTH * SIZE
    assert legend_size(entries, SIZE, CLASSIC)[0] == width
