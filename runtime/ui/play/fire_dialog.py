"""The fire dialog: like the attack dialog, for a fire mission (St-Lô 10, 11, 14–16) — where the
OP stands and what it observes with its OV, each firing unit's intensity and final fire value,
the sum and the table's column, every DRM with its section; then fire (the roll and the result
through the play window, one log entry)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from hexwright.runtime.engine import Fire, fire_options, fire_plan
from hexwright.runtime.state import piece_name

from .attack_dialog import figures_and_result


class FireDialog(QDialog):
    def __init__(self, window, mission: str, target: str = ""):
        super().__init__(window)
        self.window_ = window
        self.module = window.module
        self.mission = mission
        self.target = target
        fire = self.module.rules.fire
        self.declared = fire.missions[mission] if fire is not None and mission in fire.missions else None
        name = self.declared.name if self.declared is not None else mission
        self.setWindowTitle(f"{name} on {target}" if target else name)
        self.options = fire_options(self.module, window.game.state, mission, target)
        layout = QVBoxLayout(self)
        self.op_combo = QComboBox()
        for op, hex, seen in self.options.places:
            self.op_combo.addItem(f"{piece_name(self.module, op)} at {hex}: OV {seen.value} ({seen.reason})",
                                  (op, hex))
        if self.options.places:
            layout.addWidget(QLabel("Observation post (11.1):"))
            layout.addWidget(self.op_combo)
        elif self.declared is not None and self.declared.observed:
            layout.addWidget(QLabel("No OP of yours can observe this hex (11.3)."))
        self.op_combo.currentIndexChanged.connect(self.update_plan)
        box = QGroupBox("Firing units and intensities (10.2)")
        form = QFormLayout(box)
        self.intensity: dict[str, QComboBox] = {}
        for unit, allowed in self.options.units:
            combo = QComboBox()
            combo.addItem("— not firing", "")
            for i in allowed:
                level = fire.intensities[i] if fire is not None else None
                combo.addItem(f"{level.name or i} (×{level.multiplier}, {level.missions} mission(s))" if level else i, i)
            combo.setEnabled(bool(allowed))
            combo.currentIndexChanged.connect(self.update_plan)
            form.addRow(piece_name(self.module, unit), combo)
            self.intensity[unit] = combo
        if self.intensity:
            layout.addWidget(box)
        self.plan_label, self.result_label = figures_and_result(layout)
        buttons = QDialogButtonBox()
        self.fire_button = QPushButton("Fire")
        self.close_button = QPushButton("Close")
        buttons.addButton(self.fire_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.fire_button.clicked.connect(self.fire)
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.update_plan()

    def action(self) -> Fire:
        op, hex = self.op_combo.currentData() or ("", "")
        chosen = [(u, c.currentData()) for u, c in self.intensity.items() if c.currentData()]
        return Fire(mission=self.mission, target=self.target, op=op, op_hex=hex,
                    units=tuple(u for u, _ in chosen), intensities=tuple(i for _, i in chosen))

    def update_plan(self) -> None:
        p = fire_plan(self.module, self.window_.game.state, self.action())
        lines = []
        if p.observation is not None:
            o = p.observation
            lines.append(f"{piece_name(self.module, p.op)} at {p.op_hex} observes {p.target}: {o.reason}; "
                         f"<b>OV {o.value}</b> ({o.section or '11.3'}, 11.3.7)")
        for part in p.parts:
            ov = f" × OV {part.ov}" if (p.observation is not None and part.ov != 1) or \
                (p.observation is not None and p.ov == 1) else ""
            lines.append(f"{piece_name(self.module, part.unit)}: {part.value_name.replace('_', '-')} {part.printed} × "
                         f"{part.multiplier} ({part.intensity}){ov} = {part.value}")
        if p.parts:
            lines.append(f"<b>final fire value {p.total}</b> (10.3)")
        if p.column:
            lines.append(f"column {p.column}" + (f" ({p.section})" if p.section else ""))
        for d in p.drms:
            lines.append(f"DRM {d.drm:+d}: {d.source}" + (f" ({d.section})" if d.section else ""))
        lines += list(p.notes)
        if p.problem:
            lines.append(f"<span style='color:#a00'>{p.problem}" + (f" — {p.section}" if p.section else "") +
                         "</span>")
        self.plan_label.setText("<br>".join(lines) or "Choose the firing units.")
        self.fire_button.setEnabled(not p.problem)
        self.adjustSize()

    def fire(self) -> None:
        entry = self.window_.run_engine(self.action())
        if entry is None:
            self.result_label.setText(self.window_.last_error)
            return
        self.result_label.setText(entry.text)
        self.fire_button.setEnabled(False)
        self.adjustSize()
