"""The module's off-map boxes and tracks on the editor's canvas, drawn in the map's style.

The play window, the VASSAL board and the print kit draw a box, a pile or a track space with
one painter (:mod:`hexwright.runtime.ui.region_painter`) at the place the board layout gives
it; the editor draws the boxes and tracks that have a ``rect`` the same way, so the designer
sees them as players will (issue 22: boxes and tracks in the same style as the map). The
chosen box's outline and the rectangle being dragged stay the overlay's.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

from hexwright.runtime.model import Module
from hexwright.runtime.ui.board_art import layout_for, paint_region, track_titles
from hexwright.runtime.ui.map_painter import MapPainter
from hexwright.runtime.ui.play.board_layout import HEADER, Region
from hexwright.runtime.ui.region_painter import paint_track_title

Z_BOXES = 30
"""Over the map, under the setup's counters (40) and the overlay (1000)."""


def placed_regions(module: Module) -> tuple[list[Region], list[tuple[str, float, float]]]:
    """The boxes and track spaces of ``module`` that have a ``rect``, where the board puts them,
    and those tracks' titles: what the editor draws (boxes without a rect are laid out in play)."""
    boxes = {f"box:{bid}" for bid, box in module.map.boxes.items() if box.rect is not None}
    tracks = [tid for tid, track in module.map.tracks.items() if track.rect is not None]
    layout = layout_for(module, None)
    regions = [r for r in layout.regions
               if r.key in boxes or (r.kind == "track" and r.key.split(":")[1] in tracks)]
    return regions, track_titles(module, layout, only=tracks)


class BoxesItem(QGraphicsItem):
    """Every placed box and track of the document's module, in the painter's current style."""

    def __init__(self, map_painter: MapPainter, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self.map_painter = map_painter
        self.regions: list[Region] = []
        self.titles: list[tuple[str, float, float]] = []
        self._rect = QRectF()
        self.setZValue(Z_BOXES)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_module(self, module: Module) -> None:
        self.prepareGeometryChange()
        self.regions, self.titles = placed_regions(module)
        rect = QRectF()
        for r in self.regions:
            rect = rect.united(QRectF(r.x, r.y - HEADER, r.width, r.height + HEADER))
        self._rect = rect.adjusted(-4, -4, 4, 4)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        style = self.map_painter.style
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        for region in self.regions:
            paint_region(painter, region, style)
        for title, x, y in self.titles:
            paint_track_title(painter, title, x, y, style)
        painter.restore()
