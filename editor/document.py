"""The document: the module being edited, its undo stack, selection, file and state.

Every edit — map, pieces, tables, scenarios, module properties — goes through
:meth:`MapDocument.push` as one undo command (after Tiled's ``MapDocument``). A command
changes the module and returns a :class:`~editor.changes.Changes` record; the document
sends it out as its one :attr:`~MapDocument.changed` signal, and views refresh only what
the record names (after Anki's ``OpChanges``). Selection and file state are not edits and
have signals of their own.
"""

from __future__ import annotations

import copy
import itertools
import uuid
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import Grid, MapData, Module, new_module
from hexwright.runtime.storage import (
    LoadedModule,
    ModuleIssue,
    Report,
    files_from_module,
    load_module_lenient,
    save_module,
)
from hexwright.runtime.storage.variant_save import save_variant

from .changes import Changes
from .edits.naming import GridNames
from .edits.patch import MapPatch
from .edits.variant_edits import VariantSource


class MapDocument(QObject):
    changed = Signal(object)           # Changes: what one edit (or its undo) changed in the module
    selectionChanged = Signal()
    sideSelectionChanged = Signal()    # the picked hexsides (provenance) changed
    fileStateChanged = Signal()        # path or dirty state changed (the title)

    def __init__(self, module: Module, path: str | Path | None = None,
                 assets: dict[str, bytes] | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.module = module
        self.assets: dict[str, bytes] = dict(assets or {})
        self.path: Path | None = Path(path) if path is not None else None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.selection: set[Hex] = set()
        self.side_selection: set[str] = set()
        """Hexside ids picked with the pick tool (the Provenance dock marks them)."""
        self.names = GridNames(module.map.grid)
        self._strokes = itertools.count(1)
        self.untitled_id = uuid.uuid4().hex[:12]
        """Names this document's recovery slot while it has no path (see editor.recovery)."""
        self.revision = 0
        """Goes up on every change of the module (edits, undo, redo): autosave compares it."""
        self._published = False
        """A command published its changes since the undo stack last moved."""
        self.undo_stack.indexChanged.connect(self._bump_revision)
        self.variant: VariantSource | None = None
        """Set when the module is a variant: saving writes only what it changes from this base."""
        self._checked: tuple[int, list[ModuleIssue]] | None = None
        """The problems found when the module was read, with the revision they hold for."""

    def _bump_revision(self, *_args: object) -> None:
        """The undo stack moved: its command has told the module what it changed (:meth:`publish`);
        anything else may have changed anything."""
        self.revision += 1
        if self._published:
            self._published = False
        else:
            self.module.mark_edited()  # the rules cache is keyed on the module's revision

    def publish(self, changes: Changes) -> None:
        """Send out what an edit changed (commands call this from redo and undo). The module hears
        it too: an edit of map hexes and hexsides only names them, so the rules' graphs are
        updated where they changed instead of being rebuilt (:meth:`Module.mark_edited`)."""
        self.revision += 1
        if changes.entries or changes.reset or changes.renamed:
            self.module.mark_edited()
        else:
            self.module.mark_edited(changes.hexes, changes.hexsides)
        self._published = True
        if changes:
            self.changed.emit(changes)

    def _clean_changed(self, _clean: bool) -> None:
        self.fileStateChanged.emit()

    # -- opening -----------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path) -> MapDocument:
        """Open the module at ``path``, even one that fails its cross-reference checks.

        Broken JSON or wrong types still raise ModuleError; an unknown id (a CRT cell's
        undefined code, a hex's unknown terrain) opens, and :meth:`problems` lists it, so
        a designer can always repair what they saved."""
        loaded: LoadedModule
        loaded, issues = load_module_lenient(path)
        return cls.of_loaded(loaded, path, issues)

    @classmethod
    def of_loaded(cls, loaded: LoadedModule, path: str | Path, issues: list[ModuleIssue] | None = None) -> MapDocument:
        """A document on a module already read from ``path`` (a worker thread may read it, see the
        launcher); ``issues``, when given, are its checks already made on reading."""
        doc = cls(loaded.module, path, loaded.assets)
        if loaded.composition is not None:
            doc.variant = VariantSource(loaded.composition.manifest, loaded.composition.base)
        if issues is not None:
            doc._checked = (doc.revision, issues)  # checked once on reading, not again for the problems dock
        return doc

    @classmethod
    def new(cls, cols: int = 12, rows: int = 10, orientation: str = "flat") -> MapDocument:
        return cls(new_module("untitled", "Untitled", cols, rows, orientation))

    # -- state -------------------------------------------------------------------------

    @property
    def map(self) -> MapData:
        return self.module.map

    @property
    def is_dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        return self.path.name if self.path is not None else "Untitled"

    def window_title(self) -> str:
        """``name[*] — Hexwright``; Qt shows ``*`` in place of ``[*]`` while modified."""
        of = f" (a variant of {self.variant.base.module.meta.title})" if self.variant is not None else ""
        return f"{self.display_name()}[*] — {self.module.meta.title}{of} — Hexwright"

    def files(self) -> dict[str, bytes]:
        return files_from_module(self.module, self.assets)

    def problems(self) -> list[ModuleIssue]:
        """Every cross-reference problem of the module as it is now (``hexwright validate``'s list)."""
        from hexwright.runtime.validation import check_module

        if self._checked is not None and self._checked[0] == self.revision:
            return list(self._checked[1])
        self._checked = None
        return check_module(self.module, self.assets)

    def next_stroke(self) -> int:
        """A fresh stroke id: commands pushed with the same id merge into one undo step."""
        return next(self._strokes)

    # -- editing -------------------------------------------------------------------------

    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def apply_patch(self, patch: MapPatch, after: bool = True) -> Changes:
        hexes, sides = patch.apply(self.module.map, after)
        return Changes.of_map(hexes, sides)

    def set_grid(self, grid: Grid) -> None:
        """A new grid of the same shape (underlay, labels…): the names follow it."""
        self.module.map.grid = grid
        self.names.grid_model = grid

    def map_state(self) -> dict[str, Any]:
        """The map's fields and the scenarios, containers copied (entries are never mutated)."""
        state = {name: copy.copy(getattr(self.module.map, name)) for name in MapData.model_fields}
        state["scenarios"] = dict(self.module.scenarios)
        state["assets"] = dict(self.assets)
        return state

    def restore_map_state(self, state: dict[str, Any]) -> Changes:
        """Put back a :meth:`map_state` (the same MapData object, so views keep it)."""
        m = self.module.map
        for name in MapData.model_fields:
            setattr(m, name, copy.copy(state[name]))
        self.module.scenarios = dict(state["scenarios"])
        if "assets" in state:
            self.assets = dict(state["assets"])
        if self.names.grid_model != m.grid:
            self.names = GridNames(m.grid)
            if self.side_selection:  # hexside ids mean other sides on another grid
                self.side_selection = set()
                self.sideSelectionChanged.emit()
        self.selection = {h for h in self.selection if self.names.contains(h)}
        return Changes(reset=True)

    def set_selection(self, hexes: set[Hex] | list[Hex]) -> None:
        new = {Hex(*h) for h in hexes if self.names.contains(Hex(*h))}
        if new != self.selection:
            self.selection = new
            self.selectionChanged.emit()

    def set_side_selection(self, keys: set[str] | list[str]) -> None:
        new = set(keys)
        if new != self.side_selection:
            self.side_selection = new
            self.sideSelectionChanged.emit()

    # -- saving --------------------------------------------------------------------------

    def save(self, path: str | Path | None = None) -> Path:
        """Save atomically to ``path`` (or the current path); marks the document clean."""
        target = self.save_target(path)
        self.write(target)
        self.mark_saved(target)
        return target

    def save_target(self, path: str | Path | None = None) -> Path:
        """Where a save goes: ``path``, else the document's own (a new map has none yet)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("this map has no file yet; choose where to save it")
        return target

    def write(self, target: Path, progress: Report | None = None) -> None:
        """Write the module to ``target`` atomically, touching no Qt object: a worker thread may
        run it while nothing edits the module (see ``FileActions.save_to``). ``progress`` may raise
        before the first byte is written, leaving the old files as they were."""
        if self.variant is not None:
            save_variant(target, self.variant.manifest, self.variant.base, self.module, self.assets, progress)
        else:
            save_module(self.module, target, self.assets, progress)

    def mark_saved(self, target: Path) -> None:
        """After :meth:`write`: the document is the file at ``target``, and clean."""
        self.path = target
        self.undo_stack.setClean()
        self.fileStateChanged.emit()
