"""The Drive on Metz figures as rules-engine cases: the module's map, pieces, tables and
``rules.json`` must reproduce Figures 4–9 (movement, exit, entry, columns, retreat, advance)."""

from pathlib import Path

import pytest

from hexwright.runtime.rules import advance_paths, combat_odds, reach, resolve, retreat_paths
from hexwright.runtime.storage import load_module

DOM = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"


@pytest.fixture(scope="module")
def dom():
    return load_module(DOM).module


@pytest.fixture(scope="module")
def german_setup(dom):
    return {p.piece: p.hex for p in dom.scenarios["campaign"].setup if p.hex}


@pytest.mark.parametrize("unit, box, target, cost", [
    ("us_5_2", "us_box_b", "0307", 3),    # enters 0106 by road, 0206, 0307
    ("us_5_10", "us_box_b", "0407", 4),   # enters on the road, to 0407
    ("us_7_ccr", "us_box_c", "0408", 7),  # 0110-0209-0309 by road (3), woods 0408 (4)
    ("us_7_ccb", "us_box_c", "0510", 7),  # clear 0111 (2), 0211 (2, road not connected), road to 0510 (3)
])
def test_figure_4_movement_costs(dom, german_setup, unit, box, target, cost):
    r = reach(dom, german_setup, unit, box=box)
    assert r.hexes[target].cost == cost


def test_figure_4_road_not_connected_to_entry_hex(dom, german_setup):
    r = reach(dom, german_setup, "us_7_ccb", box="us_box_c")
    assert r.hexes["0510"].path == ("0111", "0211", "0311", "0410", "0510")


def test_figure_5_exit_costs(dom):
    occ = {"us_90_357": "0904", "us_5_11": "0905"}
    woods = [e for e in reach(dom, occ, "us_90_357").exits if e.hex == "0904" and e.edge == "east"]
    road = [e for e in reach(dom, occ, "us_5_11").exits if e.hex == "0905" and e.edge == "east"]
    assert woods[0].cost == 4 and not woods[0].by_road
    assert road[0].cost == 1 and road[0].by_road


def test_figure_6_entry_costs(dom):
    r = reach(dom, {"us_90_358": "0601"}, "de_106", box="de_north")
    assert "0601" not in r.hexes  # occupied by the enemy
    assert r.hexes["0701"].cost == 2 and r.hexes["0701"].stop  # enemy ZOC (§8.1.1)
    assert r.hexes["0401"].cost == 1 and r.hexes["0801"].cost == 1  # road entry
    assert r.hexes["0501"].cost == 3 and r.hexes["0901"].cost == 2
    assert r.hexes["0401"].path == ("0401",) and not r.hexes["0401"].stop


FIG7 = {"de_462_fhnjkr": "0509", "de_462_1010": "0507", "de_3_8": "0609", "de_462_utrfhr": "0606",
        "us_5_10": "0407", "us_7_ccb": "0510", "us_7_ccr": "0408", "us_5_11": "0409"}


def test_figure_7_columns(dom):
    north = combat_odds(dom, FIG7, ["us_5_10"], "0507")
    assert north.raw == 4 and north.total_shift == -3 and north.column_label == "0"
    south = combat_odds(dom, FIG7, ["us_7_ccb", "us_7_ccr", "us_5_11"], "0509")
    assert south.raw == 14 and south.value == 10 and south.column_label == "+4/+5"


def test_figure_8_largest_shift_and_division_command(dom):
    occ = {"ss_17_37": "0706", "ss_17_38": "0707", "us_101_502": "0606"}
    o = combat_odds(dom, occ, ["ss_17_37", "ss_17_38"], "0606")
    assert o.raw == 2 and o.total_shift == -3 and o.column_label == "≤−1"
    o = combat_odds(dom, occ, ["ss_17_37", "ss_17_38"], "0606", optional_rules={"division_command"})
    assert o.column_label == "0"


def test_figure_9_results_retreat_and_advance(dom):
    north = combat_odds(dom, FIG7, ["us_5_10"], "0507")
    assert resolve(dom, north, 2).code == "–"
    south = combat_odds(dom, FIG7, ["us_7_ccb", "us_7_ccr", "us_5_11"], "0509")
    assert resolve(dom, south, 1).code == "D2"
    # 0508 is in enemy ZOC and 0708 behind a river: 0607 is the only retreat
    res = retreat_paths(dom, FIG7, "de_462_fhnjkr", 2)
    assert [p.hexes for p in res.paths] == [("0608", "0607")]
    after = dict(FIG7, de_462_fhnjkr="0607")
    assert ("0509", "0608") in advance_paths(dom, after, "us_5_11", "0509", retreat_path=["0608", "0607"])


def test_figure_9_blocked_retreat_eliminates(dom):
    """Had DE 462/1010 been in 0607, DE 462/Fhnjkr could not retreat two hexes (§9.3, §9.4)."""
    occ = dict(FIG7, de_462_1010="0607")
    res = retreat_paths(dom, occ, "de_462_fhnjkr", 2)
    assert res.eliminated and "§9.3" in str(res.rulings[0])


def test_tactical_withdrawal_dom_8_1_1(dom):
    """§2.2/§8.1.1: an engaged armoured unit may disengage for +4 MF on the first hex, not into
    enemy ZOC, not closer to the enemy's edge, not across a river; then it moves on as usual.

    The enemy edge is the one the enemy comes from: the west (01XX) for the Germans, the
    east (09XX) for the US — the rulebook's "East edge for the German faction" uses §1.1's
    "east (left)" naming, under which a withdrawal would otherwise have to close on the enemy."""
    occ = {"us_7_ccb": "0508", "de_462_fhnjkr": "0509"}
    assert reach(dom, occ, "us_7_ccb").hexes == {}
    r = reach(dom, occ, "us_7_ccb", optional_rules={"tactical_withdrawal"})
    assert {h.path[0] for h in r.hexes.values()} == {"0407"}  # 0507, 0408 woods: 8 MF ok but via 0407 cheaper
    assert r.hexes["0407"].cost == 2 + 4
    assert "0607" in r.hexes and r.hexes["0607"].path[0] == "0407"  # after the first hex, normal movement
    de = {"de_3_8": "0609", "us_7_ccb": "0509"}
    r = reach(dom, de, "de_3_8", optional_rules={"tactical_withdrawal"})
    assert {h.path[0] for h in r.hexes.values()} == {"0610"}  # east or level, never west, not into EZOC
    inf = {"de_462_1010": "0507", "us_7_ccb": "0407"}
    assert reach(dom, inf, "de_462_1010", optional_rules={"tactical_withdrawal"}).hexes == {}  # armoured only
