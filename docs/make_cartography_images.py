"""Render the pictures of docs/cartography.md (and the README's map) from the shipped module
and the synthetic maps of the tests: ``.venv/bin/python docs/make_cartography_images.py``."""

from __future__ import annotations

import math
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "support"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from carto_maps import st_lo_module  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from hexwright.editor.export import export_png  # noqa: E402
from hexwright.runtime.storage import load_module  # noqa: E402
from hexwright.runtime.storage.bundled import bundled_module  # noqa: E402
from hexwright.runtime.ui.board_art import board_painter, board_rect, layout_for, paint_board  # noqa: E402
from hexwright.runtime.ui.render_image import make_painter_for, render_png  # noqa: E402

DOCS = ROOT / "docs"
PRINT_HEX_MM = 16.0
"""Printed hex width across the flats (a common 5/8-inch hex)."""


def main() -> None:
    _app = QApplication.instance() or QApplication([])
    loaded = load_module(bundled_module("drive_on_metz"))
    module = loaded.module
    for style in ("modern", "classic"):
        size = render_png(module, DOCS / f"cartography-dom-{style}.png", 1.2, assets=loaded.assets, style=style)
        print(f"Drive on Metz, {style}: {size}")
    size = render_png(st_lo_module("modern"), DOCS / "cartography-st-lo.png", 1.2)
    print(f"St-Lô-like excerpt: {size}")
    board(module, loaded.assets)
    # 300 dpi through the editor's PNG export (the one its worker runs, band by band with
    # progress): a hex 16 mm across the flats.
    bands: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        w, h = export_png(module, Path(tmp) / "dom.png", dpi=300, hex_inches=PRINT_HEX_MM / 25.4,
                          assets=loaded.assets, progress=lambda done, total: bands.append(done))
        print(f"Drive on Metz at 300 dpi: {w}x{h} px in {time.perf_counter() - t0:.1f} s ({len(bands)} bands)")
        page = QImage(str(Path(tmp) / "dom.png"))
    scale = PRINT_HEX_MM / 25.4 * 300 / (3 ** 0.5 * module.map.grid.hex_size)
    grid = module.map.grid
    cx, cy = grid.layout().center(grid.labels.scheme().parse("0706", grid.hex_grid()))
    left, top = make_painter_for(module).map_rect().topLeft().toTuple()
    x, y = round((cx - left) * scale), round((cy - top) * scale)
    crop = page.copy(x - 600, y - 450, 1200, 900)
    crop.setDotsPerMeterX(round(300 / 0.0254))
    crop.setDotsPerMeterY(round(300 / 0.0254))
    crop.save(str(DOCS / "cartography-dom-300dpi-crop.png"))


def board(module, assets) -> None:
    """The map with its boxes, piles and turn track beside it, as the play window and the print kit draw it."""
    layout = layout_for(module, next(iter(module.scenarios), None))
    mp = board_painter(module, assets)
    rect = board_rect(module, layout, mp)
    image = QImage(math.ceil(rect.width()), math.ceil(rect.height()), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    paint_board(painter, module, layout, mp)
    painter.end()
    image.save(str(DOCS / "cartography-dom-board.png"))
    print(f"Drive on Metz board: {image.width()}x{image.height()}")

if __name__ == "__main__":
    main()
