"""Make the St-Lô map pictures in docs/ from the map's sources (nothing is saved to the module):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/st_lo_images.py

- ``st-lo-map.png``: the whole map as ``packaging/stlo/build_map.py`` paints it, its fourteen
  levels in their colours, with the legend;
- ``st-lo-map-detail.png``: the Martinville ridge and Hill 192 at play size (hex 40 px), the
  setup hexes of the 29th and 2nd Divisions and the 3rd FJ Division among them.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    from hexwright.runtime.storage import load_module
    from hexwright.runtime.ui.render_image import ensure_gui_app, make_painter_for, render_png

    ensure_gui_app()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "map"
        subprocess.run([sys.executable, str(ROOT / "packaging" / "stlo" / "build_map.py"), str(out)], check=True)
        module = load_module(out).module
    render_png(module, ROOT / "docs" / "st-lo-map.png", scale=0.42)
    grid = module.map.grid
    layout, scheme, hexes = grid.layout(), grid.labels.scheme(), grid.hex_grid()
    (ax, ay), (bx, by) = (layout.center(scheme.parse(label, hexes)) for label in ("3808", "6023"))
    rect = QRectF(ax, ay, bx - ax, by - ay)
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    painter.setClipRect(rect)
    make_painter_for(module).paint(painter, rect)
    painter.end()
    image.save(str(ROOT / "docs" / "st-lo-map-detail.png"))


if __name__ == "__main__":
    main()
