from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..commands.set_underlay import SetUnderlay
from ..edits.affine import apply, invert, solve_affine
from .base import MapPoint, Tool

AskHex = Callable[[int], "str | None"]
"""``ask(n)`` -> the label of the hex whose centre the n-th click (1..3) marked, or None."""


class UnderlayAlign(Tool):
    """Click the centres of three known hexes on the scanned image, naming each; the grid
    is then fitted to the image (scale, rotation and offset solved from the three)."""

    name = "Align underlay"
    shortcut = "U"
    cursor = Qt.CrossCursor
    hint = "click the centre of a known hex on the image and give its label (3 times)"

    def __init__(self, doc, settings, ask: AskHex | None = None):
        super().__init__(doc, settings)
        self.ask = ask
        self.image_points: list[tuple[float, float]] = []
        self.hexes: list[Hex] = []

    def activate(self) -> None:
        super().activate()
        self.image_points, self.hexes = [], []

    def press(self, point: MapPoint) -> None:
        underlay = self.doc.map.grid.underlay
        if underlay is None or self.ask is None:
            return
        label = self.ask(len(self.hexes) + 1)
        if label is None:
            return
        try:
            h = self.doc.names.hex_of(label.strip())
        except ValueError:
            return
        self.image_points.append(apply(invert(underlay.transform), (point.x, point.y)))
        self.hexes.append(h)
        if len(self.hexes) == 3:
            self.finish()

    def finish(self) -> None:
        underlay = self.doc.map.grid.underlay
        centres = [self.doc.names.layout.center(h) for h in self.hexes]
        points, self.image_points, self.hexes = self.image_points, [], []
        transform = solve_affine(points, centres)
        self.doc.push(SetUnderlay(self.doc, underlay.model_copy(update={"transform": tuple(round(v, 9) for v in transform)}),
                                  text="Align Underlay"))

    def status_text(self) -> str:
        return f"{self.name}: point {len(self.hexes) + 1} of 3 — {self.hint}"
