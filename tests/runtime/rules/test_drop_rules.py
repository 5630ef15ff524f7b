"""Where a unit may land by air drop (``rules/drop.py``), pure rules on a small synthetic map after
*Drive on Metz* §2.3 and §8.2 (not DoM): every option of ``rules.json`` ``drops`` changes the zone
and the reasons one hex is refused, each citing the drop's section."""

from __future__ import annotations

from builders import add_unit, rules_module

from hexwright.runtime.model.rules_config import AirDrop
from hexwright.runtime.rules.drop import drop_problems, drop_zone

OCC = {"b_para": "0101", "b_inf": "0303", "r_inf": "0505"}
"""b_para's own hex does not count: it is taken off the board before the zone is worked out."""


def drop_map():
    m = rules_module(7, 7, terrain={"0202": "woods"})
    add_unit(m, "b_para", "blue")
    add_unit(m, "b_inf", "blue")
    add_unit(m, "r_inf", "red")
    return m


def zone(m, drop: AirDrop) -> dict:
    return drop_zone(m, OCC, "b_para", drop)


def reasons(m, hex: str, drop: AirDrop) -> list[tuple[str, str]]:
    return [(r.rule, r.text) for r in drop_problems(m, OCC, "b_para", hex, drop)]


def test_s8_2_an_enemy_held_hex_is_never_a_landing_hex():
    m = drop_map()
    drop = AirDrop(box="air", empty_hex=False, section="8.2")
    assert "0505" not in zone(m, drop)
    assert reasons(m, "0505", drop) == [("sequence", "an enemy unit holds the hex: opposing units never share a hex")]


def test_s2_3_a_friendly_hex_is_a_landing_hex_only_without_empty_hex():
    m = drop_map()
    assert "0303" not in zone(m, AirDrop(box="air"))
    assert reasons(m, "0303", AirDrop(box="air")) == [
        ("drop", "a unit is already there: drops only on a hex with no unit in it")]
    assert "0303" in zone(m, AirDrop(box="air", empty_hex=False))
    assert reasons(m, "0303", AirDrop(box="air", empty_hex=False)) == []


def test_s2_3_only_the_terrain_listed_takes_a_drop():
    m = drop_map()
    clear = AirDrop(box="air", terrain=["clear"])
    assert "0202" not in zone(m, clear) and "0202" in zone(m, AirDrop(box="air"))
    assert reasons(m, "0202", clear) == [("drop", "woods hex: drops only on clear hexes")]


def test_s2_3_landing_in_enemy_zoc_is_ruled_or_refused_as_the_module_says():
    """0504 is next to r_inf (0505): allowed by DoM (§2.3 "possibly in enemy ZOC") with the ruling
    that it lands there, refused with ``into_ezoc`` false."""
    m = drop_map()
    dom = zone(m, AirDrop(box="air", section="8.2"))
    assert [(r.rule, r.text, r.section) for r in dom["0504"].rulings] == [
        ("zoc", "lands in enemy ZOC", "8.2"), ("drop", "landed: cannot move further this turn", "8.2")]
    assert [r.rule for r in dom["0101"].rulings] == ["drop"]
    keep_out = AirDrop(box="air", into_ezoc=False, stop_on_landing=False)
    assert "0504" not in zone(m, keep_out) and zone(m, keep_out)["0101"].rulings == ()
    assert reasons(m, "0504", keep_out) == [("drop", "in enemy ZOC: no drop there")]
    assert reasons(m, "0504", AirDrop(box="air")) == []


def test_the_zone_is_sorted_by_label():
    labels = list(zone(drop_map(), AirDrop(box="air")))
    assert labels == sorted(labels) and "0101" in labels


def test_s2_3_a_refused_terrain_is_named_as_the_module_names_it():
    """The refusal reads the terrain types' names (here Forest and Open ground, not the ids
    woods and clear), and a listed id the map does not define by its id."""
    m = drop_map()
    m.map.terrain_types["woods"].name = "Forest"
    m.map.terrain_types["clear"].name = "Open ground"
    drop = AirDrop(box="air", terrain=["clear", "dunes"])
    assert reasons(m, "0202", drop) == [("drop", "forest hex: drops only on open ground, dunes hexes")]


def test_s2_3_with_zoc_rules_off_a_drop_ignores_enemy_zoc():
    """``enforcement: {zoc: off}``: 0504 next to r_inf is a landing hex like any other, with no
    ZOC ruling, even where the drop keeps out of enemy ZOC."""
    m = drop_map()
    m.rules.enforcement = {"zoc": "off"}
    keep_out = AirDrop(box="air", into_ezoc=False, stop_on_landing=False)
    assert zone(m, keep_out)["0504"].rulings == ()
    assert reasons(m, "0504", keep_out) == []
