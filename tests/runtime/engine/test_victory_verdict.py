"""Who leads and by how much (``engine/victory.py``: ``verdict``, DoM Table 5), on the synthetic
activation module where blue scores 2 VP for each red HQ relocated (ToV 2.3): a draw, a lead
that reaches no level, a lead that does, and how each is said."""

from __future__ import annotations

from sequence_modules import relocation_module

from hexwright.runtime.engine import Choose, Declare, EndPhase, Relocate, Resolve, apply
from hexwright.runtime.engine.victory import verdict
from hexwright.runtime.model.tables import VictoryLevel
from hexwright.runtime.state import initial_state


def relocated(m):
    s = initial_state(m, "act", 1)
    for f in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    s, _ = apply(m, s, Resolve(hex="0505"))
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
