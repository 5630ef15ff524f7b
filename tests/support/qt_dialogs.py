"""Answering modal dialogs from GUI tests: fill the next one of a class, then press OK."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox


def fill_modal(qtbot, cls, fill) -> None:
    """When the next modal dialog of class ``cls`` opens, ``fill(dialog)`` then press its OK.

    A failure inside ``fill`` rejects the dialog (so the test does not hang) and re-raises."""

    def run() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, cls):
            QTimer.singleShot(10, run)
            return
        try:
            fill(dialog)
            ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok)
            qtbot.mouseClick(ok, Qt.LeftButton)
        except BaseException:
            dialog.reject()
            raise

    QTimer.singleShot(0, run)
