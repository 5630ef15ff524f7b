"""Starter templates (issue 17): every template makes a module that validates, and each
playable one plays whole games by its own sequence of play once units are placed."""

from __future__ import annotations

import random

import pytest

from hexwright.runtime.engine import ENGINE, is_over, legal_actions, to_step
from hexwright.runtime.model import Piece, Placement, StepValues
from hexwright.runtime.model.starter_templates import TEMPLATES, module_from_template
from hexwright.runtime.state import Game
from hexwright.runtime.validation import check_module

PLAYABLE = [name for name in TEMPLATES if name != "blank"]


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_every_template_validates_clean(name):
    m = module_from_template(name, "t", "T", 8, 6)
    assert check_module(m) == []


@pytest.mark.parametrize("name", PLAYABLE)
def test_playable_templates_have_sides_types_tec_crt_sequence_and_a_scenario(name):
    m = module_from_template(name, "t", "T", 8, 6)
    assert len(m.pieces.sides) == 2 and m.pieces.unit_types and m.tables.crts
    assert m.tables.terrain_effects.terrain and m.meta.sequence and m.rules.sequence.phases
    assert set(m.rules.sequence.phases) <= {p.id for p in m.meta.sequence}
    assert m.scenarios


def _with_units(m):
    hq = {"blue": "blue_hq", "red": "red_hq"}
    where = {"blue": ("0202", "0302", "0203"), "red": ("0705", "0605", "0706")}
    for side in ("blue", "red"):
        m.pieces.pieces[hq[side]] = Piece(side=side, designation="HQ", unit_type="hq",
                                          steps=[StepValues(combat=1, movement=6, command_range=3)])
        for i in (1, 2):
            m.pieces.pieces[f"{side}_{i}"] = Piece(side=side, designation=f"{i}", unit_type="infantry",
                                                   hq=hq[side], steps=[StepValues(attack=4, defense=3, movement=4)])
        for pid, label in zip((hq[side], f"{side}_1", f"{side}_2"), where[side]):
            m.scenarios["first"].setup.append(Placement(piece=pid, hex=label))
    return m


@pytest.mark.parametrize("name", PLAYABLE)
@pytest.mark.parametrize("seed", [1, 2])
def test_playable_templates_play_to_the_last_turn(name, seed):
    m = _with_units(module_from_template(name, "t", "T", 8, 6))
    assert check_module(m) == []
    game = Game(m, "first", seed, engine=ENGINE)
    rnd = random.Random(seed)
    moved = 0
    for _ in range(4000):
        if is_over(game.state):
            break
        actions = legal_actions(m, game.state)
        assert actions
        action = rnd.choice(actions)
        moved += type(action).__name__ == "Move"
        game.do(to_step(action))
    assert is_over(game.state) and game.state.turn == m.scenarios["first"].last_turn
    assert moved > 0, "the sequence of play lets units move"


def test_unknown_template_is_refused_with_the_names_on_offer():
    with pytest.raises(ValueError, match="chit-pull"):
        module_from_template("nope", "t", "T", 4, 4)


def test_cli_new_with_a_template_writes_a_module_that_validates(tmp_path, capsys):
    from hexwright.runtime.cli.main import main
    from hexwright.runtime.storage import load_module

    assert main(["new", str(tmp_path / "g"), "--cols", "9", "--rows", "7", "--template", "chit-pull"]) == 0
    assert "template chit-pull" in capsys.readouterr().out
    assert main(["validate", str(tmp_path / "g")]) == 0
    loaded = load_module(tmp_path / "g")
    assert "cup" in loaded.module.map.boxes and loaded.module.rules.sequence.procedures
    with pytest.raises(SystemExit):  # argparse names the choices
        main(["new", str(tmp_path / "h"), "--cols", "3", "--rows", "3", "--template", "nope"])
    assert "chit-pull" in capsys.readouterr().err and not (tmp_path / "h").exists()
