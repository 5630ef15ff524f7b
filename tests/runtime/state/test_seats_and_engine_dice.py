"""Seats (who may act) as a pure check, and the rules engine's combat dice by e-mail."""

from __future__ import annotations

from pathlib import Path

from builders import play_module

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import (
    Flip,
    Game,
    Location,
    MovePieces,
    Note,
    RollDice,
    load_game_bytes,
    new_secret,
    save_bytes,
)
from hexwright.runtime.state.pbem import append_actions, export_actions
from hexwright.runtime.state.seats import seat_refusal
from hexwright.runtime.storage import load_module

MODULE = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"


def test_seat_refusals_name_the_piece_its_side_and_whose_turn_it_is():
    module = play_module()
    state = Game(module, "basic", 1).state
    move_red = MovePieces(pieces=("red-1",), to=Location.hex("0404"))
    assert seat_refusal(module, state, move_red, None) == "0504 belongs to Red; it is Blue's turn"
    assert seat_refusal(module, state, Flip(piece="blue-1"), None) is None
    assert seat_refusal(module, state, move_red, None, acting="red") is None  # e.g. the side retreating
    assert seat_refusal(module, state, Flip(piece="blue-1"), "red") == "it is Blue's turn; this computer plays Red"
    assert seat_refusal(module, state, RollDice(), "red") is None and seat_refusal(module, state, Note(text="gg"), "red") is None


def test_combat_resolved_by_the_rules_engine_draws_from_revealed_dice_and_verifies():
    from hexwright.runtime.engine import EndPhase, legal_actions, to_step

    module = load_module(MODULE).module
    us = Game(module, "campaign", 1944, engine=ENGINE)
    us.join_by_email(new_secret(module.meta.id, "campaign", "us", length=100, secret="aa" * 32))
    de = load_game_bytes(save_bytes(us), module, engine=ENGINE).game
    de.join_by_email(new_secret(module.meta.id, "campaign", "de", length=100, secret="dd" * 32))
    append_actions(us, export_actions(de, 1))
    seats = {"us": us, "de": de}
    mark = {"us": len(us.actions), "de": len(de.actions)}
    resolved = moves = 0
    for _ in range(200):
        side = us.state.active_side
        game, other = seats[side], seats["de" if side == "us" else "us"]
        actions = legal_actions(module, game.state)
        choice = next((a for a in actions if a.name in ("resolve", "retreat", "advance", "eliminate_excess",
                                                       "declare")), None)
        if choice is None and moves < 6:
            choice = next((a for a in reversed(actions) if a.name == "move"), None)
            moves += choice is not None
        if choice is None:
            choice, moves = EndPhase(), 0
        game.do(to_step(choice))
        resolved += choice.name == "resolve"
        if game.state.active_side != side or resolved >= 2:
            append_actions(other, export_actions(game, mark[side]))
            mark["us"] = mark["de"] = len(game.actions)
        if resolved >= 2:
            break
    assert resolved >= 2
    assert us.state == de.state and save_bytes(us) == save_bytes(de)
    kinds = [a.kind for a in us.actions]
    assert kinds.count("dice_reveal") >= 2
    for i, action in enumerate(us.actions):
        if action.kind == "rules" and action.name == "resolve":
            assert us.actions[i - 1].kind == "dice_reveal"
