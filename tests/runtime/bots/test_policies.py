"""Bot policies over the engine's public API (issue 19): legal, deterministic, blind to the future."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hexwright.runtime.bots import Evaluator, GreedyPolicy, MctsPolicy, RandomPolicy, make_policy, parse_policies
from hexwright.runtime.bots.determinize import HIDDEN, determinize
from hexwright.runtime.bots.lookahead import after
from hexwright.runtime.bots.policy import Decision
from hexwright.runtime.engine import Declare, EndPhase, Move, Resolve, apply, legal_actions, to_act, view
from hexwright.runtime.state import Game, GameState, Location, MovePieces, initial_state
from hexwright.runtime.state import apply as state_apply

from .skirmish import skirmish


def _decision(m, state, seed=1, evaluator=None):
    side = to_act(m, state)
    return Decision(m, view(state, side), side, tuple(legal_actions(m, state)), random.Random(seed),
                    evaluator or Evaluator(m))


def _place(m, state: GameState, where: dict[str, str]) -> GameState:
    for pid, label in where.items():
        state, _ = state_apply(m, state, MovePieces(pieces=(pid,), to=Location.hex(label)))
    return state


def test_random_policy_picks_the_kind_first_so_ending_the_phase_is_not_drowned_by_moves():
    m = skirmish()
    state = initial_state(m, "attack", 1)
    d = _decision(m, state)
    assert sum(isinstance(a, Move) for a in d.actions) > 20
    picks = Counter(type(RandomPolicy().choose(Decision(m, d.state, d.side, d.actions, random.Random(i), d.evaluator)))
                    for i in range(400))
    kinds = {type(a) for a in d.actions}
    assert len(kinds) == 3  # move, exit the map, end the phase: about a third each, however many moves
    assert 100 < picks[EndPhase] < 170


def test_every_policy_returns_one_of_the_legal_actions_and_the_same_one_for_the_same_seed():
    m = skirmish()
    state = initial_state(m, "attack", 3)
    for spec in ("random", "greedy", "mcts:8"):
        policy = make_policy(spec)
        first = policy.choose(_decision(m, state, seed=5))
        assert first in legal_actions(m, state)
        assert policy.choose(_decision(m, state, seed=5)) == first


def test_greedy_attacks_at_good_odds_and_leaves_a_bad_attack_alone():
    """One ply scored by the CRT's outcomes: 8 or 12 against 4 (column ≥4) is worth declaring."""
    m = skirmish()
    state = initial_state(m, "attack", 2)
    state = _place(m, state, {"b1": "0304", "b2": "0305", "b3": "0405"})
    state, _ = apply(m, state, EndPhase())  # blue combat
    choice = GreedyPolicy(samples=4).choose(_decision(m, state))
    assert isinstance(choice, Declare) and choice.hex == "0404" and len(choice.attackers) >= 2  # ΔCF ≥ 4

    weak = initial_state(m, "attack", 2)
    weak = _place(m, weak, {"b1": "0304"})
    weak = weak.model_copy(update={"pieces": {**weak.pieces, "b1": weak.pieces["b1"].model_copy(update={"step": 1})}})
    weak, _ = apply(m, weak, EndPhase())
    assert any(isinstance(a, Declare) for a in legal_actions(m, weak))
    assert isinstance(GreedyPolicy(samples=4).choose(_decision(m, weak)), EndPhase)  # 2 against 4: column ≤−1


def test_greedy_moves_toward_the_objective_it_scores():
    m = skirmish()
    state = initial_state(m, "attack", 4)
    choice = GreedyPolicy().choose(_decision(m, state))
    assert isinstance(choice, Move)
    ev = Evaluator(m)
    start = ev.hex_of(state.pieces[choice.unit].at.id)
    goal, end = ev.hex_of("0404"), ev.hex_of(choice.to)
    assert ev.grid.distance(end, goal) < ev.grid.distance(start, goal)


def test_lookahead_draws_its_own_dice_so_a_bot_never_sees_the_next_real_roll():
    m = skirmish()
    state = _place(m, initial_state(m, "attack", 9), {"b1": "0304", "b2": "0305", "b3": "0405"})
    state, _ = apply(m, state, EndPhase())
    declare = Declare(attackers=("b1", "b2", "b3"), hex="0404")
    real, _ = apply(m, state, declare)
    real, _ = apply(m, real, Resolve(hex="0404"))
    imagined = [after(m, state, declare, random.Random(i)) for i in range(12)]
    assert all(s is not None and s.rng.seed != state.rng.seed for s in imagined)
    assert len({s.last_roll for s in imagined if s is not None}) > 1  # its futures vary; the game's roll is one
    assert state.rng == apply(m, state, declare)[0].rng  # looking ahead left the game's dice untouched


def test_determinize_fills_hidden_chits_only_with_chits_the_side_cannot_see():
    from builders import play_module

    m = play_module()
    state = initial_state(m, "basic", 1)
    hidden = view(state, "blue")
    assert set(hidden.cups["cup"]) == {HIDDEN}
    guess = determinize(m, hidden, random.Random(3))
    assert sorted(guess.cups["cup"]) == sorted(state.cups["cup"])  # the only chits not seen elsewhere
    assert guess.rng.seed != state.rng.seed


def test_evaluation_counts_victory_points_material_and_closeness():
    m = skirmish()
    ev = Evaluator(m)
    state = initial_state(m, "attack", 1)
    closer = _place(m, state, {"b1": "0303"})
    assert ev.value(closer, "blue") > ev.value(state, "blue")
    assert ev.value(closer, "red") == pytest.approx(-ev.value(closer, "blue"))
    weaker = state.model_copy(update={"pieces": {**state.pieces, "r1": state.pieces["r1"].model_copy(update={"step": 1})}})
    assert ev.value(weaker, "blue") > ev.value(state, "blue")


def test_policy_names_and_side_lists_are_checked():
    assert parse_policies("red=mcts:10, blue=greedy", ["blue", "red"]) == {"blue": "greedy", "red": "mcts:10"}
    with pytest.raises(ValueError, match="no policy for red"):
        parse_policies("blue=greedy", ["blue", "red"])
    with pytest.raises(ValueError, match="no side 'green'"):
        parse_policies("green=greedy,blue=random,red=random", ["blue", "red"])
    with pytest.raises(ValueError, match="unknown policy 'gready'"):
        parse_policies("blue=gready,red=random", ["blue", "red"])
    with pytest.raises(ValueError, match="whole number"):
        make_policy("mcts:0")
    assert isinstance(make_policy("mcts:5"), MctsPolicy) and make_policy("mcts:5").iterations == 5


def test_a_game_played_by_bots_is_a_game_like_any_other_in_the_log():
    from hexwright.runtime.bots import play_game
    from hexwright.runtime.engine import ENGINE
    from hexwright.runtime.state import load_game_bytes, save_bytes

    m = skirmish()
    record, game = play_game(m, "attack", 11, {"blue": "greedy", "red": "random"})
    assert record.finished and not record.violation
    assert isinstance(game, Game) and len(game.entries) == record.actions
    loaded = load_game_bytes(save_bytes(game), m, engine=ENGINE)
    assert loaded.game.state == game.state
    again, _ = play_game(m, "attack", 11, {"blue": "greedy", "red": "random"})
    assert again == record


def test_evaluation_counts_an_overstacked_hex_as_strength_about_to_be_lost():
    """DoM §6-like stacking limit 1 (rules.json): greedy must not pile two units in one hex."""
    m = skirmish()
    assert m.rules.stacking.limit == 1
    ev = Evaluator(m)
    state = initial_state(m, "attack", 1)
    apart = _place(m, state, {"b1": "0203", "b2": "0204"})
    piled = _place(m, state, {"b1": "0203", "b2": "0203"})
    assert ev.value(piled, "blue") < ev.value(apart, "blue")
    choice = GreedyPolicy().choose(_decision(m, _place(m, state, {"b1": "0303"})))
    assert not (isinstance(choice, Move) and choice.to == "0303")


def test_scoring_a_placement_from_kept_sums_equals_scoring_the_position_after_it():
    """The look-ahead ranks every placement by :class:`Placements` (one unit's terms changed);
    for every unit (on the map or waiting off it) and every hex, including hexes that
    overstack or leave a stack, it must agree with :meth:`Evaluator.quick_scores` of the
    position with the unit put there."""
    m = skirmish()
    ev = Evaluator(m)
    start = initial_state(m, "attack", 1)
    piled = _place(m, start, {"b1": "0203", "b2": "0203"})
    off = start.model_copy(update={"pieces": {**start.pieces, "b2": start.pieces["b2"].model_copy(
        update={"at": Location.box(next(iter(m.map.boxes))) if m.map.boxes else Location.off("eliminated")})}})
    labels = sorted({p.at.id for p in start.pieces.values() if p.at.kind == "hex"} | {"0101", "0203", "0303", "0404"})
    checked = 0
    for state in (start, piled, off):
        placements = ev.placements(state)
        assert placements.base == pytest.approx(ev.quick_scores(state), abs=1e-9)
        for unit in sorted(state.pieces):
            for label in labels:
                moved = state.model_copy(update={"pieces": {**state.pieces, unit: state.pieces[unit].model_copy(
                    update={"at": Location.hex(label)})}})
                got = placements.scores(unit, label)
                assert got is not None
                assert got == pytest.approx(ev.quick_scores(moved), abs=1e-9), (unit, label)
                checked += 1
    assert checked >= 3 * 4 * len(labels)
    assert ev.placements(start).scores("b1", "9999") is None  # a hex off the grid
