#!/usr/bin/env python3
"""Set up a local virtual environment and run Hexwright or its tests.

    python3 packaging/dev.py run  [hexwright arguments]   # the app: the start screen, or what the arguments say
    python3 packaging/dev.py test [pytest arguments]      # the whole test suite, headless, on every core
    python3 packaging/dev.py setup                        # only make (or update) the environment

The environment lives in ``.venv`` at the top of the checkout; it is (re)installed when
``pyproject.toml`` changes. Only the standard library is used here.

The tests run in one process per core (pytest-xdist, ``-n auto``); pass ``-n 0`` (or any
``-n``) to choose otherwise, e.g. for ``--pdb``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
STAMP = VENV / ".hexwright-installed"


def _bin(name: str) -> Path:
    return VENV / ("Scripts" if os.name == "nt" else "bin") / name


def ensure_env() -> None:
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted and _bin("hexwright").exists():
        return
    if not _bin("python").exists():
        print("creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("installing Hexwright and its test tools into .venv …", flush=True)
    subprocess.run([str(_bin("python")), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([str(_bin("python")), "-m", "pip", "install", "-q", "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("run", "test", "setup"):
        print(__doc__)
        return 2
    ensure_env()
    command, rest = argv[0], argv[1:]
    if command == "setup":
        return 0
    if command == "run":
        return subprocess.call([str(_bin("hexwright")), *rest])  # paths are the user's, from where they are
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.call([str(_bin("python")), "-m", "pytest", *_parallel(rest), *rest], cwd=ROOT, env=env)


def _parallel(args: list[str]) -> list[str]:
    """``-n auto`` unless the arguments choose the number of processes (or switch xdist off)."""
    chosen = any(a == "-n" or a.startswith(("-n", "--numprocesses", "--dist")) or a == "no:xdist" for a in args)
    return [] if chosen else ["-n", "auto"]


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
