"""What the engine reads off a state (``runtime/engine/context.py``): who acts once the game
is over, the weather movement and combat read, which units may still move, and when a unit
counts as arriving — on small synthetic modules."""

from __future__ import annotations

from pin_modules import go, seq_module
from sequence_modules import activation_module, reinforcement_module

from hexwright.runtime.engine import (
    Choose,
    EndPhase,
    Move,
    apply,
    engine_state,
    is_over,
    legal_actions,
    movers,
    to_act,
    weather_now,
)
from hexwright.runtime.engine.context import is_mover, with_level
from hexwright.runtime.model import Box, WeatherCosts
from hexwright.runtime.state import initial_state


def test_no_side_is_to_act_once_the_game_is_over():
    """The last turn ends: the game is over and the engine waits for no one, though the state
    still names the side that played last."""
    m = seq_module({"a": [go(id="x")]}, last_turn=1)
    s, _ = apply(m, initial_state(m, "s", 1), Choose(option="go"))
    assert to_act(m, s) == "blue"
    s, entry = apply(m, s, EndPhase())
    assert is_over(s) and "game over" in entry.text
    assert to_act(m, s) is None and s.active_side == "blue" and legal_actions(m, s) == []


def _weather_module():
    m = seq_module({"a": [go(id="x")]})
    m.tables.terrain_effects.weather = {"mud": WeatherCosts(terrain={"clear": {"*": "4"}})}
    m.rules.combat.weather_shifts = {"rain": -1}
    return m


def _in_weather(m, rolled: str, lasting: dict[str, int] | None = None):
    m.scenarios["s"].conditions = {"weather": rolled}
    m.scenarios["s"].lasting = lasting or {}
    s, _ = apply(m, initial_state(m, "s", 1), Choose(option="go"))  # the game has begun: conditions set
    return s


def test_tov_4_1_the_weather_rolled_counts_when_the_charts_or_the_combat_rules_know_it():
    """Rain shifts combat here: it is the weather read; fog is known to neither the terrain
    chart nor the combat rules, so the clear-weather costs and columns apply (no weather)."""
    m = _weather_module()
    assert weather_now(m, _in_weather(m, "rain")) == "rain"
    assert weather_now(m, _in_weather(m, "fog")) is None


def test_tov_4_1_5_a_lasting_mud_is_read_before_the_weather_rolled_until_its_last_turn():
    m = _weather_module()
    assert weather_now(m, _in_weather(m, "rain", {"mud": 1})) == "mud"
    assert weather_now(m, _in_weather(m, "rain", {"mud": 0})) == "rain"  # it lasted to turn 0


def test_the_movers_of_a_state_are_read_from_that_state():
    """``movers`` asked with the state alone: the side acting's units that may move."""
    m = seq_module({"a": [go(id="x")]})
    assert movers(m, initial_state(m, "s", 1)) == ["b_1"]


def test_a_unit_asked_alone_is_a_mover_when_it_is_among_the_movers():
    """Asked of one unit with the state alone: b_1 (blue, acting) is, r_1 (red) and an unknown id
    are not."""
    m = seq_module({"a": [go(id="x")]})
    s = initial_state(m, "s", 1)
    assert is_mover(m, s, "b_1") and not is_mover(m, s, "r_1") and not is_mover(m, s, "nobody")


def test_tov_2_3_a_unit_that_made_its_moves_in_the_activation_moves_no_more():
    """One move per activated unit (the activation's ``moves``): b_3 moved, b_hq still may."""
    m = activation_module()
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="hq", target="b_hq"))
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_3", "b_hq"}
    s, _ = apply(m, s, Move(unit="b_3", to="0102"))
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_hq"}
    assert "b_3" not in movers(m, s, activated_only=True) and "b_hq" in movers(m, s, activated_only=True)


def test_an_activation_allowing_no_move_offers_its_units_no_move():
    m = activation_module()
    m.rules.sequence.procedures["hq_activation"][0].moves = 0
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="hq", target="b_hq"))
    assert engine_state(s).seq.activation.units == ("b_1", "b_2", "b_3", "b_hq")
    assert not any(isinstance(a, Move) for a in legal_actions(m, s))
    assert movers(m, s, activated_only=True) == []


def test_tov_11_2_a_unit_on_the_map_has_not_arrived_even_in_a_hex_labelled_like_an_entry_box():
    """r_hq stands in 0808, and an arrival box has the id ``0808``: r_hq is still a unit on the
    map since the game began, not one entering on this turn, so the arrival-turn modes (rail,
    double) are not its."""
    m = reinforcement_module()
    m.map.boxes["0808"] = Box(name="Rear", kind="arrival", side="red", entry_hexes=["0901"])
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    s, _ = apply(m, s, Choose(option="reinforce", target="r_div2"))
    s, _ = apply(m, s, EndPhase())
    assert engine_state(s).seq.step == "Red later"
    moves = {(a.unit, a.mode) for a in legal_actions(m, s) if isinstance(a, Move)}
    assert ("r_hq", "") in moves and ("r_new", "double") in moves
    assert {mode for unit, mode in moves if unit == "r_hq"} == {""}


def test_a_rule_at_another_level_is_the_same_rules_object_each_time_it_is_asked():
    """So the reach answers keyed on the rules object are found again (``unit_reach``)."""
    m = seq_module({"a": [go(id="x")]})
    off = with_level(m.rules, "zoc", "off")
    assert off.enforcement_of("zoc") == "off" and m.rules.enforcement_of("zoc") != "off"
    assert with_level(m.rules, "zoc", "off") is off
    assert with_level(m.rules, "zoc", "warn") is not off


def test_the_rules_at_other_levels_are_kept_for_a_bounded_number_of_questions():
    """Many different questions later the first answer is made afresh (the store is bounded),
    and it is still right."""
    m = seq_module({"a": [go(id="x")]})
    first = with_level(m.rules, "zoc", "off")
    for n in range(300):
        with_level(m.rules, f"rule_{n}", "warn")
    again = with_level(m.rules, "zoc", "off")
    assert again is not first and again.enforcement_of("zoc") == "off"
