"""The editor on a 1366×768 screen (issue 17, Looks): the window fits the screen's width, the map
keeps a good share of the height, and the unit's step grid and the scenario's setup table show
their rows without scrolling away."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTableWidget

from hexwright.runtime.storage.bundled import bundled_modules_dir

pytestmark = pytest.mark.gui


@pytest.fixture
def small(qtbot):
    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    w = EditorWindow(MapDocument.open(bundled_modules_dir() / "traces_of_victory"))
    w.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_editor_fits_1366_by_768_and_the_map_keeps_room(small):
    assert (small.width(), small.height()) == (1366, 768)  # the row of dock tabs no longer widens it
    assert small.canvas.height() >= 0.4 * small.height()


def test_every_value_of_a_step_shows_without_scrolling(small, qtbot):
    docks = small.pieces_docks
    docks.docks["oob"].raise_()
    oob = docks.widgets["oob"]
    view = oob.view
    rect = view.visualRect(view.model().index(0, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # pick the first unit
    docks.docks["unit"].raise_()
    unit = docks.widgets["unit"]
    qtbot.waitUntil(lambda: unit.piece is not None)
    steps = unit.steps
    assert steps.rowCount() == 17 and steps.columnCount() >= 1
    last = steps.rowCount() - 1
    assert steps.rowViewportPosition(last) + steps.rowHeight(last) <= steps.viewport().height()
    qtbot.waitUntil(lambda: not steps.verticalScrollBar().isVisible(), timeout=3000)
    scroll = docks.docks["unit"].widget()
    assert scroll.verticalScrollBar().maximum() == 0  # the whole form shows in the dock
    assert scroll.horizontalScrollBar().maximum() == 0


def test_the_setup_table_shows_many_rows_beside_the_scenario_fields(small):
    docks = small.pieces_docks
    docks.docks["scenario"].raise_()
    setup = docks.widgets["scenario"].setup
    assert setup.model().rowCount() > 8
    shown = setup.rowAt(setup.viewport().height() - 1)
    assert shown == -1 or shown >= 7  # eight rows or more in view
    assert setup.viewport().mapTo(small, QPoint(0, 0)).y() < small.height() // 2 + 80  # not pushed down by fields


def test_the_rules_dock_fits_and_only_its_long_pages_scroll(small, qtbot):
    """At 1366×768 the Rules dock never scrolls as a whole: its tabs, the outline's buttons and the
    refusal line stay in sight, a long form flows into two columns, and Victory shows its two tables
    side by side, several rows each."""
    dock, rules = small.rules_dock, small.rules_panel
    dock.show()
    dock.raise_()
    qtbot.waitUntil(rules.isVisible)
    assert dock.widget() is rules and rules.minimumSizeHint().height() <= rules.height()
    outline = rules.tab("Sequence of play")
    for button in outline.buttons.values():  # Add phase … Down: whole, inside the dock
        corner = button.mapTo(dock, button.rect().bottomRight())
        assert button.isVisible() and dock.rect().contains(corner), button.text()
    qtbot.mouseClick(rules.tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=rules.tabs.tabBar().tabRect(rules.tabs.indexOf(rules.tab("Combat"))).center())
    assert rules.tabs.currentWidget() is rules.tab("Combat")
    combat = rules.form("Combat")
    lefts = {combat.widgets[name].mapTo(combat, QPoint(0, 0)).x() // 100 for name in combat.widgets}
    assert len(lefts) >= 2  # two columns of fields
    victory = rules.victory
    rules.tabs.setCurrentWidget(rules.tab("Victory"))
    qtbot.waitUntil(victory.rules.isVisible)
    assert victory.rules.mapTo(victory, QPoint(0, 0)).y() == victory.levels.mapTo(victory, QPoint(0, 0)).y()
    view = victory.rules.findChild(QTableWidget) if not isinstance(victory.rules, QTableWidget) else victory.rules
    assert view.rowAt(view.viewport().height() - 1) in (-1, *range(3, 100))  # four rows or more in view
