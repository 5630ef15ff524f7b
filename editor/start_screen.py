"""The start screen (``hexwright`` with no argument): recent files, modules, New, Open, Play.

Bundled modules are shown with a thumbnail of their map (drawn in a worker after the screen
shows, and kept in the user's cache folder for the next start) and open read-only in the
editor (a change is saved as a copy into the module library); the library's modules
follow. Double-click a module to edit it, or select it and press *Play*; double-click a
recent file to open it again (a saved game finds its module in the library).
"""

from __future__ import annotations

import hashlib
import logging
import math
import threading
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QPointF, QSize, Qt, QThread, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QDragEnterEvent,
    QDropEvent,
    QIcon,
    QImage,
    QImageWriter,
    QPainter,
    QPen,
    QPixmap,
    QPolygonF,
)
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

from hexwright.runtime.state.library import LibraryEntry, files_stamp
from hexwright.runtime.state.pbem import ACTIONS_SUFFIX
from hexwright.runtime.storage import PACK_SUFFIX, ModuleError, atomic_write_bytes, load_module
from hexwright.runtime.storage.user_folders import cache_dir
from hexwright.runtime.ui.app_settings import SAVE_SUFFIX
from hexwright.runtime.ui.help_menu import add_help_menu
from hexwright.runtime.ui.jobs import JobThread
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.preferences import PreferencesDialog
from hexwright.runtime.ui.render_image import make_painter_for, render_image

from .launcher import Launcher, OpenError, kind_of, say

log = logging.getLogger("hexwright")

THUMB = 180
PATH_ROLE = Qt.ItemDataRole.UserRole


def thumbnail_image(path: Path, size: int = THUMB) -> QImage:
    """The module's map, drawn small; a null image when it cannot be loaded. No widget nor
    QPixmap is touched, so :class:`ThumbnailDrawer` draws it in a worker thread.

    Only the hexes: the furniture (title, legend) sits beside the map, at times far from it to
    leave room for the play window's boxes, and would shrink the map to a sliver of the tile."""
    try:
        loaded = load_module(path)
    except (ModuleError, OSError):
        return QImage()
    hexes = Layers(furniture=False)
    rect = make_painter_for(loaded.module, hexes, assets=loaded.assets).map_rect()
    scale = min(1.0, 2 * size / max(1.0, rect.width(), rect.height()))  # twice the size, then smoothed down
    image = render_image(loaded.module, scale=scale, layers=hexes, assets=loaded.assets)
    return image.scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)


def thumbnail(path: Path, size: int = THUMB) -> QPixmap:
    """:func:`thumbnail_image` as a pixmap (on the GUI thread)."""
    return QPixmap.fromImage(thumbnail_image(path, size))


def placeholder(size: int = THUMB) -> QPixmap:
    """The tile a module shows until its thumbnail is drawn: a pale hexagon."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#c8c8c8"), 3))
    painter.setBrush(QColor("#efefef"))
    r, c = size * 0.36, size / 2
    painter.drawPolygon(QPolygonF([QPointF(c + r * math.cos(math.pi / 3 * k), c + r * math.sin(math.pi / 3 * k))
                                   for k in range(6)]))
    painter.end()
    return pixmap


def cached_thumbnail(path: Path, stamp: str, size: int = THUMB) -> QImage:
    """:func:`thumbnail_image`, kept as a PNG in the user's cache folder under the module's path and
    :func:`files_stamp` (a module saved again is drawn again): the next start shows it at once."""
    key = hashlib.sha256(f"{Path(path).resolve()}\0{stamp}\0{size}".encode()).hexdigest()[:32]
    file = cache_dir() / "thumbnails" / f"{key}.png"
    image = QImage(str(file)) if file.is_file() else QImage()
    if not image.isNull():
        return image
    image = thumbnail_image(path, size)
    if not image.isNull():
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            data = QByteArray()
            buffer = QBuffer(data)
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            QImageWriter(buffer, QByteArray(b"png")).write(image)
            atomic_write_bytes(file, bytes(data.data()))
        except OSError:
            pass  # no cache folder: drawn again next time
    return image


class ThumbnailDrawer(QThread):
    """Draws the thumbnails of modules one after the other in a worker thread; each arrives on the
    GUI thread as :attr:`drawn` (path, stamp, image) while the start screen is already in use."""

    drawn = Signal(str, str, QImage)

    def __init__(self, paths: list[Path], size: int = THUMB) -> None:
        super().__init__()
        self.paths, self.size = paths, size
        self._stop = threading.Event()

    def run(self) -> None:
        for path in self.paths:
            if self._stop.is_set():
                return
            stamp = files_stamp(path)
            self.drawn.emit(str(path), stamp, cached_thumbnail(path, stamp, self.size))

    def stop(self) -> None:
        """Stop after the thumbnail being drawn, and wait for it (a thread must not outlive its owner)."""
        self._stop.set()
        self.wait()


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
        self._placeholder = placeholder()
        self._thumbnails: dict[str, tuple[str, QPixmap]] = {}
        """Thumbnails drawn, by module path, with the :func:`files_stamp` of the module they show."""
        self._to_draw: list[Path] = []
        self._drawers: list[ThumbnailDrawer] = []
        self._drawing: set[str] = set()
        """The module paths whose thumbnails a worker is drawing."""
        self._lister: JobThread[list[LibraryEntry]] | None = None
        self._listing_done = False
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop_workers)
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
        self._to_draw = []
        bundled = library.bundled_if_known()
        if bundled is None:  # a first start: the bundled modules are read and hashed in a worker
            self._list_bundled()
            reading = QListWidgetItem(QIcon(self._placeholder), "Reading the bundled modules…")
            reading.setFlags(Qt.ItemFlag.NoItemFlags)
            self.modules.addItem(reading)
        for entry in [*(bundled or []), *library.entries()]:
            self._add_module(entry, library.path_of(entry))
        if self.modules.count():
            self.modules.setCurrentRow(0)
        self._enable()
        self._draw_thumbnails()

    def _add_module(self, entry: LibraryEntry, path: Path) -> None:
        label = f"{entry.title}\n{'bundled' if entry.bundled else 'library'} · v{entry.version}"
        drawn = self._thumbnails.get(str(path))
        fresh = drawn is not None and drawn[0] == files_stamp(path)
        item = QListWidgetItem(QIcon(drawn[1] if drawn is not None and fresh else self._placeholder), label)
        item.setToolTip(str(path))
        item.setData(PATH_ROLE, str(path))
        self.modules.addItem(item)
        if not fresh:
            self._to_draw.append(path)

    # -- thumbnails, drawn after the screen shows ------------------------------------------------

    def _draw_thumbnails(self) -> None:
        """Draw the thumbnails not drawn yet (or of modules saved since) in a worker, one by one; a
        refresh meanwhile leaves the drawing on its way and adds a worker for what it lacks."""
        paths = [path for path in self._to_draw if str(path) not in self._drawing]
        self._to_draw = []
        if not paths:
            return
        self._drawing |= {str(path) for path in paths}
        drawer = ThumbnailDrawer(paths)
        drawer.drawn.connect(self._thumbnail_drawn)
        self._drawers = [d for d in self._drawers if not d.isFinished()] + [drawer]
        drawer.start()

    def _thumbnail_drawn(self, path: str, stamp: str, image: QImage) -> None:
        self._drawing.discard(path)
        if image.isNull():
            return  # a module that cannot be read keeps its placeholder
        pixmap = QPixmap.fromImage(image)
        self._thumbnails[path] = (stamp, pixmap)
        for row in range(self.modules.count()):
            item = self.modules.item(row)
            if item.data(PATH_ROLE) == path:
                item.setIcon(QIcon(pixmap))

    def _list_bundled(self) -> None:
        if self._lister is not None:
            return
        library = self.launcher.library
        self._lister = JobThread(lambda _progress: library.bundled())
        self._lister.succeeded.connect(lambda _entries: self._listed())
        self._lister.failed.connect(lambda exc: self._listed(f"reading the bundled modules: {exc}"))
        self._lister.start()

    def _listed(self, error: str = "") -> None:
        if error:
            log.warning("%s", error)
        self._listing_done = True
        self.refresh()

    def thumbnails_pending(self) -> bool:
        """Whether modules are still being listed or thumbnails drawn."""
        listing = self._lister is not None and not self._listing_done
        return listing or bool(self._drawing)

    def stop_drawing(self) -> None:
        for drawer in self._drawers:
            drawer.stop()
        self._drawers, self._drawing = [], set()

    def stop_workers(self) -> None:
        """Before the screen goes: no thread may outlive it."""
        self.stop_drawing()
        if self._lister is not None:
            self._lister.wait()  # reading the bundled modules: a few seconds at most, and only once

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_workers()
        super().closeEvent(event)

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


__all__ = [
    "StartScreen",
    "ThumbnailDrawer",
    "cached_thumbnail",
    "open_start_screen",
    "placeholder",
    "thumbnail",
    "thumbnail_image",
]
