"""Help menu (guide, shortcuts generated from the actions, About) and the safety nets: log file,
crash dialog that saves the open work (issue 15, item 6)."""

from __future__ import annotations

import logging
import sys

import pytest
from builders import play_module
from PySide6.QtWidgets import QMessageBox

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.model.common import FORMAT_VERSION
from hexwright.runtime.state import Game, load_game
from hexwright.runtime.ui import safety
from hexwright.runtime.ui.help_menu import ShortcutsDialog, about_text, app_version, shortcuts_of
from hexwright.runtime.ui.play.play_window import PlayWindow
from hexwright.runtime.ui.user_guide import UserGuide

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    win = PlayWindow(Game(play_module(), "basic", 5, engine=ENGINE), autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.show()
    return win


def test_the_help_menu_has_the_guide_the_shortcuts_and_about(window):
    [help_menu] = [a.menu() for a in window.menuBar().actions() if a.text() == "&Help"]
    assert [a.text() for a in help_menu.actions() if a.text()] == ["&User guide", "&Keyboard shortcuts",
                                                                     "&About Hexwright"]
    text = about_text()
    assert app_version() in text and "MIT" in text and f"Module format version {FORMAT_VERSION}" in text


def test_the_shortcut_list_is_generated_from_the_windows_actions(window):
    rows = dict(shortcuts_of(window))
    assert rows["Undo"] == "Ctrl+Z" and rows["Next phase"] == "Ctrl+T" and rows["Redo"] == "Ctrl+Y, Ctrl+Shift+Z"
    with_keys = {a.text().replace("&", "").rstrip("…").strip() for a in window.actions_by_name.values()
                 if not a.shortcut().isEmpty()}
    assert with_keys <= set(rows)
    dialog = ShortcutsDialog(window)
    assert dialog.table.rowCount() == len(rows) and dialog.table.item(0, 0).text() == sorted(rows, key=str.lower)[0]


def test_the_user_guide_renders_the_docs_pages(qtbot):
    guide = UserGuide()
    qtbot.addWidget(guide)
    titles = [guide.pages.item(n).text() for n in range(guide.pages.count())]
    assert "Playing a module" in " ".join(titles) or len(titles) >= 5
    guide.pages.setCurrentRow(titles.index(next(t for t in titles if "editor" in t.lower())))
    assert "terrain" in guide.view.toPlainText().lower()


def test_an_uncaught_error_is_logged_and_the_dialog_saves_the_open_game(window, tmp_path, monkeypatch):
    log_path = safety.start_logging(tmp_path / "log")
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # put back after the test
    monkeypatch.setattr(QMessageBox, "information", lambda *a: None)
    asked = []
    hook = safety.install_exception_hook(log_path, ask=lambda dialog: asked.append(dialog.detailedText()) or True,
                                         force=True)
    assert sys.excepthook is hook
    window.roll()
    try:
        raise ValueError("boom in a slot")
    except ValueError as exc:
        hook(type(exc), exc, exc.__traceback__)
    assert "ValueError: boom in a slot" in asked[0]
    saved = load_game(tmp_path / "auto.hwsav", window.module, engine=ENGINE).game
    assert saved.actions == window.game.actions and len(saved.actions) == 1
    for handler in safety.log.handlers:
        handler.flush()
    assert "boom in a slot" in log_path.read_text("utf-8")


def test_a_hook_already_installed_is_left_alone(tmp_path, monkeypatch):
    def theirs(*args):
        return None

    monkeypatch.setattr(sys, "excepthook", theirs)
    assert safety.install_exception_hook(tmp_path / "x.log") is None and sys.excepthook is theirs


@pytest.fixture(autouse=True)
def _no_file_handlers_left():
    yield
    for handler in list(safety.log.handlers):
        if isinstance(handler, logging.FileHandler):
            safety.log.removeHandler(handler)
            handler.close()


def test_hexwright_play_has_the_crash_dialog_that_saves_the_game_in_progress(qtbot, tmp_path, monkeypatch):
    """Not only the editor and the start screen: ``hexwright play`` logs and offers to save the game."""
    from PySide6.QtWidgets import QApplication

    from hexwright.editor.cli import main
    from hexwright.runtime.storage import save_module

    monkeypatch.setenv("HEXWRIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("HEXWRIGHT_AUTOSAVE_DIR", raising=False)
    monkeypatch.setattr(sys, "excepthook", sys.__excepthook__)  # as in a real start; put back after the test
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(safety.CrashDialog, "exec", lambda self: 0)
    monkeypatch.setattr(safety.CrashDialog, "clickedButton", lambda self: self.save_button)
    monkeypatch.setattr(QMessageBox, "information", lambda *a: None)
    save_module(play_module(), tmp_path / "mod")
    before = QApplication.topLevelWidgets()  # kept alive: the id of a dropped wrapper may be reused
    assert main(["play", str(tmp_path / "mod"), "--seed", "4"]) == 0
    [window] = [w for w in QApplication.topLevelWidgets()
                if isinstance(w, PlayWindow) and not any(w is b for b in before)]
    qtbot.addWidget(window)
    window.roll()
    assert sys.excepthook is not sys.__excepthook__
    # only this test's window: windows other tests left open would save their games too
    monkeypatch.setattr(QApplication, "topLevelWidgets", staticmethod(lambda: [window]))
    try:
        raise RuntimeError("boom while playing")
    except RuntimeError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    saved = load_game(tmp_path / "home" / "data" / "autosave" / "play-basic.hwsav", window.module, engine=ENGINE)
    assert saved.game.actions == window.game.actions and len(saved.game.actions) == 1
    assert "boom while playing" in (tmp_path / "home" / "log" / "hexwright.log").read_text("utf-8")
