"""The side panel: turn, phase and active side, then every box, pile, cup and track with what it holds."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState, Location, location_name, phase_name, piece_name

from .board_layout import BoardLayout, region_contents

LOCATION_ROLE = Qt.UserRole + 1


def _marker_name(module: Module, state: GameState, instance: str) -> str:
    marker = module.pieces.markers.get(state.markers[instance].marker)
    return marker.name if marker is not None else instance


class SidePanel(QTreeWidget):
    locationChosen = Signal(object)
    """A Location the user double-clicked (to centre the view on it)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setHeaderLabels(["Place", "Holds"])
        self.setColumnWidth(0, 170)
        self.itemDoubleClicked.connect(self._chosen)

    def _chosen(self, item: QTreeWidgetItem) -> None:
        at = item.data(0, LOCATION_ROLE)
        if at is not None:
            self.locationChosen.emit(at)

    def show_state(self, module: Module, state: GameState, board: BoardLayout) -> None:
        self.clear()
        side = module.pieces.sides.get(state.active_side or "")
        top = QTreeWidgetItem([phase_name(module, state), f"active: {side.name if side else '-'}"])
        self.addTopLevelItem(top)
        if state.last_roll:
            self.addTopLevelItem(QTreeWidgetItem(["Last roll", " + ".join(map(str, state.last_roll))]))
        scenario = module.scenarios.get(state.scenario)
        arrivals = {r.piece: r.turn for r in scenario.reinforcements} if scenario is not None else {}
        boxes = QTreeWidgetItem(["Boxes", ""])
        self.addTopLevelItem(boxes)
        for region in board.regions:
            if region.kind in ("track", "chits"):
                continue
            pieces = [p.id for p in region_contents(board, region) if p.kind == "piece"]
            holds = f"{len(pieces)} piece(s)"
            if region.at.kind == "box" and region.at.id in state.cups:
                holds = f"{len(state.cups[region.at.id])} chit(s) in the cup"
            item = QTreeWidgetItem([region.title, holds])
            item.setData(0, LOCATION_ROLE, region.at)
            for pid in pieces:
                arrives = arrivals.get(pid)
                child = QTreeWidgetItem([piece_name(module, pid), f"arrives turn {arrives}" if arrives else ""])
                child.setData(0, LOCATION_ROLE, region.at)
                item.addChild(child)
            boxes.addChild(item)
        if state.drawn:
            drawn = QTreeWidgetItem(["Drawn chits", ", ".join(module.pieces.chits[c].name if c in module.pieces.chits
                                                                else c for c in state.drawn)])
            self.addTopLevelItem(drawn)
        tracks = QTreeWidgetItem(["Tracks", ""])
        self.addTopLevelItem(tracks)
        for tid, track in module.map.tracks.items():
            markers = [(m.at.space, mid) for mid, m in state.markers.items() if m.at.kind == "track" and m.at.id == tid]
            text = ", ".join(f"{_marker_name(module, state, mid)} @ {location_name(module, Location.track(tid, space))}"
                             for space, mid in sorted(markers))
            item = QTreeWidgetItem([track.name, text])
            item.setData(0, LOCATION_ROLE, Location.track(tid, 0) if track.spaces else None)
            tracks.addChild(item)
        if state.control:
            control = QTreeWidgetItem(["Control", f"{len(state.control)} hex(es)"])
            for label, side_id in state.control.items():
                control.addChild(QTreeWidgetItem([label, module.pieces.sides[side_id].name
                                                  if side_id in module.pieces.sides else side_id]))
            self.addTopLevelItem(control)
        self.expandItem(boxes)
        self.expandItem(tracks)
