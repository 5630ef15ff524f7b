"""Opening a module reads it in a worker behind a progress dialog with Cancel, from every way in
(issue 15, item 5): the editor's File ▸ Open, a module dropped on the editor, the play window's
Open module. A module that cannot be read says so in a message box naming the file and the field."""

from __future__ import annotations

import json
import threading

import pytest
from builders import play_module
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QProgressDialog, QPushButton

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game
from hexwright.runtime.storage import save_module
from hexwright.runtime.ui.play.play_window import PlayWindow

from .test_open_every_file import _drop

pytestmark = pytest.mark.gui


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWRIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("HEXWRIGHT_AUTOSAVE_DIR", raising=False)
    return tmp_path / "home"


@pytest.fixture
def folder(tmp_path):
    module = play_module()
    module.meta.id = "other"
    save_module(module, tmp_path / "other")
    return tmp_path / "other"


@pytest.fixture
def broken(tmp_path):
    save_module(play_module(), tmp_path / "broken")
    path = tmp_path / "broken" / "map.json"
    data = json.loads(path.read_text())
    data["grid"]["cols"] = "many"
    path.write_text(json.dumps(data))
    return tmp_path / "broken"


def _record_threads(monkeypatch, target: str, gate: threading.Event | None = None) -> list[bool]:
    """Replace the reader at ``target`` by one recording whether it ran on the GUI thread (and,
    given a ``gate``, reading until it opens: the test opens it once it has pressed Cancel)."""
    module_name, name = target.rsplit(".", 1)
    import importlib

    owner = importlib.import_module(module_name)
    real = getattr(owner, name)
    on_gui: list[bool] = []

    def read(*args, **kwargs):
        on_gui.append(threading.current_thread() is threading.main_thread())
        if gate is not None:
            gate.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, read)
    return on_gui


def _messages(monkeypatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: said.append(f"{title}: {text}"))
    return said


def _click_cancel_when_shown(qtbot, parent, gate: threading.Event) -> None:
    """Press Cancel once the progress dialog shows, then let the reader finish (what it read is dropped)."""
    def click() -> None:
        dialog = parent.findChild(QProgressDialog, "job-progress")
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(30, click)
            return
        [cancel] = [b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel"]
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
        gate.set()

    QTimer.singleShot(30, click)


def _editors(before: list) -> list:
    from hexwright.editor.views.main_window import EditorWindow

    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, EditorWindow) and w.isVisible() and not any(w is b for b in before)]


def _close_all(windows) -> None:
    for w in windows:
        w.ask_unsaved = lambda: "discard"
        w.close()


def test_file_open_in_the_editor_reads_the_module_in_a_worker(window, folder, home, qtbot, monkeypatch):
    on_gui = _record_threads(monkeypatch, "hexwright.editor.launcher.load_module_lenient")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(folder / "module.json"), ""))
    before = QApplication.topLevelWidgets()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)  # File ▸ Open
    [opened] = _editors(before)
    assert on_gui == [False]
    assert opened.doc.module.meta.id == "other" and opened.doc.path == folder
    _close_all([opened])


def test_cancel_while_the_editor_opens_a_module_opens_nothing_and_says_nothing(window, folder, home, qtbot,
                                                                               monkeypatch):
    gate = threading.Event()
    _record_threads(monkeypatch, "hexwright.editor.launcher.load_module_lenient", gate)
    said = _messages(monkeypatch)
    before = QApplication.topLevelWidgets()
    _click_cancel_when_shown(qtbot, window, gate)
    assert window.open_module(folder) is None
    assert _editors(before) == [] and said == []


def test_a_module_that_cannot_be_read_names_its_folder_file_and_field(window, broken, home, monkeypatch):
    said = _messages(monkeypatch)
    before = QApplication.topLevelWidgets()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(broken / "module.json"), ""))
    window.file_actions.open_dialog()
    assert _editors(before) == []
    [text] = said
    assert str(broken) in text and "map.json" in text and "grid.cols" in text and "Traceback" not in text


def test_a_module_dropped_on_the_editor_is_read_in_a_worker(window, folder, home, qtbot, monkeypatch):
    on_gui = _record_threads(monkeypatch, "hexwright.editor.launcher.load_module_lenient")
    before = QApplication.topLevelWidgets()
    _drop(window, folder)
    [opened] = _editors(before)
    assert on_gui == [False] and opened.doc.module.meta.id == "other"
    _close_all([opened])


@pytest.fixture
def playing(qtbot, home):
    window = PlayWindow(Game(play_module(), "basic", 1, engine=ENGINE))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _menu_action(window, menu_name: str, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == menu_name)
    return next(a for a in menu.actions() if a.text().replace("&", "").rstrip("…") == text)


def test_the_play_window_opens_another_module_in_a_worker(playing, folder, qtbot, monkeypatch):
    on_gui = _record_threads(monkeypatch, "hexwright.runtime.ui.play.play_window.load_module")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    before = QApplication.topLevelWidgets()
    _menu_action(playing, "File", "Open module").trigger()
    [opened] = [w for w in QApplication.topLevelWidgets()
                if isinstance(w, PlayWindow) and w.isVisible() and not any(w is b for b in before)]
    qtbot.addWidget(opened)
    assert on_gui == [False] and opened.game.module.meta.id == "other" and not playing.isVisible()


def test_the_play_window_cancels_opening_a_module_and_stays(playing, folder, qtbot, monkeypatch):
    gate = threading.Event()
    _record_threads(monkeypatch, "hexwright.runtime.ui.play.play_window.load_module", gate)
    said = _messages(monkeypatch)
    _click_cancel_when_shown(qtbot, playing, gate)
    assert playing.open_module_saying_why(folder) is None
    assert playing.isVisible() and said == [] and "cancelled" in playing.statusBar().currentMessage()


def test_the_play_window_says_which_file_and_field_of_a_dropped_module_is_wrong(playing, broken, monkeypatch):
    said = _messages(monkeypatch)
    _drop(playing, broken)
    [text] = said
    assert str(broken) in text and "map.json" in text and "grid.cols" in text
