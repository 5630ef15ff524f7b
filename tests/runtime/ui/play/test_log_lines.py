"""The play window's log reads as sentences (issue 17, Looks): an odds attack names its odds as a
ratio, with no stray dash when the CRT names no rulebook section, and a step that ended with
nothing to report is named rather than left a blank numbered line."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import ENGINE, legal_actions, to_step
from hexwright.runtime.model import Piece, Placement, StepValues
from hexwright.runtime.model.starter_templates import module_from_template
from hexwright.runtime.state import Game
from hexwright.runtime.ui.play.play_window import PlayWindow

pytestmark = pytest.mark.gui


def _face_to_face():
    """The chit-pull starter (an odds CRT, no sections) with a 6-strength blue unit next to a red one."""
    m = module_from_template("chit-pull", "looks", "Looks", 8, 6)
    for side, hex_, attack in (("blue", "0403", 6), ("red", "0404", 4)):
        m.pieces.pieces[f"{side}_hq"] = Piece(side=side, designation="HQ", unit_type="hq",
                                              steps=[StepValues(combat=1, movement=6, command_range=3)])
        m.pieces.pieces[f"{side}_1"] = Piece(side=side, designation="1", unit_type="infantry", hq=f"{side}_hq",
                                             steps=[StepValues(attack=attack, defense=3, movement=4)])
        m.scenarios["first"].setup += [Placement(piece=f"{side}_1", hex=hex_),
                                       Placement(piece=f"{side}_hq", hex="0101" if side == "blue" else "0806")]
    return m


def test_an_odds_attack_and_an_ended_step_read_as_sentences(qtbot):
    game = Game(_face_to_face(), "first", 3, engine=ENGINE)
    for _ in range(60):  # legal actions, an attack whenever one is offered, until one is resolved
        if any(" attacks " in e.text for e in game.entries):
            break
        actions = legal_actions(game.module, game.state)
        attacks = [a for a in actions if type(a).__name__ in ("Declare", "Resolve")]
        game.do(to_step((attacks or actions)[0]))
    window = PlayWindow(game)
    qtbot.addWidget(window)
    lines = window.log_panel.texts()
    [attack] = [line for line in lines if " attacks 0404" in line]
    assert "attacks 0404: 2:1: column 2:1;" in attack and "—" not in attack and not attack.rstrip().endswith(("—", ";", ":"))
    assert all(line.split(". ", 1)[1].strip() for line in lines[1:]), lines  # no blank numbered line
    assert any(line.endswith(". end phase") for line in lines)
