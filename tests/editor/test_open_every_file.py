"""Every file type the desktop entry registers opens by double-click semantics, and every window
takes what is dropped on it (issue 15, items 1 and 6): modules, saved games (``.hwsav``) and moves
for play by e-mail (``.hwlog``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import play_module
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game, Note, RollDice, save_game
from hexwright.runtime.state.library import Library
from hexwright.runtime.state.pbem import export_actions
from hexwright.runtime.storage import atomic_write_bytes, pack_folder, save_module
from hexwright.runtime.ui.app_settings import AppSettings
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWRIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("HEXWRIGHT_AUTOSAVE_DIR", raising=False)
    monkeypatch.delenv("HEXWRIGHT_RECOVERY_DIR", raising=False)
    return tmp_path / "home"


@pytest.fixture
def launcher(home, qtbot):
    from hexwright.editor.launcher import Launcher

    made = Launcher(Library(), AppSettings())
    yield made
    for window in made.windows:
        if hasattr(window, "ask_unsaved"):
            window.ask_unsaved = lambda: "discard"
        window.close()


@pytest.fixture
def installed(tmp_path, home):
    module = play_module()
    save_module(module, tmp_path / "src")
    Library().install(tmp_path / "src")
    return module


def _their_moves(module, tmp_path: Path) -> tuple[Path, Path]:
    """My save at action 1, and my opponent's moves 2–3 of the same game, exported for e-mail."""
    mine = Game(module, "basic", 21, engine=ENGINE)
    mine.do(RollDice())
    save_game(mine, tmp_path / "mine.hwsav")
    theirs = Game(module, "basic", 21, engine=ENGINE)
    theirs.do(RollDice())
    theirs.do(RollDice())
    theirs.do(Note(text="your move"))
    atomic_write_bytes(tmp_path / "mail" / "turn2.hwlog", export_actions(theirs, 1))
    return tmp_path / "mine.hwsav", tmp_path / "mail" / "turn2.hwlog"


def _new_play_windows(before: list) -> list[PlayWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, PlayWindow) and not any(w is b for b in before)]


def _drop(widget, *paths: Path) -> QDropEvent:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    enter = QDragEnterEvent(widget.rect().center(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, enter)
    assert enter.isAccepted(), f"{widget} refused {paths}"
    drop = QDropEvent(QPointF(widget.rect().center()), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, drop)
    return drop


def test_hexwright_file_hwlog_opens_the_game_it_continues_and_replays_the_new_moves(
        installed, tmp_path, qtbot, monkeypatch):
    """A double-click on moves received by e-mail: the save they continue is found (here: the recent
    one), the moves are imported with every check, and the window shows the game from the first of
    them, to step through with Next."""
    from hexwright.editor import app, cli

    save, moves = _their_moves(installed, tmp_path)
    AppSettings().add_recent(save)
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(app, "install_safety_nets", lambda: None)
    before = QApplication.topLevelWidgets()  # kept: ids of dropped wrappers are reused
    assert cli.main([str(moves)]) == 0
    [window] = _new_play_windows(before)
    qtbot.addWidget(window)
    assert window.files.save_path == save and len(window.game.actions) == 3
    assert window.game.replaying and window.game.position == 1  # shown from where the new moves start
    window.replay_last()
    assert window.game.entries[-1].text.endswith("your move")


def test_a_moves_file_goes_into_the_open_game_and_is_found_beside_its_save(launcher, installed, tmp_path, qtbot):
    save, moves = _their_moves(installed, tmp_path)
    moved = moves.parent / save.name
    save.rename(moved)  # not a recent file: the save sits beside the moves, as a mail folder holds both
    window = launcher.open_path(moves)
    assert isinstance(window, PlayWindow) and window.files.save_path == moved and len(window.game.actions) == 3
    again = launcher.open_path(moves)  # already imported: the same window, replaying from the moves' start
    assert again is window and len(window.game.actions) == 3 and window.game.position == 1


def test_moves_of_a_game_not_on_this_computer_say_what_to_open(launcher, installed, tmp_path):
    from hexwright.editor.launcher import OpenError

    _save, moves = _their_moves(installed, tmp_path)
    _save.unlink()
    with pytest.raises(OpenError, match=r"moves 2–3 .*'play'.*scenario 'basic'.*Import moves"):
        launcher.open_path(moves)


def test_a_saved_game_dropped_on_the_editor_opens_in_a_play_window(launcher, installed, tmp_path, qtbot):
    save_game(Game(installed, "basic", 8, engine=ENGINE), tmp_path / "g.hwsav")
    editor = launcher.edit(None)
    before = QApplication.topLevelWidgets()  # kept: ids of dropped wrappers are reused
    _drop(editor, tmp_path / "g.hwsav")
    [window] = _new_play_windows(before)
    assert window.game.seed == 8 and window.files.save_path == tmp_path / "g.hwsav"


def test_a_module_dropped_on_a_play_window_starts_a_game_of_it_in_a_new_window(launcher, installed, tmp_path,
                                                                               qtbot):
    save_game(Game(installed, "basic", 8, engine=ENGINE), tmp_path / "g.hwsav")
    playing = launcher.open_path(tmp_path / "g.hwsav")
    other = play_module()
    other.meta.id = "other"
    save_module(other, tmp_path / "other")
    pack_folder(tmp_path / "other", tmp_path / "other.hwmod")
    before = QApplication.topLevelWidgets()  # kept: ids of dropped wrappers are reused
    _drop(playing, tmp_path / "other.hwmod")
    [window] = _new_play_windows(before)
    assert window.module.meta.id == "other" and playing.isVisible()  # the game in progress stays open


def test_moves_dropped_on_their_game_are_imported_and_others_are_refused_with_a_message(
        installed, tmp_path, qtbot, monkeypatch):
    save, moves = _their_moves(installed, tmp_path)
    from hexwright.runtime.state import load_game

    window = PlayWindow(load_game(save, installed, engine=ENGINE).game, save_path=save)
    qtbot.addWidget(window)
    _drop(window, moves)
    assert len(window.game.actions) == 3
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: shown.append(text))
    _drop(window, moves)  # a second time: said so, nothing changes
    assert len(window.game.actions) == 3 and "already" in shown[0].lower()
