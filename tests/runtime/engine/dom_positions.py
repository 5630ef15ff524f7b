"""Positions of The Drive on Metz for the engine tests, built with manual actions."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState, Location, MovePieces, SetTurn, initial_state
from hexwright.runtime.state import apply as state_apply
from hexwright.runtime.state.rng import RngState, roll
from hexwright.runtime.storage import load_module

MODULE = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"
PHASES = {"us_movement": 0, "us_combat": 1, "de_movement": 2, "de_combat": 3}


@lru_cache(maxsize=1)
def dom() -> Module:
    return load_module(MODULE).module


def position(places: dict[str, str], *, turn: int = 1, phase: str = "us_movement", seed: int = 1,
             keep_boxes: bool = False, optional_rules: dict[str, bool] | None = None) -> GameState:
    """Only the units in ``places`` on the map (``box:<id>`` for a box); the rest out of play
    (or left in their setup boxes with ``keep_boxes``)."""
    m = dom()
    state = initial_state(m, "campaign", seed, optional_rules)
    for pid in sorted(state.pieces):
        where = places.get(pid)
        if where is None:
            if keep_boxes and state.pieces[pid].at.kind == "box":
                continue
            to = Location.off("unavailable")
        elif where.startswith("box:"):
            to = Location.box(where[4:])
        else:
            to = Location.hex(where)
        state, _ = state_apply(m, state, MovePieces(pieces=(pid,), to=to))
    state, _ = state_apply(m, state, SetTurn(turn=turn, phase=PHASES[phase]))
    return state.model_copy(update={"last_moved": None, "control": {}})


def seed_rolling(first: int, faces: int = 6) -> int:
    """The smallest seed whose first die roll is ``first``."""
    return next(s for s in range(10_000) if roll(RngState(seed=s, counter=0), faces, 1)[0][0] == first)
