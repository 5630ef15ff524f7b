"""Driving the play window as a player would: drags and clicks on the real viewport."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from hexwright.runtime.state import Location
from hexwright.runtime.ui.play.board_layout import location_center


def shown_window(qtbot, game, tmp_path, size=(1200, 800)):
    """A play window on ``game`` (autosaving into ``tmp_path``), shown at ``size`` and fitted:
    where the play-window tests start."""
    from hexwright.runtime.ui.play.play_window import PlayWindow

    win = PlayWindow(game, {}, autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_to_window()
    return win


def view_point(window, x: float, y: float):
    return window.view.mapFromScene(QPointF(x, y))


def counter_point(window, piece_id: str, kind: str = "piece"):
    item = window.scene.counter_item(kind, piece_id)
    assert item is not None, f"{piece_id} is not drawn"
    return view_point(window, item.placed.x, item.placed.y)


def place_point(window, at: Location):
    x, y = location_center(window.module, window.scene.board, at)
    return view_point(window, x, y)


def drag(qtbot, window, start, end, modifier=Qt.NoModifier) -> None:
    """Press on ``start``, move in steps, release on ``end`` (viewport points)."""
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.LeftButton, modifier, start)
    steps = 6
    for i in range(1, steps + 1):
        point = start + (end - start) * i / steps
        qtbot.mouseMove(viewport, point)
    qtbot.mouseRelease(viewport, Qt.LeftButton, modifier, end)


def click(qtbot, window, point, modifier=Qt.NoModifier) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, modifier, point)


def drag_piece_to(qtbot, window, piece_id: str, at: Location, modifier=Qt.NoModifier) -> None:
    drag(qtbot, window, counter_point(window, piece_id), place_point(window, at), modifier)
