"""The search policy's parts (issue 19): the rollout policy both sides play imagined futures
with, the horizon of a rollout, and the tree's root drawn from greedy's best."""

from __future__ import annotations

import random

from hexwright.runtime.bots import Evaluator, GreedyPolicy, MctsPolicy
from hexwright.runtime.bots.mcts import play_out
from hexwright.runtime.bots.policy import Decision
from hexwright.runtime.bots.rollout import quick_choice
from hexwright.runtime.engine import Declare, EndPhase, Move, apply, is_over, legal_actions, to_act, view
from hexwright.runtime.state import Location, MovePieces, initial_state
from hexwright.runtime.state import apply as state_apply

from .skirmish import skirmish


def _place(m, state, where):
    for pid, label in where.items():
        state, _ = state_apply(m, state, MovePieces(pieces=(pid,), to=Location.hex(label)))
    return state


def test_rollout_policy_moves_a_unit_closer_to_the_objective_it_scores():
    m = skirmish()
    ev = Evaluator(m)
    state = initial_state(m, "attack", 1)
    choice = quick_choice(m, ev, state, "blue", legal_actions(m, state), random.Random(1))
    assert isinstance(choice, Move)
    goal = ev.hex_of("0404")
    assert ev.grid.distance(ev.hex_of(choice.to), goal) < ev.grid.distance(ev.hex_of(state.pieces[choice.unit].at.id), goal)


def test_rollout_policy_ends_the_phase_when_no_move_improves_the_position():
    """Red's last unit stands on the wood it scores, blue far off: every move leaves it."""
    m = skirmish()
    ev = Evaluator(m)
    state = initial_state(m, "attack", 1)
    pieces = {**state.pieces, "r2": state.pieces["r2"].model_copy(update={"at": Location.off("eliminated")})}
    state = state.model_copy(update={"pieces": pieces})
    state = _place(m, state, {"b1": "0101", "b2": "0102", "b3": "0103"})
    state = apply(m, apply(m, state, EndPhase())[0], EndPhase())[0]  # red movement
    assert to_act(m, state) == "red"
    actions = legal_actions(m, state)
    assert any(isinstance(a, Move) and a.unit == "r1" for a in actions)
    assert isinstance(quick_choice(m, ev, state, "red", actions, random.Random(1)), EndPhase)
    away = _place(m, state, {"r1": "0607"})  # now a move brings red back towards the wood
    choice = quick_choice(m, ev, away, "red", legal_actions(m, away), random.Random(1))
    assert isinstance(choice, Move) and ev.grid.distance(ev.hex_of(choice.to), ev.hex_of("0404")) < \
        ev.grid.distance(ev.hex_of("0607"), ev.hex_of("0404"))


def test_rollout_policy_attacks_at_good_odds_and_not_at_bad_odds():
    """§ combat by the CRT: 12 against 4 (column ≥4) is declared; 2 against 4 is not."""
    m = skirmish()
    ev = Evaluator(m)
    state = _place(m, initial_state(m, "attack", 2), {"b1": "0304", "b2": "0305", "b3": "0405"})
    state, _ = apply(m, state, EndPhase())
    choice = quick_choice(m, ev, state, "blue", legal_actions(m, state), random.Random(2), width=50)
    assert isinstance(choice, Declare) and choice.hex == "0404"

    weak = _place(m, initial_state(m, "attack", 2), {"b1": "0304"})
    weak = weak.model_copy(update={"pieces": {**weak.pieces, "b1": weak.pieces["b1"].model_copy(update={"step": 1})}})
    weak, _ = apply(m, weak, EndPhase())
    assert any(isinstance(a, Declare) for a in legal_actions(m, weak))
    assert isinstance(quick_choice(m, ev, weak, "blue", legal_actions(m, weak), random.Random(2)), EndPhase)


def test_a_rollout_runs_until_the_other_side_has_answered_and_stops_where_this_side_acts_again():
    m = skirmish()
    ev = Evaluator(m)
    state = initial_state(m, "attack", 4)
    assert (state.turn, to_act(m, state)) == (1, "blue")
    out = play_out(m, ev, state, "blue", random.Random(4))
    assert is_over(out) or (out.turn == 2 and to_act(m, out) == "blue")
    red_moved = any(out.pieces[p].at != state.pieces[p].at for p in ("r1", "r2") if out.pieces[p].at.kind == "hex")
    blue_moved = any(out.pieces[p].at != state.pieces[p].at for p in ("b1", "b2", "b3"))
    assert blue_moved  # blue's own phase was played out first
    assert out.turn == 2 or red_moved

    # started in red's turn, the rollout plays red's answer and then blue's next turn up to red again
    red_turn = apply(m, apply(m, state, EndPhase())[0], EndPhase())[0]
    assert to_act(m, red_turn) == "red"
    out = play_out(m, ev, red_turn, "red", random.Random(4))
    assert is_over(out) or (out.turn == 2 and to_act(m, out) == "red")


def test_search_picks_among_greedys_best_candidates_and_is_deterministic_per_seed():
    m = skirmish()
    state = initial_state(m, "attack", 6)
    ev = Evaluator(m)

    def decision(seed):
        return Decision(m, view(state, "blue"), "blue", tuple(legal_actions(m, state)), random.Random(seed), ev)

    search = MctsPolicy(iterations=6, width=3)
    top = [a for _, a in GreedyPolicy(samples=1).scored(decision(9))[:3]]
    first = search.choose(decision(9))
    assert first in top
    assert search.choose(decision(9)) == first
