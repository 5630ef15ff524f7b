"""The phase bar on the screens players have (1366×768, 1600×900): the window keeps the screen's
width, and every button of the bar stays inside it, even with long side names and long choices
(ToV's 'Any two divisions: French 2nd Armored Division', 'Germans (1st and 19th Armies)')."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from sequence_modules import activation_module

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


def long_named_module():
    """activation_module with ToV-length names: the sides for the VPs and the supply list, the
    divisions for the choices of the bar (the longest ToV choice is 46 characters)."""
    m = activation_module()
    m.pieces.sides["blue"].name = "Allies (US Third and Seventh Armies)"
    m.pieces.sides["red"].name = "Germans (1st and 19th Armies)"
    for formation in m.pieces.formations.values():
        formation.name = f"French {formation.name} of the Armored Cavalry Group"
    return m


def bar_widgets_outside(window) -> list[str]:
    bar = window.rules
    out = []
    for name in ("phase_label", "step_label", "vp_label", "choice_combo", "choice_button", "end_button",
                 "los_button", "supply_combo", "rules_button"):
        widget = getattr(bar, name)
        if not widget.isVisible():
            continue
        left = widget.mapTo(window, QPoint(0, 0)).x()
        if left < 0 or left + widget.width() > window.width() or widget.width() <= 0:
            out.append(name)
    return out


@pytest.mark.parametrize("size", [(1366, 768), (1600, 900)])
def test_every_button_of_the_phase_bar_fits_the_screen(qtbot, tmp_path, size):
    win = PlayWindow(Game(long_named_module(), "act", 1, engine=ENGINE), {}, autosave_path=tmp_path / "auto.hwsav")
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    bar = win.rules
    texts = [bar.choice_combo.itemText(i) for i in range(bar.choice_combo.count())]
    assert max(len(t) for t in texts) >= 46  # as long as ToV's longest choice
    assert bar.rules_button.isVisible() and bar.supply_combo.isVisible() and bar.choice_button.isVisible()
    assert win.width() == size[0]  # the bar does not widen the window past the screen
    assert bar_widgets_outside(win) == []
    assert bar.choice_combo.width() >= bar.choice_combo.sizeHint().width()  # the choice is whole
    assert "VP" in bar.vp_label.text() and bar.vp_label.width() >= bar.vp_label.sizeHint().width()
