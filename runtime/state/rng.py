"""The game's random numbers: a tiny counter-based generator whose whole state is two ints.

Draw number ``n`` of a game with seed ``s`` is taken from ``sha256(b"hexwright-rng:<s>:<n>")``.
Nothing depends on Python's ``random`` module, so the same seed and counter give the same
faces on every Python version and machine, and a state saved as ``(seed, counter)``
replays exactly. Values are made uniform by rejection sampling: a 64-bit draw past the
largest multiple of ``n`` is thrown away and the next counter is used instead.
"""

from __future__ import annotations

import hashlib
import secrets

from pydantic import Field

from .state_model import StateModel

_SPAN = 1 << 64
MAX_SEED = (1 << 63) - 1


class RngState(StateModel):
    """Seed and how many 64-bit values have been drawn so far."""

    seed: int = Field(ge=0, le=MAX_SEED)
    counter: int = Field(0, ge=0)


def new_seed() -> int:
    """A fresh unpredictable seed for a new game."""
    return secrets.randbelow(MAX_SEED + 1)


def _raw(seed: int, counter: int) -> int:
    digest = hashlib.sha256(f"hexwright-rng:{seed}:{counter}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


def below(rng: RngState, n: int) -> tuple[int, RngState]:
    """A uniform integer in ``0..n-1`` and the generator after drawing it."""
    if n < 1:
        raise ValueError(f"cannot draw from an empty range (n={n})")
    limit = _SPAN - (_SPAN % n)
    counter = rng.counter
    while True:
        value = _raw(rng.seed, counter)
        counter += 1
        if value < limit:
            return value % n, RngState(seed=rng.seed, counter=counter)


def roll(rng: RngState, faces: int, count: int = 1) -> tuple[list[int], RngState]:
    """``count`` dice of ``faces`` faces (each ``1..faces``) and the generator after them."""
    results = []
    for _ in range(count):
        value, rng = below(rng, faces)
        results.append(value + 1)
    return results, rng
