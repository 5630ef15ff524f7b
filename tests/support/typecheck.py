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


def run_mypy(base: Path, *packages: str) -> subprocess.CompletedProcess[str]:
    tree = link_tree(base)
    args = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--no-incremental"]
    for package in packages:
        args += ["-p", package]
    return subprocess.run(args, cwd=tree, capture_output=True, text=True, check=False)
