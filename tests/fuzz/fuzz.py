"""The long fuzz run of issue 20, outside the normal test run.

    .venv/bin/python tests/fuzz/fuzz.py [--modules 10000] [--packs 1000] [--saves 1000]
                                        [--packets 1000] [--kills 200] [--seed 20]

Mutates module files (the bundled *Drive on Metz* and two synthetic modules), packs, saves
and e-mail packets (``tests/support/boundary_fuzz.py``) and feeds each to the boundary that
reads it; then kills a saving process at random instants (``tests/support/kill_save.py``).
Counts every outcome: success, the boundary's own error (ModuleError, SaveError,
PacketError), any other exception (a bug: printed with its case number), a case running over
10 s (a hang), and the peak memory of the process (its address space is capped at 2 GB so a
runaway case fails instead of the machine). Exit status 0 only when there is no unexpected
exception, no hang, peak memory under 1 GB, and no mixed or unloadable folder.
"""

from __future__ import annotations

import argparse
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "support"))

from boundary_fuzz import (  # noqa: E402  (tests/support is put on the path just above)
    game_seeds,
    mutate_text,
    mutated_module_files,
    mutated_pack,
    mutated_packet,
    try_module,
    try_pack,
    try_packet,
    try_save,
)
from builders import play_module, rules_module  # noqa: E402
from kill_save import run_kills  # noqa: E402

from hexwright.runtime.storage import files_from_module, read_folder_files  # noqa: E402
from hexwright.runtime.storage.bundled import default_module  # noqa: E402

HANG_S = 10
MEMORY_CAP = 2 * 1024**3


class Hang(BaseException):
    """Raised by the alarm: not an Exception, so no boundary can catch it."""


def _alarm(signum, frame):
    raise Hang


def run(kind: str, count: int, mutate: Callable[[random.Random], Any], check: Callable[[Any], str], seed: int,
        tally: Counter, failures: list[str]) -> None:
    start = time.monotonic()
    for number in range(count):
        rng = random.Random(f"{seed}-{kind}-{number}")
        data = mutate(rng)
        signal.alarm(HANG_S)
        try:
            tally[(kind, check(data))] += 1
        except Hang:
            tally[(kind, "hang")] += 1
            failures.append(f"{kind} #{number}: over {HANG_S} s")
        except Exception as exc:  # the point of the run: anything that is not the boundary's error
            tally[(kind, "unexpected")] += 1
            failures.append(f"{kind} #{number}: {type(exc).__name__}: {exc}\n"
                            + "".join(traceback.format_exc(limit=-4)))
        finally:
            signal.alarm(0)
    print(f"  {kind}: {count} in {time.monotonic() - start:.0f} s", flush=True)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", type=int, default=10_000)
    parser.add_argument("--packs", type=int, default=1000)
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--packets", type=int, default=1000)
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args(argv)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    signal.signal(signal.SIGALRM, _alarm)

    bases = [read_folder_files(default_module()), files_from_module(play_module()), files_from_module(rules_module())]
    seeds = game_seeds(play_module())
    tally: Counter = Counter()
    failures: list[str] = []
    print(f"fuzzing (seed {args.seed}):", flush=True)
    run("module", args.modules, lambda rng: mutated_module_files(rng.choice(bases), rng), try_module,
        args.seed, tally, failures)
    run("pack", args.packs, lambda rng: mutated_pack(rng.choice(bases), rng), try_pack, args.seed, tally, failures)
    run("save", args.saves, lambda rng: mutate_text(seeds.save, rng), lambda d: try_save(d, seeds),
        args.seed, tally, failures)
    run("packet", args.packets, lambda rng: mutated_packet(seeds, rng), lambda d: try_packet(d, seeds),
        args.seed, tally, failures)
    fuzz_peak = peak_mb()
    report = None
    if args.kills:
        print(f"  killing a saving process {args.kills} times …", flush=True)
        with tempfile.TemporaryDirectory() as work:
            report = run_kills(Path(work), args.kills, seed=args.seed)

    print("\nresults")
    for kind in ("module", "pack", "save", "packet"):
        row = {outcome: tally[(kind, outcome)] for outcome in ("ok", "refused", "unexpected", "hang")}
        print(f"  {kind:7} " + "  ".join(f"{k} {v}" for k, v in row.items()))
    unexpected = sum(v for (_, outcome), v in tally.items() if outcome == "unexpected")
    hangs = sum(v for (_, outcome), v in tally.items() if outcome == "hang")
    print(f"  unexpected exceptions: {unexpected}; hangs over {HANG_S} s: {hangs}; "
          f"peak memory {fuzz_peak:.0f} MB (limit 1024 MB)")
    bad_folders = 0
    if report is not None:
        bad_folders = report.mixed + report.unloadable + report.stray
        print(f"  kills {report.kills}: old {report.old}, new {report.new}, mixed {report.mixed}, "
              f"unloadable {report.unloadable}, with stray files {report.stray}")
    for failure in failures[:20]:
        print("\n" + failure)
    return 0 if not (unexpected or hangs or bad_folders) and fuzz_peak < 1024 else 1


if __name__ == "__main__":
    raise SystemExit(main())
