"""The movement search's rules that the differential tests (networkx against the hand-written
search) cannot pin, because both share them: a friendly unit negating enemy ZOC for movement,
and hexsides across which the interdiction surcharges are not paid (ToV 7.2), on the blank
7×7 map of ``rules_module`` (clear 2 MF, stream +1)."""

from __future__ import annotations

from builders import add_unit, hexside_id, rules_module

from hexwright.runtime.model.rules_config import RulesConfig, ZocRules
from hexwright.runtime.rules import reach

NEGATING = ZocRules(can_leave=False, stop_on_enter=True, friendly_negates_for_movement=True)


def negation_module(z: ZocRules = NEGATING):
    m = rules_module(rules=RulesConfig(zoc=z))
    for pid in ("b", "b2", "b3"):
        add_unit(m, pid, movement=8)
    add_unit(m, "r", side="red")
    return m


def test_a_friendly_unit_in_an_ezoc_hex_negates_it_for_movement():
    """0504 is next to the red unit at 0604: with a blue unit in it, the mover enters it without
    stopping and goes on; without the rule (or without the friend) it stops there."""
    m = negation_module()
    occ = {"b": "0502", "b2": "0504", "r": "0604"}
    r = reach(m, occ, "b")
    assert r.hexes["0504"].stop is False
    assert any("0504" in h.path[:-1] for h in r.hexes.values())  # moved on through it
    alone = reach(m, {"b": "0502", "r": "0604"}, "b")
    assert alone.hexes["0504"].stop is True
    off = reach(negation_module(NEGATING.model_copy(update={"friendly_negates_for_movement": False})), occ, "b")
    assert off.hexes["0504"].stop is True


def test_the_mover_alone_does_not_negate_the_ezoc_it_stands_in_but_a_second_unit_there_does():
    """Starting alone in EZOC where units may not leave it: no move. With another friendly unit
    in the same hex the EZOC there is negated and the unit moves; a third changes nothing."""
    m = negation_module()
    stuck = reach(m, {"b": "0504", "r": "0604"}, "b")
    assert not stuck.hexes and [x.text for x in stuck.rulings] == ["cannot leave enemy ZOC"]
    two = reach(m, {"b": "0504", "b2": "0504", "r": "0604"}, "b")
    assert two.hexes and not two.rulings
    three = reach(m, {"b": "0504", "b2": "0504", "b3": "0504", "r": "0604"}, "b")
    assert set(three.hexes) == set(two.hexes)
    elsewhere = reach(m, {"b": "0504", "b2": "0502", "r": "0604"}, "b")  # a friend in another hex negates only that one
    assert not elsewhere.hexes


def test_tov_7_2_no_entry_surcharge_across_a_free_hexside_even_from_the_first_hex_of_the_map():
    """An air marker's +1 to enter 0102 is not paid across the stream from 0101 (the map's first
    hex) when streams are free of it: 2 (clear) + 1 (stream) = 3; 4 when they are not."""
    m = rules_module()
    m = rules_module(hexsides={hexside_id(m, "0101", "0102"): ["stream"]})
    add_unit(m, "b", movement=6)
    free = reach(m, {"b": "0101"}, "b", enter_surcharge={"0102": 1}, surcharge_free_across=["stream"])
    assert free.hexes["0102"].cost == 3
    paid = reach(m, {"b": "0101"}, "b", enter_surcharge={"0102": 1})
    assert paid.hexes["0102"].cost == 4
    other = reach(m, {"b": "0101"}, "b", enter_surcharge={"0102": 1}, surcharge_free_across=["river"])
    assert other.hexes["0102"].cost == 4


def test_tov_7_2_a_surcharge_to_leave_alone_is_paid_except_across_a_free_hexside():
    """Only a surcharge to leave 0404 (no surcharge to enter, so networkx searches): 2 + 1 to any
    neighbour, but across the stream to 0403 just the stream's 2 + 1."""
    m = rules_module()
    m = rules_module(hexsides={hexside_id(m, "0404", "0403"): ["stream"]})
    add_unit(m, "b", movement=6)
    r = reach(m, {"b": "0404"}, "b", leave_surcharge={"0404": 1}, surcharge_free_across=["stream"])
    assert (r.hexes["0403"].cost, r.hexes["0405"].cost, r.hexes["0304"].cost) == (3, 3, 3)
    assert r.hexes["0402"].cost == 5  # 0404 → 0403 (3) → 0402 (2): the surcharge once
    paid = reach(m, {"b": "0404"}, "b", leave_surcharge={"0404": 1})
    assert (paid.hexes["0403"].cost, paid.hexes["0405"].cost) == (4, 3)
    on = reach(m, {"b": "0404"}, "b", leave_surcharge={"0403": 1}, surcharge_free_across=["stream"])
    assert (on.hexes["0403"].cost, on.hexes["0402"].cost) == (3, 6)  # leaving 0403 onwards pays: 3 + 2 + 1
