"""Issue 20, findings 2 and 6, in the play window: a crafted save or packet is a dialog, the game
on screen is kept as it was; a re-imported packet is said plainly; a new key shows its fingerprint."""

from __future__ import annotations

import json

import pytest
from builders import play_module
from PySide6.QtWidgets import QFileDialog, QMessageBox

from hexwright.runtime.state import Game, Location, MovePieces, load_game_bytes, new_secret, save_bytes
from hexwright.runtime.state.pbem import append_actions, export_actions
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def boxes(monkeypatch):
    shown: list[tuple[str, str, str]] = []
    for kind in ("critical", "information", "warning"):
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text, *a, _k=kind: shown.append((_k, title, text)))
    return shown


def _window(qtbot, game: Game) -> PlayWindow:
    win = PlayWindow(game, autosave_path=None)
    qtbot.addWidget(win)
    win.rules.set_enabled(False)
    return win


def _choose(monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))


def test_opening_a_crafted_save_shows_a_dialog_and_keeps_the_game(qtbot, tmp_path, monkeypatch, boxes):
    game = Game(play_module(), "basic", 5)
    win = _window(qtbot, game)
    win.run(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    raw = json.loads(save_bytes(win.game))
    raw["actions"].append({"kind": "rules", "name": "declare", "args": {"attackers": ["blue-1"], "hex": ""}})
    (tmp_path / "crafted.hwsav").write_text(json.dumps(raw))
    before = save_bytes(win.game)
    _choose(monkeypatch, tmp_path / "crafted.hwsav")
    win.files.open_dialog()
    [(kind, title, text)] = boxes
    assert (kind, title) == ("critical", "Cannot open this save")
    assert "crafted.hwsav: action 2: rules does not apply" in text
    assert save_bytes(win.game) == before and win.game.state.pieces["blue-1"].at == Location.hex("0303")


def _email_windows(qtbot, tmp_path):
    module = play_module()
    blue = Game(module, "basic", 5)
    blue.join_by_email(new_secret(module.meta.id, "basic", "blue", length=50, secret="b1" * 32))
    red = _window(qtbot, load_game_bytes(save_bytes(blue), module).game)
    red.game.join_by_email(new_secret(module.meta.id, "basic", "red", length=50, secret="7e" * 32))
    append_actions(blue, export_actions(red.game, 1))
    red.files.pbem_mark = len(red.game.actions)
    return blue, red


def test_importing_a_forged_packet_shows_a_dialog_and_keeps_the_game(qtbot, tmp_path, monkeypatch, boxes):
    blue, red = _email_windows(qtbot, tmp_path)
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("red-1",), to=Location.hex("0101")))  # Blue moves a Red piece
    (tmp_path / "blue.hwlog").write_bytes(export_actions(blue, mark))
    before = save_bytes(red.game)
    _choose(monkeypatch, tmp_path / "blue.hwlog")
    red.files.import_dialog()
    [(kind, title, text)] = boxes
    assert (kind, title) == ("critical", "Cannot import these moves")
    assert "0504 belongs to Red" in text and save_bytes(red.game) == before


def test_a_packet_imported_twice_is_said_plainly(qtbot, tmp_path, monkeypatch, boxes):
    blue, red = _email_windows(qtbot, tmp_path)
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    (tmp_path / "blue.hwlog").write_bytes(export_actions(blue, mark))
    _choose(monkeypatch, tmp_path / "blue.hwlog")
    red.files.import_dialog()
    assert boxes == [] and red.game.state.pieces["blue-1"].at == Location.hex("0303")
    red.files.import_dialog()
    [(kind, title, text)] = boxes
    assert (kind, title) == ("information", "Already imported") and "already in this game" in text


def test_the_first_packet_of_an_opponent_shows_its_key_fingerprint(qtbot, tmp_path, monkeypatch):
    module = play_module()
    blue = Game(module, "basic", 5)
    blue.join_by_email(new_secret(module.meta.id, "basic", "blue", length=50, secret="b1" * 32))
    red = _window(qtbot, Game(module, "basic", 5))
    (tmp_path / "blue.hwlog").write_bytes(export_actions(blue, 0))
    red.files.import_moves(tmp_path / "blue.hwlog")
    from hexwright.runtime.state.signing import fingerprint, public_key

    assert red.files.key_box.objectName() == "new-key" and red.files.key_box.isVisible()
    assert fingerprint(public_key("b1" * 32)) in red.files.key_box.text()
