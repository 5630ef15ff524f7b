"""The play window's file dialogs: a file that cannot be read or written is a message, never a traceback."""

from __future__ import annotations

import pytest
from builders import play_module
from PySide6.QtWidgets import QFileDialog, QMessageBox

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game, save_file
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    win = PlayWindow(Game(play_module(), "basic", 5, engine=ENGINE), autosave_path=None)
    qtbot.addWidget(win)
    return win


@pytest.fixture
def shown(monkeypatch):
    """Every critical message box the window shows, as (title, text)."""
    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: boxes.append((title, text)))
    return boxes


def choose(monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))


def test_importing_moves_from_a_folder_is_a_message(window, shown, monkeypatch, tmp_path):
    (tmp_path / "moves.hwlog").mkdir()
    choose(monkeypatch, tmp_path / "moves.hwlog")
    window.files.import_dialog()
    [(title, text)] = shown
    assert title == "Cannot import these moves" and "moves.hwlog" in text


def test_importing_moves_too_large_is_refused_before_reading(window, shown, monkeypatch, tmp_path):
    monkeypatch.setattr(save_file, "MAX_SAVE_BYTES", 100)
    (tmp_path / "big.hwlog").write_bytes(b" " * 1000)
    choose(monkeypatch, tmp_path / "big.hwlog")
    window.files.import_dialog()
    [(_, text)] = shown
    assert "larger than 100 bytes" in text


def test_opening_a_save_that_is_a_folder_is_a_message(window, shown, monkeypatch, tmp_path):
    (tmp_path / "game.hwsav").mkdir()
    choose(monkeypatch, tmp_path / "game.hwsav")
    window.files.open_dialog()
    [(title, _)] = shown
    assert title == "Cannot open this save"


@pytest.mark.parametrize("dialog", ["save_as_dialog", "export_dialog"])
def test_saving_where_it_cannot_be_written_is_a_message(window, shown, monkeypatch, tmp_path, dialog):
    (tmp_path / "taken.hwsav").mkdir()
    (tmp_path / "taken.hwlog").mkdir()
    choose(monkeypatch, tmp_path / ("taken.hwsav" if dialog == "save_as_dialog" else "taken.hwlog"))
    getattr(window.files, dialog)()
    [(title, text)] = shown
    assert title.startswith("Cannot ") and "taken" in text


def test_save_to_the_loaded_file_that_cannot_be_written_is_a_message(window, shown, tmp_path):
    (tmp_path / "game.hwsav").mkdir()
    window.files.save_path = tmp_path / "game.hwsav"
    window.files.save()
    [(title, text)] = shown
    assert title == "Cannot save the game" and "game.hwsav" in text
