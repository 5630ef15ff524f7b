"""Seeded random playouts of each synthetic sequence (chit-pull, initiative loop, activation
choices with several attacks, HQs relocated when destroyed, reinforcements picked and moved
by rail, HQ activation by morale with tactical actions paid in points, recon moves, losses by
unit kind): every game
finishes, every action offered is legal (applying any of them never raises), the state an
action leaves waits for a choice (nothing that needs none is left to run), the log replays
bit for bit, and a save loads back to the same state."""

from __future__ import annotations

import random

import pytest
from operations_modules import losses_module, recon_module, tactical_module
from sequence_modules import activation_module, chit_module, initiative_module, reinforcement_module, relocation_module

from hexwright.runtime.engine import ENGINE, apply, engine_state, is_over, legal_actions, prepared, sort_key, to_step
from hexwright.runtime.state import Game, load_game_bytes, replayed, save_bytes, state_json

MODULES = {"chits": (chit_module, "chits"), "ops": (initiative_module, "ops"), "act": (activation_module, "act"),
           "relocation": (relocation_module, "act"), "reinforcement": (reinforcement_module, "act"),
           "tactical": (tactical_module, "ops"), "recon": (recon_module, "ops"), "losses": (losses_module, "fight")}


def _playout(m, scenario: str, seed: int, probe_every: int = 7) -> Game:
    game = Game(m, scenario, seed, engine=ENGINE)
    rnd = random.Random(seed)
    for step in range(3000):
        if is_over(game.state):
            break
        actions = legal_actions(m, game.state)
        assert actions, f"no legal action at step {step} in a game that is not over"
        assert actions == sorted(actions, key=sort_key) and len(set(actions)) == len(actions)
        if step % probe_every == 0:
            for other in actions[:12]:  # every action offered applies (never an ActionError)
                apply(m, game.state, other)
        action = rnd.choice(actions)
        before = state_json(game.state)
        expected, _ = apply(m, game.state, action)
        assert state_json(game.state) == before
        game.do(to_step(action))
        assert game.state == expected
        settled = prepared(m, expected)  # apply ran every step that needs no choice: nothing is left to run
        assert settled.data.frames == engine_state(expected).frames and settled.state.pieces == expected.pieces
    return game


@pytest.mark.parametrize("name", sorted(MODULES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts_finish_offer_only_legal_actions_and_replay_exactly(name, seed):
    build, scenario = MODULES[name]
    m = build()
    game = _playout(m, scenario, seed)
    assert is_over(game.state) and game.state.turn == m.scenarios[scenario].last_turn
    again = replayed(m, scenario, seed, game.actions, engine=ENGINE)
    assert state_json(again.state) == state_json(game.state)
    loaded = load_game_bytes(save_bytes(game), m, engine=ENGINE)
    assert loaded.game.state == game.state and not loaded.warnings
    assert [e.text for e in loaded.game.entries] == [e.text for e in game.entries]
