"""A pytest plugin for ``benchmarks/mutate.py``: which tests run which lines of some files.

Loaded with ``-p mutation_trace`` in the unmutated run. ``HEXWRIGHT_MUTATION_TRACE`` names
the files to watch (separated by ``os.pathsep``; one traced run serves every file whose tests
are the same) and ``HEXWRIGHT_MUTATION_TRACE_OUT`` the JSON written at the end:
``{"files": {file as named: {"import": [lines run outside any test],
"tests": {node id: {"lines": [...], "seconds": s}}}}}``.
A mutant then runs only the tests that run its lines, in the order they ran here.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Generator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

TARGETS = [name for name in os.environ.get("HEXWRIGHT_MUTATION_TRACE", "").split(os.pathsep) if name]
OUT = os.environ.get("HEXWRIGHT_MUTATION_TRACE_OUT", "")

Tracer = Callable[[FrameType, str, Any], Any]

_hits: dict[str, set[int]] = {name: set() for name in TARGETS}
"""File as named → lines run since the last test began (the sets are cleared, never replaced)."""
_outside: dict[str, set[int]] = {name: set() for name in TARGETS}
_tests: dict[str, dict[str, Any]] = {name: {} for name in TARGETS}
_by_real = {os.path.realpath(name): name for name in TARGETS}
_tracer_of: dict[str, Tracer | None] = {}
"""A code object's file name → the local tracer noting its lines, or None for a file not watched."""


def _local_for(lines: set[int]) -> Tracer:
    def local(frame: FrameType, event: str, arg: Any) -> Tracer:
        if event == "line":
            lines.add(frame.f_lineno)
        return local

    return local


def _global(frame: FrameType, event: str, arg: Any) -> Tracer | None:
    name = frame.f_code.co_filename
    try:
        local = _tracer_of[name]
    except KeyError:
        watched = _by_real.get(os.path.realpath(name))
        local = _tracer_of[name] = _local_for(_hits[watched]) if watched is not None else None
    if local is None:
        return None
    return local(frame, "line", arg)


def pytest_configure(config: pytest.Config) -> None:
    if TARGETS:
        sys.settrace(_global)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    for name, lines in _hits.items():
        _outside[name].update(lines)
        lines.clear()
    began = time.perf_counter()
    yield
    seconds = round(time.perf_counter() - began, 4)
    for name, lines in _hits.items():
        _tests[name][item.nodeid] = {"lines": sorted(lines), "seconds": seconds}
        lines.clear()


def pytest_unconfigure(config: pytest.Config) -> None:
    sys.settrace(None)
    if OUT:
        for name, lines in _hits.items():
            _outside[name].update(lines)
        files = {name: {"import": sorted(_outside[name]), "tests": _tests[name]} for name in TARGETS}
        Path(OUT).write_text(json.dumps({"files": files}), "utf-8")
