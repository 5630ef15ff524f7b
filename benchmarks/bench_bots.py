"""Bot games per second on The Drive on Metz, per policy, and the speed-up of a study from
one worker to two (and through Ray when it is installed). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_bots.py [--games N] [--ray]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from hexwright.runtime.bots import run_study
from hexwright.runtime.storage import load_module

MODULE = Path(__file__).resolve().parents[1] / "modules" / "drive_on_metz"


def rate(module, policies: dict[str, str], games: int, **options) -> float:
    start = time.perf_counter()
    report = run_study(module, "campaign", games, policies, seed=1, **options)
    assert not report.violations, report.violations
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--ray", action="store_true")
    args = parser.parse_args()
    module = load_module(MODULE).module
    print(f"The Drive on Metz, {args.games} games each")
    for policy in ("random", "greedy", "mcts:16"):
        one = rate(module, {"us": policy, "de": policy}, args.games, workers=1)
        print(f"{policy:8s} vs {policy:8s}  {one:6.3f} games/s on 1 worker")
    one = rate(module, {"us": "greedy", "de": "random"}, args.games, workers=1)
    two = rate(module, {"us": "greedy", "de": "random"}, args.games, workers=2)
    print(f"greedy vs random: 1 worker {one:.3f} games/s, 2 workers {two:.3f} games/s, speed-up {two / one:.2f}x")
    if args.ray:
        import ray

        ray.init(num_cpus=2, include_dashboard=False)
        on_ray = rate(module, {"us": "greedy", "de": "random"}, args.games,
                      ray_address=ray.get_runtime_context().gcs_address)
        print(f"greedy vs random on a local Ray (2 CPUs): {on_ray:.3f} games/s, {on_ray / one:.2f}x one worker")
        ray.shutdown()


if __name__ == "__main__":
    main()
