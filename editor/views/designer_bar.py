"""The designer's bar: which scenario the map shows set up, and Play (F5) to play-test it.

The scenario chosen here is drawn on the map as counters (:class:`SetupLayer`), is the one
the setup tool moves units in, the one the Scenario dock edits, and the one Play starts.
Play opens the play window on a copy of the module as it is in the editor — nothing is
saved — and when that window closes, any rule problem the game met (refused actions,
overridden rules) is listed in the Problems dock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar

from ..changes import Changes, Kind
from ..tools.setup_tool import SetupTool
from .icons import tool_icon
from .setup_layer import SetupLayer

if TYPE_CHECKING:
    from hexwright.runtime.ui.play.play_window import PlayWindow



class DesignerBar:
    def __init__(self, window: Any):
        self.window = window
        self.doc = window.doc
        bar = self.bar = QToolBar("Scenario and play", window)  # in the menu bar's corner: no row of its own
        bar.setObjectName("designer")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        bar.setIconSize(QSize(18, 18))
        window.menuBar().setCornerWidget(bar, Qt.Corner.TopRightCorner)
        bar.addWidget(QLabel(" Scenario: "))
        self.scenarios = QComboBox()
        self.scenarios.setObjectName("scenario_choice")
        self.scenarios.setMinimumWidth(180)
        self.scenarios.setToolTip("the scenario drawn on the map, set up with the Setup tool (K) and played with F5")
        self.scenarios.currentIndexChanged.connect(lambda _i: self._scenario_chosen())
        bar.addWidget(self.scenarios)
        self.play_action = QAction(tool_icon("play"), "Play", window)
        self.play_action.setShortcut(QKeySequence("F5"))
        self.play_action.setToolTip("Play-test the chosen scenario (F5): the module as it is now, nothing saved")
        self.play_action.triggered.connect(self.play)
        bar.addAction(self.play_action)
        window.addAction(self.play_action)
        self.play_window: PlayWindow | None = None
        self.notes: list[str] = []
        tool = window.tools["SetupTool"]
        assert isinstance(tool, SetupTool)
        self.tool = tool
        tool.scenario = self.scenario_id
        tool.refused = lambda reason: window.statusBar().showMessage(f"Not placed: {reason}", 8000)
        tool.selected_units = self.selected_units
        self.layer = SetupLayer(self.doc, tool, lambda: self.doc.assets)
        window.scene.addItem(self.layer)
        window.canvas.pointChanged.connect(lambda _p: self.layer.drag_moved() if tool.held is not None else None)
        self.doc.changed.connect(self._document_changed)
        self.reload()

    def scenario_id(self) -> str | None:
        sid = self.scenarios.currentData()
        return sid if sid in self.doc.module.scenarios else None

    def reload(self) -> None:
        current = self.scenarios.currentData()
        self.scenarios.blockSignals(True)
        self.scenarios.clear()
        for sid, scenario in self.doc.module.scenarios.items():
            self.scenarios.addItem(scenario.name or sid, sid)
        self.scenarios.setCurrentIndex(max(0, self.scenarios.findData(current)))
        self.scenarios.blockSignals(False)
        self.play_action.setEnabled(self.scenarios.count() > 0)
        self._scenario_chosen()

    def _scenario_chosen(self) -> None:
        editor = self.scenario_editor()
        sid = self.scenario_id()
        if editor is not None and sid is not None and editor.scenario_id != sid:
            editor.set_scenario(sid)
        self.layer.refresh()

    def selected_units(self) -> list[str]:
        """The units picked in the order of battle (rows selected), in its order."""
        docks = self.window.pieces_docks
        oob = docks.widgets.get("oob") if docks is not None else None
        if oob is None:
            return []
        rows = sorted(oob.view.selectionModel().selectedRows(), key=lambda i: i.row())
        return [oob.model.piece_id(oob.proxy.mapToSource(i).row()) for i in rows]

    def scenario_editor(self):
        docks = self.window.pieces_docks
        return docks.widgets.get("scenario") if docks is not None else None

    def _document_changed(self, changes: Changes) -> None:
        if changes.reset or changes.touches(Kind.SCENARIOS):
            self.reload()
        elif changes.touches(Kind.PIECES, Kind.SIDES, Kind.FORMATIONS, Kind.UNIT_TYPES, Kind.BOXES):
            self.layer.refresh()

    # -- play-test -----------------------------------------------------------------------------

    def play(self) -> PlayWindow | None:
        """Open the play window on a copy of the module and the chosen scenario (F5)."""
        from .play_test import start_play_test

        sid = self.scenario_id()
        if sid is None:
            self.window.statusBar().showMessage("Add a scenario to play it", 8000)
            return None
        self.play_window = start_play_test(self.window, sid, self._came_back)
        return self.play_window

    def _came_back(self, notes: list[str]) -> None:
        self.notes = notes
        self.window.problems.set_play_notes(notes)
        if notes:
            self.window.problems_dock.raise_()
            self.window.statusBar().showMessage(f"Play-test: {len(notes)} rule problem(s), see Problems", 12000)
        else:
            self.window.statusBar().showMessage("Play-test: no rule problem met", 8000)
