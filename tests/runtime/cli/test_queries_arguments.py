"""``reach/supply/los/odds`` refuse a typo in an argument instead of silently ignoring it."""

from pathlib import Path

import pytest

from hexwright.runtime.cli.main import main

METZ = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"
AT_0406 = ["--place", "us_5_10=0406", "--place", "de_106=0407"]


def refused(capsys, *argv) -> str:
    assert main([str(a) for a in argv]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "Traceback" not in out.err
    return out.err.strip()


@pytest.mark.parametrize("argv", [
    ["reach", METZ, "--unit", "us_5_10", "--scenario", "campaign", "--weather", "snowz"],
    ["odds", METZ, "--attackers", "us_5_10", "--defender", "0407", *AT_0406, "--weather", "snowz"],
])
def test_unknown_weather_is_refused(capsys, argv):
    assert "unknown weather 'snowz'" in refused(capsys, *argv)


@pytest.mark.parametrize("argv", [
    ["reach", METZ, "--unit", "us_5_10", "--scenario", "campaign", "--optional", "us_airbone"],
    ["odds", METZ, "--attackers", "us_5_10", "--defender", "0407", *AT_0406, "--optional", "us_airbone"],
])
def test_unknown_optional_rule_is_refused_and_the_known_ones_listed(capsys, argv):
    err = refused(capsys, *argv)
    assert "unknown optional rule 'us_airbone'" in err and "us_airborne" in err


def test_supply_control_of_an_off_map_hex_is_refused(capsys):
    assert refused(capsys, "supply", METZ, "--side", "us", "--control", "9999=us") == \
        "supply: --control '9999=us': hex '9999' is not on the map"


def test_supply_control_by_an_unknown_side_is_refused(capsys):
    assert refused(capsys, "supply", METZ, "--side", "us", "--control", "0101=usa") == \
        "supply: --control '0101=usa': unknown side 'usa'"


def test_reach_of_an_unknown_unit_says_so(capsys):
    assert refused(capsys, "reach", METZ, "--unit", "us_5_01", "--scenario", "campaign") == \
        "reach: unknown piece 'us_5_01'"


def test_reach_with_a_negative_allowance_is_refused(capsys):
    assert "--allowance '-5'" in refused(capsys, "reach", METZ, "--unit", "us_5_10", "--scenario", "campaign",
                                         "--allowance", "-5")


def test_odds_with_an_unknown_attacker_says_so(capsys):
    assert refused(capsys, "odds", METZ, "--attackers", "us_5_01", "--defender", "0407", *AT_0406) == \
        "odds: --attackers: unknown piece 'us_5_01'"


def test_odds_with_no_attackers_is_refused(capsys):
    assert refused(capsys, "odds", METZ, "--attackers", ",", "--defender", "0407", *AT_0406) == \
        "odds: an attack needs at least one attacker"


def test_los_to_the_same_hex_and_off_the_map(capsys):
    assert main(["los", str(METZ), "--from", "0101", "--to", "0101"]) == 0
    capsys.readouterr()
    assert refused(capsys, "los", METZ, "--from", "0101", "--to", "1299") == "los: hex '1299' is not on the map"
