"""Dependencies point one way: runtime's core never imports Qt or the editor (import-linter)."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_linter_contracts_hold():
    lint = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    done = subprocess.run([lint, "--config", str(ROOT / "pyproject.toml")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 3 kept, 0 broken." in done.stdout


def test_core_packages_import_without_qt():
    code = (
        "import sys, hexwright.runtime.model, hexwright.runtime.geometry, hexwright.runtime.storage, hexwright.runtime.validation, hexwright.runtime.cli.main; "
        "sys.exit('PySide6' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
