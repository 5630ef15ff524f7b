"""The play window on a variant (issue 21): the bundled example of The Drive on Metz played with
the mouse, saved with its stack of layers, loaded again on the same variant and refused on its base."""

from __future__ import annotations

import json

import pytest
from play_helpers import drag_piece_to

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game, Location, SaveError
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import bundled_module
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui

VARIANT = "drive_on_metz_106th_early"


def _window(qtbot, loaded, scenario: str, seed: int) -> PlayWindow:
    win = PlayWindow(Game(loaded.module, scenario, seed, engine=ENGINE), loaded.assets, autosave_path=None)
    qtbot.addWidget(win)
    win.resize(1300, 900)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_to_window()
    win.rules.set_enabled(False)
    return win


def test_a_variant_plays_saves_its_stack_and_reloads_only_on_itself(qtbot, tmp_path):
    variant = load_module(bundled_module(VARIANT))
    window = _window(qtbot, variant, "first_day", 1944)
    assert window.game.module.layers[-1].id == VARIANT
    drag_piece_to(qtbot, window, "us_5_10", Location.hex("0407"))
    assert window.game.state.pieces["us_5_10"].at == Location.hex("0407")
    path = tmp_path / "first_day.hwsav"
    window.files.save_to(path)
    saved = json.loads(path.read_text())
    assert [layer["id"] for layer in saved["stack"]] == ["drive_on_metz", VARIANT]

    again = _window(qtbot, variant, "first_day", 1)
    assert again.files.open_save(path).warnings == []
    assert again.game.state == window.game.state

    base = load_module(bundled_module("drive_on_metz"))
    other = _window(qtbot, base, "campaign", 1)
    before = other.game.state
    with pytest.raises(SaveError, match="this save is for module 'drive_on_metz_106th_early'"):
        other.files.open_save(path)
    assert other.game.state == before  # the window keeps its own game
