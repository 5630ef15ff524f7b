"""Seeded random playouts of manual actions, checking invariants at every step."""

import random

import pytest
from builders import play_module

from hexwright.runtime.state import ActionError, Game, apply, load_game_bytes, save_bytes, state_json

from .playout import random_action


@pytest.mark.parametrize("seed", range(6))
def test_random_playout_keeps_every_invariant(seed):
    module = play_module()
    rnd = random.Random(seed)
    game = Game(module, "basic", seed, snapshot_every=7)
    for _ in range(120):
        before = game.state
        before_json = state_json(before)
        action = random_action(module, before, rnd)
        try:
            after, entry = apply(module, before, action)
        except ActionError:
            assert state_json(before) == before_json
            continue
        assert state_json(before) == before_json, "apply changed its input"
        assert entry.text
        game.do(action)
        assert game.state == after
        for piece_id, piece in after.pieces.items():
            assert piece.step < max(2, len(module.pieces.pieces[piece_id].steps))
    replay = Game(module, "basic", seed)
    replay.extend(game.actions)
    assert replay.state == game.state
    loaded = load_game_bytes(save_bytes(game), module)
    assert loaded.warnings == [] and loaded.game.state == game.state
    assert save_bytes(loaded.game) == save_bytes(game)
    for _ in range(len(game.actions)):
        game.undo()
    assert game.state == Game(module, "basic", seed).state
