"""Saves, autosave, play by e-mail and new games: the play window's file side.

:class:`GameFiles` is one part of the play window; it holds the window (typed by
:class:`FilesWindow`, the little of it that it uses, so this module never imports the
window's) and owns what belongs to the files: where the game is saved and autosaved, the
warnings of the last load, and where the last export by e-mail ended.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QStatusBar, QWidget

from hexwright.runtime.model import Module
from hexwright.runtime.state import (
    Game,
    GameState,
    LoadedGame,
    LogEntry,
    PacketAlreadyInGame,
    PacketError,
    SaveError,
    load_game,
    new_seed,
    save_game,
)
from hexwright.runtime.state.pbem import export_actions, import_packet
from hexwright.runtime.state.save_file import read_game_file
from hexwright.runtime.storage import atomic_write_bytes


class Chooser(Protocol):
    def chooser(self, state: GameState) -> str | None: ...


class FilesWindow(Protocol):
    """What :class:`GameFiles` uses of its window."""

    @property
    def rules(self) -> Chooser: ...

    @property
    def game(self) -> Game: ...

    @property
    def module(self) -> Module: ...

    def show_game(self, game: Game) -> None: ...

    def refresh(self) -> None: ...

    def statusBar(self) -> QStatusBar: ...

    def window(self) -> QWidget: ...


class GameFiles:
    """Everything of the play window that reads or writes a game file or starts a game."""

    def __init__(self, window: FilesWindow, *, save_path: str | Path | None = None,
                 autosave_path: str | Path | None = None, load_warnings: list[str] | None = None) -> None:
        self.window = window
        self.save_path = Path(save_path) if save_path else None
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.load_warnings: list[str] = list(load_warnings or [])
        self.pbem_mark = len(window.game.actions)
        """Where the last export of moves for e-mail ended (the next export starts there)."""
        self.warning_box: QMessageBox | None = None
        self.key_box: QMessageBox | None = None

    def _say(self, text: str, ms: int = 5000) -> None:
        self.window.statusBar().showMessage(text, ms)

    # -- saves -----------------------------------------------------------------------------

    def save(self) -> None:
        if self.save_path is None:
            self.save_as_dialog()
            return
        self._save_or_say(self.save_path)

    def _save_or_say(self, path: str | Path) -> None:
        """Save to ``path``; a file that cannot be written is a message box, not a traceback."""
        try:
            self.save_to(path)
        except OSError as exc:
            QMessageBox.critical(self.window.window(), "Cannot save the game",
                                 f"{exc.filename or path}: {exc.strerror or exc}")
        except ValueError as exc:  # text that cannot be written (the game itself is kept, unchanged)
            QMessageBox.critical(self.window.window(), "Cannot save the game", f"{path}: {exc}")

    def save_to(self, path: str | Path) -> None:
        path = Path(path)
        save_game(self.window.game, path)
        self.save_path = path
        self._say(f"Saved {path}")
        self.window.refresh()

    def autosave(self) -> None:
        if self.autosave_path is not None:
            try:
                save_game(self.window.game, self.autosave_path)
            except (OSError, ValueError) as exc:
                self._say(f"Autosave failed: {exc}", 8000)

    def open_save(self, path: str | Path) -> LoadedGame:
        """Load a save into the window; warnings (another module version) are shown, never hidden."""
        game = self.window.game
        loaded = load_game(path, self.window.module, game.module_hash, engine=game.engine)
        self.save_path = Path(path)
        self.load_warnings = list(loaded.warnings)
        self.pbem_mark = len(loaded.game.actions)
        self.window.show_game(loaded.game)
        if loaded.warnings:
            box = QMessageBox(QMessageBox.Icon.Warning, "Loaded with warnings", "\n\n".join(loaded.warnings),
                              QMessageBox.StandardButton.Ok, self.window.window())
            box.setObjectName("load-warnings")
            box.open()
            self.warning_box = box
        return loaded

    def start_game(self, game: Game) -> None:
        """Play ``game`` (of the window's module) in the window, from its current position."""
        if game.module is not self.window.module and game.module != self.window.module:
            raise ValueError("start_game takes a game of this window's module; open a new window for another")
        self.autosave()
        self.save_path = None
        self.load_warnings = []
        self.pbem_mark = len(game.actions)
        self.window.show_game(game)

    # -- play by e-mail ------------------------------------------------------------------------

    def export_moves(self, path: str | Path, since: int | None = None) -> None:
        game = self.window.game
        data = export_actions(game, self.pbem_mark if since is None else since)  # may add an opening reveal
        atomic_write_bytes(Path(path), data)
        self.pbem_mark = len(game.actions)
        self._say(f"Exported moves to {path}")
        self.window.refresh()

    def import_moves(self, path: str | Path) -> list[LogEntry]:
        """Import an opponent's packet, checked by the seat rules the window enforces (PacketError if refused).

        A key met for the first time is shown with its fingerprint, to be compared with the
        opponent's by another channel."""
        game, module = self.window.game, self.window.module
        imported = import_packet(game, read_game_file(path, PacketError), str(path), acting=self.window.rules.chooser)
        self.pbem_mark = len(game.actions)
        self.window.refresh()
        for side, print_ in sorted(imported.new_keys.items()):
            name = module.pieces.sides[side].name
            box = QMessageBox(QMessageBox.Icon.Information, "New signing key",
                              f"{name} signs its moves with the key\n\n{print_}\n\nCheck this fingerprint with "
                              f"{name}'s player by phone or in person: from now on only moves signed with it are "
                              "accepted.", QMessageBox.StandardButton.Ok, self.window.window())
            box.setObjectName("new-key")
            box.open()
            self.key_box = box
        return imported.entries

    # -- dialogs ---------------------------------------------------------------------------------

    def choose_scenario(self, module: Module) -> str | None:
        ids = sorted(module.scenarios)
        if len(ids) <= 1:
            return ids[0] if ids else None
        names = [f"{module.scenarios[i].name} ({i})" for i in ids]
        name, ok = QInputDialog.getItem(self.window.window(), "Scenario", "Play which scenario?", names, 0, False)
        return ids[names.index(name)] if ok else None

    def new_game_dialog(self) -> None:
        game = self.window.game
        scenario = self.choose_scenario(self.window.module)
        if scenario is not None:
            self.start_game(Game(self.window.module, scenario, new_seed(), strict=game.strict,
                                 content_hash=game.module_hash, engine=game.engine))

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window.window(), "Open saved game", "", "Hexwright saves (*.hwsav)")
        if path:
            try:
                self.open_save(path)
            except SaveError as exc:
                QMessageBox.critical(self.window.window(), "Cannot open this save", str(exc))

    def save_as_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.window.window(), "Save game", "", "Hexwright saves (*.hwsav)")
        if path:
            self._save_or_say(path if path.endswith(".hwsav") else path + ".hwsav")

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.window.window(), "Export moves", "", "Hexwright moves (*.hwlog)")
        if path:
            try:
                self.export_moves(path)
            except OSError as exc:
                QMessageBox.critical(self.window.window(), "Cannot export the moves",
                                     f"{exc.filename or path}: {exc.strerror or exc}")

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window.window(), "Import opponent's moves", "",
                                              "Hexwright moves (*.hwlog)")
        if path:
            try:
                self.import_moves(path)
            except PacketAlreadyInGame as exc:
                QMessageBox.information(self.window.window(), "Already imported", str(exc))
            except PacketError as exc:
                QMessageBox.critical(self.window.window(), "Cannot import these moves", str(exc))
