#!/usr/bin/env python3
"""Build Hexwright as a one-folder application with PyInstaller: ``dist/hexwright/``.

    python3 packaging/build_app.py [--out DIR]

A build environment is made in ``build/app-venv`` (Hexwright installed from this checkout
as a wheel, not editable, and PyInstaller); the spec is ``packaging/hexwright.spec``.
The result runs the editor, the player and every CLI command with the bundled modules:
``dist/hexwright/hexwright --version``. Only the standard library is used here.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PYINSTALLER = "pyinstaller>=6.5"


def _bin(env: Path, name: str) -> Path:
    return env / ("Scripts" if os.name == "nt" else "bin") / name


def build(out: Path, env: Path) -> Path:
    if not _bin(env, "python").exists():
        venv.EnvBuilder(with_pip=True).create(env)
    python = str(_bin(env, "python"))
    subprocess.run([python, "-m", "pip", "install", "-q", PYINSTALLER, str(ROOT)], check=True)
    work = env.parent / "pyinstaller-work"
    subprocess.run([python, "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", str(out),
                    "--workpath", str(work), str(HERE / "hexwright.spec")], check=True, cwd=str(HERE))
    return out / "hexwright"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build Hexwright with PyInstaller (one folder).")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--env", type=Path, default=ROOT / "build" / "app-venv")
    args = parser.parse_args(argv)
    start = time.monotonic()
    app = build(args.out.resolve(), args.env.resolve())
    print(f"built {app} ({folder_size(app) / 1e6:.0f} MB) in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
