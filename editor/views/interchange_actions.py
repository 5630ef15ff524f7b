"""File ▸ Export ▸ VASSAL module / Tiled map / Print-and-play kit, and File ▸ Import ▸ VASSAL
module / Tiled map, for one editor window.

:class:`InterchangeActions` is held by the window (``window.interchange_actions``), like
:class:`FileActions`: it keeps the window for its dialogs and is given the document and the
way to open another window. A VASSAL module imports as a new module in a folder the user
picks, opened in a new window; a Tiled map imports into this map as one undo step.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMessageBox

from hexwright.runtime.storage import atomic_write_bytes, save_module
from hexwright.runtime.ui.jobs import BackgroundJob, Progress, run_job

from ..commands import ImportTerrain
from ..document import MapDocument
from .file_actions import OpenModule

MAX_INPUT_BYTES = 1024 * 1024 * 1024


class InterchangeActions:
    def __init__(self, window: QMainWindow, doc: MapDocument, open_module: OpenModule):
        self.window = window
        self.doc = doc
        self.open_module = open_module

    def _warn(self, exc: Exception) -> None:
        QMessageBox.warning(self.window, "Print-and-play kit", str(exc))

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def _scenario(self, title: str) -> tuple[bool, str | None]:
        """(ok, the scenario to use): asks only when the module has more than one."""
        ids = list(self.doc.module.scenarios)
        if len(ids) <= 1:
            return True, ids[0] if ids else None
        names = [f"{self.doc.module.scenarios[i].name} ({i})" for i in ids]
        choice, ok = QInputDialog.getItem(self.window, title, "Scenario:", names, 0, False)
        return ok, ids[names.index(choice)] if ok else None

    # -- export ----------------------------------------------------------------------

    def export_vmod_dialog(self) -> None:
        from hexwright.runtime.ui.vassal_art import export_vmod

        path, _ = QFileDialog.getSaveFileName(self.window, "Export VASSAL module", f"{self.doc.module.meta.id}.vmod",
                                              "VASSAL modules (*.vmod)")
        if not path:
            return
        ok, scenario = self._scenario("Export VASSAL module")
        if not ok:
            return
        try:
            data, built = export_vmod(self.doc.module, scenario, self.doc.assets)
            atomic_write_bytes(Path(path), data)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self.window, "Export VASSAL module", str(exc))
            return
        self._status(f"Exported {path}: {len(built.module.stacks)} at-start stacks, "
                     f"{sum(len(p.slots) for p in built.module.piece_lists)} pieces")

    def export_tmx_dialog(self) -> None:
        from hexwright.runtime.interchange.tmx import export_tmx

        path, _ = QFileDialog.getSaveFileName(self.window, "Export Tiled map", f"{self.doc.module.meta.id}.tmx",
                                              "Tiled maps (*.tmx)")
        if not path:
            return
        out = Path(path)
        try:
            result = export_tmx(self.doc.module, out.stem)
            for name, data in result.images.items():
                atomic_write_bytes(out.with_name(name), data)
            atomic_write_bytes(out, result.tmx)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self.window, "Export Tiled map", str(exc))
            return
        self._status(f"Exported {path} with its tilesets")

    def print_kit_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.window, "Print-and-play kit", f"{self.doc.module.meta.id}.pdf",
                                              "PDF (*.pdf)")
        if not path:
            return
        page, ok = QInputDialog.getItem(self.window, "Print-and-play kit", "Paper:", ["letter", "a4"], 0, False)
        if not ok:
            return
        ok, scenario = self._scenario("Print-and-play kit")
        if ok:
            self.print_kit(Path(path), page, scenario)

    def print_kit(self, path: Path, page: str, scenario: str | None) -> BackgroundJob:
        """The print-and-play kit drawn page by page in a worker, with progress and Cancel (nothing written then)."""
        from hexwright.runtime.ui.print_kit import KitOptions, kit_pages, kit_pdf

        module, assets = self.doc.module.model_copy(deep=True), dict(self.doc.assets)
        pages = kit_pages(module, scenario, KitOptions(page=page), assets)  # quick: the pages are drawn below

        def draw(progress: Progress) -> int:
            atomic_write_bytes(path, kit_pdf(pages, f"{module.meta.title} — print and play", progress=progress))
            return len(pages)

        return run_job(self.window, "Printing the kit…", draw,
                       done=lambda count: self._status(f"Wrote {path}: {count} pages"),
                       failed=self._warn,
                       cancelled=lambda: self._status("Print-and-play kit cancelled: nothing written"))

    # -- import ----------------------------------------------------------------------

    def import_vmod_dialog(self) -> None:
        from hexwright.runtime.interchange.vassal_import import import_vmod, slug
        from hexwright.runtime.interchange.vassal_read import read_vmod

        source, _ = QFileDialog.getOpenFileName(self.window, "Import VASSAL module", "", "VASSAL modules (*.vmod)")
        if not source:
            return
        folder = QFileDialog.getExistingDirectory(self.window, "Folder for the new module (empty)")
        if not folder:
            return
        target = Path(folder)
        try:
            if any(target.iterdir()):
                raise ValueError(f"{target}: the folder is not empty; pick or make an empty one")
            if Path(source).stat().st_size > MAX_INPUT_BYTES:
                raise ValueError(f"{source}: larger than {MAX_INPUT_BYTES} bytes")
            result = import_vmod(read_vmod(Path(source).read_bytes(), source), slug(target.name, "imported"), source)
            save_module(result.module, target, result.assets)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self.window, "Import VASSAL module", str(exc))
            return
        self.open_module(target)
        if result.report:
            box = QMessageBox(QMessageBox.Icon.Information, "Import VASSAL module",
                              f"Imported into {target}. {len(result.report)} thing(s) could not be carried; "
                              f"see the details.", parent=self.window)
            box.setDetailedText("\n".join(result.report))
            box.open()

    def import_tmx_dialog(self) -> None:
        from hexwright.runtime.interchange.tmx import MAX_TMX_BYTES, read_tmx

        source, _ = QFileDialog.getOpenFileName(self.window, "Import Tiled map", "", "Tiled maps (*.tmx)")
        if not source:
            return
        path = Path(source)
        try:
            if path.stat().st_size > MAX_TMX_BYTES:
                raise ValueError(f"{source}: larger than {MAX_TMX_BYTES} bytes")
            tmx = read_tmx(path.read_bytes(), source, path.parent)
            command = ImportTerrain(self.doc, tmx, source)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self.window, "Import Tiled map", str(exc))
            return
        self.doc.push(command)
        self._status(f"Imported the terrain of {source}" + (f" ({'; '.join(tmx.report)})" if tmx.report else ""))
