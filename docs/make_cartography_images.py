"""Render the pictures of docs/cartography.md (and the README's map) from the shipped module
and the synthetic maps of the tests: ``.venv/bin/python docs/make_cartography_images.py``."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "support"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from carto_maps import st_lo_module  # noqa: E402

from hexwright.runtime.storage import load_module  # noqa: E402
from hexwright.runtime.storage.bundled import bundled_module  # noqa: E402
from hexwright.runtime.ui.render_image import make_painter_for, render_image, render_png  # noqa: E402

DOCS = ROOT / "docs"
PRINT_HEX_MM = 16.0
"""Printed hex width across the flats (a common 5/8-inch hex)."""


def main() -> None:
    loaded = load_module(bundled_module("drive_on_metz"))
    module = loaded.module
    for style in ("modern", "classic"):
        size = render_png(module, DOCS / f"cartography-dom-{style}.png", 1.2, assets=loaded.assets, style=style)
        print(f"Drive on Metz, {style}: {size}")
    size = render_png(st_lo_module("modern"), DOCS / "cartography-st-lo.png", 1.2)
    print(f"St-Lô-like excerpt: {size}")
    # 300 dpi: a hex 16 mm across the flats is 16 / 25.4 * 300 px; flat-to-flat is sqrt(3) * size.
    scale = PRINT_HEX_MM / 25.4 * 300 / (3 ** 0.5 * module.map.grid.hex_size)
    t0 = time.perf_counter()
    page = render_image(module, scale, assets=loaded.assets)
    print(f"Drive on Metz at 300 dpi: {page.width()}x{page.height()} px in {time.perf_counter() - t0:.1f} s")
    grid = module.map.grid
    cx, cy = grid.layout().center(grid.labels.scheme().parse("0706", grid.hex_grid()))
    left, top = make_painter_for(module).map_rect().topLeft().toTuple()
    x, y = round((cx - left) * scale), round((cy - top) * scale)
    crop = page.copy(x - 600, y - 450, 1200, 900)
    crop.setDotsPerMeterX(round(300 / 0.0254))
    crop.setDotsPerMeterY(round(300 / 0.0254))
    crop.save(str(DOCS / "cartography-dom-300dpi-crop.png"))


if __name__ == "__main__":
    main()
