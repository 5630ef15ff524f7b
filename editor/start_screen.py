"""The start screen (``hexwright`` with no argument): recent files, modules, New, Open, Play.

Bundled modules are shown with a thumbnail of their map and open read-only in the
editor (a change is saved as a copy into the module library); the library's modules
follow. Double-click a module to edit it, or select it and press *Play*; double-click a
recent file to open it again (a saved game finds its module in the library).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QIcon, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.state.library import LibraryEntry
from hexwright.runtime.state.pbem import ACTIONS_SUFFIX
from hexwright.runtime.storage import PACK_SUFFIX, ModuleError, load_module
from hexwright.runtime.ui.app_settings import SAVE_SUFFIX
from hexwright.runtime.ui.help_menu import add_help_menu
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.preferences import PreferencesDialog
from hexwright.runtime.ui.render_image import make_painter_for, render_image

from .launcher import Launcher, OpenError, kind_of, say

THUMB = 180
PATH_ROLE = Qt.ItemDataRole.UserRole


def thumbnail(path: Path, size: int = THUMB) -> QPixmap:
    """The module's map, drawn small; an empty pixmap when it cannot be loaded.

    Only the hexes: the furniture (title, legend) sits beside the map, at times far from it to
    leave room for the play window's boxes, and would shrink the map to a sliver of the tile."""
    try:
        loaded = load_module(path)
    except (ModuleError, OSError):
        return QPixmap()
    hexes = Layers(furniture=False)
    rect = make_painter_for(loaded.module, hexes, assets=loaded.assets).map_rect()
    scale = min(1.0, 2 * size / max(1.0, rect.width(), rect.height()))  # twice the size, then smoothed down
    image = render_image(loaded.module, scale=scale, layers=hexes, assets=loaded.assets)
    return QPixmap.fromImage(image).scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio,
                                           Qt.TransformationMode.SmoothTransformation)


class StartScreen(QMainWindow):
    def __init__(self, launcher: Launcher) -> None:
        super().__init__()
        self.launcher = launcher
        self.setWindowTitle("Hexwright")
        self.setObjectName("start-screen")
        self.setAcceptDrops(True)
        root = QWidget()
        row = QHBoxLayout(root)

        left = QVBoxLayout()
        title = QLabel("Hexwright")
        title.setStyleSheet("font-size: 28px; font-weight: bold;")
        left.addWidget(title)
        left.addWidget(QLabel("Hex-and-counter wargames: make modules, play them."))
        self.buttons: dict[str, QPushButton] = {}
        for key, text, slot in (("new", "New module…", self.new_module), ("open", "Open…", self.open_dialog),
                                ("play", "Play the selected module", self.play_selected),
                                ("edit", "Edit the selected module", self.edit_selected),
                                ("preferences", "Preferences…", self.preferences)):
            button = QPushButton(text)
            button.setObjectName(key)
            button.clicked.connect(slot)
            left.addWidget(button)
            self.buttons[key] = button
        left.addSpacing(12)
        left.addWidget(QLabel("<b>Recent</b>"))
        self.recent = QListWidget()
        self.recent.setObjectName("recent")
        self.recent.itemActivated.connect(lambda item: self.open_path(item.data(PATH_ROLE)))
        left.addWidget(self.recent, 1)
        row.addLayout(left, 1)

        right = QVBoxLayout()
        right.addWidget(QLabel("<b>Modules</b> — double-click to open in the editor; bundled ones open read-only"))
        self.modules = QListWidget()
        self.modules.setObjectName("modules")
        self.modules.setViewMode(QListWidget.ViewMode.IconMode)
        self.modules.setIconSize(QSize(THUMB, THUMB))
        self.modules.setGridSize(QSize(THUMB + 40, THUMB + 50))
        self.modules.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.modules.setMovement(QListWidget.Movement.Static)
        self.modules.setWordWrap(True)
        self.modules.itemActivated.connect(lambda item: self.edit(item.data(PATH_ROLE)))
        self.modules.currentItemChanged.connect(lambda *_: self._enable())
        right.addWidget(self.modules, 1)
        row.addLayout(right, 3)
        self.setCentralWidget(root)
        self.help_actions = add_help_menu(self)
        self.refresh()
        self.resize(1100, 700)

    # -- contents ---------------------------------------------------------------------------------

    def refresh(self) -> None:
        self.recent.clear()
        for path in self.launcher.settings.recent():
            item = QListWidgetItem(f"{path.name}  —  {'game' if path.suffix == SAVE_SUFFIX else 'module'}")
            item.setToolTip(str(path))
            item.setData(PATH_ROLE, str(path))
            self.recent.addItem(item)
        self.modules.clear()
        library = self.launcher.library
        for entry in [*library.bundled(), *library.entries()]:
            self._add_module(entry, library.path_of(entry))
        if self.modules.count():
            self.modules.setCurrentRow(0)
        self._enable()

    def _add_module(self, entry: LibraryEntry, path: Path) -> None:
        label = f"{entry.title}\n{'bundled' if entry.bundled else 'library'} · v{entry.version}"
        item = QListWidgetItem(QIcon(thumbnail(path)), label)
        item.setToolTip(str(path))
        item.setData(PATH_ROLE, str(path))
        self.modules.addItem(item)

    def _enable(self) -> None:
        chosen = self.modules.currentItem() is not None
        self.buttons["play"].setEnabled(chosen)
        self.buttons["edit"].setEnabled(chosen)

    def selected_module(self) -> Path | None:
        item = self.modules.currentItem()
        return Path(item.data(PATH_ROLE)) if item is not None else None

    # -- actions ----------------------------------------------------------------------------

    def _run(self, title: str, action, path: str | Path | None = None) -> QMainWindow | None:
        try:
            window = action()
        except (OpenError, ModuleError, OSError) as exc:
            say(self, title, exc, path)
            return None
        self.refresh()
        return window

    def new_module(self) -> QMainWindow | None:
        return self._run("Cannot create a module", self.launcher.new_module)

    def edit(self, path: str | Path) -> QMainWindow | None:
        return self._run("Cannot open this module", lambda: self.launcher.edit(path), path)

    def edit_selected(self) -> QMainWindow | None:
        path = self.selected_module()
        return self.edit(path) if path is not None else None

    def play_selected(self) -> QMainWindow | None:
        path = self.selected_module()
        if path is None:
            return None
        return self._run("Cannot play this module", lambda: self.launcher.play(path), path)

    def open_path(self, path: str | Path) -> QMainWindow | None:
        return self._run("Cannot open this file", lambda: self.launcher.open_path(path), path)

    def open_dialog(self) -> QMainWindow | None:
        settings = self.launcher.settings
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a module or a saved game", settings.last_folder("open"),
            f"Modules and games (module.json *{PACK_SUFFIX} *{SAVE_SUFFIX} *{ACTIONS_SUFFIX});;All files (*)")
        if not path:
            return None
        settings.set_last_folder("open", path)
        return self.open_path(path)

    def preferences(self) -> None:
        PreferencesDialog(self.launcher.settings, self).exec()

    # -- drop a file to open it ---------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(kind_of(Path(url.toLocalFile())) != "unknown" for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            path = Path(url.toLocalFile())
            if kind_of(path) != "unknown":
                self.open_path(path)
        event.acceptProposedAction()


def open_start_screen(launcher: Launcher) -> StartScreen:
    screen = StartScreen(launcher)
    launcher.parent = screen
    screen.show()
    return screen


__all__ = ["StartScreen", "open_start_screen", "thumbnail"]
