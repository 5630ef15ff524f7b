"""runtime.state is plain Python: importing and using it never loads Qt."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_state_package_imports_no_qt():
    code = (
        "import sys; sys.path.insert(0, 'tests/support'); import hexwright.runtime.state as s; from builders import play_module; "
        "g = s.Game(play_module(), 'basic', 1); g.do(s.RollDice()); s.save_bytes(g); "
        "sys.exit('PySide6' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
