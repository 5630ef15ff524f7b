"""The position the rules read (``rules/position.py``): an occupancy indexed per side — how
many units of a side and of its enemies stand in each hex, how many enemy units project a
ZOC into it (DoM §8.1) — kept move by move, refusing a bad change before making any."""

from __future__ import annotations

import pytest
from builders import add_unit, rules_module

from hexwright.runtime.model import Side
from hexwright.runtime.rules.position import Position, position


def three_units():
    m = rules_module()
    add_unit(m, "b1", reduced=2)
    add_unit(m, "b2")
    add_unit(m, "r1", "red")
    return m, {"b1": "0303", "b2": "0303", "r1": "0606"}


def test_the_counts_are_the_number_of_units_per_hex_and_drop_to_nothing_when_they_leave():
    m, occ = three_units()
    pos = Position(m, occ)
    at = pos.hm.index
    assert len(pos) == 3 and dict(pos) == occ
    assert pos.own["blue"] == {at["0303"]: 2} and pos.enemy["red"] == {at["0303"]: 2}
    assert pos.own["red"] == {at["0606"]: 1} and pos.enemy["blue"] == {at["0606"]: 1}
    ezoc = pos.enemy_zoc(m.rules.zoc, "red")  # both blue units project a ZOC round 0303
    assert ezoc and set(ezoc.values()) == {2} and at["0303"] not in ezoc
    pos.move("b2", None)
    assert len(pos) == 2 and pos.pieces_of("blue") == ["b1"]
    assert pos.own["blue"] == {at["0303"]: 1} and set(pos.enemy_zoc(m.rules.zoc, "red").values()) == {1}
    pos.move("b1", "0404")
    assert pos.own["blue"] == {at["0404"]: 1} and pos.enemy["red"] == {at["0404"]: 1}
    assert pos.by_hex == {at["0404"]: ["b1"], at["0606"]: ["r1"]}


def test_a_side_with_no_piece_in_the_module_still_has_every_unit_as_its_enemy():
    m, occ = three_units()
    m.pieces.sides["green"] = Side(name="Green", color="#30a030")
    pos = Position(m, occ)
    assert pos.sides == ("blue", "green", "red")
    assert pos.enemy["green"] == {pos.hm.index["0303"]: 2, pos.hm.index["0606"]: 1}
    assert pos.enemy_zoc(m.rules.zoc, "green") and pos.pieces_of("green") == []


def test_a_unit_read_from_the_position_is_at_full_strength_unless_its_steps_lost_are_given():
    m, occ = three_units()
    pos = Position(m, occ)
    assert pos.unit("b1").values.combat == 4
    assert pos.unit("b1", {"b1": 1}).values.combat == 2
    assert pos.unit("b1", {"b2": 1}).values.combat == 4
    assert pos.unit("b1").hex == pos.hm.index["0303"]


def test_a_piece_of_a_unit_type_the_module_lacks_is_refused_by_name_and_nothing_moves():
    m, occ = three_units()
    add_unit(m, "odd", unit_type="zeppelin")
    pos = Position(m, occ)
    with pytest.raises(ValueError, match=r"^piece 'odd' has unknown unit type 'zeppelin'$"):
        pos.move("odd", "0101")
    with pytest.raises(ValueError, match=r"^piece 'odd' has unknown unit type 'zeppelin'$"):
        pos.sync({"b1": "0101", "odd": "0101"})
    assert dict(pos) == occ and pos.own["blue"] == {pos.hm.index["0303"]: 2}


def test_a_sync_refused_for_one_piece_leaves_the_others_as_they_were():
    """Every change is checked before any is made: the units that would leave or move first
    (by their ids) are still where they were."""
    m, occ = three_units()
    pos = Position(m, occ)
    with pytest.raises(ValueError, match=r"'9999' is not on the map"):
        pos.sync({"b1": "0101", "r1": "9999"})  # b2 leaves, b1 moves, r1's hex is not on the map
    assert dict(pos) == occ and pos.pieces_of("blue") == ["b1", "b2"]
    assert pos.by_hex == {pos.hm.index["0303"]: ["b1", "b2"], pos.hm.index["0606"]: ["r1"]}


def test_a_position_of_another_module_is_read_through_this_modules_own():
    m, occ = three_units()
    other = rules_module(9, 9)
    for pid in occ:
        other.pieces.pieces[pid] = m.pieces.pieces[pid]
    theirs = Position(other, occ)
    with position(m, theirs) as pos:
        assert pos.module is m and dict(pos) == occ
    mine = Position(m, occ)
    with position(m, mine) as pos:
        assert pos is mine
