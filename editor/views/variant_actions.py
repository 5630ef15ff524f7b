"""File ▸ New Variant…: a variant of the open module, opened in a new window; and the hooks
that give a window its Variant Changes dock and its tint of overridden hexes.

A variant is a folder holding only what it changes (``runtime/storage/variant_save.py``); its
base is found by id. When the base would not be found from where the variant is kept (not
beside it, not bundled), the base is installed in the module library first, so the variant
opens again tomorrow.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QWidget,
)

from hexwright.runtime.state.library import Library
from hexwright.runtime.storage import ModuleError, load_module
from hexwright.runtime.storage.variant_save import new_manifest, save_variant
from hexwright.runtime.ui.jobs import Cancelled, Progress, wait_for

from ..document import MapDocument
from ..edits import scenario as scenario_edits
from .variant_dock import VariantPanel

EditorWindow = Any
"""The editor's main window (not imported: it imports this module)."""

OpenModule = Callable[[Path], object]
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
ENTRY_DOCKS = {"piece": "oob", "side": "sides", "formation": "sides", "unit type": "sides", "marker": "sides",
               "chit": "sides", "table": "crt", "terrain effects": "terrain_effects", "scenario": "scenario"}
"""Which pieces dock edits an entry of each kind (Variant Changes ▸ Show)."""


class NewVariantDialog(QDialog):
    """Id, title, the folder it goes in, and whether to start it with a new scenario."""

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"New variant of {doc.module.meta.title}")
        meta = doc.module.meta
        self.id_edit = QLineEdit(f"{meta.id}_variant")
        self.title_edit = QLineEdit(f"{meta.title}: a variant")
        start = doc.path.resolve().parent if doc.path is not None else Path.home()
        self.folder_edit = QLineEdit(str(start))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(self.folder_edit, 1)
        where.addWidget(browse)
        self.scenario_check = QCheckBox("start with a new scenario (a scenario pack)")
        form = QFormLayout(self)
        form.addRow("Id:", self.id_edit)
        form.addRow("Title:", self.title_edit)
        form.addRow("In folder:", where)
        form.addRow("", self.scenario_check)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Keep the variant in", self.folder_edit.text())
        if folder:
            self.folder_edit.setText(folder)

    def target(self) -> Path:
        return Path(self.folder_edit.text()) / self.id_edit.text().strip()


class VariantActions:
    def __init__(self, window: EditorWindow, doc: MapDocument, open_module: OpenModule):
        self.window = window
        self.doc = doc
        self.open_module = open_module
        self.library = Library()

    def new_variant_dialog(self) -> None:
        if self.doc.path is None or self.doc.is_dirty:
            QMessageBox.information(self.window, "New variant", "Save the module first: a variant is built on "
                                    "the module as it is saved.")
            return
        dialog = NewVariantDialog(self.doc, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        variant_id, title = dialog.id_edit.text().strip(), dialog.title_edit.text().strip()
        target = dialog.target()
        if not ID_RE.match(variant_id):
            QMessageBox.warning(self.window, "New variant", f"{variant_id!r} is not an id: letters, digits, _ . -")
            return
        if target.exists() and any(target.iterdir()):
            QMessageBox.warning(self.window, "New variant", f"{target} exists and is not empty")
            return
        try:
            self.new_variant(target, variant_id, title or variant_id, dialog.scenario_check.isChecked())
        except (ModuleError, OSError) as exc:
            QMessageBox.critical(self.window, "New variant", f"Could not make the variant in {target}:\n{exc}")

    def new_variant(self, folder: Path, variant_id: str, title: str, with_scenario: bool = False) -> Path | None:
        """Write a variant of the saved module into ``folder`` and open it in a new window: read,
        written and checked in a worker behind a progress dialog with Cancel (None once cancelled:
        nothing written)."""
        assert self.doc.path is not None
        source = self.doc.path
        try:
            wait_for(self.window, f"Making the variant {variant_id}…",
                     lambda progress: self.write_variant(source, folder, variant_id, title, with_scenario, progress))
        except Cancelled:
            self.window.statusBar().showMessage("New variant cancelled: nothing written", 6000)
            return None
        self.open_module(folder)
        return folder

    def write_variant(self, source: Path, folder: Path, variant_id: str, title: str, with_scenario: bool,
                      progress: Progress) -> None:
        """The work of :meth:`new_variant` off the GUI thread (no Qt object): the base read from
        ``source``, the variant written into ``folder`` and read back (the base installed in the
        library when the variant would not find it). A Cancel stops it before the first write."""
        progress(0, 4)
        base = load_module(source)
        progress(1, 4)
        manifest = new_manifest(base.module, variant_id, title)
        module = base.module.model_copy(deep=True)
        module.meta.id, module.meta.title, module.meta.version = variant_id, title, manifest.version
        module.meta.description, module.meta.authors = "", []
        if with_scenario:
            scenario_id, scenario = scenario_edits.new_scenario(module)
            module.scenarios[scenario_id] = scenario
        progress(2, 4)
        save_variant(folder, manifest, base, module, base.assets)  # one commit: written whole or not at all
        try:
            load_module(folder)
        except ModuleError:  # the base is not beside the variant nor bundled: keep a copy in the library
            self.library.install(source)
            load_module(folder)


def add_variant_dock(window: EditorWindow) -> VariantPanel:
    """The Variant Changes dock, tabbed with the others; shown first when the module is a variant."""
    panel = VariantPanel(window.doc, window)
    dock = QDockWidget("Variant Changes", window)
    dock.setObjectName("variant_changes")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.tabifyDockWidget(window.provenance_dock, dock)
    panel.hexActivated.connect(window.go_to_hex)
    panel.overridesChanged.connect(window.canvas.overlay.set_overridden)
    panel.entryActivated.connect(lambda kind, entry_id: show_entry(window, kind, entry_id))
    panel.refresh()
    if window.doc.variant is not None:
        dock.show()
        dock.raise_()
    else:
        dock.hide()
    return panel


def show_entry(window: EditorWindow, kind: str, entry_id: str) -> None:
    """Raise the dock where an entry of ``kind`` is edited (the scenario editor picks the scenario)."""
    docks = window.pieces_docks
    key = ENTRY_DOCKS.get(kind)
    if docks is None or key is None or key not in docks.docks:
        window.statusBar().showMessage(f"{kind} {entry_id}: edited in Module ▸ Properties or rules.json", 5000)
        return
    docks.docks[key].show()
    docks.docks[key].raise_()
    scenario_editor = docks.widgets.get("scenario")
    if kind == "scenario" and scenario_editor is not None and hasattr(scenario_editor, "set_scenario"):
        scenario_editor.set_scenario(entry_id)
    window.statusBar().showMessage(f"{kind} {entry_id}", 4000)
