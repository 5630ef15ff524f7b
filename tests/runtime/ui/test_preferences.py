"""Preferences: set in the dialog, kept in the settings, applied (autosave interval, palette)."""

from __future__ import annotations

import pytest
from builders import small_module
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from hexwright.editor.document import MapDocument
from hexwright.editor.views.main_window import EditorWindow
from hexwright.runtime.ui.app_settings import AppSettings
from hexwright.runtime.ui.preferences import PreferencesDialog, apply_palette

pytestmark = pytest.mark.gui


@pytest.fixture
def settings(tmp_path, qapp):
    made = AppSettings(tmp_path / "settings.ini")
    yield made
    made.set_value("dark_palette", False)
    apply_palette(made)


def test_preferences_are_kept_and_applied(settings, qtbot, tmp_path):
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.autosave.setValue(5)
    qtbot.mouseClick(dialog.dark, Qt.LeftButton)
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok), Qt.LeftButton)
    again = AppSettings(tmp_path / "settings.ini")
    assert again.value("autosave_minutes", 1) == 5 and again.value("dark_palette", False) is True
    assert QApplication.palette().color(QPalette.ColorRole.Window).name() == "#2b2b2b"
    window = EditorWindow(MapDocument(small_module(4, 4)), pieces=False, settings=again)
    qtbot.addWidget(window)
    assert window.autosave_timer.interval() == 5 * 60_000
