"""Dependencies point one way: runtime's core never imports Qt or the editor (import-linter)."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_linter_contracts_hold():
    lint = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    done = subprocess.run([lint, "--config", str(ROOT / "pyproject.toml")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]["contracts"]
    assert f"Contracts: {len(contracts)} kept, 0 broken." in done.stdout
    assert any(c["type"] == "layers" and c["containers"] == ["hexwright.runtime"] for c in contracts)


def test_core_packages_import_without_qt():
    code = (
        "import sys, hexwright.runtime.model, hexwright.runtime.geometry, hexwright.runtime.storage, hexwright.runtime.validation, hexwright.runtime.cli.main; "
        "sys.exit('PySide6' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
