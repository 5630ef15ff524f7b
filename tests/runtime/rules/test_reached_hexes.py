"""What a reach query answers, read as a mapping (``runtime/rules/reached.py``): each hex
reached once with its cost, path, stop and whether the move may end there (DoM §8.1, §5);
the start and the hexes out of reach are not in it; two identical queries give equal
answers; an answer can be pickled to another process (the balance study's workers) and
printed. Blue's b (MA 4, clear costs 2) stands in 0403; red's r in 0406 puts 0405 in its ZOC."""

from __future__ import annotations

import pickle

import pytest
from builders import add_unit, rules_module

from hexwright.runtime.rules import reach


def answer():
    m = rules_module()
    add_unit(m, "b", movement=4)
    add_unit(m, "r", side="red")
    return reach(m, {"b": "0403", "r": "0406"}, "b").hexes


def test_reach_holds_every_hex_within_the_allowance_once_and_nothing_else_dom_8_1():
    hexes = answer()
    m = rules_module()
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    start = scheme.parse("0403", grid)
    two_out = [scheme.format(h, grid) for h in grid.hexes() if 1 <= grid.distance(start, h) <= 2]
    assert len(hexes) == len(list(hexes)) == len(set(hexes)) == 18
    assert "0403" not in hexes and "0707" not in hexes and 403 not in hexes
    for label in ("0403", "0707", "9999"):
        with pytest.raises(KeyError) as missing:
            hexes[label]
        assert missing.value.args == (label,)  # the error names the hex asked for
    assert sorted(hexes) == sorted(two_out)


def test_a_hex_reached_plainly_may_be_ended_in_and_is_no_stop_dom_8_1():
    step = answer()["0404"]
    assert (step.cost, step.path, step.stop, step.can_end, step.rulings) == (2, ("0404",), False, True, ())


def test_a_hex_in_an_enemy_zoc_is_in_the_answer_as_a_stop_dom_5():
    hexes = answer()
    assert "0405" in hexes and hexes["0405"].stop and hexes["0405"].can_end
    assert hexes["0405"].path == ("0404", "0405")


def test_two_identical_queries_give_equal_answers_hex_by_hex():
    first, second = answer(), answer()
    assert dict(first) == dict(second)
    assert len({*first.values(), *second.values()}) == 18  # equal records hash alike
    assert first["0404"] != first["0405"]
    assert first["0404"] != "0404"


def test_an_answer_pickles_to_a_plain_mapping_of_equal_records():
    hexes = answer()
    back = pickle.loads(pickle.dumps(hexes))
    assert type(back) is dict and back == dict(hexes)
    assert back["0405"].stop and back["0405"].path == ("0404", "0405")


def test_an_answer_prints_each_hex_with_what_the_query_found():
    hexes = answer()
    assert repr(hexes["0405"]) == ("ReachedHex(hex='0405', cost=Fraction(4, 1), path=('0404', '0405'), stop=True, "
                                   "can_end=True, rulings=(Ruling(rule='zoc', text='stopped: enemy ZOC', section='', "
                                   "hex='0405'),))")
    assert repr(hexes).startswith("ReachedHexes({'0202': ReachedHex(hex='0202'")
