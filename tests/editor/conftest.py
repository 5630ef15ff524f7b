"""Editor test fixtures: a window on a small module, and mouse helpers at hex centres."""

from __future__ import annotations

import pytest
from builders import small_module

from hexwright.runtime.geometry import Hex


@pytest.fixture(autouse=True)
def _recovery_in_tmp(tmp_path, monkeypatch):
    """Autosaves go to a temporary folder, never the user's data folder."""
    monkeypatch.setenv("HEXWRIGHT_RECOVERY_DIR", str(tmp_path / "recovery"))


@pytest.fixture
def module():
    return small_module(8, 7)


@pytest.fixture
def window(qtbot, module):
    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    w = EditorWindow(MapDocument(module), pieces=False)  # the pieces docks have their own tests
    w.ask_unsaved = lambda: "discard"  # no "save changes?" prompt when the test closes it
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    w.canvas.set_zoom(1.0)
    w.canvas.centerOn(w.scene.map_item.boundingRect().center())
    return w


class Mouse:
    """Drives the canvas's viewport with real mouse events at map positions."""

    def __init__(self, qtbot, window):
        self.qtbot, self.window = qtbot, window

    @property
    def canvas(self):
        return self.window.canvas

    def at(self, x: float, y: float):
        from PySide6.QtCore import QPointF

        return self.canvas.mapFromScene(QPointF(x, y))

    def centre(self, h: Hex):
        return self.at(*self.window.doc.names.layout.center(h))

    def side_mid(self, side):
        (x0, y0), (x1, y1) = self.window.doc.names.layout.hexside_segment(side)
        return self.at((x0 + x1) / 2, (y0 + y1) / 2)

    def click(self, pos, modifiers=None) -> None:
        from PySide6.QtCore import Qt

        vp = self.canvas.viewport()
        held = modifiers if modifiers is not None else Qt.KeyboardModifier.NoModifier
        self.qtbot.mouseMove(vp, pos)
        self.qtbot.mousePress(vp, Qt.LeftButton, held, pos)
        self.qtbot.mouseRelease(vp, Qt.LeftButton, held, pos)

    def shift_click(self, pos) -> None:
        from PySide6.QtCore import Qt

        self.click(pos, Qt.KeyboardModifier.ShiftModifier)

    def drag(self, positions) -> None:
        from PySide6.QtCore import Qt

        vp = self.canvas.viewport()
        positions = list(positions)
        self.qtbot.mouseMove(vp, positions[0])
        self.qtbot.mousePress(vp, Qt.LeftButton, pos=positions[0])
        for pos in positions[1:]:
            self.qtbot.mouseMove(vp, pos)
        self.qtbot.mouseRelease(vp, Qt.LeftButton, pos=positions[-1])


@pytest.fixture
def mouse(qtbot, window):
    return Mouse(qtbot, window)
