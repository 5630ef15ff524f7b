"""Lint is a test: ruff finds nothing in the checkout (configured in pyproject.toml)."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    return shutil.which(name) or str(Path(sys.executable).with_name(name))


def test_ruff_finds_nothing():
    done = subprocess.run([_tool("ruff"), "check", "--no-cache", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_import_by_string_in_the_runtime():
    """An import by string is an edge import-linter cannot see (docs/architecture.md)."""
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "runtime").rglob("*.py"))
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if "importlib.import_module" in line or "__import__(" in line
    ]
    assert offenders == []


def test_mypy_finds_nothing(tmp_path):
    """mypy on both packages; started in the background when the run began (tests/conftest.py),
    or here when the run was not collected that way."""
    import typecheck

    packages = ("hexwright.runtime", "hexwright.editor")
    job = typecheck.started.pop(packages, None)
    done = job.result() if job is not None else typecheck.run_mypy(tmp_path, *packages)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr


def test_the_qt_free_runtime_has_no_type_exemptions():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    exempt = {
        module
        for override in config["tool"]["mypy"]["overrides"] if override.get("ignore_errors")
        for module in override["module"]
    }
    core = {m for m in exempt if not m.startswith(("hexwright.runtime.ui", "hexwright.editor"))}
    assert core == set()
