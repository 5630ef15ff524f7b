"""The artillery displays as a panel (St-Lô 2.1.4, 10.1): for each side, every battery with its
fire missions spent this turn and left (the printed display's track), its fire values, where it
is and its statuses — read from the engine (:func:`~runtime.engine.fire_display.artillery_display`)
at every refresh of the window, so a fire, an undo or the artillery rally shows at once."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from hexwright.runtime.engine.fire_display import Battery, artillery_display
from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState

UNIT_ROLE = Qt.ItemDataRole.UserRole + 1
SPENT, LEFT = "■", "□"


def track_text(b: Battery) -> str:
    """The battery's track: a filled box per mission spent, an empty one per mission left."""
    return SPENT * max(0, b.spent) + LEFT * max(0, b.left) + f"  {b.left} of {b.missions} left"


def values_text(b: Battery) -> str:
    return " · ".join(f"{name.replace('_', '-')} {value}" for name, value in b.values)


class ArtilleryPanel(QTreeWidget):
    def __init__(self, module: Module, parent=None):
        super().__init__(parent)
        self.module = module
        self.setHeaderLabels(["Battery", "Fire missions", "Values", "Where"])
        self.setColumnWidth(0, 140)
        self.setColumnWidth(1, 145)
        self.setColumnWidth(2, 190)
        self.setRootIsDecorated(True)
        self.rows: dict[str, QTreeWidgetItem] = {}
        """Battery id → its row (for tests and the docs' picture)."""

    def show_state(self, state: GameState) -> None:
        self.clear()
        self.rows = {}
        fire = self.module.rules.fire
        section = fire.section if fire is not None else ""
        for side, batteries in artillery_display(self.module, state).items():
            name = self.module.pieces.sides[side].name if side in self.module.pieces.sides else side
            left = sum(b.left for b in batteries if b.in_play)
            top = QTreeWidgetItem([f"{name} artillery", f"{left} mission(s) left", "", ""])
            top.setToolTip(0, f"{name}'s Artillery Display: a track per battery" + (f" ({section})" if section else ""))
            self.addTopLevelItem(top)
            for b in batteries:
                status = ", ".join(b.statuses)
                row = QTreeWidgetItem([b.name, track_text(b), values_text(b),
                                       b.where + (f" · {status}" if status else "")])
                row.setData(0, UNIT_ROLE, b.unit)
                row.setToolTip(1, f"{b.spent} fire mission(s) spent this turn, {b.left} left of {b.missions} "
                                  "(10.1.1; reset in the artillery rally phase, 10.1.2)")
                if not b.in_play or b.left <= 0:
                    for column in range(4):
                        row.setForeground(column, QBrush(QColor(130, 130, 130)))
                top.addChild(row)
                self.rows[b.unit] = row
            top.setExpanded(True)
