"""Positions of Traces of Victory reached through the engine, for its rule and window tests."""

from __future__ import annotations

from hexwright.runtime.engine import Choose, Draw, EndPhase, apply, legal_actions
from hexwright.runtime.state import GameState, Location, initial_state


def quickly_to(m, s: GameState, pred, limit: int = 2000) -> GameState:
    """Play the shortest way through the sequence (end every step, take the first choice)."""
    for _ in range(limit):
        acts = legal_actions(m, s)
        if pred(s, acts):
            return s
        end = [a for a in acts if isinstance(a, EndPhase)]
        play = [a for a in acts if isinstance(a, Choose) and a.option == "play"]
        s, _ = apply(m, s, (end or play or acts)[0])
    raise AssertionError("never reached")


def place(s: GameState, **where: str) -> GameState:
    """``s`` with the named pieces moved to the hexes given."""
    pieces = dict(s.pieces)
    for pid, hex in where.items():
        pieces[pid] = pieces[pid].model_copy(update={"at": Location.hex(hex)})
    return s.model_copy(update={"pieces": pieces})


def reinforcement_chit_drawn(m, seed: int = 3) -> GameState:
    """Turn 2 of the Combined Assault with only the German Reinforcement chit left in the cup,
    drawn: the Germans choose to play it (4.3, 11.2)."""
    s = quickly_to(m, initial_state(m, "combined", seed),
                   lambda st, acts: st.turn == 2 and st.cups.get("cup") and Draw() in acts)
    s = s.model_copy(update={"cups": {"cup": ("de_reinforcement",)}})
    s, _ = apply(m, s, Draw())
    return s


def reinforcement_chit_played(m, seed: int = 3, limit: int = 3000) -> list:
    """The actions of a Combined Assault, the shortest way (as :func:`quickly_to`), in which the
    Germans put their Reinforcement chit in the cup of turn 2 and play it when it is drawn
    (4.2, 4.3, 11.2): a log a Game replays, up to the choice of the division."""
    from hexwright.runtime.engine import PutChit

    s = initial_state(m, "combined", seed)
    done: list = []
    put = PutChit(chit="de_reinforcement")
    for _ in range(limit):
        acts = legal_actions(m, s)
        if Choose(option="division", target="de_gt2") in acts:
            return done
        end = [a for a in acts if isinstance(a, EndPhase)]
        play = [a for a in acts if isinstance(a, Choose) and a.option == "play"]
        action = put if put in acts else (end or play or acts)[0]
        s, _ = apply(m, s, action)
        done.append(action)
    raise AssertionError("the German Reinforcement chit was never played")
