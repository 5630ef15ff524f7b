"""Who leads and by how much (``engine/victory.py``: ``verdict``, DoM Table 5), on the synthetic
activation module where blue scores 2 VP for each red HQ relocated (ToV 2.3): a draw, a lead
that reaches no level, a lead that does, and how each is said."""

from __future__ import annotations

from sequence_modules import attack_hq, relocation_module

from hexwright.runtime.engine import Relocate, apply
from hexwright.runtime.engine.victory import verdict
from hexwright.runtime.model.tables import VictoryLevel
from hexwright.runtime.state import initial_state


def relocated(m):
    s, _ = attack_hq(m)
    s, _ = apply(m, s, Relocate(unit="r_hq", to="0909"))
    return s


def test_table_5_level_par_no_vp_each_is_a_draw():
    m = relocation_module()
    v = verdict(m, initial_state(m, "act", 1))
    assert (v.winner, v.margin, v.level) == (None, 0, "")
    assert v.text(m) == "Draw (Blue 0, Red 0)"


def test_table_5_the_side_ahead_wins_at_the_highest_level_its_margin_reaches():
    m = relocation_module()
    s = relocated(m)
    v = verdict(m, s)
    assert (v.totals, v.winner, v.margin, v.level) == ({"blue": 2, "red": 0}, "blue", 2, "Marginal")
    m.tables.victory.levels = [VictoryLevel(min_margin=3, name="Decisive")]
    v = verdict(m, s)
    assert (v.winner, v.margin, v.level) == ("blue", 2, "")
    assert v.text(m) == "Blue ahead by ΔVP 2: no victory level reached (Blue 2, Red 0)"


def test_st_lo_21_1_2_an_area_scores_once_however_many_of_its_hexes_are_held_and_the_margin_is_the_difference():
    """Red scores 1 VP for its ridge (an area of two hexes, scored once) and 1 for each of the
    hexes 0707 and 0708 named one by one: blue 2, red 1 + 2 = 3, red ahead by 1."""
    from hexwright.runtime.model import Area
    from hexwright.runtime.model.tables import VpRule

    m = relocation_module()
    m.map.areas["ridge"] = Area(name="Ridge", hexes=["0808", "0809"])
    m.tables.victory.rules += [
        VpRule(side="red", kind="control_hex", points=1, params={"area": "ridge"}, description="Ridge", section="21.1.2"),
        VpRule(side="red", kind="control_hex", points=1, per="unit", params={"hexes": ["0707", "0708"]},
               description="Woods", section="21.1")]
    s = relocated(m)
    s = s.model_copy(update={"control": {**s.control, "0808": "red", "0809": "red", "0707": "red", "0708": "red"}})
    v = verdict(m, s)
    assert (v.totals, v.winner, v.margin, v.level) == ({"blue": 2, "red": 3}, "red", 1, "Marginal")


def _held(m, points: dict[str, int], hexes: tuple[str, ...] = ("0101", "0102", "0103", "0104", "0105")):
    """Each side of ``points`` scores 1 VP for each of as many hexes it controls, and by no
    other rule."""
    from hexwright.runtime.model.tables import VpRule

    m.tables.victory.rules = []
    control: dict[str, str] = {}
    free = list(hexes)
    for side, n in points.items():
        mine = [free.pop(0) for _ in range(n)]
        m.tables.victory.rules.append(VpRule(side=side, kind="control_hex", points=1, per="unit",
                                             params={"hexes": mine}, description=f"{side} hexes"))
        control.update(dict.fromkeys(mine, side))
    s = initial_state(m, "act", 1)
    return s.model_copy(update={"control": {**s.control, **control}})


def _three_sides():
    from hexwright.runtime.model import Side

    m = relocation_module()
    m.pieces.sides["green"] = Side(name="Green", color="#00aa00")
    return m


def test_table_5_with_three_sides_the_margin_is_over_the_second_and_a_tie_below_the_lead_is_no_draw():
    """Red 3, blue 2, green 2: red leads by 1 (the tie is for second place); red 3, blue 2,
    green 0: still by 1, over the second side, not the last."""
    m = _three_sides()
    v = verdict(m, _held(m, {"red": 3, "blue": 2}))
    assert (v.winner, v.margin) == ("red", 1)
    m = _three_sides()
    v = verdict(m, _held(m, {"red": 2, "blue": 1, "green": 1}))
    assert (v.totals, v.winner, v.margin) == ({"blue": 1, "green": 1, "red": 2}, "red", 1)


def test_table_5_a_game_of_one_side_is_never_won_on_a_margin():
    m = relocation_module()
    del m.pieces.sides["red"]
    v = verdict(m, _held(m, {"blue": 2}))
    assert (v.winner, v.margin, v.level) == (None, 0, "")


def test_st_lo_21_2_a_level_on_a_total_holds_both_ends_of_its_range_and_names_whom_it_favours():
    """``basis: total``: blue's 2 VP fall in "0–2, Red holds" (the top of the range counts); a
    level with no side reads a total of 0; no level met is no winner, no level."""
    m = relocation_module()
    m.tables.victory.basis = "total"
    m.tables.victory.levels = [VictoryLevel(name="Blue breaks through", side="blue", min_total=3),
                               VictoryLevel(name="Red holds", side="blue", min_total=0, max_total=2, winner="red")]
    v = verdict(m, _held(m, {"blue": 2}))
    assert (v.winner, v.margin, v.level, v.basis) == ("red", 2, "Red holds", "total")
    m.tables.victory.levels = [VictoryLevel(name="Nobody scores", min_total=0, max_total=0)]
    v = verdict(m, _held(m, {"blue": 2}))
    assert (v.winner, v.margin, v.level, v.basis) == (None, 0, "Nobody scores", "total")
    m.tables.victory.levels = [VictoryLevel(name="Blue breaks through", side="blue", min_total=3)]
    v = verdict(m, _held(m, {"blue": 2}))
    assert (v.winner, v.margin, v.level, v.basis) == (None, 0, "", "total")
