"""MapView: zoom limits by wheel and keys, zoom around the cursor, hover, pan, fit."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from ui_maps import make_module

from hexwright.runtime.ui.map_painter import MapPainter
from hexwright.runtime.ui.map_view import MAX_ZOOM, MIN_ZOOM, MapScene, MapView

pytestmark = pytest.mark.gui


@pytest.fixture
def view(qtbot):
    module = make_module(cols=30, rows=25)
    v = MapView(MapScene(MapPainter(module.map)))
    v.resize(600, 400)
    qtbot.addWidget(v)
    v.show()
    qtbot.waitExposed(v)
    return v


def wheel(view: MapView, notches: int, at: QPoint | None = None) -> None:
    pos = QPointF(at if at is not None else view.viewport().rect().center())
    event = QWheelEvent(pos, QPointF(view.viewport().mapToGlobal(pos.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def test_wheel_zoom_is_clamped_to_25_and_800_percent(view, qtbot):
    seen = []
    view.zoomChanged.connect(seen.append)
    for _ in range(40):
        wheel(view, 1)
    assert view.zoom() == pytest.approx(MAX_ZOOM) == 8.0
    for _ in range(80):
        wheel(view, -1)
    assert view.zoom() == pytest.approx(MIN_ZOOM) == 0.25
    assert seen and max(seen) == pytest.approx(8.0) and min(seen) == pytest.approx(0.25)


def test_keys_zoom_and_clamp(view, qtbot):
    view.set_zoom(1.0)
    qtbot.keyClick(view, Qt.Key_Plus)
    assert view.zoom() == pytest.approx(1.25)
    qtbot.keyClick(view, Qt.Key_Minus)
    assert view.zoom() == pytest.approx(1.0)
    for _ in range(30):
        qtbot.keyClick(view, Qt.Key_Plus)
    assert view.zoom() == pytest.approx(8.0)
    for _ in range(30):
        qtbot.keyClick(view, Qt.Key_Minus)
    assert view.zoom() == pytest.approx(0.25)
    qtbot.keyClick(view, Qt.Key_1)
    assert view.zoom() == pytest.approx(1.0)


def test_wheel_zooms_around_the_cursor(view):
    view.set_zoom(1.0)
    at = QPoint(150, 120)
    before = view.mapToScene(at)
    wheel(view, 2, at)
    assert view.zoom() > 1.3
    after = view.mapToScene(at)
    assert abs(after.x() - before.x()) < 2 and abs(after.y() - before.y()) < 2


def test_hovering_a_hex_centre_emits_its_label(view, qtbot):
    view.set_zoom(1.0)
    mp = view.map_painter
    x, y = mp.cache.center(mp.hex_index("0304"))
    view.centerOn(x, y)
    pos = view.mapFromScene(QPointF(x, y))
    with qtbot.waitSignal(view.hexHovered, timeout=1000) as blocker:
        qtbot.mouseMove(view.viewport(), pos)
    assert blocker.args == ["0304"]
    x, y = mp.cache.center(mp.hex_index("0305"))
    with qtbot.waitSignal(view.hexHovered, timeout=1000) as blocker:
        qtbot.mouseMove(view.viewport(), view.mapFromScene(QPointF(x, y)))
    assert blocker.args == ["0305"]


def test_middle_drag_and_space_drag_pan(view, qtbot):
    view.set_zoom(2.0)
    view.centerOn(view.sceneRect().center())
    bar = view.horizontalScrollBar()
    start = bar.value()
    qtbot.mousePress(view.viewport(), Qt.MiddleButton, pos=QPoint(300, 200))
    qtbot.mouseMove(view.viewport(), QPoint(250, 200))
    qtbot.mouseRelease(view.viewport(), Qt.MiddleButton, pos=QPoint(250, 200))
    assert bar.value() == start + 50
    qtbot.keyPress(view, Qt.Key_Space)
    qtbot.mousePress(view.viewport(), Qt.LeftButton, pos=QPoint(300, 200))
    qtbot.mouseMove(view.viewport(), QPoint(340, 200))
    qtbot.mouseRelease(view.viewport(), Qt.LeftButton, pos=QPoint(340, 200))
    qtbot.keyRelease(view, Qt.Key_Space)
    assert bar.value() == start + 10


def test_fit_to_window_shows_the_whole_map(qtbot):
    v = MapView(MapScene(MapPainter(make_module(cols=12, rows=10).map)))
    v.resize(600, 400)
    qtbot.addWidget(v)
    v.show()
    v.set_zoom(4.0)
    z = v.fit_to_window()
    rect = v.sceneRect()
    assert z < 1.0
    assert rect.width() * z <= v.viewport().width() + 1 and rect.height() * z <= v.viewport().height() + 1
    assert max(rect.width() * z / v.viewport().width(), rect.height() * z / v.viewport().height()) > 0.95


def test_fit_to_window_never_goes_below_25_percent(view):
    assert view.fit_to_window() == pytest.approx(0.25)


def test_a_board_too_wide_to_fit_fits_its_map_instead_of_centring_between_map_and_boxes(qtbot):
    """A map with boxes and charts far beside it (St-Lô's board at 25 % is still wider than the
    window): fitting shows the whole map, not the middle of the board, where the map's edge
    was cut off."""
    from PySide6.QtWidgets import QGraphicsRectItem

    scene = MapScene(MapPainter(make_module(cols=12, rows=10).map))
    v = MapView(scene)
    v.resize(600, 400)
    qtbot.addWidget(v)
    v.show()
    qtbot.waitExposed(v)
    board_map = scene.map_item.sceneBoundingRect()
    scene.addItem(QGraphicsRectItem(board_map.right() + 100, board_map.top(), 6000, board_map.height()))
    v.setSceneRect(scene.itemsBoundingRect())
    z = v.fit_to_window()
    shown = v.mapFromScene(board_map).boundingRect()
    port = v.viewport().rect()
    assert port.adjusted(-2, -2, 2, 2).contains(shown)  # the whole map in view, at the board's left edge
    assert v.horizontalScrollBar().value() == v.horizontalScrollBar().minimum()
    assert max(shown.width() / port.width(), shown.height() / port.height()) > 0.95  # fitted, not just centred
    assert z > 0.25


def test_map_window_status_bar_describes_the_hex(qtbot):
    from hexwright.runtime.ui.map_window import MapWindow

    module = make_module()
    window = MapWindow(module, "Tiny")
    qtbot.addWidget(window)
    grid = module.map.grid
    x, y = grid.layout().center(grid.labels.scheme().parse("0505", grid.hex_grid()))
    window.view.mouseMovedOnMap.emit(x, y)
    assert window.hover_label.text().startswith("0505 Ville · Clear")
    window.view.set_zoom(2.0)
    assert window.zoom_label.text() == "200 %"
    window.layer_actions["grid"].setChecked(False)
    assert window.map_painter.layers.grid is False


def test_run_window_returns_when_the_loop_quits(qapp):
    from PySide6.QtCore import QTimer

    from hexwright.runtime.ui.map_window import run_window

    QTimer.singleShot(50, qapp.quit)
    quits = qapp.quitOnLastWindowClosed()
    qapp.setQuitOnLastWindowClosed(False)  # closing the window afterwards must not post a quit
    try:                                    # that a later test's dialog loop would receive
        assert run_window(make_module(), "Tiny") == 0
        from PySide6.QtCore import QEvent

        qapp.sendPostedEvents(None, QEvent.DeferredDelete)
        assert not [w for w in qapp.topLevelWidgets() if w.isVisible() and w.windowTitle().startswith("Tiny")]
    finally:
        qapp.setQuitOnLastWindowClosed(quits)


@pytest.mark.gui
def test_a_fitted_map_stays_fitted_when_the_window_is_laid_out_again(qtbot):
    """The first fit happens before docks and layout settle; a later resize refits,
    until the user zooms (then the zoom is theirs)."""
    view = MapView(MapScene(MapPainter(make_module(cols=12, rows=10).map)))
    qtbot.addWidget(view)
    view.resize(300, 300)
    view.show()
    qtbot.waitExposed(view)
    small = view.fit_to_window()
    view.resize(900, 900)
    qtbot.wait(20)
    assert view.zoom() > small * 2
    qtbot.keyClick(view, "-")
    zoomed = view.zoom()
    view.resize(400, 400)
    qtbot.wait(20)
    assert view.zoom() == pytest.approx(zoomed)
