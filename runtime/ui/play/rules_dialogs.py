"""Small dialogs of the rules engine: how strictly each rule is applied, and the end of the game."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout

from hexwright.runtime.engine import SetEnforcement, engine_state, rules_of, scores, verdict
from hexwright.runtime.model.rules_config import RULE_IDS

LEVELS = ("enforce", "warn", "off")
HELP = {
    "enforce": "an illegal action is refused with its reason",
    "warn": "allowed; the override is written to the log",
    "off": "not checked nor shown",
}


class EnforcementDialog(QDialog):
    """enforce / warn / off per rule; the choices are actions in the game's log."""

    def __init__(self, window):
        super().__init__(window)
        self.window_ = window
        self.setWindowTitle("Rules enforcement")
        rules = rules_of(window.module, window.game.state)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<br>".join(f"<b>{k}</b>: {v}" for k, v in HELP.items())))
        form = QFormLayout()
        self.combos: dict[str, QComboBox] = {}
        for rule in RULE_IDS:
            combo = QComboBox()
            combo.addItems(LEVELS)
            combo.setCurrentText(rules.enforcement_of(rule))
            form.addRow(rule, combo)
            self.combos[rule] = combo
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def changes(self) -> list[SetEnforcement]:
        rules = rules_of(self.window_.module, self.window_.game.state)
        return [SetEnforcement(rule=r, level=c.currentText()) for r, c in self.combos.items()
                if c.currentText() != rules.enforcement_of(r)]

    def accept(self) -> None:
        for action in self.changes():
            self.window_.run_engine(action)
        super().accept()


class VictoryDialog(QDialog):
    """The victory screen: every victory point with its rule, the totals and the level (Table 5)."""

    def __init__(self, window):
        super().__init__(window)
        module, state = window.module, window.game.state
        self.setWindowTitle("Game over")
        v = verdict(module, state)
        layout = QVBoxLayout(self)
        title = QLabel(f"<h2>{v.text(module)}</h2>")
        title.setWordWrap(True)
        layout.addWidget(title)
        lines = [str(s) for s in scores(module, state)] or ["no victory points scored"]
        self.details = QLabel("<br>".join(lines))
        self.details.setWordWrap(True)
        layout.addWidget(self.details)
        layout.addWidget(QLabel(engine_state(state).outcome and f"End of turn {state.turn}."))
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
