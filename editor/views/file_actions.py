"""File ▸ New/Open/Save/Save As/Export, and the minute-by-minute autosave.

A mixin of :class:`~editor.views.main_window.EditorWindow` (uses ``self.doc``,
``self.map_painter`` and the status bar).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from hexwright.runtime.storage import ModuleError

from .. import recovery
from ..document import MapDocument


class FileActions:

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as_dialog()
        return self._save_to(self.doc.path)

    def save_as_dialog(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, "Save module as", str(self.doc.path or "module"),
                                              "Module folder or .hwmod (*)")
        return bool(path) and self._save_to(Path(path))

    def ask_save_invalid(self, problems: list) -> bool:
        """Save a module with problems? (tests replace this with an answer)."""
        box = QMessageBox(QMessageBox.Warning, "Module has problems",
                          f"The module has {len(problems)} problem(s); the runtime will refuse to play it "
                          "until they are fixed, but the editor can open it again.\n\n"
                          + "\n".join(str(p) for p in problems[:12])
                          + ("\n…" if len(problems) > 12 else ""), parent=self)
        box.setDetailedText("\n".join(str(p) for p in problems))
        save = box.addButton("Save anyway", QMessageBox.AcceptRole)
        box.addButton(QMessageBox.Cancel)
        box.exec()
        return box.clickedButton() is save

    def _save_to(self, path: Path) -> bool:
        old = self.doc.path
        problems = self.doc.problems()
        if problems and not self.ask_save_invalid(problems):
            self.statusBar().showMessage("Not saved: the module has problems (see the Problems dock)", 6000)
            return False
        try:
            self.doc.save(path)
        except (OSError, ValueError, ModuleError) as exc:
            QMessageBox.critical(self, "Save failed", f"Could not save to {path}:\n{exc}")
            return False
        recovery.discard_recovery(path)
        if old is not None and old != path:
            recovery.discard_recovery(old)
        elif old is None:
            recovery.discard_recovery(None, self.doc.untitled_id)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def autosave(self) -> Path | None:
        """Write a recovery copy if there are unsaved changes not yet autosaved; returns its folder."""
        if not self.doc.is_dirty or getattr(self, "_autosaved", None) == self.doc.revision:
            return None
        try:
            folder = recovery.write_recovery(self.doc.module, self.doc.assets, self.doc.path,
                                             self.doc.untitled_id)
            self._autosaved = self.doc.revision
            return folder
        except (OSError, ModuleError) as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc}", 6000)
            return None

    def new_map(self) -> None:
        cols, ok = QInputDialog.getInt(self, "New map", "Columns:", 12, 1, 400)
        if not ok:
            return
        rows, ok = QInputDialog.getInt(self, "New map", "Rows:", 10, 1, 400)
        if ok:
            from .main_window import EditorWindow, _open_windows

            window = EditorWindow(MapDocument.new(cols, rows))
            window.show()
            window.canvas.fit_to_window()
            _open_windows.append(window)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open module", "",
                                              "Modules (module.json *.hwmod);;All files (*)")
        if not path:
            return
        target = Path(path).parent if Path(path).name == "module.json" else Path(path)
        from .main_window import open_editor

        try:
            open_editor(target)
        except ModuleError as exc:
            QMessageBox.critical(self, "Cannot open module",
                                 f"{target}: {len(exc.issues)} problem(s)\n" + "\n".join(str(i) for i in exc.issues[:20]))

    def _print_size(self, title: str) -> float | None:
        inches, ok = QInputDialog.getDouble(self, title, "Hex width across the flats (inches):", 0.75, 0.2, 3.0, 2)
        return inches if ok else None

    def export_png_dialog(self) -> None:
        from ..export import export_png

        path, _ = QFileDialog.getSaveFileName(self, "Export PNG", "map.png", "PNG (*.png)")
        if not path:
            return
        dpi, ok = QInputDialog.getInt(self, "Export PNG", "Dots per inch:", 150, 36, 1200)
        inches = self._print_size("Export PNG") if ok else None
        if inches is None:
            return
        try:
            w, h = export_png(self.doc.module, Path(path), dpi, inches, layers=self.map_painter.layers,
                              assets=self.doc.assets)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export PNG", str(exc))
            return
        self.statusBar().showMessage(f"Wrote {path} ({w}×{h} px)", 5000)

    def export_svg_dialog(self) -> None:
        from ..export import export_svg

        path, _ = QFileDialog.getSaveFileName(self, "Export SVG", "map.svg", "SVG (*.svg)")
        if path:
            try:
                export_svg(self.doc.module, Path(path), layers=self.map_painter.layers, assets=self.doc.assets)
            except OSError as exc:
                QMessageBox.warning(self, "Export SVG", str(exc))

    def export_pdf_dialog(self) -> None:
        from ..export import export_pdf

        path, _ = QFileDialog.getSaveFileName(self, "Export PDF", "map.pdf", "PDF (*.pdf)")
        if not path:
            return
        page, ok = QInputDialog.getItem(self, "Export PDF", "Paper:", ["A4", "Letter"], 0, False)
        inches = self._print_size("Export PDF") if ok else None
        if inches is None:
            return
        try:
            pages = export_pdf(self.doc.module, Path(path), inches, page, layers=self.map_painter.layers,
                               assets=self.doc.assets)
        except OSError as exc:
            QMessageBox.warning(self, "Export PDF", str(exc))
            return
        self.statusBar().showMessage(f"Wrote {path} ({pages} page(s))", 5000)
