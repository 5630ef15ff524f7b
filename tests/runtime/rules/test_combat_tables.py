"""Reading a CRT: which column a ratio or differential falls in, which row a roll reads, and
which CRT a module uses (St-Lô 9.2 E and 9.2.8, ToV 10.2.1, DoM §9.1–9.2).

The CRTs here are small and synthetic, with gaps between their printed columns so that the
rounding rules matter.
"""

from fractions import Fraction as F

import pytest
from builders import add_unit, differential_crt, odds_crt, rules_module

from hexwright.runtime.model import CombatResultsTable, CrtColumn, ResultCode
from hexwright.runtime.model.rules_config import CombatRules, RulesConfig
from hexwright.runtime.rules import column_for, combat_odds, crt_cell, resolve

GAPPED = [("1:2", "1/2", "1/2"), ("1:1", "1", "1"), ("2:1", "2", "2"), ("4:1", "4", "4")]
"""Printed odds 1:2, 1:1, 2:1 and 4:1: no 3:1 column, nothing between the printed ratios."""


def table(columns=GAPPED, rounding="defender", kind="odds", rows=(1, 2, 3, 4, 5, 6), name="CRT"):
    cols = [CrtColumn(label=label, min=lo, max=hi) for label, lo, hi in columns]
    cells = [[f"{row}@{c.label}" for c in cols] for row in rows]
    return CombatResultsTable(name=name, kind=kind, rounding=rounding, columns=cols, rows=list(rows), cells=cells,
                              results={code: ResultCode(name=code) for line in cells for code in line})


def label(crt, value):
    k, why = column_for(crt, F(value))
    return crt.columns[k].label if k is not None else why


def test_defender_rounding_takes_the_printed_ratio_below_st_lo_9_2_e():
    """St-Lô 9.2 E: "Round down the ratio (in favor of the defender)"."""
    crt = table()
    assert [label(crt, v) for v in ("3/4", "1", "19/10", "2", "7/2", "4")] == ["1:2", "1:1", "1:1", "2:1", "2:1", "4:1"]


def test_attacker_rounding_takes_the_printed_ratio_above():
    crt = table(rounding="attacker")
    assert [label(crt, v) for v in ("1/2", "3/5", "1", "11/10", "2", "5/2", "4")] == [
        "1:2", "1:1", "1:1", "2:1", "2:1", "4:1", "4:1"]


def test_attacker_rounding_with_open_ended_columns():
    """A column printed as "3:1" holds 3 up to the next one; exactly 3 stays in it."""
    crt = odds_crt()
    crt.rounding = "attacker"
    assert [label(crt, v) for v in ("1/2", "1", "3", "11/4")] == ["1:2", "1:1", "3:1", "3:1"]


def test_attacker_rounding_in_a_differential_range():
    """DoM Table 3's "+2/+3" column holds 2, 3 and everything between."""
    crt = differential_crt()
    crt.rounding = "attacker"
    assert [label(crt, v) for v in ("2", "5/2", "3", "7/2")] == ["+2/+3", "+2/+3", "+2/+3", "+4/+5"]


def test_nearest_rounding_takes_the_closer_printed_ratio_ties_to_the_defender():
    crt = table(rounding="nearest")
    assert [label(crt, v) for v in ("7/5", "3/2", "8/5", "29/10", "3", "31/10")] == [
        "1:1", "1:1", "2:1", "2:1", "2:1", "4:1"]
    assert label(crt, "3/4") == "1:2"  # half-way between 1:2 and 1:1: the defender's side
    assert label(crt, "4/5") == "1:1"


def test_nearest_rounding_measures_from_the_ends_of_ranged_columns():
    """Columns 0–2, 5–7 and 10+: 3 is 1 above the first and 2 below the second."""
    crt = table([("0-2", "0", "2"), ("5-7", "5", "7"), ("10+", "10", None)], rounding="nearest", kind="differential")
    assert [label(crt, v) for v in ("3", "7/2", "4", "8", "17/2", "9")] == ["0-2", "0-2", "5-7", "5-7", "5-7", "10+"]


def test_ratios_above_the_table_use_the_highest_column_st_lo_9_2_8():
    """St-Lô 9.2.8: "greater … than those listed on the CRT, use the highest … column"."""
    for rounding in ("defender", "attacker", "nearest"):
        assert label(table(rounding=rounding), "9") == "4:1", rounding


def test_ratios_below_the_table_have_no_column_st_lo_9_2_8():
    assert label(table(), "2/5") == "below the lowest column"
    assert label(table(rounding="nearest"), "2/5") == "below the lowest column"
    assert label(table(rounding="attacker"), "2/5") == "1:2"  # rounded up into the table


def test_a_table_whose_first_column_is_open_below_holds_every_low_value():
    assert label(differential_crt(), "-7") == "≤−1"


def test_open_ended_columns_overlap_and_the_highest_that_holds_the_value_counts():
    """Odds columns printed "2:1", "3:1", … each hold their ratio and up: 3 reads 3:1, not 1:2."""
    crt = odds_crt()
    for rounding in ("defender", "nearest"):
        crt.rounding = rounding
        assert [label(crt, v) for v in ("1/2", "3", "7/2", "30")] == ["1:2", "3:1", "3:1", "10:1"], rounding


def test_crt_rows_with_gaps_read_the_printed_row_at_or_below():
    """Rows 1, 2, 4, 6 printed (a 2d6 table skips some totals): a 3 reads row 2, a 5 row 4."""
    crt = table(rows=(1, 2, 4, 6))
    assert [crt_cell(crt, 1, roll) for roll in (0, 1, 2, 3, 4, 5, 6, 9)] == [
        (0, "1@1:1"), (0, "1@1:1"), (1, "2@1:1"), (1, "2@1:1"), (2, "4@1:1"), (2, "4@1:1"), (3, "6@1:1"),
        (3, "6@1:1")]


def two_crt_module(crt_name=None):
    m = rules_module(rules=RulesConfig(combat=CombatRules(crt=crt_name)))
    m.tables.crts = {"odds": table(name="Odds"), "diff": differential_crt("Differential")}
    add_unit(m, "a", combat=6)
    add_unit(m, "d", side="red", combat=3)
    return m, {"a": "0403", "d": "0404"}


def test_rules_choose_the_crt_by_name_when_a_module_has_several():
    m, occ = two_crt_module("diff")
    o = combat_odds(m, occ, ["a"], "0404")
    assert (o.crt, o.kind, o.raw, o.column_label) == ("diff", "differential", 3, "+2/+3")
    m, occ = two_crt_module("odds")
    o = combat_odds(m, occ, ["a"], "0404")
    assert (o.crt, o.kind, o.raw, o.column_label) == ("odds", "odds", 2, "2:1")
    assert resolve(m, o, 4).code == "4@2:1"


def test_several_crts_and_none_named_is_a_clear_error():
    m, occ = two_crt_module()
    with pytest.raises(ValueError, match="the module has 2 CRTs; rules.json combat.crt must name one"):
        combat_odds(m, occ, ["a"], "0404")


def test_naming_a_crt_the_module_lacks_is_a_clear_error():
    m, occ = two_crt_module("missing")
    with pytest.raises(ValueError, match="rules.json names CRT 'missing', which tables.json does not have"):
        combat_odds(m, occ, ["a"], "0404")


def test_a_module_with_one_crt_needs_no_name():
    m, occ = two_crt_module()
    del m.tables.crts["odds"]
    assert combat_odds(m, occ, ["a"], "0404").crt == "diff"
