"""A fork server for ``benchmarks/mutate.py``: pytest runs without paying for its imports each time.

Started in a scratch copy of the checkout, it imports pytest, pytest's own plugins and
those installed (entry points: pytest registers them as it would, only their asserts are not
rewritten) and the third-party libraries once (never a ``hexwright`` module that imports the
mutated file), then freezes the garbage collector on what it holds, and then for
each request read from stdin, one JSON line ``{"args": [pytest arguments], "timeout": seconds}``, forks a child that runs
``pytest.main(args)`` with its output in a file, and answers one JSON line
``{"code": exit code or null on timeout, "output": the end of the output}``. Each child
imports the (mutated) project afresh, so runs do not see each other.
"""

from __future__ import annotations

import gc
import importlib
import importlib.metadata
import json
import os
import signal
import sys
import tempfile
import time

import hypothesis  # imported here once, inherited by every child
import hypothesis.strategies  # noqa: F401
import networkx  # noqa: F401
import pydantic  # noqa: F401
import pytest

try:  # pytest-qt imports these when it starts, in every run (no QApplication is made here)
    import PySide6.QtCore
    import PySide6.QtGui
    import PySide6.QtTest
    import PySide6.QtWidgets  # noqa: F401
except ImportError:
    pass


def run_child(args: list[str], log: str) -> None:
    os.setpgrp()  # a timeout ends the tests and anything they started
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    try:
        code = int(pytest.main(args))
    except BaseException:  # anything at all: the child must never return into the server loop
        code = 99
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


_running: list[int] = []


def stop(signum: int, frame: object) -> None:
    """Stopped (the run was interrupted): end the tests running now, with what they started."""
    for pid in _running:
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    os._exit(1)


def run(args: list[str], timeout: float) -> tuple[int | None, str]:
    fd, log = tempfile.mkstemp(suffix=".log")
    os.close(fd)
    pid = os.fork()
    if pid == 0:
        run_child(args, log)
    _running[:] = [pid]
    deadline = time.monotonic() + timeout
    status: int | None = None
    while status is None:
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(raw)
        elif time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            break
        else:
            time.sleep(0.02)
    _running.clear()
    with open(log, encoding="utf-8", errors="replace") as f:
        output = f.read()[-4000:]
    os.unlink(log)
    return status, output


def preload() -> None:
    """Import the project modules the runner found safe (``HEXWRIGHT_MUTATION_PRELOAD``): none of
    them imports the file being mutated, so every child can share them."""
    for name in filter(None, os.environ.get("HEXWRIGHT_MUTATION_PRELOAD", "").split(",")):
        try:
            importlib.import_module(name)
        except Exception as exc:  # a module that cannot load here is simply imported by each run
            print(f"mutation worker: not preloaded: {name}: {exc}", file=sys.stderr)
    target = os.environ.get("HEXWRIGHT_MUTATION_TARGET", "")
    if target in sys.modules:  # then no mutant of it could ever be seen
        raise SystemExit(f"mutation worker: preloading imported {target}, the module being mutated")


def preload_pytest() -> None:
    """Import pytest's built-in plugins and the installed ones (``pytest11`` entry points), as
    each run would: about a third of a short run's time went there."""
    from _pytest.config import default_plugins

    for name in default_plugins:
        importlib.import_module(f"_pytest.{name}")
    for entry in importlib.metadata.entry_points(group="pytest11"):
        try:
            entry.load()
        except Exception as exc:  # then each run loads it, and reports its error as pytest would
            print(f"mutation worker: plugin not preloaded: {entry.name}: {exc}", file=sys.stderr)


def main() -> None:
    signal.signal(signal.SIGTERM, stop)
    preload_pytest()
    preload()
    # What the server holds now is never garbage: a child's collections (pytest collects at its
    # end, several times) skip it, and leave its memory pages shared with the server. A quarter
    # of a short run's time went to collecting the preloaded objects.
    gc.collect()
    gc.freeze()
    for line in sys.stdin:
        request = json.loads(line)
        code, output = run(request["args"], float(request["timeout"]))
        print(json.dumps({"code": code, "output": output}), flush=True)


if __name__ == "__main__":
    main()
