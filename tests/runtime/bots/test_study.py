"""Balance studies (issue 19): deterministic whatever the workers, honest statistics, invariants."""

from __future__ import annotations

import json

import pytest

from hexwright.runtime.bots import run_study
from hexwright.runtime.bots.invariants import InvariantViolation, check_end, check_legal, check_step, map_labels
from hexwright.runtime.bots.stats import mean_difference, quantiles, two_proportions, wilson
from hexwright.runtime.bots.study import compare, derive_seed
from hexwright.runtime.cli.main import main
from hexwright.runtime.engine import EndPhase, Move, legal_actions
from hexwright.runtime.state import Location, initial_state

from .skirmish import skirmish


def test_a_study_gives_the_same_report_on_one_worker_and_on_a_process_pool():
    m = skirmish()
    one = run_study(m, "attack", 4, {"blue": "random", "red": "greedy"}, seed=7, workers=1)
    two = run_study(m, "attack", 4, {"blue": "random", "red": "greedy"}, seed=7, workers=2)
    assert one == two
    assert one.games == 4 and one.finished == 4 and not one.violations
    assert sum(s.wins for s in one.sides) + one.draws == 4
    assert [r.seed for r in one.records] == [derive_seed(7, i) for i in range(4)]
    assert run_study(m, "attack", 4, {"blue": "random", "red": "greedy"}, seed=8, workers=1) != one


def test_vp_by_turn_has_one_entry_per_turn_ending_with_the_final_score():
    m = skirmish(turns=3)
    report = run_study(m, "attack", 2, {"blue": "random", "red": "random"}, seed=1, workers=1)
    for record in report.records:
        assert len(record.vp_by_turn) == 3
        assert record.vp_by_turn[-1] == record.totals
    assert len(report.vp_by_turn["blue"]) == 3


def test_kept_games_are_saves_that_replay(tmp_path):
    from hexwright.runtime.engine import ENGINE
    from hexwright.runtime.state import load_game

    m = skirmish()
    report = run_study(m, "attack", 2, {"blue": "greedy", "red": "random"}, seed=2, workers=1, keep_dir=tmp_path)
    saves = sorted(tmp_path.glob("*.hwsav"))
    assert [p.name for p in saves] == ["game-00001.hwsav", "game-00002.hwsav"]
    loaded = load_game(saves[0], m, engine=ENGINE)
    assert len(loaded.game.actions) == report.records[0].actions


def test_wilson_interval_and_tests_match_textbook_values():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert quantiles([1, 2, 3, 4]) == (1.75, 2.5, 3.25)
    diff, p = two_proportions(30, 50, 15, 50)
    assert diff == pytest.approx(0.3) and p == pytest.approx(0.00269, abs=2e-4)
    assert two_proportions(5, 10, 5, 10) == (0.0, 1.0)
    d, p = mean_difference([1, 2, 3, 4, 5], [1, 2, 3, 4, 5])
    assert d == 0 and p == 1.0


def test_what_if_reports_the_difference_of_a_changed_module():
    m = skirmish()
    stronger = skirmish()
    for pid in ("r1", "r2"):
        stronger.pieces.pieces[pid].steps[0].combat = 9
    policies = {"blue": "random", "red": "random"}
    base = run_study(m, "attack", 4, policies, seed=4, workers=1)
    other = run_study(stronger, "attack", 4, policies, seed=4, workers=1)
    c = compare(base, other, "red at 9")
    assert c.win_rate_difference["blue"] == pytest.approx(other.sides[0].win_rate - base.sides[0].win_rate)
    assert 0.0 <= c.win_rate_p_value["blue"] <= 1.0


def test_invariant_checks_catch_what_they_are_for():
    m = skirmish()
    state = initial_state(m, "attack", 1)
    labels = map_labels(m)
    actions = legal_actions(m, state)
    check_legal(0, actions, actions[0])
    with pytest.raises(InvariantViolation, match="not sorted"):
        check_legal(0, list(reversed(actions)), actions[0])
    with pytest.raises(InvariantViolation, match="not legal"):
        check_legal(0, actions, Move(unit="r1", to="0101"))
    off = state.model_copy(update={"pieces": {**state.pieces, "b1": state.pieces["b1"].model_copy(
        update={"at": Location.hex("0909")})}})
    with pytest.raises(InvariantViolation, match="0909, which is not a hex"):
        check_step(m, labels, 3, state, off)
    bad_step = state.model_copy(update={"pieces": {**state.pieces, "b1": state.pieces["b1"].model_copy(
        update={"step": 3})}})
    with pytest.raises(InvariantViolation, match="step 3 of 2"):
        check_step(m, labels, 3, state, bad_step)
    stacked = state.model_copy(update={"turn": 2, "pieces": {
        pid: p.model_copy(update={"at": Location.hex("0202")}) if pid.startswith("b") else p
        for pid, p in state.pieces.items()}})
    with pytest.raises(InvariantViolation, match="overstacked at 0202"):
        check_step(m, labels, 5, state, stacked)
    with pytest.raises(InvariantViolation, match="replaying the log"):
        check_end(m, 9, state, stacked)
    assert EndPhase() in actions


def test_balance_command_writes_json_html_and_plots(tmp_path, capsys):
    from hexwright.runtime.storage import save_module

    save_module(skirmish(), tmp_path / "skirmish")
    out, html, png = tmp_path / "r.json", tmp_path / "r.html", tmp_path / "r.png"
    rc = main(["balance", str(tmp_path / "skirmish"), "--games", "3", "--policies", "blue=random,red=random",
               "--workers", "1", "--seed", "5", "--out", str(out), "--html", str(html), "--png", str(png)])
    assert rc == 0
    report = json.loads(out.read_text())
    assert report["games"] == 3 and report["policies"] == {"blue": "random", "red": "random"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "data:image/png;base64," in html.read_text() and "skirmish" in html.read_text()
    err = capsys.readouterr().err
    assert "blue:" in err
    assert "games: 3/3 games" in err and "left" in err  # progress in a log: lines, not a redrawn bar
    assert "stopped at --max-actions" not in err


def test_balance_says_when_games_were_cut_off_before_their_end(tmp_path, capsys):
    """A game stopped by --max-actions is not a finished game: the summary says how many were
    cut off and that their winner is only the standing at the cut-off."""
    from hexwright.runtime.storage import save_module

    save_module(skirmish(), tmp_path / "skirmish")
    out = tmp_path / "r.json"
    rc = main(["balance", str(tmp_path / "skirmish"), "--games", "2", "--policies", "blue=random,red=random",
               "--workers", "1", "--max-actions", "3", "--out", str(out)])
    assert rc == 0
    assert json.loads(out.read_text())["finished"] == 0
    assert "2 of 2 games stopped at --max-actions 3 before the game's end" in capsys.readouterr().err


def test_balance_command_refuses_bad_arguments_with_one_line(tmp_path, capsys):
    from hexwright.runtime.storage import save_module

    save_module(skirmish(), tmp_path / "s")
    for argv, message in ((["--policies", "blue=gready,red=random"], "unknown policy 'gready'"),
                          (["--scenario", "nope"], "no scenario 'nope'"),
                          (["--games", "0"], "at least 1"),
                          (["--optional", "fog"], "no such optional rule")):
        assert main(["balance", str(tmp_path / "s"), *argv]) == 1
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
