"""Preferences a user sets once: the editor's autosave interval and a dark or light palette.

Stored in the application's settings (:class:`AppSettings`, ``[preferences]``) and applied
when they change and at every start (:func:`apply_palette`, the editor's autosave timer).
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QWidget

from .app_settings import AppSettings

AUTOSAVE_MINUTES = "autosave_minutes"
DARK = "dark_palette"


def autosave_interval_ms(settings: AppSettings) -> int:
    minutes = settings.value(AUTOSAVE_MINUTES, 1)
    return max(1, min(60, minutes if isinstance(minutes, int) else 1)) * 60_000


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#2b2b2b"), (QPalette.ColorRole.WindowText, "#e6e6e6"),
                         (QPalette.ColorRole.Base, "#1f1f1f"), (QPalette.ColorRole.AlternateBase, "#2b2b2b"),
                         (QPalette.ColorRole.Text, "#e6e6e6"), (QPalette.ColorRole.Button, "#353535"),
                         (QPalette.ColorRole.ButtonText, "#e6e6e6"), (QPalette.ColorRole.Highlight, "#3d6fb4"),
                         (QPalette.ColorRole.HighlightedText, "#ffffff"), (QPalette.ColorRole.ToolTipBase, "#353535"),
                         (QPalette.ColorRole.ToolTipText, "#e6e6e6")):
        palette.setColor(role, QColor(colour))
    return palette


def apply_palette(settings: AppSettings) -> None:
    """The dark palette when chosen, else the platform's own."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.setPalette(dark_palette() if settings.value(DARK, False) else app.style().standardPalette())


class PreferencesDialog(QDialog):
    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.settings = settings
        self.autosave = QSpinBox()
        self.autosave.setRange(1, 60)
        self.autosave.setSuffix(" min")
        self.autosave.setValue(autosave_interval_ms(settings) // 60_000)
        self.dark = QCheckBox("Dark palette")
        self.dark.setChecked(bool(settings.value(DARK, False)))
        form = QFormLayout(self)
        form.addRow("Autosave a recovery copy every", self.autosave)
        form.addRow("Appearance", self.dark)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def accept(self) -> None:
        self.settings.set_value(AUTOSAVE_MINUTES, self.autosave.value())
        self.settings.set_value(DARK, self.dark.isChecked())
        apply_palette(self.settings)
        super().accept()


__all__ = ["PreferencesDialog", "apply_palette", "autosave_interval_ms", "dark_palette"]
