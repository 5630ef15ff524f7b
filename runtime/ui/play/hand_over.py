"""Hot-seat: the screen shown between sides so one player does not see the other's turn begin."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class HandOverScreen(QWidget):
    ready = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("hand-over")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet("#hand-over { background: #2b2b2b; } QLabel { color: #f0f0f0; }")
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignCenter)
        self.title.setStyleSheet("font-size: 26px; font-weight: bold;")
        self.detail = QLabel()
        self.detail.setAlignment(Qt.AlignCenter)
        self.button = QPushButton()
        self.button.setObjectName("hand-over-ready")
        self.button.setStyleSheet("font-size: 16px; padding: 10px 24px; background: #4a6fa5;")
        self.button.clicked.connect(self.ready.emit)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.detail)
        layout.addWidget(self.button, 0, Qt.AlignCenter)
        layout.addStretch(1)

    def for_side(self, side_name: str, player: str, phase: str) -> None:
        who = f"{player} ({side_name})" if player else side_name
        self.title.setText(f"Hand over to {who}")
        self.detail.setText(phase)
        self.button.setText(f"I am {who} — show the board")
