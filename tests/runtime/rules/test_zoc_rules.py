"""Who exerts a zone of control, seen through movement (DoM §5, St-Lô 4.0, ToV 6.0).

The builder's map is flat-top with odd columns (labels 02, 04, …) shifted down, so the
neighbours of 0406 are 0405 N, 0506 NE, 0507 SE, 0407 S, 0307 SW, 0306 NW. A blue unit
walks 0403 → 0404 → 0405 into the hex north of an enemy in 0406.
"""

from builders import add_unit, rules_module

from hexwright.runtime.model.rules_config import RulesConfig, ZocRules
from hexwright.runtime.rules import enemy_zoc, make_board, reach

WALK = {"b": "0403"}


def stops_next_to(enemy_type: str, zoc: ZocRules) -> bool:
    """Does a blue unit walking up to a red ``enemy_type`` unit in 0406 have to stop in 0405?"""
    m = rules_module(rules=RulesConfig(zoc=zoc))
    add_unit(m, "b", movement=8)
    add_unit(m, "r", side="red", unit_type=enemy_type)
    r = reach(m, {**WALK, "r": "0406"}, "b")
    assert r.hexes["0405"].cost == 4  # 0404, 0405 at 2 each, either way
    return r.hexes["0405"].stop


def test_every_unit_exerts_a_zoc_by_default_dom_5():
    assert stops_next_to("inf", ZocRules())
    assert stops_next_to("arm", ZocRules())


def test_unit_type_without_zoc_exerts_none_dom_5():
    """A unit type marked ``exerts_zoc: false`` (the builder's artillery) controls no hex:
    a unit walks past it and on (§5 gives every unit a ZOC; modules turn it off per type)."""
    m = rules_module(rules=RulesConfig(zoc=ZocRules()))
    add_unit(m, "b", movement=8)
    add_unit(m, "gun", side="red", unit_type="art")
    r = reach(m, {**WALK, "gun": "0406"}, "b")
    assert not any(h.stop for h in r.hexes.values())
    assert r.hexes["0506"].path == ("0404", "0405", "0506")  # from 0405 onwards, next to the gun


def test_only_the_listed_unit_types_exert_a_zoc_st_lo_4_0():
    """St-Lô 4.0: "Only infantry and recon units exert ZOCs" — ``exerting_unit_types``."""
    only_infantry = ZocRules(exerting_unit_types=["inf"])
    assert stops_next_to("inf", only_infantry)
    assert not stops_next_to("arm", only_infantry)  # armour has a ZOC by type, but is not listed
    assert not stops_next_to("art", ZocRules(exerting_unit_types=["inf", "art"]))  # listed, but no ZOC at all


def test_enemy_zoc_is_every_neighbour_of_every_enemy_unit_dom_5():
    """§5: a ZOC is the six surrounding hexes; overlapping ZOCs are one (ToV 6.0); a side's
    own ZOC is not an enemy ZOC."""
    m = rules_module()
    add_unit(m, "b")
    add_unit(m, "r1", side="red")
    add_unit(m, "r2", side="red")
    add_unit(m, "r3", side="red")
    board = make_board(m, {"b": "0101", "r1": "0406", "r2": "0606", "r3": "0606"})
    labels = sorted(board.hm.labels[i] for i in enemy_zoc(board, m.rules.zoc, "blue"))
    assert labels == ["0306", "0307", "0405", "0407", "0506", "0507", "0605", "0607", "0706", "0707"]
    assert sorted(board.hm.labels[i] for i in enemy_zoc(board, m.rules.zoc, "red")) == ["0102", "0201"]
