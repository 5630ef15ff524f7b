"""Players choose sides and play by e-mail with committed dice, in real windows driven with the mouse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import play_module
from play_helpers import drag_piece_to

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game, Location, PacketError, load_game, save_bytes
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui

MODULE = Path(__file__).resolve().parents[4] / "modules" / "drive_on_metz"


def _window(qtbot, game, secrets=None, **options):
    win = PlayWindow(game, secrets_dir=secrets, **options)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_to_window()
    win.rules.set_enabled(False)  # manual play: the seats are checked before any rule
    return win


def test_pbem_between_two_windows_with_committed_dice(qtbot, tmp_path, monkeypatch):
    blue = _window(qtbot, Game(play_module(), "basic", 5, engine=ENGINE), tmp_path / "blue-secrets")
    blue.seats.play_by_email_as("blue")
    blue.files.save_to(tmp_path / "start.hwsav")
    red = _window(qtbot, Game(play_module(), "basic", 5, engine=ENGINE), tmp_path / "red-secrets")
    red.files.open_save(tmp_path / "start.hwsav")
    assert red.seats.seat is None  # Blue's secret is not on Red's computer
    red.seats.play_by_email_as("red")
    assert "you: Red" in red.turn_label.text()
    red.files.export_moves(tmp_path / "red0.hwlog")  # Red's commitment and the opening Blue needs to roll
    blue.files.import_moves(tmp_path / "red0.hwlog")

    drag_piece_to(qtbot, blue, "blue-1", Location.hex("0303"))
    assert blue.game.state.pieces["blue-1"].at == Location.hex("0303"), blue.last_error
    roll = blue.roll()
    assert roll is not None and roll.dice, blue.last_error
    blue.next_phase()
    blue.next_phase()  # Red's turn
    blue.files.export_moves(tmp_path / "blue1.hwlog")
    packet = (tmp_path / "blue1.hwlog").read_bytes()
    assert blue.game.dice_secret.secret not in packet.decode()

    tampered = json.loads(packet)
    tampered["rolls"][0]["dice"] = [7 - tampered["rolls"][0]["dice"][0]]
    (tmp_path / "bad.hwlog").write_text(json.dumps(tampered))
    with pytest.raises(PacketError, match="the signature is not blue's"):  # altered on the way: not Blue's
        red.files.import_moves(tmp_path / "bad.hwlog")
    red.files.import_moves(tmp_path / "blue1.hwlog")
    assert red.game.state == blue.game.state

    drag_piece_to(qtbot, red, "red-1", Location.hex("0404"))
    assert red.game.state.pieces["red-1"].at == Location.hex("0404"), red.last_error
    assert red.roll(count=2) is not None, red.last_error
    red.next_phase()
    red.files.export_moves(tmp_path / "red1.hwlog")
    blue.files.import_moves(tmp_path / "red1.hwlog")
    assert blue.game.state == red.game.state
    assert save_bytes(blue.game) == save_bytes(red.game)
    blue.files.save_to(tmp_path / "blue.hwsav")
    assert blue.game.dice_secret.secret not in (tmp_path / "blue.hwsav").read_text()
    assert red.game.dice_secret.secret not in (tmp_path / "blue.hwsav").read_text()
    assert list((tmp_path / "blue-secrets").iterdir()) and list((tmp_path / "red-secrets").iterdir())

    # Blue's own computer finds its secret again when the save is reopened (File ▸ Open, or
    # `hexwright play --load`, which reads the config folder), and plays on.
    again = _window(qtbot, Game(play_module(), "basic", 5, engine=ENGINE), tmp_path / "blue-secrets")
    again.files.open_save(tmp_path / "blue.hwsav")
    assert again.seats.seat == "blue"
    monkeypatch.setenv("HEXWRIGHT_SECRETS_DIR", str(tmp_path / "red-secrets"))
    launched = _window(qtbot, load_game(tmp_path / "blue.hwsav", play_module(), engine=ENGINE).game)
    assert launched.seats.seat == "red" and launched.roll() is not None, launched.last_error


def test_by_email_the_other_sides_computer_is_refused_with_the_reason(qtbot, tmp_path):
    blue = _window(qtbot, Game(play_module(), "basic", 5, engine=ENGINE), tmp_path / "b")
    blue.seats.play_by_email_as("blue")
    blue.files.save_to(tmp_path / "start.hwsav")
    red = _window(qtbot, Game(play_module(), "basic", 5, engine=ENGINE), tmp_path / "r")
    red.files.open_save(tmp_path / "start.hwsav")
    red.seats.play_by_email_as("red")
    before = len(red.game.actions)
    drag_piece_to(qtbot, red, "red-1", Location.hex("0404"))
    assert red.last_error == "it is Blue's turn; this computer plays Red"
    assert len(red.game.actions) == before and red.game.state.pieces["red-1"].at == Location.hex("0504")
    drag_piece_to(qtbot, blue, "red-1", Location.hex("0404"))
    assert blue.last_error == "0504 belongs to Red; it is Blue's turn"


def test_hot_seat_refuses_a_drag_of_an_enemy_piece_with_the_reason_until_free_play(qtbot, tmp_path):
    loaded = load_module(MODULE)
    window = PlayWindow(Game(loaded.module, "campaign", 1944, engine=ENGINE), loaded.assets)
    qtbot.addWidget(window)
    window.resize(1300, 900)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_to_window()
    window.rules.set_enabled(False)
    window.actions_by_name["hot_seat"].setChecked(True)
    assert window.game.state.active_side == "us"
    drag_piece_to(qtbot, window, "de_462_1010", Location.hex("0607"))
    assert window.last_error == "0507 belongs to Germany; it is United States (XX Corps)'s turn"
    assert window.game.state.pieces["de_462_1010"].at == Location.hex("0507")
    assert "0507 belongs to Germany" in window.statusBar().currentMessage()
    drag_piece_to(qtbot, window, "us_5_10", Location.hex("0407"))  # its own pieces move
    assert window.game.state.pieces["us_5_10"].at == Location.hex("0407")
    window.actions_by_name["free_play"].setChecked(True)
    drag_piece_to(qtbot, window, "de_462_1010", Location.hex("0607"))
    assert window.game.state.pieces["de_462_1010"].at == Location.hex("0607")
    assert "free play" in window.turn_label.text()
