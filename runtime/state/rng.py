"""The game's random numbers: a tiny counter-based generator whose whole state is a few values.

Draw number ``n`` of a game with seed ``s`` is taken from ``sha256(b"hexwright-rng:<s>:<n>")``.
Nothing depends on Python's ``random`` module, so the same seed and counter give the same
faces on every Python version and machine, and a state saved as ``(seed, counter)``
replays exactly. Values are made uniform by rejection sampling: a 64-bit draw past the
largest multiple of ``n`` is thrown away and the next counter is used instead.

A game played by e-mail also carries :class:`DiceState` (``RngState.dice``): each side's
committed hash chain and the key of the current roll, made from both sides' revealed
chain links (see :mod:`runtime.state.dice`). Draws then come from
``sha256(b"hexwright-dice:<key>:<n>")`` and the public seed alone predicts nothing.
``dice`` is left out of the JSON while ``None``, so other games keep their hashes.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from .state_model import StateModel

_SPAN = 1 << 64
MAX_SEED = (1 << 63) - 1
HEX64 = r"^[0-9a-f]{64}$"


class Chain(StateModel):
    """One side's dice chain as the game knows it: only public values.

    ``head`` is the commitment; ``last`` the latest link revealed (``head`` before any);
    ``index`` how many links are revealed; ``committed`` and ``revealed`` the sequence
    numbers (``DiceState.seq``) of the commitment and of the latest reveal (0: none).
    """

    head: str = Field(pattern=HEX64)
    last: str = Field(pattern=HEX64)
    index: int = Field(0, ge=0)
    committed: int = Field(ge=1)
    revealed: int = Field(0, ge=0)


class DiceState(StateModel):
    """The dice of a game played by e-mail: chains by side and the current roll key.

    ``fresh`` is true between a reveal for a roll and that roll: every action that draws
    needs it (checked in :func:`runtime.state.apply.apply`).
    """

    chains: dict[str, Chain] = {}
    seq: int = Field(0, ge=0)
    key: str = Field("", pattern=r"^([0-9a-f]{64})?$")
    roller: str | None = None
    fresh: bool = False


class RngState(StateModel):
    """Seed and how many 64-bit values have been drawn so far (since the last reveal, by e-mail)."""

    seed: int = Field(ge=0, le=MAX_SEED)
    counter: int = Field(0, ge=0)
    dice: DiceState | None = None

    @model_serializer(mode="wrap")
    def _drop_no_dice(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and data.get("dice", 0) is None:
            del data["dice"]
        return data


def new_seed() -> int:
    """A fresh unpredictable seed for a new game."""
    return secrets.randbelow(MAX_SEED + 1)


def _raw(rng: RngState, counter: int) -> int:
    if rng.dice is not None and rng.dice.key:
        text = f"hexwright-dice:{rng.dice.key}:{counter}"
    else:
        text = f"hexwright-rng:{rng.seed}:{counter}"
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


def below(rng: RngState, n: int) -> tuple[int, RngState]:
    """A uniform integer in ``0..n-1`` and the generator after drawing it."""
    if n < 1:
        raise ValueError(f"cannot draw from an empty range (n={n})")
    limit = _SPAN - (_SPAN % n)
    counter = rng.counter
    while True:
        value = _raw(rng, counter)
        counter += 1
        if value < limit:
            return value % n, rng.model_copy(update={"counter": counter})


def roll(rng: RngState, faces: int, count: int = 1) -> tuple[list[int], RngState]:
    """``count`` dice of ``faces`` faces (each ``1..faces``) and the generator after them."""
    results = []
    for _ in range(count):
        value, rng = below(rng, faces)
        results.append(value + 1)
    return results, rng
