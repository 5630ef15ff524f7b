"""A minimal window showing a module's map: what ``hexwright view PATH`` opens for now.

The status bar tells what is under the cursor (hex, terrain, level, features, and the
hexside when the cursor is near one); the View menu switches layers and zooms.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from hexwright.runtime.model import Module

from .layers import LEVEL_STYLE_NAMES, LEVEL_STYLES, Layers
from .map_status import info_at, status_text
from .map_view import MapScene, MapView
from .render_image import make_painter_for


class MapWindow(QMainWindow):
    def __init__(self, module: Module, title: str | None = None, assets: dict[str, bytes] | None = None):
        super().__init__()
        self.module = module
        self.setWindowTitle(title or module.meta.title)
        self.map_painter = make_painter_for(module, Layers(), assets)
        self.view = MapView(MapScene(self.map_painter, self), self)
        self.setCentralWidget(self.view)
        self.hover_label = QLabel()
        self.zoom_label = QLabel("100 %")
        self.statusBar().addWidget(self.hover_label, 1)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.mouseMovedOnMap.connect(self._show_point)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f} %"))
        self._build_menu()
        self.resize(1200, 850)

    def _build_menu(self) -> None:
        menu = self.menuBar().addMenu("&View")
        for text, shortcut, slot in (
            ("Zoom &in", QKeySequence.ZoomIn, self.view.zoom_in),
            ("Zoom &out", QKeySequence.ZoomOut, self.view.zoom_out),
            ("&Actual size", "Ctrl+1", lambda: self.view.set_zoom(1.0)),
            ("&Fit to window", "Ctrl+0", self.view.fit_to_window),
        ):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(slot)
            menu.addAction(action)
        menu.addSeparator()
        self.layer_actions: dict[str, QAction] = {}
        for name in Layers.names():
            action = QAction(name.capitalize(), self, checkable=True)
            action.setChecked(getattr(self.map_painter.layers, name))
            action.toggled.connect(lambda on, n=name: self.set_layers(**{n: on}))
            menu.addAction(action)
            self.layer_actions[name] = action
        levels = menu.addMenu("&Levels as")
        group = QActionGroup(self)
        for style in LEVEL_STYLES:
            action = QAction(LEVEL_STYLE_NAMES[style], self, checkable=True)
            action.setChecked(style == self.map_painter.layers.level_style)
            action.triggered.connect(lambda _=False, s=style: self.set_layers(level_style=s))
            group.addAction(action)
            levels.addAction(action)

    def set_layers(self, **changes: object) -> None:
        self.map_painter.layers = self.map_painter.layers.with_(**changes)
        self.view.map_scene.map_item.refresh()

    def _show_point(self, x: float, y: float) -> None:
        self.hover_label.setText(status_text(info_at(self.module.map, x, y)))


def open_window(module: Module, title: str | None = None, assets: dict[str, bytes] | None = None) -> MapWindow:
    """Show a :class:`MapWindow` (creating the QApplication if needed); the caller runs ``exec()``."""
    app = QApplication.instance()
    if app is None:
        QApplication([])
    elif not isinstance(app, QApplication):
        raise RuntimeError("a map window needs a QApplication, but a QGuiApplication is already running")
    window = MapWindow(module, title, assets)
    window.show()
    window.view.fit_to_window()
    return window


def run_window(module: Module, title: str | None = None, assets: dict[str, bytes] | None = None) -> int:
    """Open a :class:`MapWindow` and run the event loop until it closes; returns the exit code."""
    window = open_window(module, title, assets)
    try:
        return QApplication.instance().exec()
    finally:
        window.deleteLater()
