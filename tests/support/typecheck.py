"""Run mypy on the installed import names from a tree of links to the checkout.

The editable install maps ``hexwright.runtime`` and ``hexwright.editor`` onto the
checkout's ``runtime/`` and ``editor/`` through an import hook, which mypy does not
follow; a folder ``hexwright/`` holding two links gives it the same names.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def link_tree(base: Path) -> Path:
    """``base/hexwright/{runtime,editor}`` as links to the checkout; returns ``base``."""
    package = base / "hexwright"
    package.mkdir(parents=True, exist_ok=True)
    for name in ("runtime", "editor"):
        link = package / name
        if not link.is_symlink():
            os.symlink(ROOT / name, link, target_is_directory=True)
    return base


def _command(*packages: str) -> list[str]:
    args = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--no-incremental"]
    for package in packages:
        args += ["-p", package]
    return args


def run_mypy(base: Path, *packages: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_command(*packages), cwd=link_tree(base), capture_output=True, text=True, check=False)


class Background:
    """mypy started at the beginning of the test run, on the other core, so the type gate
    costs the run no wall-clock time of its own; the gate's test collects the result."""

    def __init__(self, base: Path, *packages: str) -> None:
        self.packages = packages
        self.process = subprocess.Popen(_command(*packages), cwd=link_tree(base), stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)

    def result(self) -> subprocess.CompletedProcess[str]:
        out, err = self.process.communicate()
        return subprocess.CompletedProcess(self.process.args, self.process.returncode, out, err)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


started: dict[tuple[str, ...], Background] = {}
