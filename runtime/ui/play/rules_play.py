"""The rules engine in the play window: enforcement on every drop, the reach of a carried
unit, the phase bar, attacks, retreats and advances by clicking, supply and LOS overlays,
and the victory screen. The window stays thin: it calls :class:`RulesPlay` from ``run``,
``refresh`` and the view's drag and click signals."""

from __future__ import annotations

from PySide6.QtGui import QAction, QColor, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.engine import (
    LISTED_FRAMES,
    Decline,
    Drop,
    EliminateExcess,
    EndPhase,
    Interdict,
    LoseStep,
    action_for_drop,
    allows_now,
    choices,
    engine_state,
    legal_actions,
    offered_modes,
    phase_of,
    reach_of,
    refusal,
    rules_of,
    step_prompt,
    to_act,
    totals,
    waiting,
)
from hexwright.runtime.engine.seating import seat_to_act
from hexwright.runtime.rules import observe, supply
from hexwright.runtime.state import ActionError, MovePieces, NextPhase, piece_name

from .air_markers import AirMarkers
from .attack_dialog import AttackDialog
from .fire_dialog import FireDialog
from .op_view import OpView
from .rules_dialogs import EnforcementDialog, VictoryDialog
from .rules_overlay import CHOICE, DEFENDER, OFFERED, REACH, STOP, SUPPLY, RulesOverlay

_LISTED_TEXT = {"losses": "allocate the step loss", "roll": "roll after combat", "support": "air support",
                "assets": "assets for the defence", "asset_loss": "armoured asset lost",
                "asset_split": "assets of the companies", "reassign": "reassign assets"}


class RulesPlay:
    def __init__(self, window):
        self.window = window
        self.module = window.module
        self.enabled = bool(self.module.meta.sequence)
        self.overlay = RulesOverlay(self.module)
        window.scene.addItem(self.overlay)
        window.scene.addItem(self.overlay.above)
        self.markers = AirMarkers(self.overlay)
        window.scene.addItem(self.markers)
        self.carried = None
        self.los_mode = False
        self.los_from: str | None = None
        self.supply_side: str | None = None
        self.victory_shown = False
        self.attack_dialog: AttackDialog | None = None
        self.fire_dialog: FireDialog | None = None
        self.victory: VictoryDialog | None = None
        self.op_view = OpView(window)  # St-Lô 11.3: what an OP would see, in the phase bar
        self._build_bar()

    # -- the phase bar -------------------------------------------------------------------------

    def _build_bar(self) -> None:
        w = self.window
        self.toolbar = QToolBar("Phase")
        self.toolbar.setObjectName("Phase")
        box = QWidget()
        self.phase_label = QLabel()
        self.phase_label.setStyleSheet("font-weight: bold; font-size: 13px;")
        self.step_label = QLabel()
        self.vp_label = QLabel()
        self.end_button = QPushButton("End phase")
        self.end_button.clicked.connect(self.end_phase)
        self.decline_button = QPushButton("No advance")
        self.decline_button.clicked.connect(lambda: w.run_engine(Decline()))
        self.fire_button = QPushButton("Fire…")  # St-Lô 14.1, 15.0, 16.0: the fire dialog of the step waiting
        self.fire_button.clicked.connect(lambda: self.open_fire())
        self.eliminate_button = QPushButton("Eliminate selected")
        self.eliminate_button.clicked.connect(self.eliminate_selected)
        self.mode_combo = QComboBox()  # how a unit dragged now moves, when the step offers modes (ToV 11.2)
        self.mode_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.mode_combo.setToolTip("How the next unit you drag moves: normally or in a movement mode the step "
                                   "allows")
        self.mode_combo.setVisible(False)
        self.modes: list[tuple[str, str]] = []
        self.choice_combo = QComboBox()  # a step played off the board: draw, roll, put a chit, choose
        self.choice_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.choice_button = QPushButton("Do")
        self.choice_button.clicked.connect(self.do_choice)
        self.rules_button = QPushButton("Rules…")
        self.rules_button.clicked.connect(self.enforcement_dialog)
        self.los_button = QPushButton("LOS tool")
        self.los_button.setCheckable(True)
        self.los_button.toggled.connect(self.set_los_mode)
        self.supply_combo = QComboBox()
        self.supply_combo.addItem("Supply: off", None)
        for side_id, side in self.module.pieces.sides.items():
            self.supply_combo.addItem(f"Supply: {side.name}", side_id)
        self.supply_combo.currentIndexChanged.connect(lambda i: self.show_supply(self.supply_combo.itemData(i)))
        # two rows, so that no button falls off a 1366- or 1600-pixel-wide window whatever the
        # choice list holds: the phase and the tools on the first; the step, the VPs, the
        # choice and the buttons that answer it on the second. The phase and the step give way
        # (a why too long for the width, the initiative rolls, is whole in the tooltip)
        rows = QVBoxLayout(box)
        rows.setContentsMargins(6, 2, 6, 2)
        rows.setSpacing(2)
        first, second = QHBoxLayout(), QHBoxLayout()
        rows.addLayout(first)
        rows.addLayout(second)
        self.phase_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.step_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        first.addWidget(self.phase_label, 1)
        for widget in (self.los_button, self.op_view.combo, self.supply_combo, self.rules_button):
            first.addWidget(widget)
        second.addWidget(self.step_label, 1)
        for widget in (self.vp_label, self.mode_combo, self.choice_combo, self.choice_button, self.fire_button, self.decline_button,
                       self.eliminate_button, self.end_button):
            second.addWidget(widget)
        self.toolbar.addWidget(box)

    def install(self) -> None:
        """Put the phase bar under the window's toolbar and add the Rules menu."""
        w = self.window
        w.addToolBarBreak()
        w.addToolBar(self.toolbar)
        menu = w.menuBar().addMenu("R&ules")
        assist = QAction("Rules &assistance (enforce the module's rules)", w, checkable=True)
        assist.setChecked(self.enabled)
        assist.toggled.connect(self.set_enabled)
        menu.addAction(assist)
        w.actions_by_name["rules_assist"] = assist
        for text, slot, key, name in (
            ("&End phase", self.end_phase, "Ctrl+E", "end_phase"),
            ("Rules &enforcement…", self.enforcement_dialog, None, "enforcement"),
            ("&Victory points…", self.show_victory, None, "victory"),
        ):
            action = QAction(text, w)
            if key:
                action.setShortcut(QKeySequence(key))
            action.triggered.connect(slot)
            menu.addAction(action)
            w.actions_by_name[name] = action

    def show_victory(self) -> VictoryDialog:
        self.victory = VictoryDialog(self.window)
        self.victory.show()
        return self.victory

    def refresh(self) -> None:
        w, m = self.window, self.module
        state = w.game.shown_state
        data = engine_state(state)
        top = data.top
        phase = phase_of(m, state)
        sides = m.pieces.sides
        acting = to_act(m, state)
        self.toolbar.setVisible(self.enabled)
        self.markers.setVisible(self.enabled)
        if not self.enabled:
            self.overlay.clear()
            self.op_view.choose(None)
            return
        self.op_view.refresh()
        self.markers.show_state(state)
        prompt = step_prompt(m, state)
        if data.over:
            self.phase_label.setText(f"Game over — {data.outcome}")
        elif top is not None or prompt.side != acting or self.seat(state):
            who = sides[acting].name if acting in sides else "-"
            seat = self.seat(state)
            who = f"{m.meta.seats[seat].name} ({who})" if seat else who
            self.phase_label.setText(f"Turn {state.turn} · {phase.name if phase else '-'} · {who} to play")
        else:
            self.phase_label.setText(f"Turn {state.turn} · {prompt.text(m)}")
        self.phase_label.setToolTip(self.phase_label.text())
        self.choice_combo.clear()
        for label, action in [] if data.over else prompt.choices:
            self.choice_combo.addItem(label, action)
        self.choice_combo.setMinimumWidth(self.choice_combo.sizeHint().width())  # a choice is never cut off
        self.choice_combo.setVisible(bool(self.choice_combo.count()))
        self.choice_button.setVisible(bool(self.choice_combo.count()))
        self.choice_button.setEnabled(not w.game.replaying)
        self._show_modes(state)
        self.step_label.setText(self.step_text(state))
        self.vp_label.setText("VP " + " · ".join(f"{sides[s].name if s in sides else s} {v}"
                                                 for s, v in totals(m, state).items()))
        rules = rules_of(m, state)
        self.los_button.setVisible(rules.los.enabled and rules.enforcement_of("los") != "off")
        self.supply_combo.setVisible(rules.supply.enabled and rules.enforcement_of("supply") != "off")
        if not self.supply_combo.isVisibleTo(self.toolbar) and self.supply_side is not None:
            self.supply_combo.setCurrentIndex(0)
        if not self.los_button.isVisibleTo(self.toolbar) and self.los_mode:
            self.los_button.setChecked(False)
        top = data.top
        self.decline_button.setVisible(top is not None and top.proc == "advance")
        self.fire_button.setVisible(self._fire_mission(state) is not None)
        self.fire_button.setEnabled(not w.game.replaying)
        self.eliminate_button.setVisible(top is not None and top.proc == "stacking")
        self.end_button.setEnabled(not data.over and top is None and not prompt.choices and not w.game.replaying)
        if self.carried is None:
            self._show_standing()
        if not data.over:
            self.victory_shown = False  # an undone end of the game shows its screen again next time
        elif not self.victory_shown and not w.game.replaying:
            self.victory_shown = True
            self.victory = VictoryDialog(w)
            self.victory.show()

    def _show_modes(self, state) -> None:
        """The movement modes the step offers besides normal movement, the last one chosen kept."""
        modes = [] if self.window.game.replaying else offered_modes(self.module, state)
        if modes == self.modes:
            return
        chosen = self.chosen_mode() or ""
        self.modes = modes
        self.mode_combo.clear()
        if modes:
            self.mode_combo.addItem("Normal movement", "")
            for mode, name in modes:
                self.mode_combo.addItem(f"{name} movement", mode)
            self.mode_combo.setCurrentIndex(max(0, self.mode_combo.findData(chosen)))
        self.mode_combo.setVisible(bool(modes))

    def chosen_mode(self) -> str | None:
        """The movement mode picked for the next drag ("" normal); None: the step decides."""
        return self.mode_combo.currentData() if self.modes else None

    def step_text(self, state) -> str:
        m = self.module
        data = engine_state(state)
        top = data.top
        if top is None:
            if data.declared:
                return "attacks declared on " + ", ".join(d.hex for d in data.declared) + ": click a defender to roll"
            if allows_now(m, state, data.seq, "interdict"):
                return "click a hex to place an air interdiction marker (shaded: near the units it slows)"
            if allows_now(m, state, data.seq, "declare"):
                return "click an enemy unit to attack it"
            if allows_now(m, state, data.seq, "move"):
                how = " (choose how it moves in the list)" if self.modes else ""
                return f"drag a unit: its reach is shaded{how}"
            return ""
        if top.proc == "retreat":
            unit = next((u for u in top.units if state.hex_of(u)), "")
            return f"{piece_name(m, unit)} retreats {top.length}: click a blue hex" if unit else ""
        if top.proc == "advance":
            return "advance after combat: click a blue hex, or No advance"
        if top.proc == "stacking":
            return f"{top.hex} is over the stacking limit: select a unit there and eliminate it"
        if top.proc == "relocate" and top.units:
            return f"{piece_name(m, top.units[0])} {top.result}: click a blue hex to relocate it"
        if top.proc == "enter":
            waiting = [u for u in top.units if state.hex_of(u) is None]
            return f"{piece_name(m, waiting[0])} arrives: click a blue hex to place it" if waiting else ""
        if top.proc == "losses":
            return f"{top.length} step loss(es) to allocate: click one of the units, or choose one"
        if top.proc == "support":
            return f"air support for the defence of {top.hex}: choose the points"
        if top.proc == "roll":
            return "roll after the combat result"
        if top.proc in LISTED_FRAMES:
            return _LISTED_TEXT.get(top.proc, "") + ": pick one in the list, then Do"
        return ""

    # -- overlays --------------------------------------------------------------------------------

    def _show_standing(self) -> None:
        """What stays on the board between drags: hexes to click, supply, the LOS line."""
        state = self.window.game.shown_state
        shaded: dict[str, QColor] = {}
        if self.supply_side is not None:
            result = supply(self.module, state.occupancy(), self.supply_side)
            shaded.update(dict.fromkeys(result.length, SUPPLY))
        shaded.update(dict.fromkeys(self._offered_markers(state), OFFERED))
        shaded.update(dict.fromkeys(choices(self.module, state), CHOICE))
        self.overlay.show_hexes(shaded)
        if self.overlay.line is None:
            self.overlay.show_path([], "")

    def show_supply(self, side: str | None) -> None:
        self.supply_side = side
        if side is not None:
            result = supply(self.module, self.window.game.shown_state.occupancy(), side)
            name = self.module.pieces.sides[side].name
            text = f"{name} supply: {len(result.length)} hexes from {len(result.sources)} source(s)"
            if not result.sources:
                text += " (this module defines no supply sources)"
            self.window.statusBar().showMessage(text, 8000)
        self._show_standing()

    def set_los_mode(self, on: bool) -> None:
        self.los_mode = on
        self.los_from = None
        self.overlay.line = None
        self.overlay.show_path([], "")
        self.window.statusBar().showMessage("LOS tool: click the observer's hex, then the target's" if on else "", 6000)

    # -- drags and clicks from the view ----------------------------------------------------------

    def drag_started(self, kind: str, item_id: str) -> None:
        if not self.enabled or kind != "piece" or self.window.game.replaying:
            return
        mode = self.chosen_mode()
        view = reach_of(self.module, self.window.game.state, item_id, mode)
        self.carried = view
        if view is None:
            if mode and reach_of(self.module, self.window.game.state, item_id, "") is not None:
                name = self.mode_combo.currentText()
                self.window.statusBar().showMessage(f"{name} is not open to this unit now: choose Normal movement",
                                                    5000)
            return
        shaded = {h: (STOP if stop else REACH) for h, stop in view.stops().items()}
        self.overlay.show_hexes(shaded)
        start = self.window.game.state.hex_of(item_id)
        how = f"{self.mode_combo.currentText()}: " if mode else ""
        self.overlay.show_path([start] if start else [], "air drop" if view.drop else f"{how}{view.allowance} MF")
        if view.drop:
            self.window.statusBar().showMessage(f"Air drop: {len(view.hexes)} hexes to land in are shaded", 5000)

    def drag_hovered(self, label: str) -> None:
        view = self.carried
        if view is None:
            return
        start = self.window.game.state.hex_of(view.unit)
        head = [start] if start else []
        if view.drop:
            self._drop_hovered(view.unit, label)
            return
        if label in view.hexes:
            cost, path, stop = view.hexes[label]
            text = f"{cost} of {view.allowance} MF" + (" · stop" if stop else "")
            self.overlay.show_path(head + list(path), text, True)
            self.window.statusBar().showMessage(f"{label}: {text}", 3000)
        elif label:
            self.overlay.show_path(head + [label], "out of reach", False)
        else:
            self.overlay.show_path(head, "")

    def _drop_hovered(self, unit: str, label: str) -> None:
        """An air drop (DoM §8.2): the landing hex under the cursor, or why it is not one."""
        if not label:
            self.overlay.show_path([], "air drop")
            return
        if label in self.carried.hexes:
            self.overlay.show_path([label], "air drop · stop", True)
            self.window.statusBar().showMessage(f"{label}: air drop, the unit stops there", 3000)
            return
        why = refusal(self.module, self.window.game.state, Drop(unit=unit, to=label)) or ""
        self.overlay.show_path([label], "no drop", False)
        self.window.statusBar().showMessage(f"{label}: {why}" if why else label, 3000)

    def drag_finished(self) -> None:
        self.carried = None
        self.overlay.show_path([], "")
        self._show_standing()

    def hex_clicked(self, label: str) -> None:
        if not self.enabled or not label:
            return
        if self.los_mode:
            self.los_click(label)
            return
        if self.op_view.active:
            self.op_view.click(label)
            return
        state = self.window.game.state
        action = choices(self.module, state).get(label)
        if action is not None:
            self.window.run_engine(action)
        elif self._placing_markers(state):
            self.window.run_engine(Interdict(hex=label))

    def los_click(self, label: str) -> None:
        if self.los_from is None:
            self.los_from = label
            self.overlay.show_line(label, label, True, "")
            self.window.statusBar().showMessage(f"LOS from {label}: click the target hex", 6000)
            return
        seen = observe(self.module, self.los_from, label)
        verdict = "visible" if seen.visible else "blocked"
        text = f"{self.los_from} → {label}: {verdict}" + (f" ({seen.reason})" if seen.reason else "")
        self.overlay.show_line(self.los_from, label, seen.visible, verdict)
        self.window.statusBar().showMessage(text + (f" — {seen.section}" if seen.section else ""), 10000)
        self.last_los = text
        self.los_from = None

    def counter_clicked(self, kind: str, item_id: str) -> None:
        """In a combat phase, clicking an enemy unit opens the attack dialog on its hex."""
        w = self.window
        if not self.enabled or kind != "piece" or w.game.replaying:
            return
        state = w.game.state
        hex = state.hex_of(item_id)
        if item_id in self.op_view.ops or (self.op_view.active and hex is not None):
            # St-Lô 11.3: an OP clicked shows what it can see; with one chosen, a unit's hex stands it there
            self.op_view.choose(item_id) if item_id in self.op_view.ops else self.op_view.click(hex or "")
            return
        phase = phase_of(self.module, state)
        data = engine_state(state)
        if data.top is not None and data.top.proc == "losses" and LoseStep(unit=item_id) in self._step_choices(state):
            w.run_engine(LoseStep(unit=item_id))  # ToV 10.3: the owner clicks the unit that loses the step
            return
        chosen = choices(self.module, state).get(hex) if hex is not None else None
        if chosen is not None:  # a retreat, advance or relocation to a hex where units stand: a click on them
            w.run_engine(chosen)
            return
        if hex is not None and self._placing_markers(state):
            w.run_engine(Interdict(hex=hex))  # a marker may go on a hex with units (ToV 7.2)
            return
        if hex is not None and self._fire_mission(state) is not None \
                and self.module.pieces.pieces[item_id].side != to_act(self.module, state):
            self.open_fire(hex)
            return
        if (phase is None or not allows_now(self.module, state, data.seq, "declare") or data.frames or hex is None
                or self.module.pieces.pieces[item_id].side == to_act(self.module, state)):
            return
        self.open_attack(hex)

    def _fire_mission(self, state) -> str | None:
        """The fire mission of the step waiting (St-Lô 14.1 barrage, 15.0 air strike, 16.0 interdiction)."""
        data = engine_state(state)
        if not self.enabled or data.frames or data.over:
            return None
        step = waiting(self.module, data.seq) if data.seq.frames else None
        return step.mission if step is not None and step.kind == "actions" and "fire" in step.allow else None

    def open_fire(self, hex: str = "") -> FireDialog | None:
        """The fire dialog of the step waiting, on ``hex`` (a mission with no target hex: none)."""
        state = self.window.game.state
        mission = self._fire_mission(state)
        fire = self.module.rules.fire
        if mission is None or fire is None or mission not in fire.missions:
            return None
        if fire.missions[mission].target == "hex" and not hex:
            self.window.statusBar().showMessage("Click an enemy unit to fire on its hex", 8000)
            return None
        if self.fire_dialog is not None:
            self.fire_dialog.close()
        self.fire_dialog = FireDialog(self.window, mission, hex if fire.missions[mission].target == "hex" else "")
        self.fire_dialog.show()
        if hex:
            self.overlay.show_hexes({hex: DEFENDER, **{h: CHOICE for _op, h, _o in self.fire_dialog.options.places[:1]}})
        return self.fire_dialog

    def open_attack(self, hex: str) -> AttackDialog:
        if self.attack_dialog is not None:
            self.attack_dialog.close()
        self.attack_dialog = AttackDialog(self.window, hex)
        self.attack_dialog.show()
        state = self.window.game.state
        shaded = {state.hex_of(a): CHOICE for a in self.attack_dialog.attackers() if state.hex_of(a)}
        shaded[hex] = DEFENDER
        self.overlay.show_hexes(shaded)
        return self.attack_dialog

    def _step_choices(self, state) -> list:
        return [action for _label, action in step_prompt(self.module, state).choices]

    def _placing_markers(self, state) -> bool:
        data = engine_state(state)
        return data.top is None and allows_now(self.module, state, data.seq, "interdict")

    def _offered_markers(self, state) -> list[str]:
        """Hexes the interdiction step offers a marker (ToV 7.2), shaded while it waits."""
        if not self._placing_markers(state) or self.window.game.replaying:
            return []
        return [a.hex for a in legal_actions(self.module, state) if isinstance(a, Interdict)]

    # -- commands ---------------------------------------------------------------------------------

    def translate(self, action):
        """A manual action the engine should handle instead (a unit dropped, next phase)."""
        if not self.enabled:
            return action
        if isinstance(action, NextPhase):
            return EndPhase()
        if isinstance(action, MovePieces) and action.pieces:
            if len(action.pieces) > 1 or action.markers:
                raise ActionError("with the rules on, units move one at a time: click the stack to fan it out")
            engine = action_for_drop(self.module, self.window.game.state, action.pieces[0], action.to,
                                     self.chosen_mode())
            if engine is None:
                raise ActionError("with the rules on, a unit moves on the map or off it by the rules; "
                                  "turn off Rules ▸ Rules assistance to move it by hand")
            return engine
        return action

    def chooser(self, state) -> str | None:
        return to_act(self.module, state) if self.enabled else None

    def chooser_changed(self, before, after) -> bool:
        """True when a retreat or advance passes the choice to the other side (hot-seat hand-over)."""
        if not self.enabled:
            return False
        a, b = self.chooser(before), self.chooser(after)
        return b is not None and a != b and not engine_state(after).over

    def seat(self, state) -> str | None:
        """The seat by army to act (ToV 15.1, ``module.json`` ``seats``), None: one seat per side."""
        return seat_to_act(self.module, state) if self.enabled else None

    def seat_changed(self, before, after) -> bool:
        """True when the next choice passes to another seat of the same side (hot-seat hand-over)."""
        b = self.seat(after)
        return b is not None and self.seat(before) != b and not engine_state(after).over

    def end_phase(self) -> None:
        self.window.run_engine(EndPhase())

    def do_choice(self) -> None:
        action = self.choice_combo.currentData()
        if action is not None:
            self.window.run_engine(action)

    def eliminate_selected(self) -> None:
        piece = self.window.selected_piece()
        if piece is None:
            self.window.statusBar().showMessage("Click a unit in the overstacked hex first", 5000)
            return
        self.window.run_engine(EliminateExcess(unit=piece))

    def enforcement_dialog(self) -> EnforcementDialog:
        dialog = EnforcementDialog(self.window)
        dialog.open()
        return dialog

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        self.window.refresh()
