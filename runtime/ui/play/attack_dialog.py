"""The attack dialog: attackers, defender, the combat intensity and air support the attacker
adds (ToV 10.2.3, 7.1, where the module has them), ΔCF or odds, every shift and DRM with its
source, the final column; then declare, roll and apply through the play window (§9)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from hexwright.runtime.engine import (
    Declare,
    Resolve,
    air_points_for_attack,
    assignable_assets,
    attack_odds,
    available_attackers,
    engine_state,
    phase_side,
    to_act,
)
from hexwright.runtime.state import Location, piece_name
from hexwright.runtime.state.errors import ActionError


class AttackDialog(QDialog):
    def __init__(self, window, hex: str):
        super().__init__(window)
        self.window_ = window
        self.module = window.module
        self.hex = hex
        self.setWindowTitle(f"Attack on {hex}")
        state = window.game.state
        self.declared = next((d for d in engine_state(state).declared if d.hex == hex), None)
        defenders = [p for p in state.stack(Location.hex(hex)) if self.module.pieces.pieces[p].side != phase_side(self.module, state)]
        layout = QVBoxLayout(self)
        self.defender_label = QLabel("Defender: " + (", ".join(piece_name(self.module, d) for d in defenders) or "none")
                                     + f" in {hex}")
        layout.addWidget(self.defender_label)
        box = QGroupBox("Attackers")
        inner = QVBoxLayout(box)
        self.boxes: dict[str, QCheckBox] = {}
        names = self.declared.attackers if self.declared else available_attackers(self.module, state, hex)
        for pid in names:
            values = self.module.pieces.pieces[pid].steps[state.pieces[pid].step if state.pieces[pid].step <
                                                          len(self.module.pieces.pieces[pid].steps) else 0]
            cb = QCheckBox(f"{piece_name(self.module, pid)}  (CF {values.combat if values.combat is not None else values.attack})")
            most = self.module.rules.combat.max_attackers  # St-Lô 9.1 D: one unit attacks
            cb.setChecked(self.declared is not None or most is None or len(self.boxes) < most)
            cb.setEnabled(self.declared is None)
            cb.toggled.connect(self.update_odds)
            inner.addWidget(cb)
            self.boxes[pid] = cb
        layout.addWidget(box)
        self._choices(layout, state)
        self.asset_boxes: dict[str, QCheckBox] = {}
        if self.declared is None and self.module.rules.assets is not None and len(names) == 1:
            offered = assignable_assets(self.module, state, names[0])  # St-Lô 9.3: assigned as it attacks
            assets_box = QGroupBox("Assets assigned to " + piece_name(self.module, names[0]))
            column = QVBoxLayout(assets_box)
            for asset in offered:
                cb = QCheckBox(piece_name(self.module, asset))
                cb.toggled.connect(self.update_odds)  # engineers, armour: the odds follow the ticks
                column.addWidget(cb)
                self.asset_boxes[asset] = cb
            if not offered:
                column.addWidget(QLabel("none available"))
            layout.addWidget(assets_box)
        self.odds_label, self.result_label = figures_and_result(layout)
        buttons = QDialogButtonBox()
        self.declare_button = QPushButton("Declare")
        self.roll_button = QPushButton("Declare and roll" if self.declared is None else "Roll")
        self.close_button = QPushButton("Close")
        buttons.addButton(self.declare_button, QDialogButtonBox.ActionRole)
        buttons.addButton(self.roll_button, QDialogButtonBox.AcceptRole)
        buttons.addButton(self.close_button, QDialogButtonBox.RejectRole)
        self.declare_button.setVisible(self.declared is None)
        self.declare_button.clicked.connect(self.declare)
        self.roll_button.clicked.connect(self.roll)
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.update_odds()

    def _choices(self, layout: QVBoxLayout, state) -> None:
        """Combat intensity (ToV 10.2.3) and air ground support (7.1), when the module has them."""
        combat = self.module.rules.combat
        form = QFormLayout()
        self.intensity_combo = QComboBox()
        self.intensity_combo.addItem("None", 0)
        for level in combat.intensity.levels if combat.intensity is not None else []:
            faces = ", ".join(str(f) for f in level.loss_on)
            self.intensity_combo.addItem(f"+{level.shift} column(s): a step lost on {faces}", level.shift)
        self.air_spin = QSpinBox()
        self.air_spin.setRange(0, air_points_for_attack(self.module, state))
        self.air_spin.setSuffix(" air point(s)")
        if self.declared is not None:
            self.intensity_combo.setCurrentIndex(max(0, self.intensity_combo.findData(self.declared.intensity)))
            self.air_spin.setMaximum(max(self.air_spin.maximum(), self.declared.air))
            self.air_spin.setValue(self.declared.air)
        for widget in (self.intensity_combo, self.air_spin):
            widget.setEnabled(self.declared is None)
        self.intensity_combo.currentIndexChanged.connect(self.update_odds)
        self.air_spin.valueChanged.connect(self.update_odds)
        if combat.intensity is not None:
            form.addRow(f"Combat intensity ({combat.intensity.section or 'intensity'})", self.intensity_combo)
        if combat.air_support is not None and combat.air_support.side == phase_side(self.module, state):
            form.addRow(f"Air ground support ({combat.air_support.section or 'air'})", self.air_spin)
        if form.rowCount():
            layout.addLayout(form)

    def _values(self, pid: str):
        piece, at = self.module.pieces.pieces[pid], self.window_.game.state.pieces[pid]
        return piece.steps[min(at.step, len(piece.steps) - 1)]

    def intensity(self) -> int:
        return int(self.intensity_combo.currentData() or 0)

    def attackers(self) -> tuple[str, ...]:
        return tuple(sorted(pid for pid, cb in self.boxes.items() if cb.isChecked()))

    def assets(self) -> tuple[str, ...]:
        """The assets ticked for the attacking unit (none once declared: they are attached then)."""
        if self.declared is not None:
            return ()
        return tuple(sorted(a for a, cb in self.asset_boxes.items() if cb.isChecked()))

    def update_odds(self) -> None:
        attackers = self.attackers()
        state = self.window_.game.state
        if not attackers:
            self.odds_label.setText("Choose at least one attacker.")
            self.roll_button.setEnabled(False)
            self.declare_button.setEnabled(False)
            return
        try:
            odds = attack_odds(self.module, state, attackers, self.hex, intensity=self.intensity(),
                               air=self.air_spin.value(), assets=self.assets())
        except (ValueError, ActionError) as exc:
            self.odds_label.setText(f"Not possible: {exc}")
            self.roll_button.setEnabled(False)
            return
        kind = "ΔCF" if odds.kind == "differential" else "odds"
        lines = [f"Attack {odds.attack} against defence {odds.defense}: {kind} {odds.raw}"]
        if odds.value is not None and odds.value != odds.raw:
            lines.append(f"capped to {odds.value} ({self.module.rules.combat.section})")
        crt = self.module.tables.crts[odds.crt]
        if odds.base_column is not None:
            lines.append(f"base column {crt.columns[odds.base_column].label}")
        for m in odds.shifts:
            arrow = "⇒" if m.shift > 0 else "⇐"
            lines.append(f"shift {arrow}{abs(m.shift)}: {m.source} ({m.section})")
        for m in odds.drms:
            lines.append(f"DRM {m.drm:+d}: {m.source} ({m.section})")
        lines += odds.notes
        armour = [a for a in self.assets() if (self._values(a).armor or 0) > 0]
        if armour and self.module.rules.assets is not None and self.module.rules.assets.armor_superiority is not None:
            lines.append(f"armour ({len(armour)} asset(s)): the armour differential is rolled when the attack is "
                         f"resolved ({self.module.rules.assets.section})")
        lines.append(f"<b>final column: {odds.column_label}</b>" + (f", DRM {odds.drm:+d}" if odds.drm else ""))
        self.odds_label.setText("<br>".join(lines))
        self.roll_button.setEnabled(odds.allowed)
        self.declare_button.setEnabled(odds.allowed)

    def declare(self) -> bool:
        if self.declared is not None:
            return True
        entry = self.window_.run_engine(Declare(attackers=self.attackers(), hex=self.hex, intensity=self.intensity(),
                                                air=self.air_spin.value(), assets=self.assets()))
        if entry is None:
            self.result_label.setText(self.window_.last_error)
            return False
        self.declared = next((d for d in engine_state(self.window_.game.state).declared if d.hex == self.hex), None)
        for widget in (*self.boxes.values(), *self.asset_boxes.values(), self.intensity_combo, self.air_spin):
            widget.setEnabled(False)
        self.declare_button.setVisible(False)
        self.roll_button.setText("Roll")
        self.result_label.setText("Declared. Declare the other attacks, or roll.")
        return True

    def roll(self) -> None:
        if not self.declare():
            return
        state = self.window_.game.state
        if engine_state(state).top is not None:  # a choice first (St-Lô 9.3 C: the defender's assets)
            side = self.module.pieces.sides.get(to_act(self.module, state) or "")
            self.result_label.setText(f"Declared. {side.name if side else 'A player'} chooses first in the "
                                      "phase bar; then Roll.")
            return
        entry = self.window_.run_engine(Resolve(hex=self.hex))
        if entry is None:
            self.result_label.setText(self.window_.last_error)
            return
        self.result_label.setText(entry.text)
        self.roll_button.setEnabled(False)
        self.declare_button.setEnabled(False)
        self.close_button.setText("Close")


def figures_and_result(layout) -> tuple[QLabel, QLabel]:
    """The two labels under a combat dialog's choices (the attack's, the fire's): the figures as
    they stand (odds, fire plan), then the result, in bold, once rolled."""
    figures, result = QLabel(), QLabel()
    for label in (figures, result):
        label.setWordWrap(True)
        layout.addWidget(label)
    result.setStyleSheet("font-weight: bold;")
    return figures, result
