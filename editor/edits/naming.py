"""Hex labels and hexside ids of one grid, cached both ways (formatting is the hot path)."""

from __future__ import annotations

from hexwright.runtime.geometry import Hex, HexGrid, Hexside, LabelScheme, format_hexside, parse_hexside
from hexwright.runtime.model import Grid


class GridNames:
    """Turns hexes into labels and hexsides into ids for one grid, and back."""

    def __init__(self, grid: Grid):
        self.grid_model = grid
        self.grid: HexGrid = grid.hex_grid()
        self.scheme: LabelScheme = grid.labels.scheme()
        self.layout = grid.layout()
        self._labels: dict[Hex, str] = {}
        self._hexes: dict[str, Hex] = {}

    def label(self, h: Hex) -> str:
        h = Hex(*h)
        text = self._labels.get(h)
        if text is None:
            text = self._labels[h] = self.scheme.format(h, self.grid)
            self._hexes[text] = h
        return text

    def hex_of(self, label: str) -> Hex:
        h = self._hexes.get(label)
        if h is None:
            h = self.scheme.parse(label, self.grid)
            self._hexes[label] = h
        return h

    def side_id(self, side: Hexside) -> str:
        return format_hexside(self.grid, side, self.scheme)

    def side_of(self, key: str) -> Hexside:
        return parse_hexside(self.grid, key, self.scheme)

    def contains(self, h: Hex) -> bool:
        return self.grid.contains(h)
