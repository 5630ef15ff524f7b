"""Opening what a user asks for: a module to edit or play, a saved game, a new module.

The start screen, the command line (``hexwright PATH``) and files dropped on a window all
come here. A saved game names its module by id, version and content hash only; the
:class:`~runtime.state.library.Library` finds it among the bundled and installed modules,
and when this computer has no such module the user is asked for one to install.
Everything opened is remembered in the recent files (:class:`AppSettings`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMessageBox, QWidget

from hexwright.runtime.state import ActionError, PacketAlreadyInGame, PacketError, SaveError
from hexwright.runtime.state.library import Library
from hexwright.runtime.state.pbem import ACTIONS_SUFFIX, continues
from hexwright.runtime.state.save_file import parse_save, read_game_file
from hexwright.runtime.storage import PACK_SUFFIX, LoadedModule, ModuleError, load_module, load_module_lenient
from hexwright.runtime.ui.app_settings import SAVE_SUFFIX, AppSettings
from hexwright.runtime.ui.error_text import error_text
from hexwright.runtime.ui.jobs import Cancelled, read_in_worker

from .moves_file import candidate_saves, library_loader, not_found, read_moves, save_continued_by

if TYPE_CHECKING:
    from hexwright.runtime.ui.play.play_window import PlayWindow

log = logging.getLogger("hexwright")

AskPath = Callable[[str], Path | None]
"""Asks the user for a module to install (the question is the argument); None: cancelled."""


class OpenError(Exception):
    """Why a file cannot be opened, in a sentence for a message box."""


class OpenCancelled(OpenError):
    """The user pressed Cancel while it was read: nothing opens, and no message box says so."""


def kind_of(path: Path) -> str:
    """``game`` for a save, ``moves`` for moves by e-mail, ``module`` for a module folder, ``module.json``
    or pack, else ``unknown``."""
    if path.suffix == SAVE_SUFFIX and path.is_file():
        return "game"
    if path.suffix == ACTIONS_SUFFIX and path.is_file():
        return "moves"
    if path.is_dir() and (path / "module.json").is_file():
        return "module"
    if path.is_file() and (path.suffix == PACK_SUFFIX or path.name == "module.json"):
        return "module"
    return "unknown"


class Launcher:
    """Opens editor and play windows for paths, and keeps them alive."""

    def __init__(self, library: Library, settings: AppSettings, parent: QWidget | None = None) -> None:
        self.library = library
        self.settings = settings
        self.parent = parent
        self.windows: list[QMainWindow] = []
        self.ask_install: AskPath = self._ask_install  # tests replace it with an answer

    def _keep(self, window: QMainWindow) -> QMainWindow:
        log.info("opened %s: %s", type(window).__name__, window.windowTitle())
        self.windows.append(window)
        return window

    def open_path(self, path: str | Path) -> QMainWindow:
        """Open ``path`` the way a double-click would: a game to play, a module to edit."""
        path = Path(path)
        kind = kind_of(path)
        if kind == "game":
            return self.play_save(path)
        if kind == "moves":
            return self.open_moves(path)
        if kind == "module":
            return self.edit(path.parent if path.name == "module.json" else path)
        raise OpenError(f"{path}: not a Hexwright module (folder or {PACK_SUFFIX}), saved game ({SAVE_SUFFIX}) "
                        f"or moves ({ACTIONS_SUFFIX})")

    def open_to_play(self, path: str | Path) -> QMainWindow:
        """What a play window does with a dropped file: a module starts a game of it, anything else opens as usual."""
        path = Path(path)
        if kind_of(path) == "module":
            return self.play(path.parent if path.name == "module.json" else path)
        return self.open_path(path)

    def _load(self, path: Path, lenient: bool = False) -> LoadedModule:
        """Read a module in a worker behind a progress dialog with Cancel (a big module takes a moment)."""
        try:
            return read_in_worker(self.parent, path, lambda p: load_module_lenient(p)[0] if lenient else load_module(p))
        except Cancelled:
            raise OpenCancelled(f"{path.name}: opening cancelled") from None

    def edit(self, path: str | Path | None) -> QMainWindow:
        """The editor on the module at ``path`` (a new module for None); a bundled one opens read-only."""
        from hexwright.editor.document import MapDocument
        from hexwright.editor.views.main_window import open_editor

        doc = None
        if path is not None:
            loaded = self._load(Path(path), lenient=True)  # the editor opens a module with broken references
            doc = MapDocument.of_loaded(loaded, path)
        window = open_editor(path, settings=self.settings, doc=doc)
        window.launcher = self
        if path is not None:
            self.settings.add_recent(path)
        return self._keep(window)

    def new_module(self) -> QMainWindow | None:
        """The New Module dialog (title, size, starter template), then the editor on the new module."""
        from hexwright.editor.views.main_window import open_new_module
        from hexwright.editor.views.new_module_dialog import NewModuleDialog

        dialog = NewModuleDialog(self.parent)
        if not dialog.exec():
            return None
        return self._keep(open_new_module(dialog.module(), self.settings))

    def play(self, path: str | Path, scenario: str | None = None, seed: int | None = None) -> PlayWindow:
        """A new game of the module at ``path`` (the user picks the scenario when there are several)."""
        from hexwright.runtime.ui.play.launch import autosave_path, make_game
        from hexwright.runtime.ui.play.play_window import open_play_window

        loaded = self._load(Path(path))
        if scenario is None and len(loaded.module.scenarios) > 1:
            scenario = self._choose_scenario(loaded.module.scenarios)
            if scenario is None:
                raise OpenError("no scenario chosen")
        try:
            game, _, _ = make_game(loaded, scenario, seed, None)
        except ActionError as exc:
            raise OpenError(str(exc)) from None
        self.settings.add_recent(path)
        return self._keep_playing(open_play_window(game, loaded.assets, settings=self.settings,
                                                   autosave_path=autosave_path(game.module.meta.id, game.scenario)))

    def _keep_playing(self, window: PlayWindow) -> PlayWindow:
        def open_dropped(path: Path) -> QMainWindow | None:  # a module starts a game; another save opens in its window
            try:
                return self.open_to_play(path)
            except (OpenError, ModuleError, OSError) as exc:
                say(window, "Cannot open this file", exc, path)
                return None

        window.open_file = open_dropped
        self._keep(window)
        return window

    def play_save(self, path: str | Path) -> PlayWindow:
        """Open a saved game; its module is found in the library (or installed when the user has it)."""
        from hexwright.runtime.ui.play.launch import autosave_path, make_game
        from hexwright.runtime.ui.play.play_window import open_play_window

        path = Path(path)
        try:
            ref = parse_save(read_game_file(path), path.name).module
        except SaveError as exc:
            raise OpenError(str(exc)) from None
        entry = self.library.find(ref)
        if entry is None:
            source = self.ask_install(f"{path.name} was played with the module {ref.id!r} (version {ref.version}), "
                                      "which is not on this computer. Choose it to install it in your library.")
            if source is None:
                raise OpenError(f"{path.name}: the module {ref.id!r} is not installed")
            try:
                entry = self.library.install(source)
            except ModuleError as exc:
                raise OpenError("\n".join(str(i) for i in exc.issues[:12])) from None
            if entry.id != ref.id:
                raise OpenError(f"{source} is the module {entry.id!r}, not {ref.id!r}")
        loaded = self._load(self.library.path_of(entry))
        try:
            game, warnings, save_path = make_game(loaded, None, None, str(path))
        except (ActionError, SaveError) as exc:
            raise OpenError(str(exc)) from None
        self.settings.add_recent(path)
        return self._keep_playing(open_play_window(game, loaded.assets, save_path=save_path, load_warnings=warnings,
                                                   settings=self.settings,
                                                   autosave_path=autosave_path(game.module.meta.id, game.scenario)))

    def open_moves(self, path: str | Path) -> PlayWindow:
        """Moves by e-mail (``.hwlog``): the game they continue, with them imported, shown from the first of them.

        The game is a play window showing it, else its autosave, a save beside the file or a
        recent save (:mod:`.moves_file`); every check of File ▸ Import moves applies."""
        from hexwright.runtime.ui.play.launch import autosave_path
        from hexwright.runtime.ui.play.play_window import PlayWindow

        path = Path(path)
        try:
            packet = read_moves(path)
        except PacketError as exc:
            raise OpenError(str(exc)) from None
        window = next((w for w in self.windows if isinstance(w, PlayWindow) and shiboken6.isValid(w)
                       and w.isVisible() and continues(w.game, packet)), None)
        if window is None:
            candidates = candidate_saves(path, packet, autosave_path(packet.module_id, packet.scenario),
                                         self.settings.recent())
            save = save_continued_by(packet, candidates, library_loader(self.library))
            if save is None:
                raise OpenError(not_found(path, packet))
            window = self.play_save(save)
        window.goto(len(window.game.actions))
        try:
            window.files.import_moves(path)
        except PacketAlreadyInGame:
            pass  # opened again: replayed again
        except PacketError as exc:
            raise OpenError(str(exc)) from None
        window.goto(packet.base)
        window.statusBar().showMessage(f"{path.name}: {len(packet.actions)} move(s) from move {packet.base + 1}; "
                                       "step through them with Next (or Last)", 15000)
        window.raise_()
        return window

    # -- questions ---------------------------------------------------------------------------

    def _choose_scenario(self, scenarios: dict) -> str | None:
        ids = sorted(scenarios)
        names = [f"{scenarios[i].name} ({i})" for i in ids]
        name, ok = QInputDialog.getItem(self.parent, "Scenario", "Play which scenario?", names, 0, False)
        return ids[names.index(name)] if ok else None

    def _ask_install(self, question: str) -> Path | None:
        if QMessageBox.question(self.parent, "Module not installed", question) != QMessageBox.StandardButton.Yes:
            return None
        path, _ = QFileDialog.getOpenFileName(self.parent, "Install module", self.settings.last_folder("module"),
                                              f"Modules (module.json *{PACK_SUFFIX})")
        if not path:
            return None
        return Path(path).parent if Path(path).name == "module.json" else Path(path)


def say(parent: QWidget | None, title: str, exc: Exception, path: str | Path | None = None) -> None:
    """An error opening ``path`` as a message box naming the file and field (never a traceback);
    nothing after a Cancel."""
    if isinstance(exc, OpenCancelled):
        return
    QMessageBox.critical(parent, title, error_text(exc, path))


__all__ = ["Launcher", "OpenCancelled", "OpenError", "kind_of", "say"]
