"""An installed Hexwright (a wheel, not the checkout) works on its own, next to PyPI's ``editor``.

The wheel installs its code as ``hexwright.runtime`` and ``hexwright.editor`` and ships
the bundled modules and JSON Schemas as package data (issue 10, item 6). This test builds
a fresh virtual environment (pip's cache is reused; PyPI must be reachable), installs the
checkout with ``pip install .`` and the unrelated PyPI package ``editor`` beside it, and
runs the ``hexwright`` command from an empty folder, so nothing can be read from the
checkout by accident; then it uninstalls ``editor`` and runs Hexwright again.
"""

from __future__ import annotations

import os
import subprocess
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _bin(env: Path, name: str) -> Path:
    return env / ("Scripts" if os.name == "nt" else "bin") / name


def _run(argv: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{argv}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh environment with Hexwright installed from the checkout and PyPI's ``editor`` beside it."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True).create(env_dir)
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    environ["QT_QPA_PLATFORM"] = "offscreen"
    empty = tmp_path_factory.mktemp("empty")
    pip = [_bin(env_dir, "python"), "-m", "pip", "install", "-q"]
    _run([*pip, ROOT], empty, environ)  # a wheel built from the checkout; not editable
    _run([*pip, "editor"], empty, environ)
    return env_dir, empty, environ


def _version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def _bundled_default(env_dir: Path, cwd: Path, environ: dict[str, str]) -> Path:
    code = "from hexwright.runtime.storage.bundled import default_module; print(default_module())"
    return Path(_run([_bin(env_dir, "python"), "-c", code], cwd, environ).strip())


def _hexwright_works(env_dir: Path, cwd: Path, environ: dict[str, str], out: Path) -> None:
    hexwright = _bin(env_dir, "hexwright")
    assert _version() in _run([hexwright, "--version"], cwd, environ)
    module = _bundled_default(env_dir, cwd, environ)
    assert env_dir in module.parents and ROOT not in module.parents  # the installed copy, not the checkout's
    info = _run([hexwright, "info", module], cwd, environ)
    assert "The Drive on Metz" in info
    png = out / "map.png"
    _run([hexwright, "render", module, "--out", png], cwd, environ)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    schemas = out / "schema"
    _run([hexwright, "schema", "--out", schemas], cwd, environ)
    shipped = sorted(p.name for p in (ROOT / "resources" / "schema").glob("*.json"))
    assert shipped and sorted(p.name for p in schemas.glob("*.json")) == shipped
    for name in shipped:
        assert (schemas / name).read_bytes() == (ROOT / "resources" / "schema" / name).read_bytes()
    # the editor's code imports under Hexwright's own name, whatever else is installed
    _run([_bin(env_dir, "python"), "-c", "import hexwright.editor.cli, hexwright.editor.app"], cwd, environ)


def test_installed_hexwright_works_next_to_pypis_editor_package(installed, tmp_path):
    env_dir, empty, environ = installed
    where = _run([_bin(env_dir, "python"), "-c", "import editor; print(editor.__file__)"], empty, environ).strip()
    assert "hexwright" not in where  # PyPI's package keeps its own name
    _hexwright_works(env_dir, empty, environ, tmp_path)
    assert list(empty.iterdir()) == []  # nothing written where it was run from


def test_uninstalling_pypis_editor_leaves_hexwright_working(installed, tmp_path):
    env_dir, empty, environ = installed
    _run([_bin(env_dir, "python"), "-m", "pip", "uninstall", "-q", "-y", "editor"], empty, environ)
    _hexwright_works(env_dir, empty, environ, tmp_path)
