"""The PyInstaller build (packaging/build_app.py) runs on its own: CLI, editor and player.

Slow (a fresh build environment and a PyInstaller run, several minutes); run by ``.ci/run``.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import time
from pathlib import Path

import pytest

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game, save_game
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import default_module

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _builder():
    spec = importlib.util.spec_from_file_location("build_app", ROOT / "packaging" / "build_app.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    work = tmp_path_factory.mktemp("build")
    return _builder().build(work / "dist", work / "env")


def _env(home: Path) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    return {**keep, "QT_QPA_PLATFORM": "offscreen", "HEXWRIGHT_HOME": str(home)}


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _stays_open(argv: list[str], cwd: Path, env: dict[str, str], log: Path, expect: str) -> None:
    """Start a window; it must log that it opened and keep running (no crash) until stopped."""
    process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            if log.is_file() and expect in log.read_text("utf-8"):
                break
            time.sleep(0.5)
        assert process.poll() is None, process.communicate()[1]
        assert expect in log.read_text("utf-8")
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_built_application_runs_its_cli_editor_and_player(app, tmp_path):
    executable = app / ("hexwright.exe" if os.name == "nt" else "hexwright")
    module = next(app.rglob("modules/drive_on_metz"))
    env = _env(tmp_path / "home")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "hexwright 0.1.0" in _run([str(executable), "--version"], empty, env)
    assert "The Drive on Metz" in _run([str(executable), "info", str(module)], empty, env)
    _run([str(executable), "render", str(module), "--out", str(tmp_path / "map.png")], empty, env)
    assert (tmp_path / "map.png").read_bytes()[:4] == b"\x89PNG"
    log = tmp_path / "home" / "log" / "hexwright.log"
    _stays_open([str(executable), "edit", str(module)], empty, env, log, "opened EditorWindow")
    loaded = load_module(default_module())
    save_game(Game(loaded.module, "campaign", 3, engine=ENGINE), tmp_path / "game.hwsav")
    _stays_open([str(executable), str(tmp_path / "game.hwsav")], empty, env, log, "opened PlayWindow")
    assert list(empty.iterdir()) == []
