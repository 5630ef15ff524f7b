"""A seeded random game of St-Lô from the setup to the end of turn 8 (3.0, 21.0): every action
taken from legal_actions is accepted, the game ends with a verdict on the US total (21.2), and
its log replays to the same state bit for bit. Steps of the artillery issue are played by hand
(enforcement off) until then."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hexwright.runtime.engine import ENGINE, is_over, legal_actions, to_step, verdict
from hexwright.runtime.state import Game, replayed
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 12])
def test_3_0_21_0_a_seeded_random_playout_ends_legally_and_replays_bit_exact(seed):
    m = load_module(STLO).module
    rnd = random.Random(seed)
    game = Game(m, "st_lo", seed, engine=ENGINE)
    for _ in range(8000):
        if is_over(game.state):
            break
        acts = legal_actions(m, game.state)
        assert acts, f"no legal action on turn {game.state.turn}"
        game.do(to_step(rnd.choice(acts)))
    assert is_over(game.state) and game.state.turn == 8
    result = verdict(m, game.state)
    assert result.level in ("Decisive US", "Substantial US", "Marginal US", "Marginal German", "Substantial German",
                            "Decisive German")
    again = replayed(m, "st_lo", seed, game.actions, engine=ENGINE)
    assert again.state == game.state
