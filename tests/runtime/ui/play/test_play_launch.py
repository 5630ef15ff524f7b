"""``hexwright play``: arguments, choosing the game, resuming the autosave, opening another module."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from builders import play_module

from hexwright.runtime.cli.main import build_parser
from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import ActionError, Game, RollDice, save_game
from hexwright.runtime.storage import LoadedModule, save_module
from hexwright.runtime.ui.play.launch import autosave_path, make_game

ROOT = Path(__file__).resolve().parents[4]


def test_play_arguments_parse():
    parser, _ = build_parser()
    args = parser.parse_args(["play", "m", "--scenario", "basic", "--seed", "7", "--hot-seat", "--strict"])
    assert (args.path, args.scenario, args.seed, args.hot_seat, args.strict, args.resume) == ("m", "basic", 7, True, True, False)


def test_play_on_a_missing_module_fails_cleanly_without_qt(tmp_path):
    code = ("import sys; from hexwright.runtime.cli.main import main; rc = main(['play', sys.argv[1]]); "
            "sys.exit(10 + rc if 'PySide6' not in sys.modules else 99)")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "nothing")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 11, done.stderr
    assert "no such module" in done.stderr


def test_make_game_picks_the_first_scenario_and_checks_the_seed():
    loaded = LoadedModule(play_module())
    game, warnings, path = make_game(loaded, None, 12, None)
    assert (game.scenario, game.seed, warnings, path) == ("basic", 12, [], None)
    with pytest.raises(ActionError, match="seed must be between"):
        make_game(loaded, None, -1, None)


def test_make_game_loads_a_save(tmp_path):
    module = play_module()
    game = Game(module, "basic", 3, engine=ENGINE)
    game.do(RollDice())
    save_game(game, tmp_path / "g.hwsav")
    loaded, _warnings, path = make_game(LoadedModule(module), None, None, str(tmp_path / "g.hwsav"))
    assert loaded.state == game.state and path == tmp_path / "g.hwsav"


def test_autosave_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXWRIGHT_AUTOSAVE_DIR", str(tmp_path))
    assert autosave_path("dom", "campaign") == tmp_path / "dom-campaign.hwsav"


@pytest.mark.gui
def test_open_another_module_in_a_new_window(qtbot, tmp_path):
    from hexwright.runtime.ui.play.play_window import PlayWindow

    folder = tmp_path / "other"
    other = play_module()
    other.meta.id = "other"
    save_module(other, folder)
    first = PlayWindow(Game(play_module(), "basic", 1, engine=ENGINE))
    qtbot.addWidget(first)
    first.show()
    second = first.open_module(folder, seed=4)
    qtbot.addWidget(second)
    assert second.game.module.meta.id == "other" and second.game.seed == 4
    assert not first.isVisible()
    second.files.start_game(Game(second.module, "basic", 9, engine=ENGINE))
    assert second.game.seed == 9 and second.log_panel.texts() == ["0. start of scenario basic"]


def test_s2_hexwright_play_optional_turns_on_the_rules_the_players_agreed_on():
    from hexwright.runtime.storage import load_module

    loaded = load_module(Path(__file__).resolve().parents[4] / "modules" / "drive_on_metz")
    game, _, _ = make_game(loaded, None, 5, None, optional_rules=["us_airborne"])
    assert game.state.optional_rules == {"division_command": False, "tactical_withdrawal": False,
                                         "us_airborne": True}
    with pytest.raises(ActionError, match="unknown optional rule 'paratroops'"):
        make_game(loaded, None, 5, None, optional_rules=["paratroops"])
    args = build_parser()[0].parse_args(["play", "--optional", "us_airborne", "--optional", "division_command"])
    assert args.optional == ["us_airborne", "division_command"]
