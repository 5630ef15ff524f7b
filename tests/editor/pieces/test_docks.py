"""The pieces docks in the real editor window: wired to its document, undo stack and canvas."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from hexwright.editor.pieces.docks import add_pieces_docks
from hexwright.runtime.geometry import Hex

pytestmark = pytest.mark.gui


def test_docks_share_the_windows_undo_stack_and_drop_units_on_the_canvas(window, qtbot):
    docks = add_pieces_docks(window, window.doc, window.canvas)
    assert set(docks.docks) >= {"oob", "unit", "sides", "crt", "terrain_effects", "scenario", "charts"}
    oob, scenario = docks.widgets["oob"], docks.widgets["scenario"]
    oob.view.setCurrentIndex(oob.proxy.index(0, 0))
    assert docks.widgets["unit"].piece_id == "blue-1"
    assert scenario.scenario_id == "basic"

    target = Hex(3, 2)
    label = window.doc.names.label(target) if hasattr(window.doc.names, "label") else "0403"
    x, y = window.doc.names.layout.center(target)
    pos = window.canvas.mapFromScene(QPointF(x, y))
    mime = oob.model.mimeData([oob.model.index(0, 0)])
    enter = QDragEnterEvent(pos, Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(window.canvas.viewport(), enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(pos), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(window.canvas.viewport(), drop)
    placed = window.doc.module.scenarios["basic"].setup[0]
    assert placed.piece == "blue-1" and placed.hex == window.canvas.label_at(QPointF(x, y)) == label
    assert window.doc.is_dirty
    window.doc.undo_stack.undo()
    assert window.doc.module.scenarios["basic"].setup[0].hex == "0202"
    assert [a.text() for a in docks.actions] == ["Export counter sheets (PDF)…", "Export charts (PDF)…"]
    charts = docks.widgets["charts"]
    assert charts.choice.count() == 1 and not charts.picture.pixmap().isNull()  # small_module has one CRT
