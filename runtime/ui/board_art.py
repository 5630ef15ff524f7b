"""The whole board as printed: the map with its off-map boxes, piles and tracks beside it.

Shared by the VASSAL export (one board image) and the print-and-play kit (the map pages).
Positions come from :func:`hexwright.runtime.ui.play.board_layout.board_layout`, so the
board looks like the play window's; everything is drawn in map pixels.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from hexwright.runtime.model import MapStyle, Module
from hexwright.runtime.state import GameState, RngState
from hexwright.runtime.state.setup import initial_state

from .map_painter import MapPainter
from .painter_for import make_painter_for
from .play.board_layout import HEADER, BoardLayout, Region, board_layout
from .region_painter import paint_region_box, paint_track_title

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


def region_rects(regions: Iterable[Region]) -> list[QRectF]:
    """Each box, pile or track space of ``regions`` with room for its title, in map pixels."""
    return [QRectF(r.x, r.y - HEADER, r.width, r.height + HEADER) for r in regions]


def board_rect(module: Module, layout: BoardLayout, map_painter: MapPainter) -> QRectF:
    """The map (with its margin) and every region, plus a border, in map pixels.

    The map's furniture is placed clear of the regions first (see ``MapPainter.set_reserved``)."""
    rects = region_rects(layout.regions)
    map_painter.set_reserved(rects)
    rect = map_painter.map_rect()
    for r in rects:
        rect = rect.united(r)
    return rect.adjusted(-PAD, -PAD, PAD, PAD)


def track_titles(module: Module, layout: BoardLayout, only: Iterable[str] | None = None) -> list[tuple[str, float, float]]:
    """(title, x, y) of each track (or of the tracks ``only`` names), just above its first space."""
    out = []
    wanted = set(only) if only is not None else None
    for tid, track in module.map.tracks.items():
        if wanted is not None and tid not in wanted:
            continue
        first = next((r for r in layout.regions if r.key == f"track:{tid}:0"), None)
        if first is not None:
            out.append((track.name, first.x, first.y - 3))
    return out


def paint_region(painter: QPainter, region: Region, style: MapStyle | None = None, scale_px: float = 1.0) -> None:
    """One box, pile or track space, in the map's style."""
    title = region.title.split(": ")[-1] if region.kind == "track" else region.title
    paint_region_box(painter, QRectF(region.x, region.y, region.width, region.height), title, region.kind, style,
                     scale_px=scale_px)


def module_regions(layout: BoardLayout) -> list[Region]:
    """The module's own boxes and track spaces in ``layout``, without the piles and the drawn
    chits the play window adds (what ``hexwright render`` draws beside the map)."""
    return [r for r in layout.regions if r.key.startswith(("box:", "track:"))]


def paint_places(painter: QPainter, module: Module, layout: BoardLayout, regions: Iterable[Region],
                 style: MapStyle | None) -> None:
    """``regions`` of ``layout`` and the titles of their tracks, in the map's style (map pixels)."""
    regions = list(regions)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    for region in regions:
        paint_region(painter, region, style)
    tracks = {r.key.split(":")[1] for r in regions if r.kind == "track"}
    for title, x, y in track_titles(module, layout, only=tracks):
        paint_track_title(painter, title, x, y, style)
    painter.restore()


def paint_board(painter: QPainter, module: Module, layout: BoardLayout, map_painter: MapPainter,
                exposed: QRectF | None = None) -> None:
    """The map, then every region and track title (map pixels)."""
    map_painter.paint(painter, exposed)
    paint_places(painter, module, layout, [r for r in layout.regions if r.at is not None or r.kind == "chits"],
                 map_painter.style)


def board_painter(module: Module, assets: dict[str, bytes] | None) -> MapPainter:
    return make_painter_for(module, None, assets)
