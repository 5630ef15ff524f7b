"""The MapPainter of a module: its map style, its sides' colours, a legend from its terrain
effects chart, and the seed of its natural shapes (shared by the render, the boards and the windows)."""

from __future__ import annotations

import zlib

from hexwright.runtime.model import Module, resolve_style
from hexwright.runtime.model.legend import legend_entries

from .layers import Layers


def module_seed(module: Module) -> int:
    """The seed of a module's natural shapes: from its id, so they are the same on every render."""
    return zlib.crc32(module.meta.id.encode("utf-8"))


def make_painter_for(module: Module, layers: Layers | None = None, assets: dict[str, bytes] | None = None,
                     style: str | None = None):
    """A MapPainter for ``module``'s map in its map style (or the built-in ``style``), with its
    sides' colours and a legend from its terrain effects chart."""
    from .map_painter import MapPainter

    side_colors = {sid: side.color for sid, side in module.pieces.sides.items()}
    return MapPainter(module.map, layers, side_colors=side_colors, assets=assets,
                      style=resolve_style(module.map.style, style), seed=module_seed(module),
                      legend=legend_entries(module.map, module.tables.terrain_effects))


def restyle_painter(map_painter, module: Module, style: str | None = None) -> None:
    """Make ``map_painter`` draw in the module's (changed) style, with its (changed) legend."""
    map_painter.set_style(resolve_style(module.map.style, style))
    map_painter.set_legend(legend_entries(module.map, module.tables.terrain_effects))
