"""Save, Save As (a folder or a ``.hwmod`` pack) and New Variant run in a worker behind a progress
dialog with Cancel, so a big module does not freeze the window (issue 15, item 5). The user's keys
and clicks are held back while the worker writes what the window edits; a Cancel or a failure
leaves the files on disk as they were and the edits open (and a recovery copy after a failure)."""

from __future__ import annotations

import importlib
import threading

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QPushButton

from hexwright.editor import recovery
from hexwright.runtime.geometry import Hex
from hexwright.runtime.storage import load_module

pytestmark = pytest.mark.gui


def _gated(monkeypatch, target: str, gate: threading.Event | None = None) -> list[bool]:
    """Replace the function at ``target`` by one recording whether it ran on the GUI thread (and,
    given a ``gate``, waiting until the test opens it)."""
    module_name, name = target.rsplit(".", 1)
    owner = importlib.import_module(module_name)
    real = getattr(owner, name)
    on_gui: list[bool] = []

    def wrapped(*args, **kwargs):
        on_gui.append(threading.current_thread() is threading.main_thread())
        if gate is not None:
            assert gate.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapped)
    return on_gui


def _when_dialog_shows(qtbot, window, then) -> None:
    """Call ``then(dialog)`` once the save's progress dialog is on screen."""
    def poll() -> None:
        dialog = window.findChild(QProgressDialog, "job-progress")
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(20, poll)
            return
        then(dialog)

    QTimer.singleShot(20, poll)


def _cancel(qtbot, dialog) -> None:
    [button] = [b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel"]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


@pytest.fixture
def saved(window, mouse, tmp_path):
    """The window's module saved in a folder, then woods painted on 0404 by mouse (unsaved)."""
    window.doc.save(tmp_path / "mod")
    window.set_tool("TerrainBrush")
    window.settings.update(terrain="woods", radius=0)
    mouse.click(mouse.centre(Hex(3, 3)))
    assert window.isWindowModified()
    return tmp_path / "mod"


def test_ctrl_s_writes_in_a_worker_and_holds_back_the_keys_and_clicks_meanwhile(window, saved, mouse, qtbot,
                                                                                 monkeypatch):
    gate = threading.Event()
    on_gui = _gated(monkeypatch, "hexwright.runtime.storage.folder.files_from_module", gate)

    def meddle(dialog) -> None:  # an undo and a brush click while the worker writes: both held back
        qtbot.keyClick(window.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        mouse.click(mouse.centre(Hex(5, 5)))
        gate.set()

    _when_dialog_shows(qtbot, window, meddle)
    qtbot.keyClick(window.canvas, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert on_gui == [False] and gate.is_set()
    assert not window.isWindowModified() and window.doc.undo_stack.count() == 1
    assert window.doc.map.terrain_of("0404") == "woods" and window.doc.map.terrain_of("0606") != "woods"
    assert load_module(saved).module.map.terrain_of("0404") == "woods"
    window.activateWindow()  # the progress dialog had the focus (offscreen gives it back to no one)
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the keys work again
    assert window.doc.map.terrain_of("0404") != "woods"


def test_cancel_while_saving_leaves_the_folder_as_it_was_and_the_edit_unsaved(window, saved, qtbot, monkeypatch):
    before = {p: p.read_bytes() for p in saved.rglob("*") if p.is_file()}
    gate = threading.Event()
    _gated(monkeypatch, "hexwright.runtime.storage.folder.files_from_module", gate)
    _when_dialog_shows(qtbot, window, lambda dialog: (_cancel(qtbot, dialog), gate.set()))
    assert window.file_actions.save() is False
    assert {p: p.read_bytes() for p in saved.rglob("*") if p.is_file()} == before
    assert window.isWindowModified() and "cancelled" in window.statusBar().currentMessage()


def test_save_as_a_pack_is_packed_in_the_worker(window, saved, tmp_path, monkeypatch):
    on_gui = _gated(monkeypatch, "hexwright.runtime.storage.archive.files_from_module")
    assert window.file_actions.save_to(tmp_path / "mod.hwmod")
    assert on_gui == [False] and window.doc.path == tmp_path / "mod.hwmod" and not window.isWindowModified()
    assert load_module(tmp_path / "mod.hwmod").module.map.terrain_of("0404") == "woods"


def test_a_failed_save_keeps_the_edits_and_a_recovery_copy(window, saved, tmp_path, monkeypatch):
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: said.append(text))
    (tmp_path / "a-file").write_text("not a folder")
    assert window.file_actions.save_to(tmp_path / "a-file" / "mod") is False
    [text] = said
    assert str(tmp_path / "a-file" / "mod") in text and "as they were" in text and "Traceback" not in text
    assert window.isWindowModified() and window.doc.path == saved
    kept = recovery.load_recovery(saved)
    assert kept is not None and kept.module.map.terrain_of("0404") == "woods"


def test_new_variant_is_made_in_the_worker_and_a_cancel_writes_nothing(window, saved, tmp_path, qtbot,
                                                                      monkeypatch):
    window.doc.save()
    opened: list[object] = []
    window.variant_actions.open_module = opened.append
    gate = threading.Event()
    on_gui = _gated(monkeypatch, "hexwright.editor.views.variant_actions.load_module", gate)
    _when_dialog_shows(qtbot, window, lambda dialog: (_cancel(qtbot, dialog), gate.set()))
    target = tmp_path / "small_what_if"
    assert window.variant_actions.new_variant(target, "small_what_if", "What if") is None
    assert not target.exists() and opened == [] and on_gui == [False]
    assert window.variant_actions.new_variant(target, "small_what_if", "What if") == target  # the gate is open now
    assert on_gui == [False] * 3 and opened == [target]  # the base read, the variant read back: both in the worker
    variant = load_module(target).module
    assert variant.meta.id == "small_what_if" and variant.map.terrain_of("0404") == "woods"
