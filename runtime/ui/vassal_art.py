"""Pictures for a VASSAL module: the board (map, boxes, tracks), every counter face, every chart.

:func:`export_vmod` draws them, decides where off-map counters stand, and hands both to the
pure exporter (:mod:`hexwright.runtime.interchange.vassal_export`), which writes the
``.vmod``. :func:`setup_preview` draws a read-back ``.vmod``'s board with its at-start
stacks where VASSAL's own formulas put them (the screenshot of ``docs/vassal.md``).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from hexwright.runtime.interchange.vassal_export import (
    BOARD_IMAGE,
    BoardPlan,
    RegionRect,
    StartItem,
    VmodExport,
    build_vassal_module,
    chit_image,
    marker_image,
    piece_faces,
    piece_image,
    write_vmod,
)
from hexwright.runtime.interchange.vassal_grid import aligned_transform
from hexwright.runtime.interchange.vassal_pieces import parse_definition
from hexwright.runtime.interchange.vassal_read import VmodFile
from hexwright.runtime.model import Module

from . import counter_painter as cp
from .board_art import board_painter, board_rect, layout_for, paint_board, start_state
from .chart_painter import build_chart, chart_image, chart_refs
from .jobs import Report
from .render_image import ensure_gui_app, png_bytes

MAX_PIXELS = 200_000_000


def _board(module: Module, scenario_id: str | None, assets: dict[str, bytes] | None, scale: float):
    layout = layout_for(module, scenario_id)
    mp = board_painter(module, assets)
    rect = board_rect(module, layout, mp)
    transform = aligned_transform(module.map.grid, scale, -rect.left() * scale, -rect.top() * scale)
    width, height = math.ceil(rect.width() * scale) + 1, math.ceil(rect.height() * scale) + 1
    if width * height > MAX_PIXELS:
        raise ValueError(f"a {width}x{height} board image is too big; use a smaller --scale")
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    try:
        painter.translate(transform.offset_x, transform.offset_y)
        painter.scale(scale, scale)
        paint_board(painter, module, layout, mp)
    finally:
        painter.end()
    return layout, transform, image


def export_vmod(module: Module, scenario_id: str | None, assets: dict[str, bytes] | None = None,
                scale: float = 1.0, progress: Report | None = None) -> tuple[bytes, VmodExport]:
    """The ``.vmod`` bytes of ``module`` (with the start of ``scenario_id``) and what was built.

    ``progress(done, total)`` hears of the board, each picture and the archive; it may raise
    to stop (nothing is returned then)."""
    if not (math.isfinite(scale) and 0.1 <= scale <= 8):
        raise ValueError(f"scale must be between 0.1 and 8, not {scale}")
    if scenario_id is not None and scenario_id not in module.scenarios:
        known = ", ".join(sorted(module.scenarios)) or "none"
        raise ValueError(f"no scenario {scenario_id!r} (have: {known})")
    pieces = module.pieces
    total = 2 + sum(piece_faces(module, pid) for pid in pieces.pieces) \
        + sum(len(marker.faces) for marker in pieces.markers.values()) + len(pieces.chits) + len(chart_refs(module))
    done = 0

    def drawn() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    if progress is not None:
        progress(0, total)
    ensure_gui_app()
    layout, transform, board = _board(module, scenario_id, assets, scale)
    images: dict[str, bytes] = {BOARD_IMAGE: png_bytes(board)}
    counter_px = max(16, round(layout.counter * scale))
    plan = BoardPlan(width=board.width(), height=board.height(), transform=transform, counter_px=counter_px)
    for region in layout.regions:
        if region.at is None and region.kind != "chits":
            continue
        x, y = transform.apply(region.x, region.y)
        plan.regions.append(RegionRect(region.title, round(x), round(y), round(region.width * scale),
                                       round(region.height * scale)))
    if scenario_id is not None:
        state = start_state(module, scenario_id)
        for placed in layout.placed:
            if placed.at is None or placed.kind not in ("piece", "marker"):
                continue
            if placed.kind == "piece":
                item_id, face = placed.id, state.pieces[placed.id].step
            else:
                item_id, face = state.markers[placed.id].marker, state.markers[placed.id].face
            if placed.at.kind == "hex":
                plan.start.append(StartItem(placed.kind, item_id, hex=placed.at.id, face=face, order=placed.z))
            else:
                x, y = transform.apply(placed.x, placed.y)
                plan.start.append(StartItem(placed.kind, item_id, point=(round(x), round(y)), face=face,
                                            order=placed.z))
    drawn()
    for pid in pieces.pieces:
        for face in range(piece_faces(module, pid)):
            images[piece_image(pid, face)] = png_bytes(cp.counter_image(module, pid, face, counter_px, assets))
            drawn()
    marker_px = max(12, round(counter_px * 0.8))
    for mid, marker in pieces.markers.items():
        for face in range(len(marker.faces)):
            images[marker_image(mid, face)] = png_bytes(cp.marker_image(module, mid, face, marker_px, assets))
            drawn()
    for cid in pieces.chits:
        images[chit_image(cid)] = png_bytes(cp.chit_image(module, cid, counter_px, assets))
        drawn()
    for ref in chart_refs(module):
        name = "chart_" + ref.replace(":", "_") + ".png"
        images[name] = png_bytes(chart_image(module, ref))
        plan.charts.append((build_chart(module, ref).title, name))
        drawn()
    built = build_vassal_module(module, scenario_id, plan)
    data = write_vmod(built.module, images)
    drawn()
    return data, built


def _stack_points(vmod: VmodFile) -> list[tuple[tuple[int, int], list[str]]]:
    """Each at-start stack's point as VASSAL computes it, with its pieces' shown images, bottom first."""
    board = vmod.module.boards[0] if vmod.module.boards else None
    grids = board.hex_grids() if board is not None else []
    out = []
    for stack in vmod.module.stacks:
        point = (stack.x, stack.y)
        if stack.use_grid_location:
            for grid, _zone in grids:
                try:
                    point = grid.location(stack.location)
                    break
                except ValueError:
                    continue
        images = []
        for slot in stack.slots:
            piece = parse_definition(slot.definition)
            images.append(piece.backs[piece.level - 1] if piece.level else piece.front)
        out.append((point, images))
    return out


def setup_preview(vmod: VmodFile, unexpanded_offset: int = 3) -> QImage:
    """The board of a read ``.vmod`` with every at-start stack drawn where VASSAL places it."""
    ensure_gui_app()
    board = vmod.module.boards[0]
    image = QImage.fromData(vmod.images.get(board.image, b""))
    if image.isNull():
        raise ValueError(f"the board image {board.image!r} is missing or not an image")
    image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for (x, y), names in _stack_points(vmod):
        for i, name in enumerate(names):
            art = QImage.fromData(vmod.images.get(name, b""))
            if art.isNull():
                continue
            # VASSAL draws an unexpanded stack with each counter a few pixels up and to the right.
            dx, dy = i * unexpanded_offset, -i * unexpanded_offset
            target = QRectF(x - art.width() / 2 + dx, y - art.height() / 2 + dy, art.width(), art.height())
            painter.fillRect(target.translated(2, 2), QColor(0, 0, 0, 70))
            painter.drawImage(target, art)
    painter.end()
    return image
