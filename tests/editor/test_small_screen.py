"""The editor on a 1366×768 screen (issue 17, Looks): the window fits the screen's width, the map
keeps a good share of the height, and the unit's step grid and the scenario's setup table show
their rows without scrolling away."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

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
    assert setup.rowCount() > 8
    shown = setup.rowAt(setup.viewport().height() - 1)
    assert shown == -1 or shown >= 7  # eight rows or more in view
    assert setup.viewport().mapTo(small, QPoint(0, 0)).y() < small.height() // 2 + 80  # not pushed down by fields
