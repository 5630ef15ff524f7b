"""Mutation testing: would the tests notice if this line were wrong?

    .venv/bin/python benchmarks/mutate.py --files runtime/rules/zoc.py
    .venv/bin/python benchmarks/mutate.py --changed            # files changed since main
    .venv/bin/python benchmarks/mutate.py --files runtime/state/dice.py --lines 250-290 --list

Each mutant (``benchmarks/mutants.py``: an operator swapped, a constant off by one, a
``raise`` removed, …) is written over its file in a scratch copy of the checkout, never in
the checkout itself, and the file's own tests (``benchmarks/mutation.toml``; by default the
test folder mirroring the file's package) run against it with ``-x``. A failing or
timed-out run kills the mutant; a passing one means no test pins that behaviour. Mutants
listed as equivalent in ``mutation.toml`` (with the reason) are left out of the score.
The score is killed / (mutants − equivalent). See docs/testing.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mutants import Mutant, iter_valid

ROOT = Path(__file__).resolve().parents[1]
CONFIG = Path(__file__).with_name("mutation.toml")
SHIM = ".mutation-import"
TRACE_OUT = ".mutation-trace.json"
TRACE_CACHE = ".mutation-cache"
PYCACHE = ".pycache"
QT_OR_CLI = ("hexwright.runtime.ui", "hexwright.runtime.cli")
PACKAGES = ("runtime", "editor", "modules", "resources")
"""The checkout's folders installed under ``hexwright.`` (setup.py)."""


@dataclass
class Config:
    tests: dict[str, list[str]]
    equivalent: dict[str, dict[str, str]]
    """File → mutant key → why it is equivalent."""

    @classmethod
    def load(cls, path: Path = CONFIG) -> Config:
        data = tomllib.loads(path.read_text("utf-8"))
        equivalent: dict[str, dict[str, str]] = {}
        for entry in data.get("equivalent", []):
            equivalent.setdefault(entry["file"], {})[entry["key"]] = entry["reason"]
        return cls(dict(data.get("tests", {})), equivalent)

    def tests_for(self, path: str) -> list[str]:
        """The file's own entry, else its folder's (a key ending in ``/``, the deepest), else the
        test folder mirroring its package."""
        if path in self.tests:
            return self.tests[path]
        folders = [k for k in self.tests if k.endswith("/") and path.startswith(k)]
        if folders:
            return self.tests[max(folders, key=len)]
        mirror = Path("tests") / Path(path).parent
        return [str(mirror) if (ROOT / mirror).is_dir() else "tests"]


@dataclass
class Coverage:
    """Which tests run which lines of the mutated file (from the unmutated run)."""

    everything: list[str]
    by_line: dict[int, list[str]]
    seconds: dict[str, float]

    @classmethod
    def of(cls, data: dict[str, Any], everything: list[str]) -> Coverage:
        """From one file's part of a trace (``mutation_trace.py``)."""
        by_line: dict[int, list[str]] = {}
        for test, seen in data["tests"].items():
            for line in seen["lines"]:
                by_line.setdefault(line, []).append(test)
        seconds = {t: seen["seconds"] for t, seen in data["tests"].items() if seen["lines"]}
        return cls(everything, by_line, seconds)

    def tests_for(self, m: Mutant) -> list[str]:
        """The tests that run the mutant's lines, in the order they ran in the traced run (the
        order of ``seconds``). That run passed, so the same tests in the same order pass unless
        the mutant is seen: run fastest first, a test that changed an object its module shares
        made a later one fail whatever the mutant (false kills, 2 December). A line no test runs
        by itself (a default, a constant, a pydantic field's limits: run at import, then used
        without a line of the file running) gets the whole subset."""
        found = {t for line in range(m.line, m.end_line + 1) for t in self.by_line.get(line, [])}
        if not found:
            return self.everything
        rank = {t: k for k, t in enumerate(self.seconds)}
        return sorted(found, key=lambda t: (rank.get(t, len(rank)), t))

    def timeout_for(self, m: Mutant, whole: float, factor: float) -> float:
        """How long the mutant's run may take: ``factor`` times the traced seconds of the tests it
        runs (the whole subset's when it runs them all), plus 20 s for the start and collection. A
        mutant that loops forever in one fast test then costs seconds, not three times the subset."""
        tests = self.tests_for(m)
        spent = whole if tests is self.everything else sum(self.seconds[t] for t in tests)
        return min(spent, whole) * factor + 20


@dataclass
class Outcome:
    mutant: Mutant
    status: str
    """killed, survived or timeout."""
    seconds: float
    output: str = ""


@dataclass
class FileReport:
    path: str
    generated: int = 0
    equivalent: int = 0
    outcomes: list[Outcome] = field(default_factory=list)
    sha256: str = ""
    """Of the bytes mutated (read when the file's run began: the checkout may change meanwhile)."""

    @property
    def killed(self) -> int:
        return sum(o.status != "survived" for o in self.outcomes)

    @property
    def survived(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "survived"]

    @property
    def score(self) -> float:
        counted = len(self.outcomes)
        return 100.0 * self.killed / counted if counted else 100.0


# -- the scratch copies ----------------------------------------------------------------------


def checkout_files() -> list[str]:
    """Tracked and new (not ignored) files of the checkout: what a copy needs to run the tests."""
    done = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                          cwd=ROOT, capture_output=True, check=True)
    return sorted(name for name in done.stdout.decode("utf-8").split("\0") if name and (ROOT / name).is_file())


def make_copy(target: Path, files: list[str]) -> None:
    """Copy the checkout to ``target`` and make ``import hexwright.…`` find the copy."""
    for name in files:
        dest = target / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, dest)
    shim = target / SHIM / "hexwright"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("")
    for folder in PACKAGES:
        if (target / folder).is_dir():
            (shim / folder).symlink_to(target / folder, target_is_directory=True)


def test_env(copy: Path, **extra: str) -> dict[str, str]:
    """Bytecode (and pytest's rewritten test modules) is cached in the copy's own folder; the
    mutated file's is deleted before each run (:func:`forget_bytecode`)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "HEXWRIGHT_MUTATION")) and k != "PYTHONDONTWRITEBYTECODE"}
    env.update(QT_QPA_PLATFORM="offscreen", PYTHONPATH=os.pathsep.join([str(copy / SHIM), str(copy / "benchmarks")]),
               PYTHONPYCACHEPREFIX=str(copy / PYCACHE), **extra)
    return env


def forget_bytecode(copy: Path, path: str) -> None:
    """Delete the cached bytecode of ``path`` in ``copy``: a mutant written in the same second
    as the last one, with the same length, would otherwise pass for it."""
    folder = Path(path).parent.as_posix()
    for pyc in (copy / PYCACHE).rglob(f"{Path(path).stem}.*.pyc"):
        if pyc.parent.as_posix().endswith(folder):
            pyc.unlink(missing_ok=True)


def check_copy(copy: Path, path: str) -> None:
    """The copy's tests must import the copy's file, or no mutant could ever be seen."""
    module = module_name(path)
    done = subprocess.run([sys.executable, "-c", f"import {module} as m; print(m.__file__)"],
                          check=False, cwd=copy, env=test_env(copy), capture_output=True, text=True)
    where = Path(done.stdout.strip()).resolve() if done.returncode == 0 else None
    if where != (copy / path).resolve():
        raise SystemExit(f"mutate: {module} imports from {where or done.stderr.strip()}, not from the copy {copy}")


PYTEST_ARGS = ["-x", "-q", "-p", "no:randomly", "--no-header", "-o", "console_output_style=classic"]


def traced_run(copy: Path, tests: list[str], paths: list[str], **extra: str) -> tuple[int, str, dict[str, Any]]:
    """The unmutated run, noting which tests run which lines of each of ``paths`` (one run for
    every file whose subset is ``tests``): exit code, the end of the output, and each path's trace.
    ``extra``: more environment for the tests."""
    command = [sys.executable, "-m", "pytest", *PYTEST_ARGS, "-p", "mutation_trace", *tests]
    named = {str((copy / p).resolve()): p for p in paths}
    env = test_env(copy, HEXWRIGHT_MUTATION_TRACE=os.pathsep.join(named),
                   HEXWRIGHT_MUTATION_TRACE_OUT=str(copy / TRACE_OUT), **extra)
    done = subprocess.run(command, check=False, cwd=copy, env=env, capture_output=True, text=True)
    output = done.stdout[-3000:] + done.stderr[-2000:]
    if done.returncode != 0:
        return done.returncode, output, {}
    files = json.loads((copy / TRACE_OUT).read_text("utf-8"))["files"]
    return 0, output, {named[name]: data for name, data in files.items()}


def checkout_digest(copy: Path, files: list[str]) -> str:
    """What the tests of a copy run: every file's name and bytes."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256((copy / name).read_bytes()).digest())
    return digest.hexdigest()


@dataclass
class Trace:
    """One traced unmutated run of a test subset: its time and each traced file's lines."""

    seconds: float
    files: dict[str, dict[str, Any]]
    cached: bool = False


class TraceCache:
    """Traces on disk, one per test subset and checkout (its :func:`checkout_digest`): a later run
    on the same checkout — another file of the same subset, or ``--reuse`` of the survivors —
    skips the traced run. An entry that lacks a file asked for is traced again for both."""

    KEEP = 40

    def __init__(self, folder: Path | None, digest: str) -> None:
        self.folder = folder
        self.digest = digest

    def entry(self, tests: list[str]) -> Path | None:
        if self.folder is None:
            return None
        key = hashlib.sha256(json.dumps([tests, self.digest]).encode("utf-8")).hexdigest()[:24]
        return self.folder / f"trace-{key}.json"

    def load(self, tests: list[str]) -> Trace | None:
        where = self.entry(tests)
        if where is None or not where.is_file():
            return None
        try:
            data = json.loads(where.read_text("utf-8"))
        except (OSError, ValueError):
            return None
        if data.get("tests") != tests or data.get("digest") != self.digest:
            return None
        return Trace(float(data["seconds"]), data["files"], cached=True)

    def store(self, tests: list[str], trace: Trace) -> None:
        where = self.entry(tests)
        if where is None:
            return
        where.parent.mkdir(parents=True, exist_ok=True)
        data = {"tests": tests, "digest": self.digest, "seconds": trace.seconds, "files": trace.files}
        scratch = where.with_suffix(".tmp")
        scratch.write_text(json.dumps(data), "utf-8")
        scratch.replace(where)
        old = sorted(where.parent.glob("trace-*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
        for stale in old[self.KEEP:]:
            stale.unlink(missing_ok=True)


def trace_for(copy: Path, tests: list[str], paths: list[str], cache: TraceCache) -> Trace:
    """The trace of ``paths`` under ``tests``: from the cache, else one traced run for all of
    them (and the files the cached entry held, so it keeps serving them)."""
    known = cache.load(tests)
    if known is not None and set(paths) <= set(known.files):
        return known
    wanted = sorted(set(paths) | set(known.files if known else ()))
    began = time.monotonic()
    code, output, files = traced_run(copy, tests, wanted)
    seconds = time.monotonic() - began
    if code != 0:
        raise SystemExit(f"mutate: the tests for {', '.join(paths)} fail before any mutation ({' '.join(tests)}):\n{output}")
    trace = Trace(seconds, files)
    cache.store(tests, trace)
    return trace


def module_name(path: str) -> str:
    """``runtime/rules/zoc.py`` → ``hexwright.runtime.rules.zoc`` (setup.py's mapping)."""
    return "hexwright." + path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def preloadable(path: str) -> list[str]:
    """Modules of the Qt-free runtime that can be imported before the file at ``path`` is
    mutated: neither they nor a package they sit in import it, directly or not
    (import-linter's graph). The fork server imports them once for every run."""
    try:
        import grimp  # import-linter's import graph
    except ImportError:
        return []
    graph = grimp.build_graph("hexwright.runtime")
    target = module_name(path)
    if target not in graph.modules:
        return []
    tainted = graph.find_downstream_modules(target) | {target}

    def clean(module: str) -> bool:
        parts = module.split(".")
        return all(".".join(parts[:k]) not in tainted for k in range(3, len(parts) + 1))

    return sorted(m for m in graph.modules if clean(m) and not m.startswith(QT_OR_CLI))


class Worker:
    """One scratch copy and its fork server (``mutation_worker.py``)."""

    def __init__(self, copy: Path, target: str, preload: list[str]) -> None:
        self.copy = copy
        env = test_env(copy, HEXWRIGHT_MUTATION_PRELOAD=",".join(preload), HEXWRIGHT_MUTATION_TARGET=target)
        self.process = subprocess.Popen([sys.executable, str(copy / "benchmarks" / "mutation_worker.py")], cwd=copy,
                                        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, tests: list[str], timeout: float) -> tuple[int | None, str]:
        assert self.process.stdin is not None and self.process.stdout is not None
        args = [*PYTEST_ARGS, "-W", "ignore::pytest.PytestAssertRewriteWarning", *tests]  # preloaded: not rewritten
        self.process.stdin.write(json.dumps({"args": args, "timeout": timeout}) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit(f"mutate: the test worker in {self.copy} stopped")
        reply = json.loads(answer)
        return reply["code"], reply["output"]

    def close(self) -> None:
        """Stop the server, and the tests it runs if it is in the middle of a run."""
        self.process.terminate()
        self.process.wait(timeout=30)


# -- one file --------------------------------------------------------------------------------


def parse_lines(spec: str | None) -> range | None:
    if not spec:
        return None
    first, _, last = spec.partition("-")
    return range(int(first), int(last or first) + 1)


def select(path: str, config: Config, lines: range | None, only: list[str] | None,
           source: bytes | None = None) -> tuple[list[Mutant], int, list[str]]:
    """The mutants to run, how many were set aside as equivalent, and stale equivalent keys."""
    source = (ROOT / path).read_bytes() if source is None else source
    known = config.equivalent.get(path, {})
    chosen, equivalent, matched = [], 0, set()
    for m in iter_valid(source, path):
        if m.key in known:
            equivalent += 1
            matched.add(m.key)
            continue
        if lines is not None and m.line not in lines:
            continue
        if only and not any(text in m.key for text in only):
            continue
        chosen.append(m)
    return chosen, equivalent, sorted(set(known) - matched)


def earlier_kills(path: str, source: bytes, reuse: Path | None) -> set[str]:
    """Keys of the mutants a previous run (``--json``) killed in this very file (same bytes)."""
    if reuse is None or not reuse.is_file():
        return set()
    for entry in json.loads(reuse.read_text("utf-8")):
        if entry["path"] == path and entry["sha256"] == hashlib.sha256(source).hexdigest():
            return {o["key"] for o in entry["outcomes"] if o["status"] != "survived"}
    return set()


@dataclass
class Plan:
    """One file's run: its report so far (the earlier run's kills), the mutants left, its tests."""

    report: FileReport
    source: bytes
    mutants: list[Mutant]
    tests: list[str]


def plan_file(path: str, config: Config, args: argparse.Namespace, source: bytes) -> Plan:
    """Pick the mutants of ``path`` (``source``, the bytes the copies hold) and count the kills of
    ``--reuse``; with ``--list``, print them instead."""
    mutants, equivalent, stale = select(path, config, parse_lines(args.lines), args.only, source)
    report = FileReport(path, len(mutants) + equivalent, equivalent, sha256=hashlib.sha256(source).hexdigest())
    for key in stale:
        print(f"  note: equivalent entry matches no mutant any more: {key}")
    tests = args.tests or config.tests_for(path)
    if args.list:
        for m in mutants:
            print(f"  {path}:{m.line}  [{m.operator}]  {m.key}")
        return Plan(report, source, [], tests)
    killed_before = earlier_kills(path, source, args.reuse)
    report.outcomes += [Outcome(m, "killed", 0.0, "killed in the earlier run") for m in mutants if m.key in killed_before]
    if killed_before:
        print(f"{path}: {len(report.outcomes)} mutants killed in the earlier run ({args.reuse}) are not run again")
    return Plan(report, source, [m for m in mutants if m.key not in killed_before], tests)


def mutate_file(plan: Plan, trace: Trace, copies: list[Path], args: argparse.Namespace,
                reports: list[FileReport]) -> FileReport:
    """Run the mutants of one file. With ``--json``, the outcomes so far (``reports``: the files
    begun, this one among them) are written after each mutant: a run stopped halfway keeps
    what it measured, for ``--reuse``."""
    report, original, path = plan.report, plan.source, plan.report.path
    check_copy(copies[0], path)
    coverage = Coverage.of(trace.files[path], plan.tests)
    how = "traced run cached" if trace.cached else "traced"
    print(f"{path}: {len(plan.mutants)} mutants ({report.equivalent} equivalent left out), tests {' '.join(plan.tests)} "
          f"({trace.seconds:.1f} s unmutated, {how})", flush=True)
    workers = [Worker(c, module_name(path), preloadable(path)) for c in copies]
    free: queue.Queue[Worker] = queue.Queue()
    for w in workers:
        free.put(w)

    def one(m: Mutant) -> Outcome:
        worker = free.get()
        target = worker.copy / path
        try:
            target.write_bytes(m.apply(original))
            forget_bytecode(worker.copy, path)
            t0 = time.monotonic()
            timeout = coverage.timeout_for(m, trace.seconds, args.timeout_factor)
            code, out = worker.run(coverage.tests_for(m), timeout)
            status = "timeout" if code is None else ("survived" if code == 0 else "killed")
            return Outcome(m, status, time.monotonic() - t0, out)
        finally:
            target.write_bytes(original)
            forget_bytecode(worker.copy, path)
            free.put(worker)

    try:
        with ThreadPoolExecutor(len(workers)) as pool:
            for outcome in pool.map(one, plan.mutants):
                report.outcomes.append(outcome)
                if args.json is not None:
                    write_json(reports, args.json)
                mark = {"killed": "killed ", "survived": "SURVIVED", "timeout": "timeout"}[outcome.status]
                print(f"  {mark} {path}:{outcome.mutant.line} [{outcome.mutant.operator}] {outcome.mutant.key}"
                      f" ({outcome.seconds:.1f} s)", flush=True)
    finally:
        for w in workers:
            w.close()
    for o in report.survived:
        print(f"\nsurvived: {path}:{o.mutant.line}  key = {o.mutant.key!r}\n{o.mutant.diff(original)}", end="")
    return report


def by_subset(plans: list[Plan]) -> dict[tuple[str, ...], list[Plan]]:
    """Files with the same tests, in the order first named: one traced run serves each group."""
    groups: dict[tuple[str, ...], list[Plan]] = {}
    for plan in plans:
        groups.setdefault(tuple(plan.tests), []).append(plan)
    return groups


# -- the command -----------------------------------------------------------------------------


def changed_files(rev: str) -> list[str]:
    done = subprocess.run(["git", "diff", "--name-only", rev, "--", "runtime", "editor"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    new = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "--", "runtime", "editor"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    names = set(done.stdout.split()) | set(new.stdout.split())
    return sorted(n for n in names if n.endswith(".py") and (ROOT / n).is_file() and not n.endswith("__init__.py"))


def write_json(reports: list[FileReport], out: Path) -> None:
    data = [{"path": r.path, "sha256": r.sha256,
             "generated": r.generated, "equivalent": r.equivalent, "killed": r.killed, "score": round(r.score, 1),
             "outcomes": [{"key": o.mutant.key, "line": o.mutant.line, "status": o.status} for o in r.outcomes]}
            for r in reports]
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")


def summary(reports: list[FileReport]) -> str:
    rows = ["| module | mutants | equivalent (excluded) | killed | survived | score |", "|---|---|---|---|---|---|"]
    for r in reports:
        rows.append(f"| `{r.path}` | {r.generated} | {r.equivalent} | {r.killed} | {len(r.survived)} | {r.score:.1f}% |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="+", default=[], help="files to mutate, relative to the checkout")
    parser.add_argument("--changed", nargs="?", const="main", metavar="REV",
                        help="mutate the .py files of runtime/ and editor/ changed since REV (default main)")
    parser.add_argument("--workers", type=int, default=2, help="tests run in parallel (default 2)")
    parser.add_argument("--tests", nargs="+", help="run these tests instead of the configured ones")
    parser.add_argument("--lines", help="only mutants on these lines (120 or 120-150)")
    parser.add_argument("--only", nargs="+", help="only mutants whose key contains one of these texts")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--timeout-factor", type=float, default=3.0,
                        help="a mutant's run may take this many times the traced time of "
                        "the tests it runs, plus 20 s")
    parser.add_argument("--fail-under", type=float, help="exit 1 if a file scores below this percentage")
    parser.add_argument("--json", type=Path, help="write every mutant's outcome to this file")
    parser.add_argument("--reuse", type=Path, metavar="JSON",
                        help="count the kills of an earlier --json run (for files with the same bytes) and "
                             "run only the mutants it did not kill: after adding tests, run the survivors")
    parser.add_argument("--trace-cache", type=Path, default=ROOT / TRACE_CACHE, metavar="DIR",
                        help="keep the traced unmutated runs here, by test subset and checkout (default "
                             f"{TRACE_CACHE}/ in the checkout): a run of an unchanged checkout reuses them")
    parser.add_argument("--no-trace-cache", action="store_true", help="trace afresh, and keep nothing")
    args = parser.parse_args(argv)
    files = list(dict.fromkeys([*args.files, *(changed_files(args.changed) if args.changed else [])]))
    if not files:
        parser.error("nothing to mutate: give --files or --changed")
    for f in files:
        if not (ROOT / f).is_file():
            parser.error(f"no such file in the checkout: {f}")
    config = Config.load()
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(1))  # clean up the copies when stopped
    scratch = Path(tempfile.mkdtemp(prefix="hexwright-mutate-"))
    copies: list[Path] = []
    reports: list[FileReport] = []
    try:
        if args.list:
            for f in files:
                plan_file(f, config, args, (ROOT / f).read_bytes())
            return 0
        listing = checkout_files()
        for k in range(max(1, args.workers)):
            copies.append(scratch / f"copy{k}")
            make_copy(copies[-1], listing)
        cache = TraceCache(None if args.no_trace_cache else args.trace_cache, checkout_digest(copies[0], listing))
        plans = [plan_file(f, config, args, (copies[0] / f).read_bytes()) for f in files]
        for tests, group in by_subset(plans).items():
            waiting = [p for p in group if p.mutants]
            trace = trace_for(copies[0], list(tests), [p.report.path for p in waiting], cache) if waiting else None
            for plan in group:
                reports.append(plan.report)
                if trace is not None and plan.mutants:
                    mutate_file(plan, trace, copies, args, reports)
        reports.sort(key=lambda r: files.index(r.path))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("\n" + summary(reports))
    if args.json is not None:
        write_json(reports, args.json)
    if args.fail_under is not None and any(r.score < args.fail_under for r in reports):
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
