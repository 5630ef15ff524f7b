"""What ``hexwright info`` reports about a module."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexwright.runtime.model import Module


def module_info(module: Module) -> dict[str, Any]:
    grid = module.map.grid
    hex_grid = grid.hex_grid()
    scheme = grid.labels.scheme()
    hexes = hex_grid.hexes()
    terrain = Counter(module.map.terrain_of(scheme.format(h, hex_grid)) for h in hexes)
    pieces_by_side = Counter(piece.side for piece in module.pieces.pieces.values())
    return {
        "id": module.meta.id,
        "title": module.meta.title,
        "version": module.meta.version,
        "format_version": module.meta.format_version,
        "grid": {
            "cols": grid.cols,
            "rows": grid.rows,
            "orientation": grid.orientation,
            "shifted": grid.shifted,
            "first_hex": scheme.format(hexes[0], hex_grid),
            "last_hex": scheme.format(hexes[-1], hex_grid),
        },
        "hexes": len(hexes),
        "terrain": dict(sorted(terrain.items())),
        "hexsides": len(module.map.hexsides),
        "areas": sorted(module.map.areas),
        "boxes": sorted(module.map.boxes),
        "pieces": len(module.pieces.pieces),
        "pieces_by_side": dict(sorted(pieces_by_side.items())),
        "markers": len(module.pieces.markers),
        "chits": len(module.pieces.chits),
        "tables": {
            "crts": sorted(module.tables.crts),
            "lookups": sorted(module.tables.lookups),
            "turns": len(module.tables.turn_track.turns),
        },
        "scenarios": sorted(module.scenarios),
    }


def format_info(info: dict[str, Any]) -> str:
    g = info["grid"]
    lines = [
        f"{info['title']} ({info['id']} {info['version']}, format {info['format_version']})",
        f"grid: {g['cols']} columns × {g['rows']} rows, {g['orientation']}-top, hexes {g['first_hex']}–{g['last_hex']}",
        f"hexes: {info['hexes']}",
        "terrain: " + ", ".join(f"{k} {v}" for k, v in info["terrain"].items()),
        f"hexsides with features: {info['hexsides']}",
        f"pieces: {info['pieces']}" + (
            " (" + ", ".join(f"{k} {v}" for k, v in info["pieces_by_side"].items()) + ")" if info["pieces_by_side"] else ""
        ),
        f"markers: {info['markers']}, chits: {info['chits']}",
        f"tables: CRTs {', '.join(info['tables']['crts']) or '-'}; lookups {', '.join(info['tables']['lookups']) or '-'}; "
        f"turns {info['tables']['turns']}",
        f"scenarios: {', '.join(info['scenarios']) or '-'}",
    ]
    return "\n".join(lines)
