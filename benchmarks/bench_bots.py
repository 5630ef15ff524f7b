"""Bot games per second on The Drive on Metz, per policy (per core: one worker), and the
speed-up of a study from one worker to two and through Ray when it is installed. Prints
figures; asserts nothing (speed is never a test).

    .venv/bin/python benchmarks/bench_bots.py [--games N] [--search-games N] [--ray]

Each policy plays itself; the search plays few games (it imagines dozens of futures per
decision), so its figure is rough.
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--search-games", type=int, default=1)
    parser.add_argument("--search", default="mcts:2", help="the search policy and budget to time")
    parser.add_argument("--ray", action="store_true")
    args = parser.parse_args()
    module = load_module(MODULE).module
    print("The Drive on Metz, campaign; each policy against itself on one worker (one core)")
    for policy, games in (("random", args.games), ("greedy", max(args.games // 4, 1)), (args.search, args.search_games)):
        games_s, actions_s = rate(module, {"us": policy, "de": policy}, games, workers=1)
        print(f"{policy:8s} {games:3d} games: {games_s:7.4f} games/s per core ({actions_s:6.2f} actions/s)")
    one, _ = rate(module, {"us": "random", "de": "random"}, args.games, workers=1)
    two, _ = rate(module, {"us": "random", "de": "random"}, args.games, workers=2)
    print(f"random study of {args.games}: 1 worker {one:.3f} games/s, 2 workers {two:.3f} games/s, "
          f"speed-up {two / one:.2f}x")
    if args.ray:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        on_ray, _ = rate(module, {"us": "random", "de": "random"}, args.games,
                         ray_address=ray.get_runtime_context().gcs_address)
        print(f"random study of {args.games} on a local Ray (2 CPUs): {on_ray:.3f} games/s, {on_ray / one:.2f}x one worker")
        ray.shutdown()


if __name__ == "__main__":
    main()
