"""The whole board as printed: the map with its off-map boxes, piles and tracks beside it.

Shared by the VASSAL export (one board image) and the print-and-play kit (the map pages).
Positions come from :func:`hexwright.runtime.ui.play.board_layout.board_layout`, so the
board looks like the play window's; everything is drawn in map pixels.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState, RngState
from hexwright.runtime.state.setup import initial_state

from .map_painter import MapPainter
from .play.board_layout import HEADER, BoardLayout, Region, board_layout
from .render_image import make_painter_for

BOX_FILL = QColor("#f4efe0")
TRACK_FILL = QColor("#fbf8ee")
INK = QColor("#2a2418")
EDGE = QColor("#5a5040")
PAD = 12.0


def start_state(module: Module, scenario_id: str | None) -> GameState:
    """The state at the start of ``scenario_id``, with the pieces of every optional rule set up
    too (players who leave a rule out put its pieces away); with None, an empty board."""
    if scenario_id is not None:
        every_rule = dict.fromkeys(module.meta.optional_rules, True)
        return initial_state(module, scenario_id, 0, every_rule)
    return GameState(scenario="", turn=1, rng=RngState(seed=0))


def layout_for(module: Module, scenario_id: str | None) -> BoardLayout:
    return board_layout(module, start_state(module, scenario_id))


def board_rect(module: Module, layout: BoardLayout, map_painter: MapPainter) -> QRectF:
    """The map (with its margin) and every region, plus a border, in map pixels."""
    rect = map_painter.map_rect()
    for region in layout.regions:
        rect = rect.united(QRectF(region.x, region.y - HEADER, region.width, region.height + HEADER))
    return rect.adjusted(-PAD, -PAD, PAD, PAD)


def track_titles(module: Module, layout: BoardLayout) -> list[tuple[str, float, float]]:
    """(title, x, y) of each track, just above its first space."""
    out = []
    for tid, track in module.map.tracks.items():
        first = next((r for r in layout.regions if r.key == f"track:{tid}:0"), None)
        if first is not None:
            out.append((track.name, first.x, first.y - 3))
    return out


def paint_region(painter: QPainter, region: Region, scale_px: float = 1.0) -> None:
    """One box, pile or track space: a tinted panel with its title."""
    r = QRectF(region.x, region.y, region.width, region.height)
    track = region.kind == "track"
    painter.setBrush(TRACK_FILL if track else BOX_FILL)
    painter.setPen(QPen(EDGE, 1.2 * scale_px))
    radius = 0 if track else 4 * scale_px
    painter.drawRoundedRect(r, radius, radius)
    font = QFont()
    font.setPixelSize(max(1, round((10 if track else 11) * scale_px)))
    font.setBold(not track)
    painter.setFont(font)
    painter.setPen(INK)
    title = region.title.split(": ")[-1] if track else region.title
    flags = (Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop) if track else \
        (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    painter.drawText(r.adjusted(4 * scale_px, 1, -4 * scale_px, 0), int(flags) | int(Qt.TextFlag.TextWordWrap), title)


def paint_board(painter: QPainter, module: Module, layout: BoardLayout, map_painter: MapPainter,
                exposed: QRectF | None = None) -> None:
    """The map, then every region and track title (map pixels)."""
    map_painter.paint(painter, exposed)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    for region in layout.regions:
        if region.at is not None or region.kind == "chits":
            paint_region(painter, region)
    font = QFont()
    font.setPixelSize(12)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(INK)
    for title, x, y in track_titles(module, layout):
        painter.drawText(QPointF(x, y), title)
    painter.restore()


def board_painter(module: Module, assets: dict[str, bytes] | None) -> MapPainter:
    return make_painter_for(module, None, assets)
