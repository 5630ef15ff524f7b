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
from hexwright.runtime.ui.error_text import error_text
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
        self._say("Print-and-play kit", exc)

    def _say(self, title: str, exc: Exception) -> None:
        """A failure in a message box naming the file and field (never a traceback)."""
        QMessageBox.warning(self.window, title, error_text(exc))

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
        path, _ = QFileDialog.getSaveFileName(self.window, "Export VASSAL module", f"{self.doc.module.meta.id}.vmod",
                                              "VASSAL modules (*.vmod)")
        if not path:
            return
        ok, scenario = self._scenario("Export VASSAL module")
        if ok:
            self.export_vmod(Path(path), scenario)

    def export_vmod(self, path: Path, scenario: str | None) -> BackgroundJob:
        """The VASSAL module drawn picture by picture in a worker, with progress and Cancel (nothing written then)."""
        from hexwright.runtime.ui.vassal_art import export_vmod

        module, assets = self.doc.module.model_copy(deep=True), dict(self.doc.assets)

        def draw(progress: Progress) -> tuple[int, int]:
            data, built = export_vmod(module, scenario, assets, progress=progress)
            atomic_write_bytes(path, data)
            return len(built.module.stacks), sum(len(p.slots) for p in built.module.piece_lists)

        return run_job(self.window, "Exporting the VASSAL module…", draw,
                       done=lambda counts: self._status(f"Exported {path}: {counts[0]} at-start stacks, "
                                                        f"{counts[1]} pieces"),
                       failed=lambda exc: self._say("Export VASSAL module", exc),
                       cancelled=lambda: self._status("VASSAL export cancelled: nothing written"))

    def export_tmx_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.window, "Export Tiled map", f"{self.doc.module.meta.id}.tmx",
                                              "Tiled maps (*.tmx)")
        if path:
            self.export_tmx(Path(path))

    def export_tmx(self, out: Path) -> BackgroundJob:
        """The Tiled map written row by row in a worker, with progress and Cancel (nothing written then)."""
        from hexwright.runtime.interchange.tmx import export_tmx

        module = self.doc.module.model_copy(deep=True)

        def write(progress: Progress) -> None:
            result = export_tmx(module, out.stem, progress=progress)
            for name, data in result.images.items():
                atomic_write_bytes(out.with_name(name), data)
            atomic_write_bytes(out, result.tmx)

        return run_job(self.window, "Exporting the Tiled map…", write,
                       done=lambda _none: self._status(f"Exported {out} with its tilesets"),
                       failed=lambda exc: self._say("Export Tiled map", exc),
                       cancelled=lambda: self._status("Tiled export cancelled: nothing written"))

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
        source, _ = QFileDialog.getOpenFileName(self.window, "Import VASSAL module", "", "VASSAL modules (*.vmod)")
        if not source:
            return
        folder = QFileDialog.getExistingDirectory(self.window, "Folder for the new module (empty)")
        if folder:
            self.import_vmod(Path(source), Path(folder))

    def import_vmod(self, source: Path, target: Path) -> BackgroundJob:
        """A new module from a VASSAL module, read and written in a worker (progress, Cancel), then opened."""
        from hexwright.runtime.interchange.vassal_import import VmodImport, import_vmod, slug
        from hexwright.runtime.interchange.vassal_read import read_vmod

        def read(progress: Progress) -> VmodImport:
            progress(0, 4)
            if any(target.iterdir()):
                raise ValueError(f"{target}: the folder is not empty; pick or make an empty one")
            if source.stat().st_size > MAX_INPUT_BYTES:
                raise ValueError(f"{source}: larger than {MAX_INPUT_BYTES} bytes")
            data = source.read_bytes()
            progress(1, 4)
            vmod = read_vmod(data, str(source))
            progress(2, 4)
            result = import_vmod(vmod, slug(target.name, "imported"), str(source))
            progress(3, 4)  # the last chance to cancel: the module is written next
            save_module(result.module, target, result.assets)
            progress(4, 4)
            return result

        def opened(result: VmodImport) -> None:
            self.open_module(target)
            if result.report:
                box = QMessageBox(QMessageBox.Icon.Information, "Import VASSAL module",
                                  f"Imported into {target}. {len(result.report)} thing(s) could not be carried; "
                                  f"see the details.", parent=self.window)
                box.setDetailedText("\n".join(result.report))
                box.open()

        return run_job(self.window, f"Importing {source.name}…", read, done=opened,
                       failed=lambda exc: self._say("Import VASSAL module", exc),
                       cancelled=lambda: self._status("VASSAL import cancelled: no module written"))

    def import_tmx_dialog(self) -> None:
        source, _ = QFileDialog.getOpenFileName(self.window, "Import Tiled map", "", "Tiled maps (*.tmx)")
        if source:
            self.import_tmx(Path(source))

    def import_tmx(self, path: Path) -> BackgroundJob:
        """A Tiled map read in a worker (progress, Cancel); its terrain replaces the map's as one undo step."""
        from hexwright.runtime.interchange.tmx import MAX_TMX_BYTES, TmxMap, read_tmx

        def read(progress: Progress) -> TmxMap:
            progress(0, 2)
            if path.stat().st_size > MAX_TMX_BYTES:
                raise ValueError(f"{path}: larger than {MAX_TMX_BYTES} bytes")
            data = path.read_bytes()
            progress(1, 2)
            return read_tmx(data, str(path), path.parent)

        def imported(tmx: TmxMap) -> None:
            try:
                command = ImportTerrain(self.doc, tmx, str(path))
            except ValueError as exc:
                self._say("Import Tiled map", exc)
                return
            self.doc.push(command)
            self._status(f"Imported the terrain of {path}" + (f" ({'; '.join(tmx.report)})" if tmx.report else ""))

        return run_job(self.window, f"Importing {path.name}…", read, done=imported,
                       failed=lambda exc: self._say("Import Tiled map", exc),
                       cancelled=lambda: self._status("Tiled import cancelled: the map is unchanged"))
