"""What can this OP see (St-Lô 11.1, 11.3): pick an observation post in the phase bar, the hexes it
may be placed in are shaded (11.1.1); click a hex to stand it there and every hex it observes is
tinted by its observation value, the OV written on it (11.3.7). The observation is the engine's
(:func:`~runtime.engine.fire_display.op_sight`); this module only draws it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QComboBox, QGraphicsItem

from hexwright.runtime.engine.fire_display import OpSight, op_places, op_sight
from hexwright.runtime.model import Module
from hexwright.runtime.state import piece_name

from .rules_overlay import AboveCounters

OV_COLORS = {4: QColor(10, 40, 150, 150), 3: QColor(30, 90, 200, 125), 2: QColor(70, 150, 235, 105),
             1: QColor(140, 200, 250, 95)}
"""Tints by OV, in blues: apart from the greens, yellows and browns of level tints and terrain."""
PLACE = QColor(120, 60, 200, 50)
OP_MARK = QColor(120, 40, 190)


class _Geometry:
    def __init__(self, module: Module):
        grid = module.map.grid
        self._grid, self._layout, self._scheme = grid.hex_grid(), grid.layout(), grid.labels.scheme()
        self.size = grid.hex_size

    def center(self, label: str) -> QPointF:
        x, y = self._layout.center(self._scheme.parse(label, self._grid))
        return QPointF(x, y)

    def polygon(self, label: str) -> QPolygonF:
        return QPolygonF([QPointF(x, y) for x, y in self._layout.corners(self._scheme.parse(label, self._grid))])


class ObservationOverlay(QGraphicsItem):
    """The tints (under the counters) and, in :attr:`numbers`, the OVs (over them)."""

    def __init__(self, module: Module):
        super().__init__()
        self.geometry = _Geometry(module)
        self.places: list[str] = []
        self.sight: OpSight | None = None
        self._rect = QRectF()
        self.setZValue(510)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.numbers = AboveCounters(self.paint_numbers, 150_001)

    def show_sight(self, places: list[str], sight: OpSight | None) -> None:
        self.prepareGeometryChange()
        self.places, self.sight = list(places), sight
        labels = list(self.places) + ([o.target for o in sight.seen] + [sight.at] if sight is not None else [])
        rect = QRectF()
        for label in labels:
            rect = rect.united(self.geometry.polygon(label).boundingRect())
        self._rect = rect.adjusted(-20, -20, 20, 20)
        self.update()
        self.numbers.changed(self._rect)

    def clear(self) -> None:
        self.show_sight([], None)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        g = self.geometry
        painter.setPen(Qt.PenStyle.NoPen)
        if self.sight is None:
            painter.setBrush(QBrush(PLACE))
            for label in self.places:
                painter.drawPolygon(g.polygon(label))
            return
        for seen in self.sight.seen:
            painter.setBrush(QBrush(OV_COLORS.get(seen.value, OV_COLORS[1])))
            painter.drawPolygon(g.polygon(seen.target))

    def paint_numbers(self, painter: QPainter) -> None:
        sight = self.sight
        if sight is None:
            return
        g = self.geometry
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont()
        font.setPixelSize(max(9, int(g.size * 0.42)))
        font.setBold(True)
        painter.setFont(font)
        up = QPointF(0, -g.size * 0.62)
        for seen in sight.seen:
            color = OV_COLORS.get(seen.value, OV_COLORS[1])
            self._tag(painter, g.center(seen.target) + up, str(seen.value), QColor(color.red(), color.green(),
                                                                                    color.blue()).darker(150))
        painter.setPen(QPen(OP_MARK, max(2.0, g.size * 0.08)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(g.polygon(sight.at))
        self._tag(painter, g.center(sight.at) + up, "OP" if sight.placeable else "OP?", OP_MARK)

    def _tag(self, painter: QPainter, at: QPointF, text: str, color: QColor) -> None:
        box = painter.fontMetrics().boundingRect(text).adjusted(-3, -1, 3, 1)
        box.moveCenter(at.toPoint())
        painter.setPen(QPen(color, 1.2))
        painter.setBrush(QBrush(QColor(255, 255, 255, 225)))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(color)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class OpView:
    """The phase bar's OP chooser and the overlay; ``active`` while an OP is chosen (a click on the
    map then stands it in the hex clicked)."""

    def __init__(self, window):
        self.window = window
        self.module: Module = window.module
        fire = self.module.rules.fire
        self.ops = sorted(p for p, piece in self.module.pieces.pieces.items()
                          if fire is not None and piece.unit_type in fire.op_unit_types)
        self.overlay = ObservationOverlay(self.module)
        window.scene.addItem(self.overlay)
        window.scene.addItem(self.overlay.numbers)
        self.combo = QComboBox()
        self.combo.addItem("OP view: off", None)
        for op in self.ops:
            self.combo.addItem(f"OP view: {piece_name(self.module, op)}", op)
        self.combo.setToolTip("What can this OP see (11.3): choose an OP, then click a hex to stand it there")
        self.combo.currentIndexChanged.connect(lambda _i: self.choose(self.combo.currentData()))
        self.combo.setVisible(bool(self.ops))
        self.op: str | None = None
        self.at: str | None = None

    @property
    def active(self) -> bool:
        return self.op is not None

    def choose(self, op: str | None) -> None:
        """Look through ``op`` (None: the overlay off); the hexes it may be placed in are shaded."""
        if op is not None and self.combo.currentData() != op:
            self.combo.setCurrentIndex(self.combo.findData(op))  # calls back here
            return
        on_map = self.window.game.shown_state.hex_of(op) if op is not None else None
        self.op, self.at = op, on_map  # an OP on the map looks from where it stands
        self.refresh()
        if op is not None:
            self.window.statusBar().showMessage(
                f"{piece_name(self.module, op)}: the hexes it may be placed in are shaded (11.1.1); "
                "click a hex to see what it observes from there (11.3)", 10000)

    def click(self, label: str) -> OpSight | None:
        """Stand the OP in ``label``: every hex it observes with its OV."""
        if self.op is None or not label:
            return None
        self.at = label
        sight = self.refresh()
        if sight is not None:
            best = max((o.value for o in sight.seen), default=0)
            where = "" if sight.placeable else " (it may not be placed there now: 11.1.1)"
            self.window.statusBar().showMessage(
                f"{piece_name(self.module, sight.op)} at {label}{where}: observes {len(sight.seen)} hex(es), "
                f"best OV {best} — 11.3, 11.3.7", 10000)
        return sight

    def refresh(self) -> OpSight | None:
        """Redraw for the game as shown now (units moved: other places, other sights)."""
        if self.op is None:
            self.overlay.clear()
            return None
        state = self.window.game.shown_state
        sight = op_sight(self.module, state, self.op, self.at) if self.at is not None else None
        self.overlay.show_sight(op_places(self.module, state, self.op) if sight is None else [], sight)
        return sight
