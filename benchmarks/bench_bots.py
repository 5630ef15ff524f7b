"""Bot games per second on The Drive on Metz, per policy (per core: one worker), and the
speed-up of a study (greedy by default, as `hexwright balance`) from one worker to two and
through Ray when it is installed. Prints figures; asserts nothing (speed is never a test).

    .venv/bin/python benchmarks/bench_bots.py [--games N] [--search-decisions N] [--ray]

Each policy plays itself; the search is timed per decision (it imagines a dozen futures per
decision, so a whole game takes too long here).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from hexwright.runtime.bots import run_study
from hexwright.runtime.storage import load_module

MODULE = Path(__file__).resolve().parents[1] / "modules" / "drive_on_metz"


def rate(module, policies: dict[str, str], games: int, **options) -> tuple[float, float]:
    """Games per second and actions per second."""
    start = time.perf_counter()
    report = run_study(module, "campaign", games, policies, seed=1, **options)
    assert not report.violations, report.violations
    seconds = time.perf_counter() - start
    return games / seconds, sum(r.actions for r in report.records) / seconds


def decision_time(module, spec: str, decisions: int) -> float:
    """Seconds per decision of the search, on the first moves of the campaign (a whole game
    of search takes too long to time here)."""
    import random

    from hexwright.runtime.bots import Decision, Evaluator, make_policy
    from hexwright.runtime.engine import ENGINE, legal_actions, to_act, view
    from hexwright.runtime.engine import apply as engine_apply
    from hexwright.runtime.state import Game

    state = Game(module, "campaign", 1, engine=ENGINE).state
    policy, evaluator, rng = make_policy(spec), Evaluator(module), random.Random(1)
    start = time.perf_counter()
    for _ in range(decisions):
        side = to_act(module, state)
        assert side is not None
        actions = tuple(legal_actions(module, state))
        action = policy.choose(Decision(module, view(state, side), side, actions, rng, evaluator))
        state, _ = engine_apply(module, state, action)
    return (time.perf_counter() - start) / decisions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--search-decisions", type=int, default=6)
    parser.add_argument("--search", default="mcts", help="the search policy and budget to time")
    parser.add_argument("--ray", action="store_true")
    parser.add_argument("--only-ray", action="store_true", help="time one worker and Ray only")
    parser.add_argument("--scale-policy", default="greedy",
                        help="the policy of the 1-worker / 2-worker / Ray study (default greedy, a study's default)")
    parser.add_argument("--scale-games", type=int, default=12, help="games of that study")
    args = parser.parse_args()
    module = load_module(MODULE).module
    if not args.only_ray:
        print("The Drive on Metz, campaign; each policy against itself on one worker (one core)")
        for policy, games in (("random", args.games), ("greedy", max(args.games // 4, 1))):
            games_s, actions_s = rate(module, {"us": policy, "de": policy}, games, workers=1)
            print(f"{policy:8s} {games:3d} games: {games_s:7.4f} games/s per core ({actions_s:6.2f} actions/s)")
        seconds = decision_time(module, args.search, args.search_decisions)
        print(f"{args.search:8s} {args.search_decisions} decisions from the start: {seconds:.2f} s per decision "
              f"(a game is ~75 decisions a side)")
    scale = {"us": args.scale_policy, "de": args.scale_policy}
    label = f"{args.scale_policy} study of {args.scale_games}"
    one, _ = rate(module, scale, args.scale_games, workers=1)
    two, _ = rate(module, scale, args.scale_games, workers=2)
    print(f"{label}: 1 worker {one:.3f} games/s, 2 workers {two:.3f} games/s, speed-up {two / one:.2f}x")
    if args.ray or args.only_ray:
        import os
        import tempfile

        import ray

        os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # a local head on loopback only
        os.environ.setdefault("RAY_worker_niceness", "0")  # Ray nices its workers to 15; the pool runs at 0
        temp = tempfile.mkdtemp(prefix="hwray", dir="/tmp")  # Ray's socket paths must stay short
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _temp_dir=temp)
        on_ray, _ = rate(module, scale, args.scale_games, ray_address=ray.get_runtime_context().gcs_address)
        print(f"{label} on a local Ray (2 CPUs): {on_ray:.3f} games/s, {on_ray / one:.2f}x one worker")
        ray.shutdown()

if __name__ == "__main__":
    main()
