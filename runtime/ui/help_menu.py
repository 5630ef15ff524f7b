"""The Help menu every window has: the user guide, the keyboard shortcuts, About.

The shortcut list is generated from the window's own actions, so it is never out of date.
The user guide is the ``docs/`` pages, rendered in the application (:mod:`.user_guide`).
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMessageBox, QTableWidget, QTableWidgetItem, QVBoxLayout

from hexwright.runtime.model.common import FORMAT_VERSION

from .user_guide import UserGuide


def app_version() -> str:
    try:
        return version("hexwright")
    except PackageNotFoundError:
        return "unknown (not installed)"


def about_text() -> str:
    return (f"<h3>Hexwright {app_version()}</h3>"
            "<p>An editor and runtime for hex-and-counter wargames.</p>"
            f"<p>Module format version {FORMAT_VERSION}.</p>"
            "<p>Licensed under the MIT licence.</p>")


def shortcuts_of(window: QMainWindow) -> list[tuple[str, str]]:
    """(what, keys) for every action of ``window`` that has a shortcut, sorted by what."""
    rows = {}
    for action in window.findChildren(QAction):
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        text = action.text().replace("&", "").rstrip("…").strip()
        if keys and text:
            rows[text] = keys
    return sorted(rows.items(), key=lambda row: row[0].lower())


class ShortcutsDialog(QDialog):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        rows = shortcuts_of(window)
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setHorizontalHeaderLabels(["Action", "Keys"])
        for n, (text, keys) in enumerate(rows):
            self.table.setItem(n, 0, QTableWidgetItem(text))
            self.table.setItem(n, 1, QTableWidgetItem(keys))
        self.table.resizeColumnsToContents()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        self.resize(480, 560)


def add_help_menu(window: QMainWindow) -> dict[str, QAction]:
    """Add the Help menu to ``window``'s menu bar; returns its actions by name."""
    menu = window.menuBar().addMenu("&Help")
    actions: dict[str, QAction] = {}
    guide = menu.addAction("&User guide", lambda: UserGuide(window).show())
    guide.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    actions["guide"] = guide
    actions["shortcuts"] = menu.addAction("&Keyboard shortcuts", lambda: ShortcutsDialog(window).exec())
    menu.addSeparator()
    actions["about"] = menu.addAction("&About Hexwright", lambda: QMessageBox.about(window, "About Hexwright",
                                                                                   about_text()))
    return actions


__all__ = ["ShortcutsDialog", "about_text", "add_help_menu", "app_version", "shortcuts_of"]
