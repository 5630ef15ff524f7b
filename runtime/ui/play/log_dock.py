"""The log dock: every log line, the replay position, bookmarks, and the replay buttons."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.state import Game

BOOKMARK = "★"



def entry_line(game: Game, index: int) -> str:
    """What log entry ``index`` says; an action that says nothing (a step ended with nothing to
    report) is named, rather than left a blank numbered line."""
    entry = game.entries[index]
    if entry.text:
        return entry.text
    name = getattr(game.actions[index], "name", "") or entry.kind
    return str(name).replace("_", " ")

class LogPanel(QWidget):
    """Row ``i`` is position ``i``: row 0 is the start, row ``i`` the state after action ``i``."""

    positionChosen = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._shown_length: int | None = None
        self.list = QListWidget()
        self.list.setAlternatingRowColors(True)
        self.list.itemActivated.connect(lambda item: self.positionChosen.emit(self.list.row(item)))
        self.list.itemDoubleClicked.connect(lambda item: self.positionChosen.emit(self.list.row(item)))
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, text, tip in (
            ("first", "|◀", "Replay: back to the start"), ("previous", "◀", "Replay: one action back"),
            ("next", "▶", "Replay: one action forward"), ("last", "▶|", "Replay: to the end (live game)"),
            ("bookmark", BOOKMARK, "Bookmark this position with a note"),
            ("continue", "Continue from here", "Cut the log here and play on; the rest is kept as a branch"),
        ):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.setObjectName(f"replay-{name}")
            buttons.addWidget(button)
            self.buttons[name] = button
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.list, 1)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00000;")
        self.refusal.hide()
        layout.addWidget(self.refusal)
        layout.addLayout(buttons)

    def note_refusal(self, text: str) -> None:
        """Show the last refused action under the log (it is not an action, so not a row)."""
        self.refusal.setText(text)
        self.refusal.setVisible(bool(text))

    def show_game(self, game: Game) -> None:
        if self._shown_length is not None and self._shown_length != len(game.actions):
            self.note_refusal("")
        self._shown_length = len(game.actions)
        self.list.blockSignals(True)
        self.list.clear()
        rows = [f"0. start of scenario {game.scenario}"]
        rows += [f"{i + 1}. {entry_line(game, i)}" for i in range(len(game.entries))]
        for index, row in enumerate(rows):
            text = f"{row}   {BOOKMARK} {game.bookmarks[index]}".rstrip() if index in game.bookmarks else row
            item = QListWidgetItem(text)
            if index > game.position:
                item.setForeground(QColor("#9a9a9a"))
            self.list.addItem(item)
        self.list.setCurrentRow(game.position)
        self.list.scrollToItem(self.list.currentItem())
        self.list.blockSignals(False)
        replaying = game.replaying
        self.buttons["continue"].setEnabled(replaying)
        self.buttons["first"].setEnabled(game.position > 0)
        self.buttons["previous"].setEnabled(game.position > 0)
        self.buttons["next"].setEnabled(replaying)
        self.buttons["last"].setEnabled(replaying)

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
