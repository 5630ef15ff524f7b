"""Imagined futures: a state with the hidden filled in and dice of the bot's own.

A bot is shown ``view(state, side)``. To look ahead it needs a complete state, so it
fills every hidden chit with one it cannot see elsewhere (a guess from its own generator)
and replaces the game's dice with a generator seeded from its own: the futures it imagines
never reveal the real next roll (the game's dice stay the game's).
"""

from __future__ import annotations

import random

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState, RngState

HIDDEN = "?"


def determinize(module: Module, state: GameState, rng: random.Random) -> GameState:
    """One possible true state behind ``state``, with dice drawn from ``rng``."""
    update: dict[str, object] = {"rng": RngState(seed=rng.getrandbits(62))}
    if any(HIDDEN in chits for chits in state.cups.values()):
        seen = set(state.drawn) | {c for chits in state.cups.values() for c in chits if c != HIDDEN}
        unseen = [c for c in sorted(module.pieces.chits) if c not in seen]
        rng.shuffle(unseen)
        cups = {}
        for cup, chits in sorted(state.cups.items()):
            filled = [c if c != HIDDEN else (unseen.pop() if unseen else HIDDEN) for c in chits]
            cups[cup] = tuple(sorted(filled))
        update["cups"] = cups
    return state.model_copy(update=update)


__all__ = ["HIDDEN", "determinize"]
