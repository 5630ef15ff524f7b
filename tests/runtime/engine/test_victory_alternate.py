"""Sudden-death conditions beyond held hexes, as module data (``tables.json``
``victory.sudden_death``: ``destroyed``, ``in_area``, ``optional_rule``), on a synthetic module
after Traces of Victory 15.2 (Alternate Allied Victory): "eliminate all the units of at least two
German corps (not including the IV Luftwaffe Field Corps) and at least six regiments, in supply,
reach the French-German border"."""

from __future__ import annotations

import pytest
from builders import add_unit, rules_module
from pydantic import ValidationError

from hexwright.runtime.engine.victory import destroyed_formations, sudden_death
from hexwright.runtime.model import Area, Formation, OptionalRule, Placement, Scenario
from hexwright.runtime.model.tables import FormationsDestroyed, SuddenDeath, UnitsInArea
from hexwright.runtime.state import GameState, Location, initial_state
from hexwright.runtime.validation import check_module


def pincer_module():
    """Red corps c1 (division d1: r_1, r_2; its HQ r_hq), c2 (r_3) and c3 (r_4; not counted);
    blue regiments b_1..b_3 (III) and a brigade b_x (X); the border area is column 07; blue's
    source in 0101. Alternate victory: two of c1, c2 and three blue regiments on the border."""
    m = rules_module(9, 9, features={"0101": ["source"]})
    m.map.hexes["0101"].features[0].side = "blue"
    m.pieces.formations = {"c1": Formation(name="1st Corps", side="red", echelon="corps"),
                           "d1": Formation(name="1st Division", side="red", parent="c1"),
                           "c2": Formation(name="2nd Corps", side="red", echelon="corps"),
                           "c3": Formation(name="3rd Corps", side="red", echelon="corps")}
    add_unit(m, "r_1", "red", formation="d1")
    add_unit(m, "r_2", "red", formation="d1")
    add_unit(m, "r_hq", "red", "hq", formation="c1")
    add_unit(m, "r_3", "red", formation="c2")
    add_unit(m, "r_4", "red", formation="c3")
    add_unit(m, "r_late", "red", formation="c2")
    for b in ("b_1", "b_2", "b_3"):
        add_unit(m, b, "blue")
    add_unit(m, "b_x", "blue", size="X")
    m.map.areas["border"] = Area(name="the border", hexes=[f"07{r:02d}" for r in range(1, 10)])
    m.meta.optional_rules = {"alternate": OptionalRule(name="Alternate victory", section="15.2")}
    m.tables.victory.sudden_death = [SuddenDeath(
        side="blue", destroyed=FormationsDestroyed(formations=["c1", "c2"], count=2),
        in_area=UnitsInArea(area="border", count=3, sizes=["III"], trace="supply"),
        optional_rule="alternate", level="Alternate Allied Victory", section="15.2")]
    m.scenarios = {"s": Scenario(name="S", last_turn=3, setup=[
        Placement(piece=p, hex=h) for p, h in (("r_1", "0909"), ("r_2", "0908"), ("r_hq", "0907"), ("r_3", "0906"),
                                               ("r_4", "0905"), ("b_1", "0201"), ("b_2", "0202"), ("b_3", "0203"),
                                               ("b_x", "0204"))])}
    return m


def moved(s: GameState, **where: str) -> GameState:
    return s.model_copy(update={"pieces": {p: v.model_copy(update={"at": Location.hex(where[p]) if where.get(p, "")
                                                                   not in ("", "x") else Location.off("eliminated")})
                                           if p in where else v for p, v in s.pieces.items()}})


def won(m, s: GameState) -> GameState:
    """Both corps destroyed (the HQ lives on, r_late never arrived), three regiments on the border."""
    return moved(s, r_1="x", r_2="x", r_3="x", b_1="0701", b_2="0702", b_3="0703")


def test_15_2_two_corps_destroyed_and_three_regiments_on_the_border_in_supply_win():
    m = pincer_module()
    s = won(m, initial_state(m, "s", 1, {"alternate": True}))
    assert destroyed_formations(m, s, ["c1", "c2", "c3"]) == ["c1", "c2"]
    text = sudden_death(m, s)
    assert text.startswith("Blue: Alternate Allied Victory (destroyed: 1st Corps, 2nd Corps; 3 units in the border "
                           "in supply — 15.2)")


def test_15_2_only_with_the_optional_rule_in_use():
    m = pincer_module()
    assert sudden_death(m, won(m, initial_state(m, "s", 1))) == ""


def test_15_2_one_corps_short_or_one_regiment_short_is_no_victory():
    m = pincer_module()
    s = won(m, initial_state(m, "s", 1, {"alternate": True}))
    assert sudden_death(m, moved(s, r_3="0906")) == ""                     # the 2nd Corps lives
    assert sudden_death(m, moved(s, b_3="0603")) == ""                     # two regiments on the border
    assert sudden_death(m, moved(s, b_3="0603", b_x="0704")) == ""         # a brigade is not a regiment


def test_15_2_a_regiment_cut_off_from_supply_does_not_count():
    """Red units all round b_3 on the border: its hex traces no supply."""
    m = pincer_module()
    s = won(m, initial_state(m, "s", 1, {"alternate": True}))
    cut = moved(s, b_1="0709", b_2="0708", b_3="0701", r_4="0601", r_hq="0801")
    assert sudden_death(m, cut) == "" and sudden_death(m, moved(cut, r_4="x", r_hq="0907")) != ""


def test_15_2_bad_data_names_the_field_and_a_condition_is_required():
    m = pincer_module()
    m.tables.victory.sudden_death[0].in_area.area = "nowhere"
    m.tables.victory.sudden_death[0].destroyed.formations.append("c9")
    problems = {(i.file, i.field, i.message) for i in check_module(m)}
    assert ("tables.json", "victory.sudden_death.0.in_area.area", "unknown area 'nowhere'") in problems
    assert ("tables.json", "victory.sudden_death.0.destroyed.formations.2", "unknown formation 'c9'") in problems
    with pytest.raises(ValidationError, match="needs hexes, destroyed or in_area"):
        SuddenDeath(side="blue")
