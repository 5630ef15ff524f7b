from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..changes import Kind
from ..commands.set_entry import SetEntry
from ..edits import scenario as scenario_edits
from ..edits.outcome import EditRefused
from ..edits.setup_layout import Spot, drop_target, setup_spots, spot_at
from .base import MapPoint, Tool


class SetupTool(Tool):
    """Set up the chosen scenario on the map: drag a unit's counter to another hex or into
    an off-map box (one undo step per drop). Units come onto the map by dropping them from
    the order of battle; a reinforcement dragged onto the map is set up there instead."""

    name = "Setup"
    shortcut = "K"
    cursor = Qt.CursorShape.OpenHandCursor
    hint = "drag a unit to another hex or box; click a hex to set up the units picked in the order of battle"

    def __init__(self, doc, settings, scenario: Callable[[], str | None] | None = None):
        super().__init__(doc, settings)
        self.scenario = scenario or (lambda: next(iter(doc.module.scenarios), None))
        self.held: Spot | None = None
        self.at: tuple[float, float] | None = None
        self.grip: tuple[float, float] = (0.0, 0.0)
        self.refused: Callable[[str], None] = lambda _reason: None
        self.selected_units: Callable[[], list[str]] = list
        """The units picked in the order of battle: a click on a hex sets them up there."""

    def spots(self) -> list[Spot]:
        sid = self.scenario()
        return setup_spots(self.doc.module, self.doc.module.scenarios.get(sid or ""), self.doc.names)

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        return [point.hex] if point is not None and point.on_map and self.held is not None else []

    def press(self, point: MapPoint) -> None:
        self.held = spot_at(self.spots(), point.x, point.y)
        if self.held is not None:
            self.grip = (point.x - self.held.x, point.y - self.held.y)
            self.at = (point.x, point.y)

    def move(self, point: MapPoint, dragging: bool) -> None:
        if dragging and self.held is not None:
            self.at = (point.x, point.y)

    def deactivate(self) -> None:
        self.held = None
        self.at = None
        super().deactivate()

    def release(self, point: MapPoint) -> None:
        held, self.held, self.at = self.held, None, None
        sid = self.scenario()
        scenario = self.doc.module.scenarios.get(sid or "")
        if scenario is None or sid is None:
            return
        hex_label, box = drop_target(self.doc.module, self.doc.names, point.x, point.y)
        if held is None:
            self._place_selected(sid, scenario, hex_label, box)
            return
        if hex_label is None and box is None:
            self.refused(f"{held.piece}: drop it on a hex of the map or in a box")
            return
        if (hex_label, box) == (held.hex, held.box):
            return
        try:
            edit = scenario_edits.placed(self.doc.module, scenario, [held.piece], hex=hex_label, box=box)
        except EditRefused as exc:
            self.refused(str(exc))
            return
        self.doc.push(SetEntry(self.doc, Kind.SCENARIOS, sid, scenario, edit.value, edit.text))

    def _place_selected(self, sid, scenario, hex_label: str | None, box: str | None) -> None:
        """A click on a hex or box with units picked in the order of battle sets them up there."""
        units = [u for u in self.selected_units() if u in self.doc.module.pieces.pieces]
        if not units or (hex_label is None and box is None):
            return
        try:
            edit = scenario_edits.placed(self.doc.module, scenario, units, hex=hex_label, box=box)
        except EditRefused as exc:
            self.refused(str(exc))
            return
        if edit.value != scenario:
            self.doc.push(SetEntry(self.doc, Kind.SCENARIOS, sid, scenario, edit.value, edit.text))
