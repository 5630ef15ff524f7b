"""A scripted game of St-Lô through the rules engine (no window), from the setup to the victory
determination of 21.2: the choices a player makes, taken by a fixed script from the legal
actions, the dice from the game's seed.

The script, turn after turn (3.0):

- the US rolls and answers every roll asked; each side fires its interdiction with all its
  artillery together at maximum (16.0, from turn 2);
- in the Operations Phase the US makes an air strike while it has one (15.0), then tries up to
  ``US_ACTIVATIONS`` HQs a turn, each once (6.0), then passes (the HQ of the highest morale first, then the nearest); the German fires one barrage a turn on the US hex nearest St-Lô its OPs observe (14.1)
  and otherwise passes;
- an activated HQ orders a Movement action (8.1), each of its units stepping to the reachable hex
  nearest St-Lô, then a Hasty Attack (9.1) when one of them is next to a German unit, every
  attack declared, the best on-call fire (10.4); with its units pinned, a Recovery (14.3); then
  it ends its activation (7.1.1 C);
- the defender fires its best defensive fire (10.5), assigns no assets; step losses go to the
  first unit offered; the attacker advances into every hex emptied (9.2.6).

``scripted_action(m, state)`` is the next action; ``play(m, seed)`` plays a whole game
(``until``: stop earlier, at the first state it accepts) — the play window can run the same
actions one by one (``PlayWindow.run_engine``).
"""

from __future__ import annotations

from collections.abc import Callable

from hexwright.runtime.engine import (
    ENGINE,
    Advance,
    Choose,
    Declare,
    Decline,
    EndPhase,
    EngineAction,
    Fire,
    Move,
    Resolve,
    Roll,
    engine_state,
    is_over,
    legal_actions,
    to_act,
    to_step,
)
from hexwright.runtime.model import Module
from hexwright.runtime.rules.hexmap import hex_map
from hexwright.runtime.state import Game, GameState

ST_LO = "2725"
"""The cathedral hex in the St-Lô Victory Point Area (21.1.2): where the US script heads."""
US_ACTIVATIONS = 6
"""HQs the US tries to activate a turn (each once: its AA side, 6.4) before it passes."""


def _distance(m: Module, a: str, b: str) -> int:
    return _distances(m, b)[a]


_FROM: dict[tuple[int, str], dict[str, int]] = {}


def _distances(m: Module, to: str) -> dict[str, int]:
    """Every hex's distance to ``to`` (worked out once per module)."""
    key = (id(m), to)
    if key not in _FROM:
        hm = hex_map(m)
        there = hm.grid.hex_at(hm.idx(to))
        _FROM[key] = {label: hm.grid.distance(hm.grid.hex_at(i), there) for label, i in hm.index.items()}
    return _FROM[key]


def _to_st_lo(m: Module, state: GameState, unit: str) -> int:
    hex = state.hex_of(unit)
    return _distance(m, hex, ST_LO) if hex is not None else 99


def _strongest(m: Module, state: GameState, fires: list[Fire]) -> Fire:
    """The fire of the highest final value (few are offered: an air strike, a combat's fire)."""
    from hexwright.runtime.engine.core import prepared
    from hexwright.runtime.engine.fire import plan

    tx = prepared(m, state)
    return max(fires, key=lambda f: (plan(tx, f).total, -len(f.units), f.model_dump_json()))


def _heaviest(m: Module, fires: list[Fire]) -> Fire:
    """The fire of the most units at the highest intensities (thousands are offered: no plan each)."""
    levels = m.rules.fire.intensities if m.rules.fire is not None else {}
    return max(fires, key=lambda f: (len(f.units), sum(levels[i].multiplier for i in f.intensities),
                                     f.model_dump_json()))


def _activations_this_turn(state: GameState, m: Module) -> int:
    """HQs of the US that hold the attempted (AA) status: attempts made this turn (6.4)."""
    held = engine_state(state).seq.statuses
    return sum(1 for u, s in held.items() if "attempted" in s and m.pieces.pieces[u].side == "us")


def _operation(m: Module, state: GameState, side: str, acts: list[EngineAction]) -> EngineAction:
    chooses = [a for a in acts if isinstance(a, Choose)]
    options = {a.option for a in chooses}
    if side == "us":
        if "air_strike" in options:
            return Choose(option="air_strike")
        held = engine_state(state).seq.statuses
        hqs = [a for a in chooses if a.option == "activate" and "attempted" not in held.get(a.target, ())]
        if hqs and _activations_this_turn(state, m) < US_ACTIVATIONS:
            from hexwright.runtime.engine.hq import morale, subordinates

            def rank(a: Choose) -> tuple[int, int, str]:
                units = subordinates(m, engine_state(state).seq, a.target)
                near = min((_to_st_lo(m, state, u) for u in units), default=99)
                return -morale(m, state, a.target), near, a.target

            return min(hqs, key=rank)
    elif "barrage" in options and not engine_state(state).seq.missions:
        return Choose(option="barrage")  # once a turn: before any German mission is spent
    return Choose(option="pass")


def _tactical(m: Module, state: GameState, acts: list[EngineAction]) -> EngineAction:
    """Movement first, then a Hasty Attack when a unit is next to the enemy, then end (7.1)."""
    options = {a.option for a in acts if isinstance(a, Choose)}
    act = engine_state(state).seq.activation
    done = act.action if act is not None else ""
    if "movement" in options and done != "Movement" and done != "Hasty Attack":
        return Choose(option="movement")
    if "hasty" in options and done != "Hasty Attack" and act is not None and _next_to_enemy(m, state, act.units):
        return Choose(option="hasty")
    if "recovery" in options and done not in ("Movement", "Hasty Attack", "Recovery"):
        return Choose(option="recovery")
    return Choose(option="end")


def _next_to_enemy(m: Module, state: GameState, units: tuple[str, ...]) -> bool:
    enemy = {h for u, h in state.occupancy().items() if m.pieces.pieces[u].side == "de"}
    return any(_distance(m, h, e) == 1 for u in units if (h := state.hex_of(u)) is not None for e in enemy)


def _move(m: Module, state: GameState, moves: list[Move]) -> EngineAction | None:
    """The move that brings a unit nearest St-Lô, if it comes nearer."""
    best = None
    for mv in moves:
        gain = _to_st_lo(m, state, mv.unit) - _distance(m, mv.to, ST_LO)
        if gain > 0 and (best is None or (gain, mv.unit, mv.to) > best[0]):
            best = ((gain, mv.unit, mv.to), mv)
    return best[1] if best is not None else None


def scripted_action(m: Module, state: GameState) -> EngineAction:
    """The script's next action on ``state`` (see the module's text)."""
    return _choose(m, state, legal_actions(m, state))


def _choose(m: Module, state: GameState, acts: list[EngineAction]) -> EngineAction:
    assert acts, f"no legal action on turn {state.turn}"
    data = engine_state(state)
    side = to_act(m, state) or ""
    top = data.top
    fires = [a for a in acts if isinstance(a, Fire)]
    if top is not None:
        if top.proc == "fire":
            return _strongest(m, state, fires) if fires else Decline()
        if top.proc == "advance":
            return next((a for a in acts if isinstance(a, Advance)), Decline())
        if top.proc in ("assets", "reassign"):
            return Decline()
        return acts[0]
    if fires:
        mission = fires[0].mission
        if mission == "interdiction":
            return _heaviest(m, fires)
        if mission == "barrage":  # on the US hex nearest St-Lô
            near = min(_distance(m, f.target, ST_LO) for f in fires)
            return _heaviest(m, [f for f in fires if _distance(m, f.target, ST_LO) == near])
        return _strongest(m, state, fires)  # the air strike
    if Roll() in acts:
        return Roll()
    chooses = [a for a in acts if isinstance(a, Choose)]
    if chooses:
        options = {a.option for a in chooses}
        if "pass" in options:
            return _operation(m, state, side, acts)
        if "end" in options:
            return _tactical(m, state, acts)
        return chooses[0]  # an HQ's place (6.1 I), a skip
    declares = [a for a in acts if isinstance(a, Declare)]
    if declares:
        return declares[0]
    resolves = [a for a in acts if isinstance(a, Resolve)]
    if resolves:
        return resolves[0]
    moves = [a for a in acts if isinstance(a, Move)]
    chosen = _move(m, state, moves) if moves else None
    if chosen is not None:
        return chosen
    if EndPhase() in acts:
        return EndPhase()
    return acts[0]


def play(m: Module, seed: int, until: Callable[[GameState], bool] | None = None, *, limit: int = 20000,
         optional_rules: dict[str, bool] | None = None) -> Game:
    """The scripted game from the setup until it is over (or ``until`` accepts a state); every
    action is one of the legal actions of its state."""
    game = Game(m, "st_lo", seed, engine=ENGINE, optional_rules=optional_rules)
    for _ in range(limit):
        if is_over(game.state) or (until is not None and until(game.state)):
            return game
        acts = legal_actions(m, game.state)
        action = _choose(m, game.state, acts)
        assert action in acts, f"the script chose {action}, not a legal action on turn {game.state.turn}"
        game.do(to_step(action))
    raise AssertionError(f"the scripted game did not end in {limit} actions (turn {game.state.turn})")
