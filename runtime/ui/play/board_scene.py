"""The play window's scene: the module's map with the game's counters, boxes and tracks on it.

:meth:`BoardScene.show_state` lays the state out with :func:`board_layout` and brings the
items in line with it, reusing the item of each counter that is still there.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState, Location

from ..map_view import MapScene
from ..render_image import make_painter_for
from .board_items import ArrowItem, CounterItem, RegionItem, StackViewerItem, TrackTitleItem
from .board_layout import COUNTER_SCALE, HEADER, BoardLayout, board_layout, location_center


class BoardScene(MapScene):
    def __init__(self, module: Module, state: GameState, assets: dict[str, bytes] | None = None, parent=None,
                 counter_scale: float = COUNTER_SCALE):
        super().__init__(make_painter_for(module, None, assets), parent)
        self.counter_scale = counter_scale
        """Counters' size as a fraction of a hex's (the user's preference times the usual)."""
        self.module = module
        self.assets = dict(assets or {})
        self.state = state
        self.expanded: Location | None = None
        self.selected: tuple[str, str] | None = None
        self.counters: dict[tuple[str, str], CounterItem] = {}
        self.region_items: list[RegionItem] = []
        self.track_titles: list[TrackTitleItem] = []
        self.arrow = ArrowItem()
        self.addItem(self.arrow)
        self.viewer = StackViewerItem(self)
        self.addItem(self.viewer)
        self.board: BoardLayout = board_layout(module, state, counter_scale=counter_scale)
        self.show_state(state)

    # -- syncing ----------------------------------------------------------------------

    def show_state(self, state: GameState) -> None:
        self.state = state
        if self.expanded is not None and len(self._entries_at(self.expanded)) < 2:
            self.expanded = None
        self.board = board_layout(self.module, state, self.expanded, self.counter_scale)
        # The map's furniture goes clear of the boxes and piles beside the map.
        if self.map_item.map_painter.set_reserved(
                QRectF(r.x, r.y - HEADER, r.width, r.height + HEADER) for r in self.board.regions):
            self.map_item.refresh()
        self._sync_regions()
        seen = set()
        for placed in self.board.placed:
            key = (placed.kind, placed.id)
            seen.add(key)
            item = self.counters.get(key)
            if item is None:
                item = CounterItem(self, placed)
                self.counters[key] = item
                self.addItem(item)
            else:
                item.apply_placed(placed)
            if placed.at == self.expanded:
                item.setZValue(50_000 + placed.index)
        for key in list(self.counters):
            if key not in seen:
                self.removeItem(self.counters.pop(key))
        self._sync_highlights()
        left, top, right, bottom = self.board.bounds()
        self.setSceneRect(QRectF(left, top, right - left, bottom - top).united(self.map_item.boundingRect())
                          .adjusted(-20, -20, 20, 20))
        self.viewer.hide()
        self.update()

    def _sync_regions(self) -> None:
        for item in self.region_items + self.track_titles:
            self.removeItem(item)
        self.region_items, self.track_titles = [], []
        titled: set[str] = set()
        for region in self.board.regions:
            note = ""
            if region.at is not None and region.at.kind == "box" and region.at.id in self.state.cups:
                note = f"{len(self.state.cups[region.at.id])} chit(s)"
            item = RegionItem(region, note, self.map_item.map_painter.style)
            self.addItem(item)
            self.region_items.append(item)
            if region.kind == "track" and region.at.id not in titled:
                titled.add(region.at.id)
                title = TrackTitleItem(region.title.split(": ")[0], region.x, region.y - HEADER / 4,
                                       self.map_item.map_painter.style)
                self.addItem(title)
                self.track_titles.append(title)

    def _sync_highlights(self) -> None:
        last = self.state.last_moved
        moved = set(last.pieces) if last is not None else set()
        for key, item in self.counters.items():
            item.highlighted = key[0] == "piece" and key[1] in moved
            item.selected_ = key == self.selected
            item.update()
        if last is None:
            self.arrow.hide()
            return
        start = location_center(self.module, self.board, last.source)
        end = location_center(self.module, self.board, last.target)
        if start is None or end is None or start == end:
            self.arrow.hide()
            return
        self.arrow.set_points(start, end)
        self.arrow.show()

    # -- queries ------------------------------------------------------------------------

    def _entries_at(self, at: Location) -> list[tuple[str, str]]:
        items = [(p.order, "piece", pid) for pid, p in self.state.pieces.items() if p.at == at]
        items += [(m.order, "marker", mid) for mid, m in self.state.markers.items() if m.at == at]
        return [(kind, item_id) for _, kind, item_id in sorted(items)]

    def stack_at(self, at: Location) -> list[tuple[str, str]]:
        """(kind, id) of everything at ``at``, bottom first."""
        return self._entries_at(at)

    def counter_item(self, kind: str, item_id: str) -> CounterItem | None:
        return self.counters.get((kind, item_id))

    def select(self, key: tuple[str, str] | None) -> None:
        self.selected = key
        self._sync_highlights()

    def toggle_expanded(self, at: Location) -> None:
        self.expanded = None if self.expanded == at else at
        self.show_state(self.state)

    def show_viewer(self, at: Location | None) -> None:
        """Show the stack viewer for ``at`` (a hex holding two or more counters), else hide it."""
        if at is None or at == self.expanded or at.kind != "hex":
            self.viewer.hide()
            return
        entries = self._entries_at(at)
        if len(entries) < 2:
            self.viewer.hide()
            return
        x, y = location_center(self.module, self.board, at)
        if self.viewer.isVisible() and self.viewer.entries == entries and self.viewer.pos().x() == x + self.board.counter * 0.8:
            return
        self.viewer.show_stack(entries, x + self.board.counter * 0.8, y - self.board.counter * 1.6, self.board.counter)
