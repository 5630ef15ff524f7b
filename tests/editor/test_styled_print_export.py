"""The map exported at print resolution in the module's style, band by band with progress (issue 22: print export)."""

from __future__ import annotations

import math

import pytest
from carto_maps import showcase_module
from image_compare import compare
from PySide6.QtGui import QImage

from hexwright.editor.export import BAND_PX, export_png, inches_per_map_pixel
from hexwright.runtime.ui.render_image import make_painter_for, render_image

pytestmark = pytest.mark.gui


def test_a_300_dpi_export_is_the_modern_map_at_print_scale_with_progress(qapp, tmp_path):
    module = showcase_module("modern")
    steps: list[tuple[int, int]] = []
    w, h = export_png(module, tmp_path / "map.png", dpi=300, progress=lambda done, total: steps.append((done, total)))
    # Progress before each band of pixel rows and before writing the file.
    assert steps == [(k, math.ceil(h / BAND_PX) + 1) for k in range(math.ceil(h / BAND_PX) + 1)]
    assert len(steps) >= 8
    scale = 300 * inches_per_map_pixel(module)
    exported = QImage(str(tmp_path / "map.png"))
    assert (exported.width(), exported.height()) == (w, h)
    assert round(exported.dotsPerMeterX() * 0.0254) == 300

    # A crop around the hill: the export draws what `hexwright render` draws in the module's
    # style (natural shapes, contours), not the classic look.
    mp = make_painter_for(module)
    rect = mp.map_rect()
    cx, cy = mp.cache.center(mp.hex_index("0705"))
    x, y = round((cx - rect.left()) * scale) - 100, round((cy - rect.top()) * scale) - 100
    styled = render_image(module, scale).copy(x, y, 200, 200)
    classic = render_image(module, scale, style="classic").copy(x, y, 200, 200)
    crop = exported.copy(x, y, 200, 200)
    assert compare(crop, styled)[0] <= 0.002
    assert compare(crop, classic)[0] > 0.2
