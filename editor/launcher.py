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

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMessageBox, QWidget

from hexwright.runtime.state import ActionError, SaveError
from hexwright.runtime.state.library import Library
from hexwright.runtime.state.save_file import parse_save, read_game_file
from hexwright.runtime.storage import PACK_SUFFIX, ModuleError, load_module
from hexwright.runtime.ui.app_settings import SAVE_SUFFIX, AppSettings

log = logging.getLogger("hexwright")

AskPath = Callable[[str], Path | None]
"""Asks the user for a module to install (the question is the argument); None: cancelled."""


class OpenError(Exception):
    """Why a file cannot be opened, in a sentence for a message box."""


def kind_of(path: Path) -> str:
    """``game`` for a save, ``module`` for a module folder, ``module.json`` or pack, else ``unknown``."""
    if path.suffix == SAVE_SUFFIX and path.is_file():
        return "game"
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
        if kind == "module":
            return self.edit(path.parent if path.name == "module.json" else path)
        raise OpenError(f"{path}: not a Hexwright module (folder or {PACK_SUFFIX}) or saved game ({SAVE_SUFFIX})")

    def edit(self, path: str | Path | None) -> QMainWindow:
        """The editor on the module at ``path`` (a new module for None); a bundled one opens read-only."""
        from hexwright.editor.views.main_window import open_editor

        window = open_editor(path, settings=self.settings)
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

    def play(self, path: str | Path, scenario: str | None = None, seed: int | None = None) -> QMainWindow:
        """A new game of the module at ``path`` (the user picks the scenario when there are several)."""
        from hexwright.runtime.ui.play.launch import autosave_path, make_game
        from hexwright.runtime.ui.play.play_window import open_play_window

        loaded = load_module(path)
        if scenario is None and len(loaded.module.scenarios) > 1:
            scenario = self._choose_scenario(loaded.module.scenarios)
            if scenario is None:
                raise OpenError("no scenario chosen")
        try:
            game, _, _ = make_game(loaded, scenario, seed, None)
        except ActionError as exc:
            raise OpenError(str(exc)) from None
        self.settings.add_recent(path)
        return self._keep(open_play_window(game, loaded.assets, settings=self.settings,
                                           autosave_path=autosave_path(game.module.meta.id, game.scenario)))

    def play_save(self, path: str | Path) -> QMainWindow:
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
        loaded = load_module(self.library.path_of(entry))
        try:
            game, warnings, save_path = make_game(loaded, None, None, str(path))
        except (ActionError, SaveError) as exc:
            raise OpenError(str(exc)) from None
        self.settings.add_recent(path)
        return self._keep(open_play_window(game, loaded.assets, save_path=save_path, load_warnings=warnings,
                                           settings=self.settings,
                                           autosave_path=autosave_path(game.module.meta.id, game.scenario)))

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


def say(parent: QWidget | None, title: str, exc: Exception) -> None:
    """An error opening something, as a message box (never a traceback)."""
    if isinstance(exc, ModuleError):
        text = "\n".join(str(i) for i in exc.issues[:12])
    elif isinstance(exc, OSError):
        text = f"{exc.filename or ''}: {exc.strerror or exc}"
    else:
        text = str(exc)
    QMessageBox.critical(parent, title, text)


__all__ = ["Launcher", "OpenError", "kind_of", "say"]
