"""Saves, autosave, play by e-mail, new games and other modules: the play window's file side.

:class:`GameFiles` is mixed into :class:`~runtime.ui.play.play_window.PlayWindow`; it uses
the window's ``game``, ``module``, ``save_path``, ``autosave_path``, ``refresh()`` and status bar.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMessageBox

from hexwright.runtime.model import Module
from hexwright.runtime.state import ActionError, Game, LoadedGame, LogEntry, SaveError, load_game, save_game
from hexwright.runtime.state.pbem import append_actions, export_actions
from hexwright.runtime.state.save_file import read_game_file
from hexwright.runtime.storage import atomic_write_bytes

OPEN_WINDOWS: list[QMainWindow] = []
"""Windows opened from another play window (kept alive here until the application ends)."""


class GameFiles:
    """Mixed into the play window: everything that reads or writes a file or starts a game."""

    def save(self) -> None:
        if self.save_path is None:
            self._save_as_dialog()
            return
        self._save_or_say(self.save_path)

    def _save_or_say(self, path: str | Path) -> None:
        """Save to ``path``; a file that cannot be written is a message box, not a traceback."""
        try:
            self.save_to(path)
        except OSError as exc:
            QMessageBox.critical(self, "Cannot save the game", f"{exc.filename or path}: {exc.strerror or exc}")

    def save_to(self, path: str | Path) -> None:
        path = Path(path)
        save_game(self.game, path)
        self.save_path = path
        self.statusBar().showMessage(f"Saved {path}", 5000)
        self.refresh()

    def autosave(self) -> None:
        if self.autosave_path is not None:
            try:
                save_game(self.game, self.autosave_path)
            except OSError as exc:
                self.statusBar().showMessage(f"Autosave failed: {exc}", 8000)

    def open_save(self, path: str | Path) -> LoadedGame:
        """Load a save into this window; warnings (another module version) are shown, never hidden."""
        loaded = load_game(path, self.module, self.game.module_hash, engine=self.game.engine)
        self.game = loaded.game
        self.save_path = Path(path)
        self.load_warnings = list(loaded.warnings)
        self.pbem_mark = len(self.game.actions)
        self.attach_dice_secret()
        self.scene.expanded = None
        self.scene.selected = None
        if loaded.warnings:
            box = QMessageBox(QMessageBox.Warning, "Loaded with warnings", "\n\n".join(loaded.warnings),
                              QMessageBox.Ok, self)
            box.setObjectName("load-warnings")
            box.open()
            self.warning_box = box
        self.refresh()
        return loaded

    def export_moves(self, path: str | Path, since: int | None = None) -> None:
        data = export_actions(self.game, self.pbem_mark if since is None else since)  # may add an opening reveal
        atomic_write_bytes(Path(path), data)
        self.pbem_mark = len(self.game.actions)
        self.statusBar().showMessage(f"Exported moves to {path}", 5000)
        self.refresh()

    def import_moves(self, path: str | Path) -> list[LogEntry]:
        entries = append_actions(self.game, read_game_file(path), str(path))
        self.pbem_mark = len(self.game.actions)
        self.refresh()
        return entries

    def start_game(self, game: Game) -> None:
        """Play ``game`` (of this window's module) in this window, from its current position."""
        if game.module is not self.module and game.module != self.module:
            raise ValueError("start_game takes a game of this window's module; open a new window for another")
        self.autosave()
        self.game = game
        self.save_path = None
        self.load_warnings = []
        self.pbem_mark = len(game.actions)
        self.attach_dice_secret()
        self.scene.expanded = None
        self.scene.selected = None
        self.refresh()

    def _choose_scenario(self, module: Module) -> str | None:
        ids = sorted(module.scenarios)
        if len(ids) <= 1:
            return ids[0] if ids else None
        names = [f"{module.scenarios[i].name} ({i})" for i in ids]
        name, ok = QInputDialog.getItem(self, "Scenario", "Play which scenario?", names, 0, False)
        return ids[names.index(name)] if ok else None

    def _new_game_dialog(self) -> None:
        scenario = self._choose_scenario(self.module)
        if scenario is not None:
            from hexwright.runtime.state import new_seed

            self.start_game(Game(self.module, scenario, new_seed(), strict=self.game.strict,
                                 content_hash=self.game.module_hash, engine=self.game.engine))

    def open_module(self, path: str | Path, scenario: str | None = None, seed: int | None = None):
        """Open another module in a new play window (this one closes); returns the new window."""
        from hexwright.runtime.state import new_seed
        from hexwright.runtime.storage import load_module

        from .play_window import PlayWindow

        loaded = load_module(path)
        scenario = scenario or self._choose_scenario(loaded.module)
        if scenario is None:
            raise ActionError(f"module {loaded.module.meta.id!r} has no scenario to play")
        game = Game(loaded.module, scenario, new_seed() if seed is None else seed, engine=self.game.engine)
        window = PlayWindow(game, loaded.assets, hot_seat=self.hot_seat, autosave_path=self.autosave_path and
                            self.autosave_path.with_name(f"{loaded.module.meta.id}-{scenario}.hwsav"))
        OPEN_WINDOWS.append(window)
        window.show()
        window.view.fit_to_window()
        self.close()
        return window

    def _open_module_dialog(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Open module folder")
        if path:
            from hexwright.runtime.storage import ModuleError

            try:
                self.open_module(path)
            except (ModuleError, ActionError) as exc:
                QMessageBox.critical(self, "Cannot open this module", str(exc))
            except OSError as exc:
                QMessageBox.critical(self, "Cannot open this module", f"{exc.filename or path}: {exc.strerror or exc}")

    def _open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open saved game", "", "Hexwright saves (*.hwsav)")
        if path:
            try:
                self.open_save(path)
            except SaveError as exc:
                QMessageBox.critical(self, "Cannot open this save", str(exc))

    def _save_as_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save game", "", "Hexwright saves (*.hwsav)")
        if path:
            self._save_or_say(path if path.endswith(".hwsav") else path + ".hwsav")

    def _export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export moves", "", "Hexwright moves (*.hwlog)")
        if path:
            try:
                self.export_moves(path)
            except OSError as exc:
                QMessageBox.critical(self, "Cannot export the moves", f"{exc.filename or path}: {exc.strerror or exc}")

    def _import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import opponent's moves", "", "Hexwright moves (*.hwlog)")
        if path:
            try:
                self.import_moves(path)
            except SaveError as exc:
                QMessageBox.critical(self, "Cannot import these moves", str(exc))
