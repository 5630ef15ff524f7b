"""Preferences a user sets once: autosave interval, rules enforcement in new games, counter size, palette.

Stored in the application's settings (:class:`AppSettings`, ``[preferences]``) and applied
when they change and at every start: :func:`apply_palette` at start and on OK, the editor's
autosave timer when an editor opens, the enforcement level and the counter size when a play
window opens (a new game's enforcement is set by actions in its log, so an opponent by e-mail
sees it).
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from .app_settings import AppSettings

AUTOSAVE_MINUTES = "autosave_minutes"
DARK = "dark_palette"
ENFORCEMENT = "enforcement"
COUNTER_PERCENT = "counter_percent"

ENFORCEMENT_CHOICES = {
    "module": "as the module sets each rule",
    "enforce": "enforce every rule (refuse illegal actions)",
    "warn": "warn only (allow, and log the override)",
    "off": "off (no rules checked nor shown)",
}
"""The rules enforcement of a new game: the module's own, or one level for every rule."""


def autosave_interval_ms(settings: AppSettings) -> int:
    minutes = settings.value(AUTOSAVE_MINUTES, 1)
    return max(1, min(60, minutes if isinstance(minutes, int) else 1)) * 60_000


def default_enforcement(settings: AppSettings) -> str:
    level = settings.value(ENFORCEMENT, "module")
    return level if isinstance(level, str) and level in ENFORCEMENT_CHOICES else "module"


def counter_scale(settings: AppSettings) -> float:
    """How big counters are drawn on the board, as a fraction of the module's size (0.5 to 2)."""
    percent = settings.value(COUNTER_PERCENT, 100)
    return max(50, min(200, percent if isinstance(percent, int) else 100)) / 100


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#2b2b2b"), (QPalette.ColorRole.WindowText, "#e6e6e6"),
                         (QPalette.ColorRole.Base, "#1f1f1f"), (QPalette.ColorRole.AlternateBase, "#2b2b2b"),
                         (QPalette.ColorRole.Text, "#e6e6e6"), (QPalette.ColorRole.Button, "#353535"),
                         (QPalette.ColorRole.ButtonText, "#e6e6e6"), (QPalette.ColorRole.Highlight, "#3d6fb4"),
                         (QPalette.ColorRole.HighlightedText, "#ffffff"), (QPalette.ColorRole.ToolTipBase, "#353535"),
                         (QPalette.ColorRole.ToolTipText, "#e6e6e6"), (QPalette.ColorRole.PlaceholderText, "#9a9a9a"),
                         (QPalette.ColorRole.Link, "#7fb2ff")):
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


def apply_palette(settings: AppSettings) -> None:
    """The dark palette when chosen, else the platform's own."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.setPalette(dark_palette() if settings.value(DARK, False) else app.style().standardPalette())


class PreferencesDialog(QDialog):
    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preferences")
        self.setWindowTitle("Preferences")
        self.settings = settings
        self.autosave = QSpinBox()
        self.autosave.setRange(1, 60)
        self.autosave.setSuffix(" min")
        self.autosave.setValue(autosave_interval_ms(settings) // 60_000)
        self.enforcement = QComboBox()
        for key, text in ENFORCEMENT_CHOICES.items():
            self.enforcement.addItem(text, key)
        self.enforcement.setCurrentIndex(list(ENFORCEMENT_CHOICES).index(default_enforcement(settings)))
        self.counters = QSpinBox()
        self.counters.setRange(50, 200)
        self.counters.setSingleStep(10)
        self.counters.setSuffix(" %")
        self.counters.setValue(round(counter_scale(settings) * 100))
        self.dark = QCheckBox("Dark palette")
        self.dark.setChecked(bool(settings.value(DARK, False)))
        form = QFormLayout(self)
        form.addRow("Editor: autosave a recovery copy every", self.autosave)
        form.addRow("New games: rules enforcement", self.enforcement)
        form.addRow("Play: counter size", self.counters)
        form.addRow("Appearance", self.dark)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)

    def accept(self) -> None:
        self.settings.set_value(AUTOSAVE_MINUTES, self.autosave.value())
        self.settings.set_value(ENFORCEMENT, self.enforcement.currentData())
        self.settings.set_value(COUNTER_PERCENT, self.counters.value())
        self.settings.set_value(DARK, self.dark.isChecked())
        apply_palette(self.settings)
        super().accept()


__all__ = ["ENFORCEMENT_CHOICES", "PreferencesDialog", "apply_palette", "autosave_interval_ms", "counter_scale",
           "dark_palette", "default_enforcement"]
