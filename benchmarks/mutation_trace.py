"""A pytest plugin for ``benchmarks/mutate.py``: which tests run which lines of one file.

Loaded with ``-p mutation_trace`` in the unmutated run. ``HEXWRIGHT_MUTATION_TRACE`` names
the file to watch and ``HEXWRIGHT_MUTATION_TRACE_OUT`` the JSON written at the end:
``{"import": [lines run outside any test], "tests": {node id: {"lines": [...], "seconds": s}}}``.
A mutant then runs only the tests that run its lines, fastest first.
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

TARGET = os.environ.get("HEXWRIGHT_MUTATION_TRACE", "")
OUT = os.environ.get("HEXWRIGHT_MUTATION_TRACE_OUT", "")

_hits: set[int] = set()
_outside: set[int] = set()
_tests: dict[str, dict[str, Any]] = {}
_is_target: dict[str, bool] = {}

Tracer = Callable[[FrameType, str, Any], Any]


def _local(frame: FrameType, event: str, arg: Any) -> Tracer:
    if event == "line":
        _hits.add(frame.f_lineno)
    return _local


def _global(frame: FrameType, event: str, arg: Any) -> Tracer | None:
    name = frame.f_code.co_filename
    hit = _is_target.get(name)
    if hit is None:
        hit = _is_target[name] = bool(TARGET) and os.path.realpath(name) == TARGET
    if not hit:
        return None
    _hits.add(frame.f_lineno)
    return _local


def pytest_configure(config: pytest.Config) -> None:
    if TARGET:
        sys.settrace(_global)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    _outside.update(_hits)
    _hits.clear()
    began = time.perf_counter()
    yield
    _tests[item.nodeid] = {"lines": sorted(_hits), "seconds": round(time.perf_counter() - began, 4)}
    _hits.clear()


def pytest_unconfigure(config: pytest.Config) -> None:
    sys.settrace(None)
    if OUT:
        _outside.update(_hits)
        Path(OUT).write_text(json.dumps({"import": sorted(_outside), "tests": _tests}), "utf-8")
