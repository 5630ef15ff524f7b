"""``hexwright balance``: who wins a scenario, how often and by how much, from bot games."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hexwright.runtime.bots import StudyReport
    from hexwright.runtime.model import Module


def add_balance_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("balance", help="play many bot games of a scenario and report its balance")
    p.add_argument("path", help="module folder or .hwmod file")
    p.add_argument("--scenario", help="scenario id (default: the first)")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--policies", default="", help="SIDE=POLICY,... with random, greedy[:N], mcts[:N] (default: greedy)")
    p.add_argument("--seed", type=int, default=0, help="study seed: the same seed gives the same study")
    p.add_argument("--workers", type=int, help="local processes (default: every core)")
    p.add_argument("--ray", metavar="ADDRESS", help="run the games on a Ray cluster (pip install 'hexwright[cluster]')")
    p.add_argument("--optional", action="append", metavar="RULE", default=[], help="an optional rule in use")
    p.add_argument("--max-actions", type=int, default=5000, help="stop a game after this many actions")
    p.add_argument("--keep", metavar="DIR", help="save every game as a .hwsav in DIR")
    p.add_argument("--what-if", metavar="MODULE", help="the same study on a second module; report the difference")
    p.add_argument("--out", metavar="FILE.json", help="write the report as JSON (default: print it)")
    p.add_argument("--html", metavar="FILE.html", help="write an HTML report with plots")
    p.add_argument("--png", metavar="FILE.png", help="write the plots as a PNG")
    p.set_defaults(handler=cmd_balance)


class _Bar:
    """Progress on stderr: a bar with the rate and the time left on a terminal; in a log
    (not a terminal), one line at every tenth of the games."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.tty = sys.stderr.isatty()
        self.start = time.monotonic()
        self.tenth = -1

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        figures = f"{done}/{total} games, {rate:.2f}/s, {_clock(elapsed)} elapsed, {_clock(left)} left"
        if not self.tty:
            tenth = 10 * done // max(total, 1)
            if tenth != self.tenth:
                self.tenth = tenth
                sys.stderr.write(f"{self.label}: {figures}\n")
                sys.stderr.flush()
            return
        width = 30
        filled = width * done // max(total, 1)
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {figures}  ")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _study(module: Module, args: argparse.Namespace, scenario: str, policies: dict[str, str],
           label: str, keep: Path | None, reproducers: Path | None) -> StudyReport:
    from hexwright.runtime.bots import run_study

    return run_study(module, scenario, args.games, policies, seed=args.seed, workers=args.workers,
                     ray_address=args.ray, keep_dir=keep, reproducer_dir=reproducers,
                     optional_rules=dict.fromkeys(args.optional, True) or None, max_actions=args.max_actions,
                     progress=_Bar(label))


def cmd_balance(args: argparse.Namespace) -> int:
    from hexwright.runtime.bots import parse_policies
    from hexwright.runtime.bots.report import write_html, write_plots
    from hexwright.runtime.bots.study import compare
    from hexwright.runtime.storage import atomic_write_text, load_module

    module = load_module(args.path).module
    scenario = args.scenario or next(iter(sorted(module.scenarios)), None)
    if scenario is None or scenario not in module.scenarios:
        raise ValueError(f"no scenario {scenario!r} (have: {', '.join(sorted(module.scenarios)) or 'none'})")
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    for name in args.optional:
        if name not in module.meta.optional_rules:
            have = ", ".join(sorted(module.meta.optional_rules)) or "none"
            raise ValueError(f"--optional {name!r}: no such optional rule (have: {have})")
    sides = sorted(module.pieces.sides)
    policies = parse_policies(args.policies or ",".join(f"{s}=greedy" for s in sides), sides)
    keep = Path(args.keep) if args.keep else None
    reproducers = keep or (Path(args.out).parent if args.out else Path.cwd())
    try:
        report = _study(module, args, scenario, policies, "games", keep, reproducers)
        if args.what_if:
            other = _study(load_module(args.what_if).module, args, scenario, policies, "what-if games", None, None)
            report = report.model_copy(update={"comparison": compare(report, other, str(args.what_if))})
        if args.png or args.html:
            png = Path(args.png) if args.png else Path(args.html).with_suffix(".png")
            write_plots(report, png)
            if args.html:
                write_html(report, Path(args.html), png)
    except RuntimeError as exc:  # an extra that is not installed (Ray, matplotlib)
        print(f"balance: {exc}", file=sys.stderr)
        return 1
    text = report.model_dump_json(indent=2)
    if args.out:
        atomic_write_text(Path(args.out), text + "\n")
    else:
        print(text)
    cut = report.games - report.finished - len(report.violations)
    if cut:
        print(f"{cut} of {report.games} games stopped at --max-actions {args.max_actions} before the game's end: "
              "their winner is the one standing at the cut-off", file=sys.stderr)
    for side in report.sides:
        lo, hi = side.win_rate_ci95
        print(f"{side.side}: {side.wins}/{report.games} wins ({side.win_rate:.0%}, 95% {lo:.0%}–{hi:.0%})",
              file=sys.stderr)
    if report.comparison is not None:
        c = report.comparison
        for name, diff in c.win_rate_difference.items():
            print(f"what-if {name}: win rate {diff:+.0%} (p = {c.win_rate_p_value[name]:.3f})", file=sys.stderr)
    if report.violations:
        print(f"{len(report.violations)} invariant violation(s): see the report", file=sys.stderr)
        return 1
    return 0
