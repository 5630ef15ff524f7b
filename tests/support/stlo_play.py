"""Shared by the St-Lô example tests (tests/modules/st_lo): seeds that roll an example's dice,
playing on to a segment, and reading or setting the sequence state."""

from __future__ import annotations

from hexwright.runtime.engine import Choose, EndPhase, Roll, apply, engine_state, legal_actions, to_act
from hexwright.runtime.engine.data import with_engine_state
from hexwright.runtime.state import GameState, initial_state
from hexwright.runtime.state.rng import roll


def dice(s: GameState, *faces: int) -> GameState:
    """The game with a seed whose next d6 draws are ``faces`` (the example's rolls)."""
    for seed in range(1, 200_000):
        rng = s.rng.model_copy(update={"seed": seed})
        if tuple(roll(rng, 6, len(faces))[0]) == faces:
            return s.model_copy(update={"rng": rng})
    raise AssertionError(f"no seed rolls {faces}")


def phase(m, s: GameState) -> str:
    return m.meta.sequence[s.phase].id


def advance(m, s: GameState, until) -> GameState:
    """Play on, passing every operation and ending every step, until ``until(s)``."""
    for _ in range(3000):
        if until(s):
            return s
        acts = legal_actions(m, s)
        passes = [a for a in acts if isinstance(a, Choose) and a.option == "pass"]
        ends = [a for a in acts if isinstance(a, EndPhase)]
        rolls = [a for a in acts if isinstance(a, Roll)]
        s, _ = apply(m, s, (passes or ends or rolls or acts)[0])
    raise AssertionError("never reached")


def at_initiative_segment(m, s: GameState) -> bool:
    return phase(m, s) == "operations" and Roll() in legal_actions(m, s)


def with_pool(s: GameState, pool: str, side: str, value: int) -> GameState:
    data = engine_state(s)
    pools = {**data.seq.pools, pool: {**data.seq.pools[pool], side: value}}
    return with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update={"pools": pools})}))


def seq(s: GameState):
    return engine_state(s).seq


def with_seq(s: GameState, **update) -> GameState:
    data = engine_state(s)
    return with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update=update)}))


def us_to_operate(m, s: GameState | None = None) -> GameState:
    """Turn 1, the US wins the initiative (German 1-2 against US 6)."""
    s = s or advance(m, initial_state(m, "st_lo", 7), lambda s: at_initiative_segment(m, s))
    s, _ = apply(m, dice(s, 1, 6), Roll())
    assert to_act(m, s) == "us"
    return s


def taps(s: GameState) -> int:
    return seq(s).pools["tap"]["us"]
