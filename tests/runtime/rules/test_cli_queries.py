"""``hexwright reach/supply/los/odds``: JSON out, positions from a scenario and ``--place``."""

import json

from builders import add_unit, differential_crt, rules_module

from hexwright.runtime.cli.main import main
from hexwright.runtime.model import HexFeature, Placement, Scenario
from hexwright.runtime.model.rules_config import CombatRules, RulesConfig, ZocRules
from hexwright.runtime.storage import load_module, save_module


def saved(tmp_path):
    m = rules_module(terrain={"0405": "woods"}, levels={"0101": 3},
                     features={"0707": [HexFeature(type="source", side="blue")]},
                     rules=RulesConfig(zoc=ZocRules(section="§8.1.1"),
                                       combat=CombatRules(min_value="-1", max_value="10")))
    m.tables.crts = {"crt": differential_crt()}
    add_unit(m, "b", movement=4)
    add_unit(m, "b2", combat=3)
    add_unit(m, "r", side="red", combat=2)
    m.scenarios = {"s": Scenario(name="S", last_turn=1, setup=[Placement(piece="b", hex="0404"),
                                                              Placement(piece="r", hex="0202")])}
    save_module(m, tmp_path / "mod")
    return tmp_path / "mod"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if code == 0 else out.err)


def test_rules_json_round_trips(tmp_path):
    path = saved(tmp_path)
    assert (path / "rules.json").exists()
    assert load_module(path).module.rules.zoc.section == "§8.1.1"


def test_cli_reach_with_scenario_and_place(tmp_path, capsys):
    path = saved(tmp_path)
    code, out = run(capsys, "reach", path, "--unit", "b", "--scenario", "s")
    assert code == 0 and out["start"] == "0404" and out["hexes"]["0405"]["cost"] == "4"
    code, out = run(capsys, "reach", path, "--unit", "b", "--scenario", "s", "--place", "r=0406")
    assert out["hexes"]["0405"]["stop"] is True
    assert out["hexes"]["0405"]["rulings"] == ["stopped: enemy ZOC at 0405 — §8.1.1"]


def test_cli_supply(tmp_path, capsys):
    path = saved(tmp_path)
    code, out = run(capsys, "supply", path, "--side", "blue", "--place", "b=0606", "--place", "b2=0101")
    assert code == 0 and out["units"] == {"b": True, "b2": True} and out["sources"] == ["0707"]


def test_cli_los(tmp_path, capsys):
    path = saved(tmp_path)
    code, out = run(capsys, "los", path, "--from", "0101", "--to", "0105")
    assert code == 0 and out["visible"] is True and out["value"] == 3


def test_cli_odds_and_roll(tmp_path, capsys):
    path = saved(tmp_path)
    code, out = run(capsys, "odds", path, "--attackers", "b,b2", "--defender", "0405",
                    "--place", "b=0404", "--place", "b2=0406", "--place", "r=0405", "--roll", "1")
    assert code == 0 and out["raw"] == "5" and out["column_label"] == "1"  # 7 − 2 = +4/+5, woods ⇐2
    assert out["outcome"]["code"] == "r1c2"


def test_cli_bad_piece_is_an_error(tmp_path, capsys):
    path = saved(tmp_path)
    code, err = run(capsys, "reach", path, "--unit", "nobody", "--scenario", "s")
    assert code == 1 and "nobody" in err


def test_cli_odds_with_shift_and_drm(tmp_path, capsys):
    path = saved(tmp_path)
    code, out = run(capsys, "odds", path, "--attackers", "b", "--defender", "0405", "--place", "b=0404",
                    "--place", "r=0405", "--shift", "ground support=2", "--drm", "engineers=1")
    assert code == 0 and out["total_shift"] == 0 and out["drm"] == 1  # woods ⇐2, support ⇒2
    assert [s["source"] for s in out["shifts"]] == ["woods", "ground support"]
    code, err = run(capsys, "odds", path, "--attackers", "b", "--defender", "0405", "--place", "b=0404",
                    "--place", "r=0405", "--shift", "lots")
    assert code == 1 and "SOURCE=N" in err


def test_cli_reach_with_allowance(tmp_path, capsys):
    path = saved(tmp_path)
    code, out = run(capsys, "reach", path, "--unit", "b", "--scenario", "s", "--allowance", "2")
    assert code == 0 and out["allowance"] == "2" and "0405" not in out["hexes"]
