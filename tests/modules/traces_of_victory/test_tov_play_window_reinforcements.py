"""11.2 in the play window of the shipped module, with the real widgets: the German
Reinforcement chit of turn 2 played from the phase bar, the 25th Panzergrenadier Division
picked, its units placed on the supply sources clicked, and moved as the bar's movement list
says: the 5th Panzer battalion by rail from Kaiserslautern to Strasbourg, a regiment at double
its allowance, the other normally."""

from __future__ import annotations

import pytest
from play_helpers import click, drag_piece_to, place_point
from PySide6.QtCore import Qt
from tov_states import reinforcement_chit_played

from hexwright.runtime.engine import ENGINE, Enter, Move, to_step
from hexwright.runtime.engine.context import unit_reach
from hexwright.runtime.state import Game, Location
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import bundled_module
from hexwright.runtime.ui.play.play_window import PlayWindow
from hexwright.runtime.ui.play.rules_overlay import CHOICE

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def pick(qtbot, combo, index: int) -> None:
    """Choose item ``index`` of ``combo`` with the arrow keys, as a player does."""
    assert 0 <= index < combo.count(), [combo.itemText(i) for i in range(combo.count())]
    combo.setFocus()
    for _ in range(combo.count()):
        if combo.currentIndex() == index:
            break
        qtbot.keyClick(combo, Qt.Key_Down if combo.currentIndex() < index else Qt.Key_Up)
    assert combo.currentIndex() == index


def test_11_2_reinforcements_moved_by_rail_double_and_normally_from_the_phase_bar(qtbot, tmp_path):
    loaded = load_module(bundled_module("traces_of_victory"))
    m = loaded.module
    game = Game(m, "combined", 3, engine=ENGINE)
    for action in reinforcement_chit_played(m):
        game.do(to_step(action))
    win = PlayWindow(game, loaded.assets, autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(1600, 900)
    win.show()
    qtbot.waitExposed(win)
    bar = win.rules
    assert not bar.mode_combo.isVisible()  # the division is chosen first
    choice = bar.choice_combo
    pick(qtbot, choice, choice.findText("One division: DE 35 pgregt, DE 119 pgregt, DE 5 Pz armbn"))
    qtbot.mouseClick(bar.choice_button, Qt.LeftButton)
    win.view.fit_to_window()
    assert "DE 35 pgregt arrives: click a blue hex" in bar.step_label.text()
    assert {h for h, c in bar.overlay.shaded.items() if c == CHOICE} == {"0109", "0723", "1220", "1425", "2725"}
    for hex in ("0109", "0109", "0723"):  # 11.2: "on any Supply Source hex", the German player's choice
        click(qtbot, win, place_point(win, Location.hex(hex)))
    state = win.game.state
    assert state.hex_of("de_25pg_5pz") == "0723" and state.hex_of("de_25pg_35") == "0109"
    assert state.hex_of("de_25pg_119") == "0109"
    assert win.game.actions[-1] == to_step(Enter(unit="de_25pg_5pz", to="0723"))
    combo = bar.mode_combo
    assert combo.isVisible()
    assert [combo.itemText(i) for i in range(combo.count())] == ["Normal movement", "Rail movement",
                                                                 "Double movement"]

    pick(qtbot, combo, combo.findData("rail"))
    bar.drag_started("piece", "de_25pg_5pz")
    assert "2622" in bar.overlay.shaded and "0823" not in bar.overlay.shaded  # along the railroad only
    bar.drag_finished()
    drag_piece_to(qtbot, win, "de_25pg_5pz", Location.hex("2622"))
    assert win.game.state.hex_of("de_25pg_5pz") == "2622"
    assert win.game.actions[-1] == to_step(Move(unit="de_25pg_5pz", to="2622", mode="rail"))
    assert "[Rail]" in win.game.entries[-1].text

    pick(qtbot, combo, combo.findData("double"))
    double = unit_reach(m, win.game.state, "de_25pg_35", m.rules, mode="double")
    far = min(h for h, x in double.hexes.items() if x.cost > 4 and x.can_end)  # past its 4 MP
    click(qtbot, win, place_point(win, Location.hex("0109")))  # the stack with the 119th, fanned out
    assert win.scene.expanded == Location.hex("0109")
    drag_piece_to(qtbot, win, "de_25pg_35", Location.hex(far))
    assert win.game.actions[-1] == to_step(Move(unit="de_25pg_35", to=far, mode="double")), \
        (far, win.statusBar().currentMessage(), win.scene.stack_at(Location.hex("0109")))

    pick(qtbot, combo, combo.findData(""))
    normal = unit_reach(m, win.game.state, "de_25pg_119", m.rules)
    near = min(h for h, x in normal.hexes.items() if x.can_end)
    drag_piece_to(qtbot, win, "de_25pg_119", Location.hex(near))
    assert win.game.actions[-1] == to_step(Move(unit="de_25pg_119", to=near, mode=""))
    win.grab().save(str(tmp_path / "reinforcements.png"))
    qtbot.mouseClick(bar.end_button, Qt.LeftButton)
    assert not combo.isVisible()  # the next chit's movement is normal movement (11.2: the arrival's only)
