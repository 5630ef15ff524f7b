"""When stacking is checked, as data (``rules.json`` ``stacking.check_at``; DoM §6): at the end
of each move, or at the end of the phases listed — the opponent's phases included."""

from __future__ import annotations

import pytest
from builders import add_unit, rules_module

from hexwright.runtime.engine import (
    EliminateExcess,
    EndPhase,
    Move,
    apply,
    engine_state,
    legal_actions,
    phase_of,
    reach_of,
    to_act,
)
from hexwright.runtime.model import Phase, Placement, Scenario
from hexwright.runtime.model.rules_config import RulesConfig, StackingRules
from hexwright.runtime.state import ActionError, initial_state

from .dom_positions import dom, position


def _game(check_at: str, check_phases: tuple[str, ...] = ("movement", "combat")):
    m = rules_module(rules=RulesConfig(stacking=StackingRules(check_at=check_at, check_phases=list(check_phases),
                                                              section="§6")))
    m.meta.sequence = [
        Phase(id="blue-move", name="Blue movement", side="blue", kind="movement"),
        Phase(id="blue-combat", name="Blue combat", side="blue", kind="combat"),
        Phase(id="red-move", name="Red movement", side="red", kind="movement"),
        Phase(id="red-combat", name="Red combat", side="red", kind="combat"),
    ]
    add_unit(m, "b1", movement=6)
    add_unit(m, "b2", movement=6)
    add_unit(m, "r1", side="red")
    m.scenarios = {"s": Scenario(name="S", last_turn=3, first_side="blue", setup=[
        Placement(piece="b1", hex="0202"), Placement(piece="b2", hex="0204"), Placement(piece="r1", hex="0707")])}
    return m, initial_state(m, "s", 1)


def test_s6_check_at_end_of_move_refuses_a_move_ending_overstacked():
    m, s = _game("end_of_move")
    with pytest.raises(ActionError, match=r"over the stacking limit \(2 > 1\) at 0204 — §6"):
        apply(m, s, Move(unit="b1", to="0204"))
    moves = {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == "b1"}
    assert "0204" not in moves and "0205" in moves  # passing through the friendly hex is fine
    assert "0204" not in reach_of(m, s, "b1").hexes
    s, entry = apply(m, s, Move(unit="b1", to="0205"))
    assert s.hex_of("b1") == "0205" and "stacking" not in entry.text
    s, _ = apply(m, s, EndPhase())
    assert phase_of(m, s).id == "blue-combat" and not engine_state(s).frames  # nothing to put right


def test_s6_check_at_end_of_move_at_warn_allows_it_and_the_phase_end_does_not_ask_again():
    m, s = _game("end_of_move")
    m.rules.enforcement["stacking"] = "warn"
    s, entry = apply(m, s, Move(unit="b1", to="0204"))
    assert "override: over the stacking limit (2 > 1) at 0204 — §6" in entry.text
    s, _ = apply(m, s, EndPhase())
    assert phase_of(m, s).id == "blue-combat"


def test_s6_check_at_end_of_phase_allows_the_move_and_the_owner_eliminates_at_the_end():
    m, s = _game("end_of_phase")
    assert "0204" in reach_of(m, s, "b1").hexes
    s, entry = apply(m, s, Move(unit="b1", to="0204"))
    assert "over the stacking limit (2 > 1): to be put right by the end of the phase at 0204 — §6" in entry.text
    s, _ = apply(m, s, EndPhase())
    assert phase_of(m, s).id == "blue-move" and to_act(m, s) == "blue"
    assert legal_actions(m, s) == [EliminateExcess(unit="b1"), EliminateExcess(unit="b2")]
    s, _ = apply(m, s, EliminateExcess(unit="b2"))
    assert phase_of(m, s).id == "blue-combat"


def test_s6_check_phases_lists_the_phases_whose_end_checks_stacking():
    m, s = _game("end_of_phase", ("combat",))
    s, _ = apply(m, s, Move(unit="b1", to="0204"))
    s, _ = apply(m, s, EndPhase())
    assert phase_of(m, s).id == "blue-combat" and not engine_state(s).frames  # not checked after movement
    s, _ = apply(m, s, EndPhase())
    assert phase_of(m, s).id == "blue-combat" and engine_state(s).top.proc == "stacking"  # checked after combat


def test_s6_dom_stacking_is_checked_at_the_end_of_the_opponents_phase_too():
    m = dom()
    assert m.rules.stacking.check_at == "end_of_phase" and m.rules.stacking.check_phases == ["movement", "combat"]
    s = position({"de_462_1010": "0701", "de_3_29": "0701", "us_5_2": "0307"}, phase="us_combat")
    s, entry = apply(m, s, EndPhase())
    assert "Germany eliminates the excess at 0701 — §6" in entry.text
    assert phase_of(m, s).id == "us_combat" and to_act(m, s) == "de"  # the German player chooses in the US phase
    assert {a.unit for a in legal_actions(m, s)} == {"de_462_1010", "de_3_29"}
    s, _ = apply(m, s, EliminateExcess(unit="de_3_29"))
    assert phase_of(m, s).id == "de_movement"


def test_s6_stacking_off_notes_nothing_when_a_move_ends_overstacked():
    """Enforcement ``off`` for stacking: the move is made with no ruling, neither at once nor as one
    to be put right by the end of the phase."""
    for check_at in ("end_of_move", "end_of_phase"):
        m, s = _game(check_at)
        m.rules.enforcement["stacking"] = "off"
        s, entry = apply(m, s, Move(unit="b1", to="0204"))
        assert s.hex_of("b1") == "0204" and "stacking" not in entry.text and "limit" not in entry.text


def test_s6_the_window_shows_each_hex_as_the_reach_has_it_and_no_overstacked_end_at_end_of_move():
    from hexwright.runtime.engine import rules_of, unit_reach

    for check_at, strict in (("end_of_move", True), ("end_of_phase", False)):
        m, s = _game(check_at)
        view = reach_of(m, s, "b1")
        r = unit_reach(m, s, "b1", rules_of(m, s))
        want = {h: (x.cost, x.path, x.stop) for h, x in r.hexes.items() if x.can_end or not strict}
        assert ("0204" in want) is not strict and "0204" in r.hexes
        assert dict(view.hexes) == want and list(view.hexes) == list(want) and len(view.hexes) == len(want)
        assert ("0204" in view.hexes) is not strict
        assert view.stops() == {h: stop for h, (_cost, _path, stop) in want.items()}
        assert max(len(path) for _cost, path, _stop in want.values()) > 1
        if strict:
            with pytest.raises(KeyError):
                view.hexes["0204"]
