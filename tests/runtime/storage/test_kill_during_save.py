"""Issue 20, finding 1, with real kills: ``kill -9`` a process saving a module at random
instants, 200 times; every folder is then entirely the old module or entirely the new one.

Slow (about a minute): run by ``.ci/run`` with ``-m slow``; ``tests/fuzz/fuzz.py`` runs it too.
"""

from __future__ import annotations

import os

import pytest
from kill_save import run_kills


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_200_kills_during_saves_leave_no_mixed_or_unloadable_folder(tmp_path):
    report = run_kills(tmp_path, kills=200)
    assert report.kills == 200
    assert (report.mixed, report.unloadable, report.stray) == (0, 0, 0), report.problems[:5]
    assert report.old and report.new  # killed both before and after commit points
