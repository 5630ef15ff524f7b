"""Tables as charts: what each chart holds, and that the image is drawn from it."""

from __future__ import annotations

import pytest
from builders import tables_module
from PySide6.QtGui import QColor

from hexwright.runtime.model import ResultCode
from hexwright.runtime.ui.chart_painter import (
    ATTACKER_FILL,
    DEFENDER_FILL,
    build_chart,
    chart_image,
    chart_refs,
    crt_chart,
    result_fill,
)


def _row(chart, first: str):
    return next([c.text for c in row.cells] for row in chart.rows if row.cells and row.cells[0].text == first)


def test_chart_refs_name_every_table():
    assert chart_refs(tables_module()) == ["terrain_effects", "crt:dom", "crt:odds", "lookup:weather", "turn_track",
                                           "victory"]


def test_dom_table_3_columns_die_rows_and_results_legend():
    chart = build_chart(tables_module(), "crt:dom")
    header = [c.text for c in chart.rows[0].cells]
    assert header[1:] == ["≤ −1", "0", "1", "+2/+3", "+4/+5", "+6/+7", "+8/+9", "≥ 10"]
    assert _row(chart, "1")[1:] == ["-", "D1", "D1", "D1", "D2", "D2", "D2", "D2"]
    assert _row(chart, "3")[1:5] == ["A1", "-", "-", "D1"]  # printed: no asterisk
    assert _row(chart, "3")[5] == "D1*"  # reconstructed
    assert [code for code, _ in chart.legend] == ["-", "A1", "D1", "D2"]
    assert any("retreats 2 hexes" in text for _, text in chart.legend)
    assert any(note.startswith("* Reconstructed") for note in chart.notes)


def test_odds_crt_rows_outside_1_to_6_and_rounding_note():
    chart = build_chart(tables_module(), "crt:odds")
    assert [row.cells[0].text for row in chart.rows[1:]] == [str(n) for n in range(8)]
    assert "Odds are rounded in the defender's favour." in chart.notes


def test_undefined_code_is_flagged_on_the_chart():
    crt = tables_module().tables.crts["dom"]
    crt.cells[0][0] = "D9"
    chart = crt_chart(crt)
    assert "Undefined result codes: D9" in chart.notes
    assert chart.rows[1].cells[1].fill == result_fill(None)


def test_result_fill_by_who_suffers():
    crt = tables_module().tables.crts["dom"]
    assert result_fill(crt.results["D1"]) == DEFENDER_FILL  # the attacker's advance does not count
    assert result_fill(crt.results["A1"]) == ATTACKER_FILL
    assert result_fill(ResultCode(name="nothing")) is None


def test_terrain_effects_chart_costs_shifts_and_weather():
    chart = build_chart(tables_module(), "terrain_effects")
    assert [c.text for c in chart.rows[0].cells] == ["Terrain", "Foot", "Mechanized", "Combat"]
    assert _row(chart, "Woods") == ["Woods", "2", "3", "⇐2"]
    assert _row(chart, "Marsh") == ["Marsh", "3", "P", "–"]
    assert _row(chart, "Rough")[2] == "All"
    assert _row(chart, "Road")[1:3] == ["1/2", "1/2"]
    assert _row(chart, "Stream")[1:3] == ["+1", "+2"]
    assert _row(chart, "Town")[3] == "Def ×2 DRM -1"
    assert "Weather: mud — terrain" in chart.texts()
    assert "If several apply, only the largest column shift is used." in chart.notes


def test_lookup_turn_track_and_victory_charts():
    module = tables_module()
    weather = build_chart(module, "lookup:weather")
    assert _row(weather, "6") == ["6", "Rain", "Rain", "Mud"]
    track = build_chart(module, "turn_track")
    assert [c.text for c in track.rows[0].cells][:3] == ["Turn", "1", "2"]
    assert sum(1 for row in track.rows if row.kind == "header") == 2  # 12 turns, 10 a row
    victory = build_chart(module, "victory")
    assert "+10 − turn" in victory.texts()
    assert "Decisive" in victory.texts()


def test_unknown_reference_names_it():
    with pytest.raises(KeyError, match="crt:nope"):
        build_chart(tables_module(), "crt:nope")


@pytest.mark.gui
def test_crt_chart_image_shows_coloured_result_cells(qapp):
    image = chart_image(tables_module(), "crt:dom", 14)
    assert image.width() > 400 and image.height() > 200
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}
    assert QColor(DEFENDER_FILL).name() in colours
    assert QColor(ATTACKER_FILL).name() in colours


@pytest.mark.gui
def test_every_chart_renders_and_grows_with_text_size(qapp):
    module = tables_module()
    for ref in chart_refs(module):
        small, large = chart_image(module, ref, 10), chart_image(module, ref, 20)
        assert not small.isNull()
        assert large.width() > small.width() * 1.5
