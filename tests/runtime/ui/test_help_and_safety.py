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
