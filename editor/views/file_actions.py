"""File ▸ New/Open/Save/Save As/Export of one editor window, and its minute-by-minute autosave.

:class:`FileActions` is an object the window holds (``window.file_actions``); it keeps a
reference to the window for dialogs and the status bar, and is given the document, the
map painter (whose layers the exports draw) and the two ways of opening another window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMessageBox

from hexwright.runtime.model import Module
from hexwright.runtime.state.library import Library
from hexwright.runtime.storage import ModuleError, ModuleIssue
from hexwright.runtime.ui.app_settings import AppSettings
from hexwright.runtime.ui.jobs import BackgroundJob, Cancelled, Progress, run_job, wait_for
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.map_painter import MapPainter

from .. import recovery
from ..document import MapDocument

OpenModule = Callable[[Path], object]
"""Opens the module at a path in a new editor window (reading it in a worker, saying why it cannot)."""
NewMap = Callable[[int, int], object]
"""Opens a new blank map of so many columns and rows in a new editor window."""


class FileActions:
    def __init__(self, window: QMainWindow, doc: MapDocument, painter: MapPainter,
                 open_module: OpenModule, new_map: NewMap, settings: AppSettings | None = None):
        self.window = window
        self.settings = settings
        """Where the export options and folder last used are remembered (None: not remembered)."""
        self.doc = doc
        self.painter = painter
        self.open_module = open_module
        self.open_new_map = new_map
        self.autosaved_revision: int | None = None
        """The document revision of the last recovery copy (nothing new: no new copy)."""
        self.library = Library()
        """Where a bundled module's copy goes: the bundled modules themselves are never written."""

    def read_only(self) -> bool:
        """True while the document is a bundled module (it is saved as a copy, never in place)."""
        return self.doc.path is not None and self.library.is_bundled_path(self.doc.path)

    def ask_save_copy(self) -> bool:
        """Save a bundled module as a copy in the library? (tests replace this with an answer)."""
        box = QMessageBox(QMessageBox.Icon.Information, "A bundled module",
                          f"{self.doc.module.meta.title} ships with Hexwright and is never changed.\n\n"
                          f"Save your changes as a copy in your module library ({self.library.root})?",
                          parent=self.window)
        copy = box.addButton("Save as a copy", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is copy

    def save_copy(self) -> bool:
        """Save the document into a new folder of the module library, and go on editing that copy."""
        target = self.library.new_folder(self.doc.module)
        if not self.save_to(target):
            return False
        self.library.reindex()
        self._status(f"Saved a copy in your module library: {target}", 6000)
        return True

    def _status(self, text: str, ms: int) -> None:
        self.window.statusBar().showMessage(text, ms)

    def save(self) -> bool:
        if self.read_only():
            return self.ask_save_copy() and self.save_copy()
        if self.doc.path is None:
            return self.save_as_dialog()
        return self.save_to(self.doc.path)

    def save_as_dialog(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self.window, "Save module as", str(self.doc.path or "module"),
                                              "Module folder or .hwmod (*)")
        return bool(path) and self.save_to(Path(path))

    def ask_save_invalid(self, problems: list[ModuleIssue]) -> bool:
        """Save a module with problems? (tests replace this with an answer)."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Module has problems",
                          f"The module has {len(problems)} problem(s); the runtime will refuse to play it "
                          "until they are fixed, but the editor can open it again.\n\n"
                          + "\n".join(str(p) for p in problems[:12])
                          + ("\n…" if len(problems) > 12 else ""), parent=self.window)
        box.setDetailedText("\n".join(str(p) for p in problems))
        save = box.addButton("Save anyway", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is save

    def save_to(self, path: Path) -> bool:
        if self.library.is_bundled_path(path):
            QMessageBox.warning(self.window, "Not saved", f"{path} is a module that ships with Hexwright; "
                                "it is never written. Save as a copy into your library instead.")
            return False
        old = self.doc.path
        problems = self.doc.problems()
        if problems and not self.ask_save_invalid(problems):
            self._status("Not saved: the module has problems (see the Problems dock)", 6000)
            return False
        try:
            wait_for(self.window, f"Saving {path.name}…", lambda progress: self.doc.write(path, progress),
                     hold=self.window)
        except Cancelled:
            self._status("Save cancelled: the files on disk are as they were", 6000)
            return False
        except (OSError, ValueError, ModuleError) as exc:
            kept = self.autosave()  # a recovery copy now, should the window not live to the next try
            where = f" A recovery copy is in {kept}." if kept is not None else ""
            QMessageBox.critical(self.window, "Save failed", f"Could not save to {path}:\n{exc}\n\n"
                                 f"Your edits are still open here; the files on disk are as they were.{where}")
            return False
        self.doc.mark_saved(path)
        recovery.discard_recovery(path)
        if old is not None and old != path:
            recovery.discard_recovery(old)
        elif old is None:
            recovery.discard_recovery(None, self.doc.untitled_id)
        self._status(f"Saved {path}", 4000)
        return True

    def autosave(self) -> Path | None:
        """Write a recovery copy if there are unsaved changes not yet autosaved; returns its folder."""
        if not self.doc.is_dirty or self.autosaved_revision == self.doc.revision:
            return None
        try:
            folder = recovery.write_recovery(self.doc.module, self.doc.assets, self.doc.path,
                                             self.doc.untitled_id)
        except (OSError, ModuleError) as exc:
            self._status(f"Autosave failed: {exc}", 6000)
            return None
        self.autosaved_revision = self.doc.revision
        return folder

    def new_map(self) -> None:
        cols, ok = QInputDialog.getInt(self.window, "New map", "Columns:", 12, 1, 400)
        if not ok:
            return
        rows, ok = QInputDialog.getInt(self.window, "New map", "Rows:", 10, 1, 400)
        if ok:
            self.open_new_map(cols, rows)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open module", "",
                                              "Modules (module.json *.hwmod);;All files (*)")
        if not path:
            return
        self.open_module(Path(path).parent if Path(path).name == "module.json" else Path(path))

    def _option(self, key: str, default: object) -> object:
        """An export option as last chosen (``default`` the first time)."""
        return self.settings.value(f"export_{key}", default) if self.settings is not None else default

    def _remember(self, path: str, **options: object) -> None:
        if self.settings is not None:
            self.settings.set_last_folder("export", path)
            for key, value in options.items():
                self.settings.set_value(f"export_{key}", value)

    def _export_path(self, title: str, name: str, kind: str) -> str:
        folder = self.settings.last_folder("export") if self.settings is not None else ""
        path, _ = QFileDialog.getSaveFileName(self.window, title, str(Path(folder) / name) if folder else name, kind)
        return path

    def _print_size(self, title: str) -> float | None:
        last = self._option("hex_inches", 0.75)
        inches, ok = QInputDialog.getDouble(self.window, title, "Hex width across the flats (inches):",
                                            last if isinstance(last, float) else 0.75, 0.2, 3.0, 2)
        return inches if ok else None

    def export_png_dialog(self) -> None:
        path = self._export_path("Export PNG", "map.png", "PNG (*.png)")
        if not path:
            return
        last = self._option("dpi", 150)
        dpi, ok = QInputDialog.getInt(self.window, "Export PNG", "Dots per inch:", last if isinstance(last, int) else 150,
                                      36, 1200)
        inches = self._print_size("Export PNG") if ok else None
        if inches is not None:
            self._remember(path, dpi=dpi, hex_inches=inches)
            self.export_png(Path(path), dpi, inches)

    def export_png(self, path: Path, dpi: int, inches: float) -> BackgroundJob:
        """Export the map as a PNG in a worker thread, with progress and Cancel."""
        from ..export import export_png

        module, assets, layers = self._snapshot()
        return self._export("PNG",
                            lambda progress: export_png(module, path, dpi, inches, layers=layers, assets=assets,
                                                        progress=progress),
                            done=lambda size: self._status(f"Wrote {path} ({size[0]}×{size[1]} px)", 5000))

    def _export(self, kind: str, work: Callable[[Progress], Any], done: Callable[[Any], None]) -> BackgroundJob:
        """An export of ``kind`` in a worker thread: progress and Cancel; a failure is a warning,
        a cancel says that nothing was written."""
        return run_job(self.window, f"Exporting {kind}…", work, done=done, failed=self._warning(f"Export {kind}"),
                       cancelled=lambda: self._status("Export cancelled: nothing written", 5000))

    def _warning(self, title: str) -> Callable[[Exception], None]:
        def show(exc: Exception) -> None:
            QMessageBox.warning(self.window, title, str(exc))
        return show

    def _snapshot(self) -> tuple[Module, dict[str, bytes], Layers]:
        """What an export in a worker thread draws: copies, so the user can go on editing meanwhile."""
        return (self.doc.module.model_copy(deep=True), dict(self.doc.assets),
                self.painter.layers)  # frozen

    def export_svg_dialog(self) -> None:
        path = self._export_path("Export SVG", "map.svg", "SVG (*.svg)")
        if path:
            self._remember(path)
            self.export_svg(Path(path))

    def export_svg(self, path: Path) -> BackgroundJob:
        """Export the map as SVG in a worker thread, with Cancel (nothing written once cancelled)."""
        from ..export import export_svg

        module, assets, layers = self._snapshot()
        return self._export("SVG",
                            lambda progress: export_svg(module, path, layers=layers, assets=assets, progress=progress),
                            done=lambda _: self._status(f"Wrote {path}", 5000))

    def export_pdf_dialog(self) -> None:
        path = self._export_path("Export PDF", "map.pdf", "PDF (*.pdf)")
        if not path:
            return
        pages = ["A4", "Letter"]
        last = self._option("page", "A4")
        page, ok = QInputDialog.getItem(self.window, "Export PDF", "Paper:", pages,
                                        pages.index(last) if last in pages else 0, False)
        inches = self._print_size("Export PDF") if ok else None
        if inches is not None:
            self._remember(path, page=page, hex_inches=inches)
            self.export_pdf(Path(path), inches, page)

    def export_pdf(self, path: Path, inches: float, page: str) -> BackgroundJob:
        """Export the map at print size as a PDF in a worker thread, with progress and Cancel."""
        from ..export import export_pdf

        module, assets, layers = self._snapshot()
        return self._export("PDF",
                            lambda progress: export_pdf(module, path, inches, page, layers=layers, assets=assets,
                                                        progress=progress),
                            done=lambda pages: self._status(f"Wrote {path} ({pages} page(s))", 5000))
